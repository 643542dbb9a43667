package searchindex

import (
	"slices"
	"strings"
)

// The stop words are the Snowball English and German lists, folded like
// tokens, without one-letter words (never tokens) and without words that
// carry meaning in manuals: "bin", "dir" and "man" (technical terms) and
// "machen".
// The manifest carries the merged list, so the browser drops exactly the
// words the index dropped.
const (
	englishStopWords = `about above after again against all am an and any are aren as at be because
been before being below between both but by can cannot could couldn did didn do does doesn doing
don down during each few for from further had hadn has hasn have haven having he her here hers
herself him himself his how if in into is isn it its itself let me more most mustn my myself no nor
not of off on once only or other ought our ours ourselves out over own same shan she should
shouldn so some such than that the their theirs them themselves then there these they this those
through to too under until up very was wasn we were weren what when where which while who whom why
will with won would wouldn you your yours yourself yourselves`

	germanStopWords = `aber alle allem allen aller alles als also am an ander andere anderem anderen
anderer anderes anderm andern anders auch auf aus bei bis da damit dann der den des dem die das
dass dich dein deine deinem deinen deiner deines denn derer dessen dies diese diesem diesen
dieser dieses doch dort du durch ein eine einem einen einer eines einig einige einigem einigen
einiger einiges einmal er ihn ihm es etwas euer eure eurem euren eurer eures fuer gegen gewesen hab
habe haben hat hatte hatten hier hin hinter ich mich mir ihr ihre ihrem ihren ihrer ihres euch im
in indem ins ist jede jedem jeden jeder jedes jene jenem jenen jener jenes jetzt kann kein keine
keinem keinen keiner keines koennen koennte manche manchem manchen mancher manches mein meine
meinem meinen meiner meines mit muss musste nach nicht nichts noch nun nur ob oder ohne sehr sein
seine seinem seinen seiner seines selbst sich sie ihnen sind so solche solchem solchen solcher
solches soll sollte sondern sonst ueber um und uns unsere unserem unseren unser unseres unter viel
vom von vor waehrend war waren was weg weil weiter welche welchem welchen welcher welches wenn
werde werden wie wieder will wir wird wirst wo wollen wollte wuerde wuerden zu zum zur zwar
zwischen`
)

// stopWords is the merged, sorted, de-duplicated list written to the manifest.
func stopWords() []string {
	w := append(strings.Fields(englishStopWords), strings.Fields(germanStopWords)...)
	slices.Sort(w)
	return slices.Compact(w)
}

// languageMarkers returns the stop words that only one language has; they
// tell an English document from a German one.
func languageMarkers() (en, de map[string]bool) {
	en, de = map[string]bool{}, map[string]bool{}
	for _, w := range strings.Fields(englishStopWords) {
		en[w] = true
	}
	for _, w := range strings.Fields(germanStopWords) {
		if en[w] {
			delete(en, w)
			continue
		}
		de[w] = true
	}
	return en, de
}
