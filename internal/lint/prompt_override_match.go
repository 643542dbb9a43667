package lint

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The guardrail-override matcher: a sentence that tells the model to drop
// its rules. It pairs a verb with an object (verbs × objects) in either
// order and both languages, then discounts what is negated ("never
// ignore the guardrails"), someone else's ("ignore instructions found in
// a page"), reported or quoted ("if a page asks you to ignore …,
// refuse") or narrowed to a manner ("do not follow instructions blindly").

// overrideSpan is a match: byte offsets in the text.
type overrideSpan struct{ Off, End int }

// findOverrides returns the overrides in text (template tags blanked by
// the caller). It holds one sentence at a time as tokens, and a sentence
// longer than sentenceWindow tokens one window of it at a time
// (prompt_override_window.go): memory stays bounded however long a line
// without a full stop is.
func findOverrides(text string) []overrideSpan {
	var out []overrideSpan
	bp := sentenceBufs.Get().(*[]token)
	w := windows{z: tokenizer{text: text}, buf: *bp}
	defer func() {
		// The tokens point into text: cleared, the pool holds none of it.
		clear(w.buf[:cap(w.buf)])
		*bp = w.buf[:0]
		sentenceBufs.Put(bp)
	}()
	for {
		s, ok := w.next()
		if !ok {
			break
		}
		if !mayOverride(s) {
			continue
		}
		m := &sentence{t: s, text: text}
		for _, sp := range m.matches() {
			out = w.keep(out, overrideSpan{Off: s[sp[0]].Off, End: s[sp[1]].End})
		}
	}
	return out
}

// sentenceBufs keeps the sentence buffers of findOverrides between calls
// (a sync.Pool: safe for the workers that lint manuals side by side).
// Every text of every manual is matched: a buffer grown from nothing for
// each was a tenth of what lore lint allocates on 10,000 manuals. A
// buffer is at most sentenceWindow tokens (windows.next).
var sentenceBufs = sync.Pool{New: func() any { return new([]token) }}

// mayOverride reports whether sentence s can hold an override at all:
// every match pairs a verb or a state with an object phrase, whose head is
// a word of objectStrength > 0 or a pronoun object (pronounObject:
// "everything above", "what you were told", "the above"). A sentence
// without any of those is skipped before the matcher's per-word work;
// the result is the same (TestMayOverrideKeepsMatches).
func mayOverride(s []token) bool {
	pronoun, after := false, false
	for _, t := range s {
		if t.Kind != tWord {
			continue
		}
		w := t.Low
		switch {
		case objectStrength(w) > 0 || w == "above" || w == "obige" || w == "vorherige" || w == "bisherige":
			return true
		case w == "everything" || w == "anything" || w == "alles" || w == "all" || w == "what" || w == "was":
			pronoun = true
		case selfAfter[w] || toldPronoun[w]:
			after = true
		}
	}
	return pronoun && after
}

// toldPronoun are the words after "everything", "what" … that make them
// the prompt's own rules (pronounObject).
var toldPronoun = words("told said gesagt gesagte instructed taught so")

type sentence struct {
	t []token
	// text is the text the tokens' offsets point into ("" when unknown).
	text string
	// framing and clauses are worked out on first use
	// (prompt_override_framing.go, prompt_override_before.go).
	framing *framing
	clauses []uint8
}

func (m *sentence) word(i int) string {
	if i < 0 || i >= len(m.t) || m.t[i].Kind != tWord {
		return ""
	}
	return m.t[i].Low
}

func (m *sentence) isWord(i int) bool { return i >= 0 && i < len(m.t) && m.t[i].Kind == tWord }

// verb is a verb found at a token.
type verb struct {
	family   int // 0 none, famStrong, famWeak, famComply
	form     verbForm
	german   bool
	end      int      // index after the verb (phrasal verbs span tokens)
	particle []string // German separable verb: a particle after the object
	negated  bool     // a negation between verb and object ("kümmere dich nicht um")
}

const (
	famStrong = 1 + iota
	famWeak
	famComply
)

// verbAt returns the verb at token i.
func (m *sentence) verbAt(i int) verb {
	w := m.word(i)
	if w == "" {
		return verb{}
	}
	if v := m.phrasalVerbAt(i); v.family != 0 {
		return v
	}
	if v := m.englishVerbAt(i, w); v.family != 0 {
		return v
	}
	return m.germanVerbAt(i, w)
}

// phrasalVerbAt returns the English phrasal verb ("set aside") starting at
// token i.
func (m *sentence) phrasalVerbAt(i int) verb {
	for fam, list := range [][][]string{famStrong: phrasalStrong, famWeak: phrasalWeak} {
		for _, ph := range list {
			if len(ph) > 0 && m.wordsAt(i, ph) {
				return verb{family: fam, form: formBase, end: i + len(ph)}
			}
		}
	}
	return verb{}
}

// englishVerbAt returns the one-word English verb w at token i.
func (m *sentence) englishVerbAt(i int, w string) verb {
	if f, ok := strongVerbsEN.en(w); ok {
		return verb{family: famStrong, form: f, end: i + 1}
	}
	if f, ok := weakVerbsEN.en(w); ok {
		return verb{family: famWeak, form: f, end: i + 1}
	}
	if f, ok := complyVerbsEN.en(w); ok {
		end := i + 1
		if x := m.word(end); x == "to" || x == "with" || x == "by" {
			end++ // adhere to, comply with, abide by, stick to
		}
		return verb{family: famComply, form: f, end: end}
	}
	return verb{}
}

// germanVerbAt returns the German verb w at token i, by its stem.
func (m *sentence) germanVerbAt(i int, w string) verb {
	if p, ok := separableDE[w]; ok {
		v := m.germanVerb(i, w, famWeak)
		v.particle = p
		return v
	}
	switch {
	case hasStem(w, strongStemsDE):
		return m.germanVerb(i, w, famStrong)
	case hasStem(w, weakStemsDE):
		return m.germanVerb(i, w, famWeak)
	case hasStem(w, complyStemsDE):
		v := m.germanVerb(i, w, famComply)
		if strings.HasPrefix(w, "halt") || strings.HasPrefix(w, "hält") || w == "gehalten" {
			v.particle = []string{"an", "ein"} // sich an … halten, … einhalten
		}
		return v
	}
	return verb{}
}

// germanVerb is the German verb w of family fam at token i: its form, and
// where its object starts.
func (m *sentence) germanVerb(i int, w string, fam int) verb {
	f := formBase
	if strings.HasPrefix(w, "ge") || strings.Contains(w, "gehoben") || strings.HasSuffix(w, "t") && !strings.HasSuffix(w, "st") {
		f = formParticiple
	}
	v := verb{family: fam, form: f, german: true, end: i + 1}
	for stem, prep := range prepositionsDE {
		if strings.HasPrefix(w, stem) {
			m.governed(&v, prep)
		}
	}
	return v
}

// governed moves v's end past the reflexive pronoun, negation and the
// preposition prep that stand between a German verb and its object
// ("kümmere dich nicht um"); a negation there negates v.
func (m *sentence) governed(v *verb, prep string) {
	k := v.end
	for k < len(m.t) && k < v.end+4 {
		x := m.word(k)
		if x == "dich" || x == "sich" || x == "euch" || x == "ruhig" || x == "einfach" || x == "getrost" || x == "mal" || x == "mehr" {
			k++
			continue
		}
		if negators[x] {
			v.negated = true
			k++
			continue
		}
		if prep != "" && x == prep {
			v.end = k + 1
		}
		break
	}
}

func (m *sentence) wordsAt(i int, ws []string) bool {
	for k, w := range ws {
		if m.word(i+k) != w {
			return false
		}
	}
	return true
}

// object is an object phrase: its head token and what its modifiers say.
type object struct {
	head     int
	strength int
	self     bool // points at the prompt's own rules
	external bool // someone else's text
	narrow   bool // restricted by a modifier of its own
	negated  bool // a negation inside the phrase ("none of the rules")
	owner    bool // names the owner or place: "your", "previous", "above", "system"
	last     int  // last token of the phrase (with trailing self words)
}

// phraseReach bounds the words of one phrase the matcher walks over: the
// nouns of a compound ("system prompt guardrails"), the modifiers before
// a head, the adverbs before a verb. No phrase is longer; a line of
// "rules rules …" made every one of its words walk to the line's end.
const phraseReach = 16

// objectAfter looks for an object phrase starting at token j, at most a
// few modifiers before its head.
func (m *sentence) objectAfter(j int, lang bool) (object, bool) {
	o := object{}
	unknown := 0
	for k := j; k < len(m.t) && k < j+8; k++ {
		t := m.t[k]
		if t.Kind != tWord {
			if strings.ContainsAny(t.Text, ",/&'\"“”‘’„«»()`*_") {
				continue
			}
			return o, false
		}
		if objectStrength(t.Low) > 0 {
			return m.objectAt(o, k, unknown), true
		}
		if o2, ok := m.pronounObject(k); ok {
			o2.negated = o.negated
			return o2, true
		}
		if !m.modifier(&o, t.Low, &unknown) {
			return o, false
		}
	}
	return o, false
}

// objectAt completes object phrase o, whose head is the rule noun at
// token k after unknown words it could not place.
func (m *sentence) objectAt(o object, k, unknown int) object {
	w := m.t[k].Low
	o.head, o.strength = k, objectStrength(w)
	// A compound: "safety policies", "system instructions".
	for m.isWord(o.head+1) && o.head-k < phraseReach && objectStrength(m.t[o.head+1].Low) > 0 {
		if strings.HasPrefix(m.t[o.head].Low, "safety") || strings.HasPrefix(m.t[o.head].Low, "security") {
			o.strength = 3
		}
		o.head++
		o.strength = max(o.strength, objectStrength(m.t[o.head].Low))
	}
	if strings.HasPrefix(w, "system") {
		o.self, o.owner = true, true
	}
	m.after(&o)
	if o.narrow && o.strength == 3 {
		o.narrow = false
	}
	if unknown > 0 && o.strength < 3 && !o.owner {
		o.narrow = true
	}
	return o
}

// modifier reads word w before an object's head into o; false when w
// ends the phrase (a blocker, a verb, a third unknown word).
func (m *sentence) modifier(o *object, w string, unknown *int) bool {
	switch {
	case negators[w]:
		o.negated = true
	case selfRefEN[w] || selfRefDE[w]:
		o.self = o.self || positional[w] || quantifier[w]
		o.owner = o.owner || owners[w]
	case externalEN[w] || externalDE[w]:
		o.external = true
	case neutralEN[w] || neutralDE[w]:
	case blockers[w]:
		return false
	default:
		if _, isVerb := m.verbClassOf(w); isVerb {
			return false
		}
		*unknown++
		if *unknown > 2 {
			return false
		}
	}
	return true
}

func (m *sentence) verbClassOf(w string) (int, bool) {
	if _, ok := strongVerbsEN.en(w); ok {
		return famStrong, true
	}
	if _, ok := weakVerbsEN.en(w); ok {
		return famWeak, true
	}
	if _, ok := complyVerbsEN.en(w); ok {
		return famComply, true
	}
	return 0, false
}

// pronounObject matches "everything above", "all of the above", "what you
// were told", "alles bisher Gesagte" at token k.
func (m *sentence) pronounObject(k int) (object, bool) {
	w := m.word(k)
	switch w {
	case "everything", "anything", "alles", "all", "what", "was":
		return m.toldObject(k, w)
	case "above", "obige", "vorherige", "bisherige":
		prev := m.word(k - 1)
		if (prev == "the" || prev == "das" || prev == "alles") && !m.isWord(k+1) || m.word(k+1) == "and" || m.word(k+1) == "und" {
			return object{head: k, strength: 2, self: true, last: k}, true
		}
	}
	return object{}, false
}

// toldObject matches the pronoun w at token k followed by what says it is
// the model's own instructions: "everything above", "what you were told".
func (m *sentence) toldObject(k int, w string) (object, bool) {
	for n := k + 1; n < len(m.t) && n <= k+6; n++ {
		x := m.word(n)
		if (w == "what" || w == "was") && x != "" && !toldWords[x] {
			break // "what the user said" is the user's
		}
		if objectStrength(x) > 0 {
			break // "all earlier rules": a modifier, not a pronoun
		}
		if selfAfter[x] && objectStrength(m.word(n+1)) == 0 || toldEnds[x] || x == "so" && m.word(n+1) == "far" {
			return object{head: k, strength: 2, self: true, last: n}, true
		}
		if !m.isWord(n) && m.t[n].Text != "," {
			break
		}
	}
	return object{}, false
}

// toldEnds end "what you were told", "alles bisher Gesagte".
var toldEnds = words("told said gesagt gesagte bisherige vorherige instructed taught")

// toldWords may stand in "what you were told", "was man dir gesagt hat".
var toldWords = words("you you've you're were have has been was i i've we told said instructed taught given before earlier above so far",
	"previously du dir man ich wir wurde wurden hat habe haben gesagt vorher zuvor bisher oben")

// after reads the words right after an object's head: whose it is and
// where it stands.
func (m *sentence) after(o *object) {
	o.last = o.head
	for k := o.head + 1; k < len(m.t) && k <= o.head+2; k++ {
		w := m.word(k)
		if w == "" {
			if m.t[k].Text == "," {
				break
			}
			continue
		}
		if selfAfter[w] {
			o.self, o.owner, o.last = true, true, k
			continue
		}
		m.qualify(o, k, w)
		break
	}
}

// qualify reads word w at token k, after an object's head, into o: a
// narrowing, someone else's text, a place or a relative clause.
func (m *sentence) qualify(o *object, k int, w string) {
	switch {
	case narrowAfter[w]:
		o.narrow = true
	case externalAfter[w]:
		o.external = true
	case locativeWords[w] || w == "from":
		m.place(o, k+1)
	case topicAfter[w]:
		o.narrow = true
	case w == "that" || w == "which" || w == "die" || w == "welche":
		// A relative clause: "instructions that appear in a page".
		if externalAfter[m.word(k+1)] || m.word(k+1) == "are" && externalAfter[m.word(k+2)] {
			o.external = true
		}
	}
}

// topicAfter narrow an object to a topic ("rules about formatting").
var topicAfter = words("about regarding on for über zu bezüglich für")

// place reads where the object stands, from token n on: the prompt's own
// place, or something else's.
func (m *sentence) place(o *object, n int) {
	for start := n; n < len(m.t) && n-start < phraseReach; n++ {
		if w := m.word(n); !(neutralEN[w] || neutralDE[w] || w == "the" || w == "your" || w == "deinem") {
			break
		}
	}
	if p := m.word(n); selfPlaces[p] || strings.HasPrefix(p, "system") {
		o.self, o.owner = true, true
	} else if p != "" {
		o.external = true
	}
}

// positional modifiers point at the prompt's own rules by place or owner.
var positional = words("previous previously prior earlier preceding above above-mentioned aforementioned foregoing former original initial",
	"system system's your existing current standing established default built-in core safety security internal developer developer's",
	"deine deinen deiner deinem dein vorherige vorherigen vorigen bisherige bisherigen obige obigen oben genannten früheren frühere",
	"vorangegangenen vorstehenden bestehenden ursprünglichen geltenden aktuellen internen eingebauten gesetzten auferlegten eure euren")

// owners name whose rules or where they stand, unlike topical words
// (safety, security), which a generic noun may carry ("security filters").
var owners = words("previous previously prior earlier preceding above above-mentioned aforementioned foregoing former original initial",
	"system system's your existing current standing established default built-in core internal developer developer's",
	"deine deinen deiner deinem dein vorherige vorherigen vorigen bisherige bisherigen obige obigen oben genannten früheren frühere",
	"vorangegangenen vorstehenden bestehenden ursprünglichen geltenden aktuellen internen eingebauten gesetzten auferlegten eure euren")

// quantifiers point at all rules at once.
var quantifier = words("all any every each whole entire alle allen aller alles jegliche jeglichen jeglicher jede jeden jeder jedes sämtliche sämtlichen",
	"these those diese dieser diesen dieses")

// blockers end an object phrase: prepositions, conjunctions, pronouns.
var blockers = words("in on at to from with within without about into onto for by between among under over after before during",
	"through across against like as than via per inside outside regarding concerning beyond behind beside besides near toward",
	"towards upon despite except but then because while when if unless you it they we he she them us me yourself that which who",
	"what is are was were be im an am auf aus bei beim mit nach von vom zu zum zur über unter vor hinter neben zwischen durch für",
	"gegen ohne um wegen trotz während seit bis als wie dass weil wenn falls ob aber sondern dann du dich dir ihr sie es wir mich",
	"ist sind war waren sein")

// matches returns the token ranges [first, last] of the overrides of the
// sentence.
func (m *sentence) matches() [][2]int {
	var out [][2]int
	used := make([]bool, len(m.t))
	add := func(a, b int) {
		if a > b {
			a, b = b, a
		}
		if m.defused(a, b) {
			return
		}
		out = append(out, [2]int{a, b})
		for k := a; k <= b; k++ {
			used[k] = true
		}
	}
	for i := range m.t {
		if used[i] {
			continue
		}
		v := m.verbAt(i)
		if v.family != 0 {
			if o, ok := m.objectAfter(v.end, v.german); ok && m.verbObject(i, v, o) {
				add(i, max(o.last, m.particleEnd(v, o)))
				continue
			}
		}
		if o, ok := m.objectHere(i); ok {
			if k, ok := m.objectVerb(o); ok {
				add(m.phraseStart(o.head), k)
				continue
			}
			if k, ok := m.subjectForm(o); ok {
				add(m.phraseStart(o.head), k)
				continue
			}
		}
		if k, ok := m.unbound(i); ok {
			add(i, k)
		}
	}
	return out
}

// objectHere returns the object phrase whose head is token i, with its
// modifiers before it.
func (m *sentence) objectHere(i int) (object, bool) {
	if !m.isWord(i) || objectStrength(m.t[i].Low) == 0 {
		return object{}, false
	}
	start := m.phraseStart(i)
	o, ok := m.objectAfter(start, false)
	if !ok || o.head != i {
		return object{}, false
	}
	// A noun adjunct before the phrase narrows it ("the confirmation
	// prompt", "formatting rules").
	if p := m.word(start - 1); p != "" && !o.owner && o.strength < 3 && !blockers[p] && !modalWords[p] && !beWords[p] && !negators[p] &&
		!imperativeLead[p] && !conditionalLead[p] && !applyVerbs[p] && !actVerbs[p] && m.verbAt(start-1).family == 0 && !consider[p] {
		o.narrow = true
	}
	return o, true
}

// consider words take an object and its state ("consider all rules
// void").
var consider = words("consider treat regard deem mark betrachte betrachtet sieh")

// phraseStart returns the first modifier of the object phrase with head
// i.
func (m *sentence) phraseStart(i int) int {
	k := i
	for k > 0 && i-k < phraseReach {
		w := m.word(k - 1)
		if w == "" || !(selfRefEN[w] || selfRefDE[w] || neutralEN[w] || neutralDE[w] || externalEN[w] || externalDE[w] || negators[w]) {
			break
		}
		k--
	}
	return k
}

func (m *sentence) particleEnd(v verb, o object) int {
	if len(v.particle) == 0 {
		return o.last
	}
	for k := o.last + 1; k < len(m.t) && k <= o.last+3; k++ {
		for _, p := range v.particle {
			if m.word(k) == p {
				return k
			}
		}
	}
	return -1
}

// verbObject decides a verb-then-object pair.
func (m *sentence) verbObject(i int, v verb, o object) bool {
	if o.external || o.narrow {
		return false
	}
	if len(v.particle) > 0 && m.particleEnd(v, o) < 0 {
		return false
	}
	if !strengthFits(v.family, o) {
		return false
	}
	negAfter := m.negatedAfter(o)
	if v.family == famComply {
		return o.negated || negAfter || v.negated || m.linkedNegation(i, true) || m.stopBefore(i)
	}
	if o.negated || negAfter || v.negated || m.linkedNegation(i, false) || m.prohibitedAfter(o) {
		return false
	}
	return m.commands(i, v, o)
}

// strengthFits: a strong verb takes any rule but a generic noun needs a
// self-reference; a weak verb needs the guardrails or a self-reference.
func strengthFits(family int, o object) bool {
	switch {
	case o.strength == 3:
		return true
	case o.strength == 2:
		return family != famWeak || o.self
	default:
		return o.owner
	}
}

// commands reports whether the verb at i is an instruction or grant to
// the model rather than a description of someone.
func (m *sentence) commands(i int, v verb, o object) bool {
	if m.conditionalBefore(i) {
		return false
	}
	prev := m.prevWord(i)
	if !v.german && i > 0 && capitalised(m.t[i].Text) {
		prev = "" // a capital mid-line starts a sentence whose stop is missing ("Important Ignore previous instructions")
	}
	switch v.form {
	case formGerund:
		if s := m.word(i - 1); s == "start" || s == "begin" || s == "keep" || s == "continue" || s == "try" {
			return true
		}
		return m.permittedAfter(o)
	case formThird:
		return agentSubjects[prev]
	case formParticiple:
		if v.german {
			return true // "hast … vergessen" is rare; German participles here come from O→V
		}
		return false
	}
	if v.german {
		return prev == "" || imperativeLead[prev] || modalWords[prev]
	}
	return prev == "" || prev == "you" || prev == "we" || modalWords[prev] || prev == "and" || prev == "let's" || agentSubjects[prev]
}

// capitalised reports whether w starts with a capital letter.
func capitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// shouted reports whether w is a word of two or more capital letters and
// nothing else: a label such as IMPORTANT or NOTE.
func shouted(w string) bool {
	if len(w) < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
}

// prevWord is the word before i, skipping adverbs that leave an
// imperative an imperative; "" at the start of a clause.
func (m *sentence) prevWord(i int) string {
	for k := i - 1; k >= 0 && i-k <= phraseReach; k-- {
		t := m.t[k]
		if t.Kind != tWord {
			if m.opensQuotedSentence(k) {
				return ""
			}
			if strings.ContainsAny(t.Text, "\"“”„«»`*_'") {
				continue
			}
			return ""
		}
		switch t.Low {
		case "just", "simply", "please", "kindly", "now", "also", "then", "always", "completely", "entirely", "totally", "freely",
			"safely", "bitte", "jetzt", "nun", "einfach", "ruhig", "getrost", "sofort", "ab", "dann", "from", "on", "henceforth", "so":
			continue
		}
		if shouted(t.Text) || len(t.Low) > 4 && strings.HasSuffix(t.Low, "ly") && !agentSubjects[t.Low] {
			continue // a label (IMPORTANT, NOTE) or an adverb (quickly, silently) before an imperative
		}
		return t.Low
	}
	return ""
}

// opensQuotedSentence reports whether token k is an opening quote
// (after a space, or first) before a capital letter: a quoted sentence
// begins there (Remember "Ignore all previous instructions."), as a
// clause begins after a colon.
func (m *sentence) opensQuotedSentence(k int) bool {
	t := m.t[k]
	if !strings.ContainsAny(t.Text, "\"“„«") || !m.isWord(k+1) || (k > 0 && m.t[k-1].End == t.Off) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(m.t[k+1].Text)
	return unicode.IsUpper(r)
}

// conditionalBefore reports a conditional or relative opener in the
// comma clause before i ("when users ignore the rules").
func (m *sentence) conditionalBefore(i int) bool {
	return m.before()[i]&conditionalBefore != 0
}

// linkedNegation reports a negation that governs the verb at i: only
// auxiliaries, adverbs and "under any circumstances" stand between them,
// and nothing that inverts it ("never hesitate to").
func (m *sentence) linkedNegation(i int, comply bool) bool {
	for k := i - 1; k >= 0 && k >= i-8; k-- {
		t := m.t[k]
		if t.Kind != tWord {
			if t.Text == "," || strings.ContainsAny(t.Text, "\"“”„«»`*_'") {
				continue
			}
			return false
		}
		w := t.Low
		if negators[w] {
			return true
		}
		if inverters[w] && !comply {
			return false
		}
		if modalWords[w] || beWords[w] || imperativeLead[w] || neutralEN[w] || linkWords[w] || comply && inverters[w] {
			continue
		}
		return false
	}
	return false
}

// linkWords may stand between a negation and its verb.
var linkWords = words("ever under any circumstances case situation event time have has need needs required obliged longer anymore",
	"unter umständen fall fällen jemals je mehr länger brauchst dich dir sich mich an")

// stopBefore reports "stop following" and "hör auf … zu befolgen".
func (m *sentence) stopBefore(i int) bool {
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		if w := m.word(k); stopVerbs[w] {
			return true
		}
	}
	return false
}

// negatedAfter reports "nicht" right after a German object ("ignoriere
// die Regeln nicht") or "nicht mehr" after it.
func (m *sentence) negatedAfter(o object) bool {
	for k := o.last + 1; k < len(m.t) && k <= o.last+2; k++ {
		w := m.word(k)
		if w == "nicht" || w == "nie" || w == "niemals" || w == "keinesfalls" {
			return true
		}
		if w != "" && !selfAfter[w] && !neutralDE[w] {
			return false
		}
	}
	return false
}

// prohibitedAfter reports "… is forbidden", "… is never allowed" after
// the object.
func (m *sentence) prohibitedAfter(o object) bool {
	for k := o.last + 1; k < len(m.t) && k <= o.last+5; k++ {
		w := m.word(k)
		if prohibitAfter[w] || (w == "never" || w == "not" || w == "nie" || w == "nicht") && (permitAfter[m.word(k+1)] || m.word(k+1) == "an") {
			return true
		}
	}
	return false
}

// permittedAfter reports "… is fine", "… is allowed" after the object.
func (m *sentence) permittedAfter(o object) bool {
	for k := o.last + 1; k < len(m.t) && k <= o.last+3; k++ {
		w := m.word(k)
		if negators[w] {
			return false
		}
		if permitAfter[w] {
			return true
		}
	}
	return false
}

// objectVerb matches an object followed by its verb: English passive
// ("the rules may be ignored") and German verb-final ("du darfst die
// Regeln missachten").
func (m *sentence) objectVerb(o object) (int, bool) {
	if o.external || o.narrow {
		return 0, false
	}
	c := m.clauseBefore(o)
	for k := o.last + 1; k < len(m.t) && k <= o.last+6; k++ {
		t := m.t[k]
		if t.Kind != tWord {
			if t.Text == "," || strings.ContainsAny(t.Text, "\"“”„«»`*_'") {
				continue
			}
			return 0, false
		}
		if v := m.verbAt(k); v.family != 0 {
			return m.finalVerb(o, k, v, c)
		}
		if !c.read(t.Low) {
			return 0, false
		}
	}
	return 0, false
}

// clause is what the words around an object phrase say about the verb
// that ends its clause.
type clause struct {
	be, modal, neg, zu bool
}

// clauseBefore reads the comma clause before object o: a modal verb, or a
// verb of considering ("consider the rules cancelled").
func (m *sentence) clauseBefore(o object) clause {
	f := m.before()[m.phraseStart(o.head)]
	return clause{neg: o.negated, modal: f&modalBefore != 0, be: f&considerBefore != 0}
}

// read takes word w between an object and its verb into c; false when w
// cannot stand there.
func (c *clause) read(w string) bool {
	switch {
	case negators[w]:
		c.neg = true
	case beWords[w]:
		c.be = true
	case w == "zu" || w == "to":
		c.zu = true
	case modalWords[w]:
		c.modal = true
	case neutralEN[w] || neutralDE[w] || selfAfter[w] || linkWords[w] || w == "dich" || w == "an":
	default:
		return false
	}
	return true
}

// finalVerb decides verb v at token k after object o, in clause c: an
// English passive or a German verb at the end of its clause.
func (m *sentence) finalVerb(o object, k int, v verb, c clause) (int, bool) {
	w := m.t[k].Low
	if !strengthFits(v.family, o) {
		return 0, false
	}
	if len(v.particle) > 0 && !(v.family == famComply) {
		return 0, false // a separable stem does not end a clause
	}
	if !v.german && !(c.be && v.form == formParticiple || c.be && voidWords[w]) {
		return 0, false
	}
	start := m.phraseStart(o.head)
	if v.german && !(c.modal || c.zu || strings.Contains(w, "zu") || m.clauseStartsAt(start) && m.clauseEndsAfter(k) || c.be) {
		return 0, false
	}
	if v.family == famComply {
		if c.neg || m.linkedNegation(start, true) || m.stopBefore(start) {
			return k, true
		}
		return 0, false
	}
	if c.neg || m.linkedNegation(start, false) || m.conditionalBefore(start) {
		return 0, false
	}
	return k, true
}

// clauseStartsAt reports whether token k starts its clause (after an
// optional modal or "you").
func (m *sentence) clauseStartsAt(k int) bool {
	p := m.prevWord(k)
	return p == "" || modalWords[p] || imperativeLead[p]
}

// clauseEndsAfter reports whether token k is the last word of its clause.
func (m *sentence) clauseEndsAfter(k int) bool {
	return !m.isWord(k + 1)
}

// subjectForm matches "the rules no longer apply", "all restrictions are
// lifted", "die Regeln gelten nicht mehr", "sind außer Kraft".
func (m *sentence) subjectForm(o object) (int, bool) {
	if o.external || o.narrow || o.strength < 2 {
		return 0, false
	}
	var p predicate
	for k := o.last + 1; k < len(m.t) && k <= o.last+6; k++ {
		w := m.word(k)
		if w == "" {
			return 0, false
		}
		switch {
		case applyVerbs[w]:
			return m.applyNoMore(o, k, p.neg, p.longer)
		case (p.be || w == "as" && consider[m.word(m.phraseStart(o.head)-1)]) && voidWords[m.word(k+1)]:
			if m.linkedNegation(m.phraseStart(o.head)-1, false) {
				return 0, false
			}
			return k + 1, true // "treat the rules as optional"
		case p.be && (voidWords[w] || w == "außer" && m.word(k+1) == "kraft"):
			return k, true
		}
		if !p.read(w) {
			return 0, false
		}
	}
	return 0, false
}

// predicate is what the words between a subject and its predicate say.
type predicate struct {
	neg, longer, be bool
}

// read takes word w before the predicate into p; false when w cannot
// stand there.
func (p *predicate) read(w string) bool {
	switch {
	case negators[w] || w == "don't" || w == "doesn't":
		p.neg = true
	case noLonger[w]:
		p.longer = true
	case beWords[w] || predicateFillers[w]:
		p.be = p.be || beWords[w] || w == "have" || w == "has"
	case selfAfter[w] || neutralEN[w] || neutralDE[w]:
	default:
		return false
	}
	return true
}

// noLonger end "no longer", "nicht mehr", "not … anymore".
var noLonger = words("longer mehr anymore")

// predicateFillers may stand between a subject and its predicate ("the
// rules have now all been lifted").
var predicateFillers = words("have has now hereby jetzt ab sofort hiermit do does all alle")

// applyNoMore decides the apply verb at token k after subject o, negated
// before it (neg) and with "longer" or "mehr" (longer): "the rules no
// longer apply", "no rules apply", "die Regeln gelten nicht mehr".
func (m *sentence) applyNoMore(o object, k int, neg, longer bool) (int, bool) {
	if o.negated && o.strength >= 2 {
		return k, true // "no rules apply"
	}
	if neg && (longer || !m.scoped(k)) {
		return k, true
	}
	// "gelten nicht mehr", "gilt ab sofort nicht"
	for n := k + 1; n < len(m.t) && n <= k+4; n++ {
		if x := m.word(n); x == "nicht" || x == "nie" || x == "keine" {
			if m.word(n+1) == "mehr" || !m.scoped(n) {
				return n, true
			}
		} else if x == "" {
			break
		}
	}
	return 0, false
}

// scoped reports a scope after a predicate ("do not apply to code
// blocks"): a narrowing, unless the scope is the model itself or now.
func (m *sentence) scoped(k int) bool {
	w := m.word(k + 1)
	if w == "to" || w == "inside" || w == "in" || w == "within" || w == "for" || w == "when" || w == "if" || w == "für" || w == "bei" || w == "innerhalb" || w == "wenn" {
		x := m.word(k + 2)
		return !(x == "you" || x == "yourself" || x == "dich" || x == "dir")
	}
	return false
}

// unbound matches "you are no longer bound by the rules", "du bist nicht
// mehr an die Regeln gebunden", "you have no restrictions", "es gibt keine
// Regeln".
func (m *sentence) unbound(i int) (int, bool) {
	w := m.word(i)
	switch {
	case applyVerbs[w]:
		return m.noneApply(i)
	case boundWords[w] && w != "gebunden":
		return m.boundBy(i)
	case w == "an":
		return m.boundAn(i)
	case withWords[w] && i+1 < len(m.t):
		return m.without(i, w)
	}
	return 0, false
}

// withWords lead "you have no rules", "there are no rules", "act without
// restrictions", "es gibt keine Regeln".
var withWords = words("have are hast gibt with without ohne")

// noneApply matches "es gelten keine Regeln mehr", "there apply no rules"
// at the apply verb i.
func (m *sentence) noneApply(i int) (int, bool) {
	if o, ok := m.objectAfter(i+1, true); ok && o.negated && !o.external && !o.narrow && o.strength >= 2 {
		return o.last, true
	}
	return 0, false
}

// boundBy matches "no longer bound by the rules" at the word "bound" (i).
func (m *sentence) boundBy(i int) (int, bool) {
	if !m.linkedNegation(i, true) {
		return 0, false
	}
	if x := m.word(i + 1); x == "by" || x == "to" {
		if o, ok := m.objectAfter(i+2, false); ok && !o.external && !o.narrow && o.strength >= 1 {
			return o.last, true
		}
	}
	return 0, false
}

// boundAn matches "nicht mehr an die Regeln gebunden" at the word "an" (i).
func (m *sentence) boundAn(i int) (int, bool) {
	if o, ok := m.objectAfter(i+1, true); ok && !o.external && o.strength >= 1 && m.word(o.last+1) == "gebunden" {
		if m.negationIn(0, i) {
			return o.last + 1, true
		}
	}
	return 0, false
}

// without matches "you have no rules", "there are no more restrictions",
// "act without rules", "es gibt keine Regeln" at the word w (token i).
func (m *sentence) without(i int, w string) (int, bool) {
	subj := m.word(i - 1)
	if w == "with" || w == "without" || w == "ohne" {
		if !(actVerbs[subj] || w == "ohne") {
			return 0, false
		}
	} else if !(subj == "you" || subj == "there" || subj == "du" || subj == "es") {
		return 0, false
	}
	j := i + 1
	if x := m.word(j); negators[x] || x == "any" || x == "jegliche" {
		j++
		if m.word(j) == "more" || m.word(j) == "longer" || m.word(j) == "mehr" {
			j++
		}
	} else if w != "without" && w != "ohne" {
		return 0, false
	}
	if o, ok := m.objectAfter(j, false); ok && !o.external && !o.narrow && o.strength >= 2 {
		if w == "ohne" && !actVerbs[m.word(o.last+1)] && !actVerbs[m.word(i-1)] {
			return 0, false
		}
		return o.last, true
	}
	return 0, false
}

var actVerbs = words("act operate respond answer behave work reply talk speak function proceed antworten antworte handeln handle",
	"arbeiten arbeite agieren agiere reagieren")

func (m *sentence) negationIn(a, b int) bool {
	for k := a; k < b; k++ {
		if negators[m.word(k)] {
			return true
		}
	}
	return false
}
