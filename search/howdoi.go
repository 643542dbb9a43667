package search

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// Hit is a manual (or tool) the router found.
type Hit struct {
	Name    string `json:"name"`
	Path    string `json:"path"`
	Summary string `json:"summary"`
	// Score is the router's confidence that this manual answers the
	// intent, from 0 to 1: the idf-weighted share of the intent's words
	// found in the manual's name, triggers, summary or title.
	Score float64 `json:"score"`
	// Rel is the path relative to the manual root; Kind is manual or tool.
	Rel  string `json:"-"`
	Kind string `json:"-"`
	// ID identifies the catalog document.
	ID string `json:"-"`
	// Rank is the search engine's relevance score (not comparable across
	// intents).
	Rank float64 `json:"-"`
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

// The decision thresholds, calibrated on labelled intents (see
// Thresholds and DefaultThresholds).
//
// Thresholds decide between loaded, alternatives and hint:
//
//   - loaded when the best candidate's confidence reaches Load and it is
//     clearly ahead: the runner-up's confidence is at least Margin below,
//     or the runner-up ranks below Ratio times the best's relevance;
//   - hint when no candidate reaches Hint (nothing fits);
//   - alternatives otherwise: up to MaxAlternatives candidates whose
//     confidence reaches Hint.
type Thresholds struct {
	Load            float64
	Margin          float64
	Ratio           float64
	Hint            float64
	MaxAlternatives int
}

// DefaultThresholds are calibrated on the labelled intents of
// testdata/eval (the example manuals and the real-world corpus set): see
// content/ for the table. They maximise right loads while keeping wrong
// loads of in-scope intents and loads of out-of-scope intents rare; a
// wrong load costs an agent more than a list of alternatives.
var DefaultThresholds = Thresholds{Load: 0.6, Margin: 0.15, Ratio: 0.75, Hint: 0.3, MaxAlternatives: 5}

// candidates is how many hits the router weighs.
const candidates = 10

var hitFields = []string{fKind, fName, fPath, fRel, fSumEN, fTitle, fTrigEN, fAudience, fTools, fEngines}

// HowDoI routes intent for the engine and allow-set of v with the default
// thresholds.
func (c *Catalog) HowDoI(intent string, v Visibility) (*Answer, error) {
	return c.HowDoIWith(intent, v, DefaultThresholds)
}

// HowDoIWith routes intent with explicit thresholds.
func (c *Catalog) HowDoIWith(intent string, v Visibility, th Thresholds) (*Answer, error) {
	ranked, err := c.rank(intent, v)
	if err != nil {
		return nil, err
	}
	a := decide(ranked, th)
	if a.Loaded != nil {
		content, err := c.content(a.Loaded.ID)
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
	best := ranked[0]
	if best.Score >= th.Load {
		ahead := len(ranked) == 1
		if !ahead {
			second := ranked[1]
			ahead = best.Score-second.Score >= th.Margin || second.Rank < th.Ratio*best.Rank
		}
		if ahead {
			a.Loaded = &Loaded{Hit: best}
			return a
		}
	}
	for _, h := range ranked {
		if h.Score >= th.Hint && len(a.Alternatives) < th.MaxAlternatives {
			a.Alternatives = append(a.Alternatives, h)
		}
	}
	return a
}

func hintFor(intent string) string {
	return fmt.Sprintf("No manual covers %q. Rephrase it with the words of the task (what to show, create or change), "+
		"or list the manuals with manual_list().", strings.TrimSpace(intent))
}

// rank returns the visible candidates for intent, best first, with their
// confidence.
func (c *Catalog) rank(text string, v Visibility) ([]Hit, error) {
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
	q := it.query()
	if q == nil {
		return nil, nil
	}
	bq := query.NewBooleanQuery(nil, []query.Query{q}, nil)
	if f := c.filter(v); f != nil {
		bq.AddFilter(f)
	}
	req := bleve.NewSearchRequestOptions(bq, candidates, 0, false)
	req.Fields = hitFields
	req.Sort = search.SortOrder{&search.SortScore{Desc: true}, &search.SortDocID{}}
	res, err := c.idx.Search(req)
	if err != nil {
		return nil, err
	}
	weights := c.weights(it, r)
	var out []Hit
	for _, d := range res.Hits {
		f := d.Fields
		tools, engines := strs(f[fTools]), strs(f[fEngines])
		if !c.visible(v, str(f[fAudience]), tools, engines) {
			continue
		}
		h := Hit{ID: d.ID, Name: str(f[fName]), Path: str(f[fPath]), Rel: str(f[fRel]), Summary: str(f[fSumEN]), Kind: str(f[fKind]), Rank: d.Score}
		h.Score = c.confidence(it, weights, h.Name, str(f[fTrigEN]), h.Summary, str(f[fTitle]))
		out = append(out, h)
	}
	return out, nil
}

// weights gives each word of the intent its inverse document frequency:
// rare words say more about the intent than common ones.
func (c *Catalog) weights(it intent, r index.IndexReader) []float64 {
	n := float64(c.meta.Documents)
	df := func(t string) float64 {
		var best uint64
		for _, f := range []string{fBody, fSumEN, fWords} {
			tr, err := r.TermFieldReader(context.Background(), []byte(t), f, false, false, false)
			if err != nil {
				continue
			}
			best = max(best, tr.Count())
			tr.Close()
		}
		return float64(best)
	}
	w := make([]float64, len(it.words))
	for i, word := range it.words {
		if word.empty() {
			continue
		}
		terms := word.trans
		if word.en != "" {
			terms = append([]string{word.en}, terms...)
		}
		lowest := math.Inf(1)
		for _, t := range terms {
			lowest = min(lowest, df(t))
		}
		if math.IsInf(lowest, 1) {
			lowest = 0
		}
		w[i] = math.Log(1 + n/(lowest+1))
	}
	return w
}

// confidence is the weighted share of the intent's words that the
// manual's routing text (name, triggers, summary, title) contains.
func (c *Catalog) confidence(it intent, weights []float64, name, triggers, summary, title string) float64 {
	routing := strings.Join([]string{strings.Join(NameWords(name), " "), triggers, summary, title}, "\n")
	en := map[string]bool{}
	for _, t := range c.en.Analyze([]byte(routing)) {
		en[string(t.Term)] = true
	}
	de := map[string]bool{}
	for _, t := range c.de.Analyze([]byte(triggers + "\n" + summary)) {
		de[string(t.Term)] = true
	}
	var got, total float64
	for i, w := range it.words {
		if w.empty() {
			continue
		}
		total += weights[i]
		m := 0.0
		switch {
		case w.en != "" && en[w.en]:
			m = 1
		case anyIn(w.de, de):
			m = 1
		case anyIn(w.trans, en):
			m = 0.9
		case w.fuzzy && fuzzyIn(w.en, en):
			m = 0.8
		}
		got += m * weights[i]
	}
	if total == 0 {
		return 0
	}
	return math.Round(got/total*1000) / 1000
}

func anyIn(ts []string, set map[string]bool) bool {
	for _, t := range ts {
		if set[t] {
			return true
		}
	}
	return false
}

// fuzzyIn reports whether set holds a term within the edit distance the
// fuzzy query allowed.
func fuzzyIn(t string, set map[string]bool) bool {
	max := 1
	if len([]rune(t)) >= 8 {
		max = 2
	}
	for s := range set {
		if editDistance(t, s, max) <= max {
			return true
		}
	}
	return false
}

// content returns what manual_read returns for the document id.
func (c *Catalog) content(id string) (string, error) {
	doc, err := c.idx.Document(id)
	if err != nil {
		return "", err
	}
	if doc == nil {
		return "", fmt.Errorf("the catalog has no document %s: rebuild it", id)
	}
	var out string
	doc.VisitFields(func(f index.Field) {
		if f.Name() == fContent {
			out = string(f.Value())
		}
	})
	return out, nil
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
