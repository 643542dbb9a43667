package search

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	index "github.com/blevesearch/bleve_index_api"
)

// Hit is a manual (or tool) the router found.
type Hit struct {
	Name    string `json:"name"`
	Path    string `json:"path"`
	Summary string `json:"summary"`
	// Score is the router's confidence that this manual answers the
	// intent, from 0 to 1: how much of the intent (its words weighted by
	// rarity) the manual holds, and where — fully in its name, triggers,
	// summary or title, partly in its headings and body (see scoring).
	Score float64 `json:"score"`
	// Routed counts the intent's words found in the manual's routing
	// fields (name, triggers, summary, title); Cover is their share of
	// the intent's weight. They are the manual's own evidence, whatever
	// the other candidates score (Thresholds.Evidence).
	Routed int     `json:"-"`
	Cover  float64 `json:"-"`
	// Naming counts the intent's words that name the manual: found as
	// themselves in its name ("quarkus" and the manual quarkus), or in a
	// trigger the intent says whole ("Flussdiagramm"). One such word is
	// evidence enough for a load (Thresholds).
	Naming int `json:"-"`
	// Rel is the path relative to the manual root; Kind is manual or tool.
	Rel  string `json:"-"`
	Kind string `json:"-"`
	// ID identifies the catalog document.
	ID string `json:"-"`

	// at is the entry's position in the build input (OrderFile), which
	// locates its text in the content shards (ContentEndsFile).
	at int
	// mask marks the intent's words found in the routing fields; routes
	// are the manuals an overview routes to (see overview.go).
	mask   uint64
	routes []string
	// named is the share of the intent's weight in words that make up
	// the manual's whole name (see scoring.name).
	named float64
	// wordScore and wordRouting hold, per word of the intent, the
	// word's best weighted field score in this manual and the weight of
	// its form in a routing field (0: not there); weights are the
	// intent's word weights (see loads).
	wordScore, wordRouting, weights []float64
	wordNaming                      []bool
}

// Loaded is the manual the router loads, with what manual_read returns.
type Loaded struct {
	Hit
	Content string `json:"content"`
}

// Answer is how_do_i's answer: exactly one of Loaded, Alternatives, Hint.
type Answer struct {
	Loaded       *Loaded
	Alternatives []Hit
	Hint         string
	// Ranked lists the visible candidates, best first, whatever the
	// decision (lore eval measures top-1 and top-3 on it).
	Ranked []Hit
}

// MarshalJSON writes the DESIGN §3 form: {"loaded":{…}},
// {"alternatives":[…]} or {"hint":"…"}.
func (a *Answer) MarshalJSON() ([]byte, error) {
	switch {
	case a.Loaded != nil:
		return json.Marshal(struct {
			Loaded *Loaded `json:"loaded"`
		}{a.Loaded})
	case len(a.Alternatives) > 0:
		return json.Marshal(struct {
			Alternatives []Hit `json:"alternatives"`
		}{a.Alternatives})
	default:
		return json.Marshal(struct {
			Hint string `json:"hint"`
		}{a.Hint})
	}
}

// Thresholds decide between loaded, alternatives and hint on the
// candidates' confidence (Hit.Score):
//
//   - loaded when the best candidate's confidence reaches Load, it is
//     clearly ahead — the runner-up's confidence is at least Margin below,
//     or below Ratio times the best's — and it has evidence of its own:
//     its routing fields hold two words of the intent, or words worth at
//     least Evidence of the intent's weight (Hit.Routed, Hit.Cover), or
//     the intent names it by a word (Hit.Naming). Being ahead is
//     relative; an everyday request that shares one word with a trigger
//     ("explain how photosynthesis works") must not load a manual;
//   - hint when no candidate reaches Hint (nothing fits);
//   - alternatives otherwise: up to MaxAlternatives candidates whose
//     confidence reaches Hint.
type Thresholds struct {
	Load            float64
	Margin          float64
	Ratio           float64
	Evidence        float64
	Hint            float64
	MaxAlternatives int
}

// minRoutedWords is how many words of the intent in a candidate's routing
// fields are evidence enough for a load, whatever their weight.
const minRoutedWords = 2

// DefaultThresholds returns the thresholds how_do_i routes with. They are
// calibrated, not guessed: Calibrate (make calibrate: lore eval
// --calibrate over the tuning sets of testdata/eval — corpus.tsv,
// corpus-tune.tsv and example.tsv, the corpus sets' outcomes pooled with
// --calibrate-with) searched the grid of thresholds for the highest
// utility — a right load +1, the right manual among alternatives +0.5, a
// wrong load −4, an out-of-scope intent answered with a hint +1 or
// alternatives +0.6 — over 558 in-scope and 88 out-of-scope intents. With
// them, 64 % of those in-scope intents load the right manual, 0.7 % load
// a wrong one, 30 % get it among alternatives, and every out-of-scope
// intent gets a hint or alternatives. A wrong load costs an agent more
// than a list: it then works from the wrong manual; at −2 the best grid
// point loaded a wrong manual for 3.8 % of example.tsv's intents, at −4
// for 1.9 %, under the 2 % the router aims at. Evidence 1 means a load
// needs two of the intent's words in the manual's routing fields, the
// whole of a one-word intent there, or a word that names the manual; the
// held-out sets (corpus-dev.tsv,
// example-holdout.tsv, heldout.tsv) are not calibrated on.
func DefaultThresholds() Thresholds {
	return Thresholds{Load: 0.25, Margin: 0.40, Ratio: 0.80, Evidence: 1.00, Hint: 0.15, MaxAlternatives: 5}
}

// candidates is how many ranked hits an eval looks at (top-3, MRR).
const candidates = 10

var hitFields = []string{fKind, fName, fPath, fRel, fSumEN, fAudience, fTools, fEngines}

// HowDoI routes intent for the engine and allow-set of v with the default
// thresholds.
func (c *Catalog) HowDoI(intent string, v Visibility) (*Answer, error) {
	return c.HowDoIWith(intent, v, DefaultThresholds())
}

// HowDoIWith routes intent with explicit thresholds.
func (c *Catalog) HowDoIWith(intent string, v Visibility, th Thresholds) (*Answer, error) {
	return guarded(c.dir, func() (*Answer, error) { return c.howDoIWith(intent, v, th) })
}

func (c *Catalog) howDoIWith(intent string, v Visibility, th Thresholds) (*Answer, error) {
	// The decision looks at the best, the runner-up and the alternatives.
	ranked, err := c.rank(intent, v, max(th.MaxAlternatives, 2))
	if err != nil {
		return nil, err
	}
	a := decide(ranked, th)
	if a.Loaded != nil {
		content, err := c.readContent(a.Loaded.at)
		if err != nil {
			return nil, err
		}
		a.Loaded.Content = content
	}
	if a.Loaded == nil && len(a.Alternatives) == 0 {
		a.Hint = hintFor(intent)
	}
	return a, nil
}

// decide turns ranked candidates into an answer (without content).
func decide(ranked []Hit, th Thresholds) *Answer {
	a := &Answer{Ranked: ranked}
	if len(ranked) == 0 {
		return a
	}
	if loads(ranked, th) {
		a.Loaded = &Loaded{Hit: ranked[0]}
		return a
	}
	for _, h := range ranked {
		if h.Score >= th.Hint && len(a.Alternatives) < th.MaxAlternatives {
			a.Alternatives = append(a.Alternatives, h)
		}
	}
	return a
}

// loads reports whether the best of ranked is loaded (see Thresholds).
func loads(ranked []Hit, th Thresholds) bool {
	v, _ := judgeLoad(ranked, th)
	return v == verdictLoad
}

// verdict is why the best candidate is loaded or not (lore howdoi
// --explain prints it).
type verdict uint8

const (
	verdictNone     verdict = iota // no candidate
	verdictWeak                    // its confidence is under Load
	verdictEvidence                // too little evidence of its own
	verdictClose                   // the runner-up is close behind
	verdictLoad                    // loaded
)

// judgeLoad decides whether the best of ranked is loaded, and why; second
// is the index of its competitor in ranked (-1: none).
func judgeLoad(ranked []Hit, th Thresholds) (v verdict, second int) {
	if len(ranked) == 0 {
		return verdictNone, -1
	}
	best := ranked[0]
	if best.Score < th.Load {
		return verdictWeak, -1
	}
	if !evident(best, th) {
		return verdictEvidence, -1
	}
	// An overview that routes to the best candidate is no competitor of
	// it: the intent is in its area, which the best one covers.
	k := 1
	for k < len(ranked) && slices.Contains(ranked[k].routes, best.Name) {
		k++
	}
	if k == len(ranked) {
		return verdictLoad, -1
	}
	if s := ranked[k]; best.Score-s.Score >= th.Margin || s.Score < th.Ratio*best.Score {
		return verdictLoad, k
	}
	return verdictClose, k
}

// evident reports whether h has evidence of its own for a load: its
// routing fields hold minRoutedWords words of the intent, or words worth
// th.Evidence of the intent's weight, or the intent names it by a word
// (Hit.Naming) — a word in a summary may be incidental ("explain" of a
// trigger "explain failure"), a word that is the manual's name or a whole
// trigger is not.
func evident(h Hit, th Thresholds) bool {
	return h.Routed >= minRoutedWords || h.Cover >= th.Evidence || h.Naming > 0
}

func hintFor(intent string) string {
	return fmt.Sprintf("No manual covers %q. Rephrase it with the words of the task (what to show, create or change), "+
		"or list the manuals with manual_list().", quoted(strings.TrimSpace(intent)))
}

// quoted is the request as a hint quotes it: its first maxQuoted bytes
// (whole characters), then "…"; a hint does not echo a long request whole.
func quoted(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// maxQuoted is the longest request a hint quotes whole, in bytes.
const maxQuoted = 160

// rank returns the n best visible candidates for intent, best first, with
// their confidence.
func (c *Catalog) rank(text string, v Visibility, n int) ([]Hit, error) {
	return c.rankExplained(text, v, n, nil)
}

// MaxIntent is the longest request the router takes, in bytes: how_do_i
// routes one sentence of what to do. A longer text is refused
// (IntentTooLongError) rather than analysed word by word.
const MaxIntent = 4096

// IntentTooLongError is the error of a request longer than MaxIntent.
type IntentTooLongError struct{ Len int }

func (e *IntentTooLongError) Error() string {
	return fmt.Sprintf("the request is %d bytes long; how_do_i takes one short sentence (at most %d bytes): say what you want to do, not the whole task", e.Len, MaxIntent)
}

// rankExplained is rank; with ex, it records how it scored (Explain).
func (c *Catalog) rankExplained(text string, v Visibility, n int, ex *explanation) ([]Hit, error) {
	if len(text) > MaxIntent {
		return nil, &IntentTooLongError{Len: len(text)}
	}
	adv, err := c.idx.Advanced()
	if err != nil {
		return nil, err
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	it := c.analyse(text, r)
	st := c.stats(it, r)
	vw, err := c.view(v, r)
	if err != nil {
		return nil, err
	}
	fs := c.forms(it, r)
	var tr *trace
	if ex != nil {
		tr = &trace{best: map[uint64][]match{}, nw: len(it.words)}
	}
	all, unmatched, q := c.score(it, st, fs, r, vw.docs, tr)
	defer q.release()
	if ex != nil {
		*ex = explanation{it: it, st: st, fs: fs, matches: map[string][]match{}, unmatched: unmatched}
	}
	// Overviews are placed among the first overviewWindow candidates
	// whatever n is, so every caller sees the same order.
	want := max(n, overviewWindow)
	// The defensive visibility check below may drop a few; look at four
	// times as many as needed, and at all of them only if that is short.
	scored := top(all, 4*want)
	var out []Hit
	for k := 0; k < len(scored) && len(out) < want; k++ {
		if k == len(scored)-1 && len(scored) < len(all) {
			scored = top(all, len(all))
		}
		d := scored[k]
		id, err := r.ExternalID(index.IndexInternalID(binaryID(d.num)))
		if err != nil {
			return nil, err
		}
		doc, err := r.Document(id)
		if err != nil || doc == nil {
			continue
		}
		f := storedFields(doc)
		if !vw.judge(id, f.get(fAudience), f.all(fTools), f.all(fEngines)) {
			continue
		}
		out = append(out, Hit{ID: id, Name: f.get(fName), Path: f.get(fPath), Rel: f.get(fRel), Summary: f.get(fSumEN),
			Kind: f.get(fKind), Score: math.Round(d.total/c.sc.maxTotal()*1000) / 1000, at: int(d.ord),
			Routed: d.routed, Cover: math.Round(d.cover*1000) / 1000, Naming: d.naming, mask: d.mask, named: d.named})
		h := &out[len(out)-1]
		h.wordScore, h.wordRouting, h.wordNaming = q.words(d.num)
		h.weights = st.weights
		if ex != nil {
			ex.matches[id] = tr.best[d.num]
		}
	}
	if err := c.placeOverviews(out, st.weights); err != nil {
		return nil, err
	}
	return out[:min(n, len(out))], nil
}

// stored holds the stored fields of a document.
type stored map[string][]string

func storedFields(doc index.Document) stored {
	s := stored{}
	doc.VisitFields(func(f index.Field) {
		s[f.Name()] = append(s[f.Name()], string(f.Value()))
	})
	return s
}

func (s stored) get(k string) string {
	if v := s[k]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func (s stored) all(k string) []string { return s[k] }

func binaryID(n uint64) []byte {
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, n)
	return b
}

// bodyShare is how much a document that holds a word in its body counts
// towards the word's document frequency, against one that holds it in
// its routing fields (see routedDF).
const bodyShare = 0.5

// routedDF is the document frequency an English word weighs by: the
// documents that hold it in their routing fields — that say they are for
// it — plus bodyShare of those whose body holds it. A word many manuals
// are for ("test", "review") says less about which one a request wants
// than a word as many bodies merely mention ("yesterday", "vault"): the
// larger of the two counts, as before, weighed them alike. A German
// word keeps the larger count: its weight comes from its renderings, and
// is an estimate anyway (germanShrink).
func routedDF(routing, body float64) float64 { return routing + bodyShare*body }

// germanShrink is how far a German word's weight moves towards that of a
// word no document holds (see stats).
const germanShrink = 0.5

// termStats are document frequencies of the intent's terms.
type termStats struct {
	docs float64
	// body and routing map an English term to the number of documents
	// whose body, or routing text, holds it.
	body, routing map[string]float64
	// weights gives each word of the intent its inverse document
	// frequency: rare words say more about the intent than common ones.
	weights []float64
}

// common reports whether t is in so many bodies that matching it there
// says nothing (and costs the most). A term the statistics have not
// counted yet (a thesaurus relation, which weighs by its word) is counted
// now: "check", related to "review", is in half the bodies of a large
// catalog, and reading its postings took longer than the rest of the
// answer.
func (s *termStats) common(t string, r index.IndexReader) bool {
	n, ok := s.body[t]
	if !ok {
		n = termDocs(r, t, fBody)
		s.body[t] = n
	}
	return n > commonShare*s.docs && n > commonMin
}

// termDocs returns the number of documents whose field holds term t.
func termDocs(r index.IndexReader, t, field string) float64 {
	tr, err := r.TermFieldReader(context.Background(), []byte(t), field, false, false, false)
	if err != nil {
		return 0
	}
	defer tr.Close()
	return float64(tr.Count())
}

// A term in more than commonShare of the bodies, and in more than
// commonMin of them, is not matched in evidence fields: its idf makes it
// weigh next to nothing, and its long posting lists cost the most time.
const (
	commonShare = 0.3
	commonMin   = 1000
)

func (c *Catalog) stats(it intent, r index.IndexReader) *termStats {
	st := &termStats{docs: float64(c.meta.Documents), body: map[string]float64{}, routing: map[string]float64{}}
	count := func(t, field string) float64 { return termDocs(r, t, field) }
	look := func(t string) {
		if _, ok := st.routing[t]; !ok {
			st.body[t] = count(t, fBody)
			st.routing[t] = count(t, fRouting)
		}
	}
	st.weights = make([]float64, len(it.words))
	deDF := func(t string) float64 { return max(count(t, fTrigDE), count(t, fSumDE)) }
	for i, w := range it.words {
		if w.empty() || w.echo {
			continue
		}
		// A word is as specific as the broadest of its meanings: the
		// number of documents that hold its English form, its German stem
		// (in the German fields) or one of its glossary renderings. The
		// rarest form would overrate a German word, whose surface form is
		// rare in English manuals whatever it means.
		var df float64
		if w.number {
			// A number no manual routes with says nothing.
			if look(w.en); st.routing[w.en] > 0 {
				st.weights[i] = math.Log(1 + st.docs/(st.routing[w.en]+1))
			}
			continue
		}
		if w.en != "" {
			look(w.en)
			df = max(st.body[w.en], st.routing[w.en])
			if it.lang != "de" {
				df = routedDF(st.routing[w.en], st.body[w.en])
			}
			// Its other spellings are the same word, and the verb or
			// noun it derives from or derives the same need: it is as
			// common as the most common of them (colour as color).
			for _, t := range slices.Concat(w.spelling, w.derived) {
				look(t)
				if it.lang != "de" {
					df = max(df, routedDF(st.routing[t], st.body[t]))
				} else {
					df = max(df, st.body[t], st.routing[t])
				}
			}
		}
		if len(w.de) > 0 {
			df = max(df, deDF(w.de[0]))
		}
		// A compound the catalog holds as a whole is as specific as the
		// whole; one it does not, as its most specific known part.
		partDF := math.Inf(1)
		if w.split && df > 0 {
			partDF = 0
		}
		for _, g := range w.transGroups {
			if partDF == 0 {
				break
			}
			var d float64
			for _, t := range g {
				look(t)
				d = max(d, st.body[t], st.routing[t])
			}
			partDF = min(partDF, d)
		}
		if !math.IsInf(partDF, 1) {
			df = max(df, partDF)
		}
		st.weights[i] = math.Log(1 + st.docs/(df+1))
		// A German word reaches English manuals through its glossary
		// renderings, so its document frequency is an estimate (the
		// renderings may be broader or narrower than the word): its weight
		// is shrunk halfway towards that of a word no document holds.
		if it.lang == "de" {
			st.weights[i] = (1-germanShrink)*st.weights[i] + germanShrink*math.Log(1+st.docs)
		}
	}
	return st
}

// readContent returns what manual_read returns for the entry at position
// at of the build input.
func (c *Catalog) readContent(at int) (string, error) {
	if at < 0 || at >= len(c.texts) {
		return "", fmt.Errorf("catalog entry %d has no content: rebuild the catalog (lore build, or lore index --out DIR)", at)
	}
	b, err := c.content.read(c.texts[at])
	if err != nil {
		return "", err
	}
	return string(b), nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func strs(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		out := make([]string, 0, len(v))
		for _, e := range v {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
