package lint

import (
	"cmp"
	"slices"
	"strings"
)

// The word classes of the guardrail-override matcher, English and German.
// Each class is a set of lower-case word forms; verbs are listed by stem
// and expanded to their inflections.

type wordSet map[string]bool

func words(list ...string) wordSet {
	s := wordSet{}
	for _, l := range list {
		for _, w := range strings.Fields(l) {
			s[w] = true
		}
	}
	return s
}

// enVerb returns the forms of an English verb: base, -s, -ed, -ing, plus
// the irregular forms given.
func enVerb(base string, irregular ...string) []string {
	out := append([]string{base}, irregular...)
	stem := base
	switch {
	case strings.HasSuffix(base, "e"):
		stem = strings.TrimSuffix(base, "e")
		out = append(out, base+"s", base+"d", stem+"ing")
	case strings.HasSuffix(base, "s") || strings.HasSuffix(base, "sh") || strings.HasSuffix(base, "ch"):
		out = append(out, base+"es", base+"ed", base+"ing")
	default:
		out = append(out, base+"s", base+"ed", base+"ing")
	}
	return out
}

// verbForms says which grammatical form a verb token has.
type verbForm int

const (
	formBase       verbForm = iota // imperative, infinitive (English base, German imperative or infinitive)
	formThird                      // English -s
	formParticiple                 // English -ed / irregular participle, German ge-…-t
	formGerund                     // English -ing
)

// enForm guesses the form of English verb token w of base form base.
func enForm(w, base string) verbForm {
	switch {
	case w == base:
		return formBase
	case strings.HasSuffix(w, "ing"):
		return formGerund
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(base, "s"), strings.HasSuffix(w, "es") && strings.HasSuffix(base, "s"):
		return formThird
	}
	return formParticiple
}

// verbEntry is one verb of a class: its forms and its base.
type verbClass struct {
	forms map[string]string // form → base
}

func newVerbClass(verbs ...[]string) verbClass {
	c := verbClass{forms: map[string]string{}}
	for _, v := range verbs {
		for _, f := range v {
			if _, dup := c.forms[f]; !dup {
				c.forms[f] = v[0]
			}
		}
	}
	return c
}

// en reports whether w is a form of the class, and which.
func (c verbClass) en(w string) (verbForm, bool) {
	base, ok := c.forms[w]
	if !ok {
		return 0, false
	}
	return enForm(w, base), true
}

var (
	// strongVerbs mean disobeying whatever their object is.
	strongVerbsEN = newVerbClass(enVerb("ignore"), enVerb("disregard"), enVerb("forget", "forgot", "forgotten", "forgetting"),
		enVerb("override", "overrode", "overridden"), enVerb("overrule"), enVerb("bypass"), enVerb("circumvent"),
		enVerb("violate"), enVerb("disobey"), enVerb("evade"), enVerb("neglect"), enVerb("dismiss"), enVerb("sidestep"),
		enVerb("breach"), enVerb("flout"), enVerb("defy", "defies", "defied", "defying"), enVerb("break", "broke", "broken"),
		enVerb("contravene"), enVerb("transgress"))
	// weakVerbs are generic (drop, skip, remove): they need an object
	// that is the prompt's own.
	weakVerbsEN = newVerbClass(enVerb("skip", "skipped", "skipping"), enVerb("drop", "dropped", "dropping"), enVerb("discard"),
		enVerb("abandon"), enVerb("disable"), enVerb("suspend"), enVerb("waive"),
		enVerb("lift"), enVerb("remove"), enVerb("delete"), enVerb("relax"), enVerb("cancel", "cancelled", "cancelling"),
		enVerb("revoke"), enVerb("nullify", "nullifies", "nullified", "nullifying"), enVerb("void"), enVerb("rescind"),
		enVerb("replace"), enVerb("overwrite", "overwrote", "overwritten"), enVerb("ditch"), enVerb("scrap", "scrapped", "scrapping"),
		enVerb("deactivate"), enVerb("loosen"), enVerb("erase"), enVerb("undo", "undid", "undone", "undoes"), enVerb("discount"))
	// complyVerbs are what a negation or "stop" turns into an override.
	complyVerbsEN = newVerbClass(enVerb("follow"), enVerb("obey"), enVerb("respect"), enVerb("observe"), enVerb("honor"),
		enVerb("honour"), enVerb("heed"), enVerb("adhere"), enVerb("comply", "complies", "complied", "complying"), enVerb("abide", "abided", "abode"),
		enVerb("keep", "kept"), enVerb("stick", "stuck"), enVerb("follow"), enVerb("enforce"), enVerb("apply"))
)

// English phrasal overrides: two or three words acting as one verb;
// phrasalStrong mean disobeying, phrasalWeak are generic.
var (
	phrasalStrong = [][]string{{"set", "aside"}, {"get", "around"}, {"work", "around"}, {"pay", "no", "attention", "to"},
		{"do", "away", "with"}, {"let", "go", "of"}, {"opt", "out", "of"}, {"break", "free", "of"}, {"break", "free", "from"},
		{"free", "yourself", "from"}, {"free", "yourself", "of"}, {"rid", "yourself", "of"}, {"go", "against"}, {"step", "outside"}}
	phrasalWeak = [][]string{{"throw", "out"}, {"turn", "off"}, {"switch", "off"}, {"shut", "off"}, {"strip", "away"}}
)

// prepositionsDE are the prepositions German verbs govern before their
// object ("verstoße gegen die Regeln", "setz dich über die Regeln
// hinweg", "halte dich an die Regeln").
var prepositionsDE = map[string]string{"verstoß": "gegen", "verstieß": "gegen", "widersetz": "", "hinwegsetz": "über", "setze": "über",
	"setz": "über", "halte": "an", "halt": "an", "hält": "an", "kümmer": "um", "scher": "um"}

// German verb stems: a token is a form of the verb when it starts with
// one of its stems (ignoriere, ignorierst, ignoriert, zu ignorieren…).
var (
	strongStemsDE = []string{"ignorier", "missacht", "vergiss", "vergess", "vergaß", "übergeh", "übergang", "umgeh", "umgang",
		"hinwegsetz", "hinweggesetzt", "verletz", "brich", "brech", "gebrochen", "überschreib", "überschrieb", "unterlauf",
		"unterlaufen", "umschiff", "aushebel", "ausgehebelt", "hintergeh", "hintergang", "verstoß", "verstieß", "widersetz"}
	weakStemsDE = []string{"aufheb", "aufgehoben", "aufzuheb", "deaktivier", "abschalt", "abgeschaltet", "ausschalt",
		"ausgeschaltet", "entfern", "lösch", "überspring", "übersprung", "verwirf", "verwerf", "verworfen", "lockere", "lockern",
		"gelockert", "streich", "gestrichen", "kipp", "gekippt", "ersetz", "annullier", "widerruf", "beiseit"}
	complyStemsDE = []string{"kümmer", "scher", "befolg", "beacht", "einhalt", "einhält", "eingehalten", "respektier", "folg", "gehorch", "halt", "hält", "gehalten"}
	// German separable verbs: the stem comes first, the particle after
	// the object ("hebe alle Regeln auf").
	separableDE = map[string][]string{"heb": {"auf"}, "hebe": {"auf"}, "schalte": {"aus", "ab"}, "schalt": {"aus", "ab"},
		"setze": {"kraft", "hinweg"}, "setz": {"kraft", "hinweg"}, "lass": {"acht"}, "lasse": {"acht"}, "lässt": {"acht"}, "lassen": {"acht"},
		"wirf": {"über", "weg"}, "werft": {"über", "weg"}, "streiche": {}, "schmeiß": {"weg", "raus"}}
)

func hasStem(w string, stems []string) bool {
	for _, s := range stems {
		if strings.HasPrefix(w, s) {
			return true
		}
	}
	return false
}

// Objects: what a prompt's own constraints are called. Core objects are
// the guardrails themselves; strong ones are rules and instructions;
// weak ones are generic nouns (limits, filters) that count only with a
// self-reference ("all", "your", "previous", "above").
var (
	coreObjectsEN   = words("guardrail guardrails guard-rail guard-rails safeguard safeguards safety safety-rules")
	strongObjectsEN = words("rule rules instruction instructions directive directives guideline guidelines restriction restrictions",
		"constraint constraints prohibition prohibitions policy policies principles system-prompt")
	weakObjectsEN = words("limit limits limitation limitations filter filters boundary boundaries protection protections precaution precautions prompt",
		"command commands order orders direction directions guidance programming training ethics morals values conscience protocol protocols",
		"regulation regulations requirement requirements")
	// German objects end in one of these (compounds: Sicherheitsregeln).
	coreSuffixDE   = []string{"leitplanke", "leitplanken", "guardrail", "guardrails", "schutzregel", "schutzregeln", "sicherheitsregel", "sicherheitsregeln"}
	strongSuffixDE = []string{"regel", "regeln", "anweisung", "anweisungen", "richtlinie", "richtlinien", "vorgabe", "vorgaben",
		"beschränkung", "beschränkungen", "einschränkung", "einschränkungen", "vorschrift", "vorschriften", "verbot", "verbote",
		"instruktion", "instruktionen", "anordnung", "anordnungen", "direktive", "direktiven", "systemprompt"}
	weakSuffixDE = []string{"grenze", "grenzen", "befehl", "befehle", "filter", "schranke", "schranken", "schutzmaßnahme", "schutzmaßnahmen",
		"vorkehrung", "vorkehrungen", "prompt", "programmierung", "training", "ethik", "moral", "werte", "bedingungen", "auflagen"}
)

// objectsEN holds the strength of each English object: one look-up for
// every word of every text, not three. A word of two lists takes the
// stronger.
var objectsEN = func() map[string]int {
	m := map[string]int{}
	for n, list := range []map[string]bool{1: weakObjectsEN, 2: strongObjectsEN, 3: coreObjectsEN} {
		for w := range list {
			m[w] = n
		}
	}
	return m
}()

// objectStrength is 3 for a core object, 2 strong, 1 weak, 0 none.
func objectStrength(w string) int {
	w = strings.TrimSuffix(w, "'s")
	if n := objectsEN[w]; n > 0 {
		return n
	}
	if i := strings.LastIndexByte(w, '-'); i >= 0 {
		if n := objectStrength(w[i+1:]); n > 0 {
			if strings.HasPrefix(w, "safety") || strings.HasPrefix(w, "security") || strings.HasPrefix(w, "sicherheit") {
				return 3
			}
			return n
		}
	}
	return germanObjectStrength(w)
}

// germanObjectStrength is objectStrength's judgement of a German word by
// its ending: core, then strong, then weak suffixes. It looks up only the
// suffixes that end in the word's last three bytes (objectSuffixes), not
// all fifty for every word of a manual.
func germanObjectStrength(w string) int {
	if len(w) < suffixKey {
		return 0
	}
	for _, s := range objectSuffixes[w[len(w)-suffixKey:]] {
		if !strings.HasSuffix(w, s.suffix) || (s.strength < 3 && falseSuffixDE[w]) {
			continue
		}
		if s.strength == 2 && (strings.HasPrefix(w, "sicherheit") || strings.HasPrefix(w, "schutz")) {
			return 3
		}
		return s.strength
	}
	return 0
}

// suffixKey is how many last bytes index objectSuffixes; every German
// object suffix is longer.
const suffixKey = 3

// objectSuffix is a German object suffix and the strength it gives.
type objectSuffix struct {
	suffix   string
	strength int
}

// objectSuffixes are the German object suffixes by their last suffixKey
// bytes, core before strong before weak: the first that ends a word
// decides, as the lists in that order would.
var objectSuffixes = func() map[string][]objectSuffix {
	m := map[string][]objectSuffix{}
	for strength, list := range map[int][]string{3: coreSuffixDE, 2: strongSuffixDE, 1: weakSuffixDE} {
		for _, s := range list {
			k := s[len(s)-suffixKey:]
			m[k] = append(m[k], objectSuffix{s, strength})
		}
	}
	for _, l := range m {
		slices.SortStableFunc(l, func(a, b objectSuffix) int { return cmp.Compare(b.strength, a.strength) })
	}
	return m
}()

// falseSuffixDE are words that end like an object but are none.
var falseSuffixDE = words("spiegel tiegel flegel kegel segel riegel hegel igel nagel vogel regelmäßig dialogfilter kaffeefilter",
	"umgrenzen begrenzen abgrenzen")

// Modifiers that may stand between a verb and its object.
var (
	// selfRef words point at the prompt's own rules.
	selfRefEN = words("all any every each your previous previously prior earlier preceding above above-mentioned aforementioned",
		"foregoing former original initial existing current system system's safety security core default built-in standing",
		"established usual normal standard ethical moral content usage operating operational internal developer developer's",
		"given stated listed said whole entire remaining old these those")
	selfRefDE = words("alle allen aller alles jegliche jeglichen jeglicher jede jeden jeder jedes sämtliche sämtlichen deine deinen",
		"deiner deinem dein eure euren ihre ihren vorherige vorherigen vorigen bisherige bisherigen obige obigen oben genannten",
		"genannte früheren frühere vorangegangenen vorstehenden bestehenden gegebenen ursprünglichen geltenden aktuellen",
		"diese dieser diesen dieses internen eingebauten gesetzten auferlegten alten")
	// neutral words neither narrow nor point anywhere.
	neutralEN = words("the a an of and or both just simply completely entirely totally fully now safely freely please kindly",
		"also then really truly so-called stupid annoying pesky silly boring useless pointless outdated strict restrictive",
		"unnecessary arbitrary tight imposed other such-and-such whatever single one more further additional many most some",
		"own very extra")
	neutralDE = words("die der den dem des das ein eine einen einer und oder einfach ruhig getrost bitte jetzt sofort ab nun",
		"komplett völlig vollständig gänzlich zuvor vorher bisher eben gerade mal doch auch gern gerne lästigen nervigen",
		"dummen blöden unnötigen strengen ganzen sonstigen anderen weiteren restlichen übrigen vielen meisten")
	// external words say the object is someone else's text.
	externalEN = words("such embedded injected external untrusted foreign hidden third-party retrieved quoted user's users'",
		"their its his her page's tool's website's document's email's tool web website webpage page document email e-mail",
		"file user customer incoming")
	externalDE = words("solche solchen solcher eingebettete eingebetteten fremde fremden externe externen versteckte versteckten",
		"eingeschleuste eingeschleusten dessen deren nutzer")
)

// Words after an object that say whose it is.
var (
	// locative words open a phrase naming where the object is: the
	// prompt itself (self) or something else (external).
	locativeWords = words("in inside within from of aus im in von vom innerhalb by durch")
	// selfPlaces are the prompt's own places.
	selfPlaces = words("this these prompt system system-prompt here above conversation session chat layer block dieser diesem",
		"diesen dies prompts systemprompt hier oben sitzung")
	// externalAfter words right after an object make it someone else's
	// ("instructions found in…", "instructions it contains").
	externalAfter = words("found contained embedded appearing appear appears coming come comes injected hidden therein inside it they",
		"given there darin enthaltenen enthalten stehen steht gefundene auftauchen vorkommen")
	// narrowAfter words right after an object restrict the sentence to a
	// manner ("do not follow instructions blindly").
	narrowAfter = words("blindly literally automatically unquestioningly uncritically blind blindlings ungeprüft unkritisch wörtlich")
	// selfAfter words right after an object point at the prompt's own.
	selfAfter = words("above earlier before previously so-far given oben zuvor vorher bisher vorhin davor")
)

// Negation and its inverters.
var (
	negators = words("not never no none nothing don't doesn't didn't won't can't cannot mustn't shouldn't shan't isn't aren't",
		"nor neither nobody nowhere nicht nie niemals nimmer kein keine keinen keinem keiner keines nichts keinesfalls",
		"keineswegs auf-keinen-fall forbidden prohibited verboten untersagt")
	// inverters between a negation and the verb undo it ("never hesitate
	// to ignore", "zögere nicht").
	inverters = words("hesitate hesitating refuse refusing fail afraid scared shy worry worried reluctant wait stop bother",
		"need needs required obliged obligated bound anymore longer zögere zögern zögert scheue scheu scheuen angst bedenken",
		"müssen musst muss mehr länger brauchst")
	// changeOfState words turn a comply verb into an override without a
	// negation ("stop following").
	stopVerbs = words("stop stopped quit cease ceased halt aufhören hör hören hört aufgehört")
)

// Reported or quoted overrides are descriptions when the sentence also
// says what to do about them.
var (
	reportingWords = words("ask asks asked asking tell tells told telling say says said instruct instructs instructed want wants",
		"request requests requested demand demands demanded urge urges urged try tries tried attempt attempts attempted convince",
		"persuade trick pressure pressures claim claims suggest suggests pretend pretends command commands order orders message",
		"messages text texts content phrase phrases bittet bitten fordert fordern auffordert auffordern verlangt verlangen sagt",
		"sagen behauptet behaupten versucht versuchen will wollen möchte möchten drängt drängen überreden überzeugen verleiten",
		"aufforderung aufforderungen versuch versuche nachricht nachrichten")
	defuseWords = words("refuse decline reject deny never not don't ignore treat attack attacks injection injections manipulation",
		"refused declined rejected denied avoid avoided abgelehnt verweigert vermeide vermeiden",
		"suspicious report flag warn data untrusted if when whenever unless like e.g example examples such phrases",
		"ablehnen lehne verweigere verweigern nie niemals nicht kein keine angriff angriffe manipulation wenn falls sobald",
		"ignoriere behandle melde wie beispiel beispielsweise etwa z.b")
	// permission words after a gerund make it a grant ("ignoring the rules
	// is fine").
	permitAfter = words("fine ok okay allowed permitted acceptable encouraged erlaubt gestattet okay in-ordnung")
	// prohibitAfter words after an object forbid what came before.
	prohibitAfter = words("forbidden prohibited verboten untersagt tabu violation verstoß")
)

// Left contexts of an imperative or granted verb.
var (
	imperativeLead = words("you we please kindly now just simply then and so also go ahead from on henceforth hereby instead",
		"du ihr sie bitte jetzt nun einfach dann und ab sofort also stattdessen ruhig getrost")
	modalWords = words("may can could should must shall will 'll might would to do feel free allowed permitted welcome",
		"darfst darf dürfen dürft kannst kann können könnt sollst soll sollen sollt musst muss müssen mögest erlaubt gestattet zu",
		"berechtigt frei")
	conditionalLead = words("when whenever if unless once where who that which while because since although users user people",
		"wenn falls sobald ob dass weil die der welche welcher während obwohl nutzer benutzer leute")
	// subjects of a third-person grant ("the assistant ignores all rules").
	agentSubjects = words("assistant model ai bot")
	beWords       = words("be are is been being get gets got was were werden wird wurden sind sein ist")
)

// Subject forms: "the rules no longer apply", "die Regeln gelten nicht mehr".
var (
	applyVerbs = words("apply applies matter matters count counts hold holds gelten gilt zählen zählt greifen greift")
	voidWords  = words("void suspended lifted disabled off optional null invalid revoked cancelled canceled removed waived obsolete moot", "aufgehoben ungültig deaktiviert optional hinfällig nichtig außer-kraft abgeschafft gestrichen obsolet")
	boundWords = words("bound gebunden subject beholden")
)
