package search

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lorekit/lore/internal/manual"
)

var all = Visibility{AnyTools: true}

func TestRouting(t *testing.T) {
	c := open(t, fixture(t))
	for _, tc := range []struct {
		intent, want string
	}{
		{"show a bar chart", "charts.md"},
		// German stemming: the plural finds the manual triggered by the singular.
		{"Diagramme", "charts.md"},
		{"zeig mir die Diagramme im Chat", "charts.md"},
		// ASCII folding: ue for ü, in both directions.
		{"Schluessel", "keys.md"},
		{"Schlüssel erneuern", "keys.md"},
		// A typo, matched fuzzily.
		{"embed a screnshot", "images.md"},
		// A compound the glossary splits (Bildschirm + Foto).
		{"Bildschirmfotos einfügen", "images.md"},
		// The name split into words routes too.
		{"pdf forms", "pdf-forms/SKILL.md"},
		// A word of a skill's reference routes to the skill.
		{"signature checkbox in a pdf", "pdf-forms/SKILL.md"},
	} {
		if got := best(t, c, tc.intent, all); got != tc.want {
			t.Errorf("%q: best %q, want %q", tc.intent, got, tc.want)
		}
	}
}

func TestGermanIntentReachesEnglishManual(t *testing.T) {
	c := open(t, fixture(t))
	// "Bilder" is German only; the glossary takes it to image/picture,
	// which only the English summary and triggers hold besides "Bild".
	if got := best(t, c, "wie zeige ich Bilder", all); got != "images.md" {
		t.Errorf("best %q, want images.md", got)
	}
}

func TestAnswerKinds(t *testing.T) {
	c := open(t, fixture(t))
	a, err := c.HowDoI("show a bar chart inline", all)
	if err != nil {
		t.Fatal(err)
	}
	if a.Loaded == nil || a.Loaded.Name != "charts" {
		t.Fatalf("want charts loaded, got %s", mustJSON(t, a))
	}
	if !strings.Contains(a.Loaded.Content, "# Charts") {
		t.Errorf("loaded content is not the manual: %q", a.Loaded.Content)
	}
	a, err = c.HowDoI("bake a sourdough bread", all)
	if err != nil {
		t.Fatal(err)
	}
	if a.Loaded != nil || len(a.Alternatives) > 0 || a.Hint == "" {
		t.Errorf("out of scope: want a hint, got %s", mustJSON(t, a))
	}
}

func TestAnswerJSONHasExactlyOneKey(t *testing.T) {
	for _, a := range []*Answer{
		{Loaded: &Loaded{Hit: Hit{Name: "x", Path: "m/x.md", Summary: "s", Score: 0.5}, Content: "c"}},
		{Alternatives: []Hit{{Name: "x", Path: "m/x.md", Summary: "s", Score: 0.5}}},
		{Hint: "h"},
	} {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(mustJSON(t, a)), &m); err != nil {
			t.Fatal(err)
		}
		if len(m) != 1 {
			t.Errorf("%s: %d keys, want 1", mustJSON(t, a), len(m))
		}
	}
	b := mustJSON(t, &Answer{Loaded: &Loaded{Hit: Hit{Name: "x", Path: "p", Summary: "s", Score: 1}, Content: "c"}})
	if want := `{"loaded":{"name":"x","path":"p","summary":"s","score":1,"content":"c"}}`; b != want {
		t.Errorf("loaded JSON\n got %s\nwant %s", b, want)
	}
	b = mustJSON(t, &Answer{Alternatives: []Hit{{Name: "x", Path: "p", Summary: "s", Score: 0.25}}})
	if want := `{"alternatives":[{"name":"x","path":"p","summary":"s","score":0.25}]}`; b != want {
		t.Errorf("alternatives JSON\n got %s\nwant %s", b, want)
	}
}

func mustJSON(t testing.TB, a *Answer) string {
	t.Helper()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDecide(t *testing.T) {
	th := Thresholds{Load: 0.5, Margin: 0.2, Ratio: 0.7, Evidence: 0.5, Hint: 0.2, MaxAlternatives: 2}
	// h has the evidence of two words in its routing fields.
	h := func(s float64) Hit { return Hit{Name: "m", Score: s, Routed: 2} }
	// one has one word there, worth cover of the intent's weight.
	one := func(s, cover float64) Hit { return Hit{Score: s, Routed: 1, Cover: cover} }
	named := func(h Hit) Hit { h.Naming = 1; return h }
	// overview routes to m.
	overview := func(s float64) Hit { return Hit{Name: "o-overview", Score: s, Routed: 2, routes: []string{"x", "m"}} }
	for _, tc := range []struct {
		name   string
		ranked []Hit
		want   string
	}{
		{"nothing", nil, "hint"},
		{"clearly ahead", []Hit{h(0.9), h(0.5)}, "loaded"},
		{"alone", []Hit{h(0.6)}, "loaded"},
		{"close second", []Hit{h(0.6), h(0.5)}, "alternatives"},
		{"weak", []Hit{h(0.4), h(0.1)}, "alternatives"},
		{"nothing fits", []Hit{h(0.1), h(0.05)}, "hint"},
		// Ahead, but with one word of the intent in its routing fields
		// that is not half of what the intent says: no evidence.
		{"one minor word", []Hit{one(0.6, 0.3), h(0.1)}, "alternatives"},
		{"one major word", []Hit{one(0.6, 0.6), h(0.1)}, "loaded"},
		// One minor word that names the manual (its name, or a trigger
		// said whole) is evidence; it still has to be clearly ahead.
		{"one naming word", []Hit{named(one(0.6, 0.3)), h(0.1)}, "loaded"},
		{"one naming word, close second", []Hit{named(one(0.6, 0.3)), h(0.5)}, "alternatives"},
		{"one naming word, weak", []Hit{named(one(0.4, 0.3)), h(0.1)}, "alternatives"},
		// An overview that routes to the best is no competitor.
		{"overview behind its route", []Hit{h(0.6), overview(0.55), h(0.1)}, "loaded"},
		{"overview behind another", []Hit{one(0.6, 0.6), overview(0.55)}, "alternatives"},
	} {
		a := decide(tc.ranked, th)
		o := Outcome{Answer: a}
		if got := o.Decision(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
		if len(a.Alternatives) > th.MaxAlternatives {
			t.Errorf("%s: %d alternatives, max %d", tc.name, len(a.Alternatives), th.MaxAlternatives)
		}
	}
}

// TestVisibilityIsAbsolute asks random intents as random engines with
// random allow-sets (including tools no catalog has heard of) and checks
// every candidate against the manuals themselves: an audience of another
// engine, a required tool outside the allow-set, or a manual the engine's
// cascade (first visible match) does not return must never come back.
func TestVisibilityIsAbsolute(t *testing.T) {
	src := fixture(t)
	c := open(t, src)
	byRel := map[string]*manual.Manual{}
	for _, m := range src.Manuals.Manuals {
		byRel[m.Rel] = m
	}
	cv := viewOf(src)
	engines := []string{"arthur", "eddie"}
	tools := []string{"web_fetch", "calendar_create", "memory_write", "never_heard_of", "doc_create"}
	words := []string{"greeting", "hello", "chart", "Termin", "remember this", "web search", "calendar", "memory",
		"key", "pdf", "Bild", "research online", "merk dir", "welcome", "fetch"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		v := Visibility{Engine: engines[rng.IntN(len(engines))], Tools: []string{}}
		for _, tl := range tools {
			if rng.IntN(2) == 0 {
				v.Tools = append(v.Tools, tl)
			}
		}
		intent := words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))]
		a, err := c.HowDoI(intent, v)
		if err != nil {
			t.Fatal(err)
		}
		list, err := c.List(v)
		if err != nil {
			t.Fatal(err)
		}
		seen := append(slices.Clone(a.Ranked), list...)
		for _, h := range seen {
			if h.Kind == KindTool {
				if !slices.Contains(v.Tools, h.Name) {
					t.Errorf("%+v %q: tool %s outside the allow-set", v, intent, h.Name)
				}
				continue
			}
			m := byRel[h.Rel]
			if m == nil {
				t.Fatalf("hit %s is no manual", h.Rel)
			}
			if m.Audience != "" && m.Audience != v.Engine {
				t.Errorf("%+v %q: %s has audience %s", v, intent, h.Rel, m.Audience)
			}
			for _, need := range m.RequiresTools {
				if !slices.Contains(v.Tools, need) {
					t.Errorf("%+v %q: %s requires %s", v, intent, h.Rel, need)
				}
			}
			if win := src.Manuals.CascadeFor(cv.paths[v.Engine], v).Resolve(m.Name); win != m {
				t.Errorf("%+v %q: %s is not what %s's cascade returns for %s (%v)", v, intent, h.Rel, v.Engine, m.Name, win)
			}
		}
	}
}

func TestCascadePrecedence(t *testing.T) {
	c := open(t, fixture(t))
	// arthur's manualPaths list manuals/arthur/ first: its greeting wins
	// and the general one is shadowed for arthur.
	arthur := Visibility{Engine: "arthur", AnyTools: true}
	hits, err := c.rank("greeting hello", arthur, candidates)
	if err != nil {
		t.Fatal(err)
	}
	var rels []string
	for _, h := range hits {
		rels = append(rels, h.Rel)
	}
	if !slices.Contains(rels, "arthur/greeting.md") || slices.Contains(rels, "greeting.md") {
		t.Errorf("arthur: got %v, want arthur/greeting.md and not the shadowed greeting.md", rels)
	}
	// eddie's cascade is manuals/ in path order: manuals/arthur/greeting.md
	// comes first, but it is for arthur, hidden from eddie, so it neither
	// wins nor shadows: eddie gets the general greeting, as manual_read
	// gives it.
	hits, err = c.rank("greeting hello", Visibility{Engine: "eddie", AnyTools: true}, candidates)
	if err != nil {
		t.Fatal(err)
	}
	rels = rels[:0]
	for _, h := range hits {
		rels = append(rels, h.Rel)
	}
	if !slices.Contains(rels, "greeting.md") || slices.Contains(rels, "arthur/greeting.md") {
		t.Errorf("eddie: got %v, want greeting.md and not arthur's", rels)
	}
	// Without an engine every manual is visible, and the cascade is every
	// root in path order, as for manual_read: arthur/greeting.md comes
	// first and shadows the general one.
	hits, _ = c.rank("greeting hello", all, candidates)
	rels = rels[:0]
	for _, h := range hits {
		rels = append(rels, h.Rel)
	}
	if slices.Contains(rels, "greeting.md") || !slices.Contains(rels, "arthur/greeting.md") {
		t.Errorf("no engine: got %v, want arthur/greeting.md, which comes first in path order", rels)
	}
}

func TestVisibilityFor(t *testing.T) {
	c := open(t, fixture(t))
	if _, err := c.VisibilityFor("marvin", nil, false); err == nil {
		t.Error("an engine without a recipe was accepted")
	}
	v, err := c.VisibilityFor("arthur", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if v.AnyTools || !slices.Equal(v.Tools, []string{"calendar_create", "web_fetch"}) {
		t.Errorf("arthur without --tools: %+v, want the recipe's tools", v)
	}
	v, _ = c.VisibilityFor("arthur", []string{}, true)
	if v.AnyTools || len(v.Tools) != 0 {
		t.Errorf("arthur with an empty allow-set: %+v", v)
	}
	v, _ = c.VisibilityFor("", nil, false)
	if !v.AnyTools {
		t.Errorf("no engine, no tools: %+v, want tools unchecked", v)
	}
}

func TestRequiresToolsHidesManual(t *testing.T) {
	c := open(t, fixture(t))
	v := Visibility{Engine: "arthur", Tools: []string{"calendar_create"}}
	for _, intent := range []string{"web search look up online", "recherchieren"} {
		if got := best(t, c, intent, v); got == "research.md" {
			t.Errorf("%q: research.md needs web_fetch, which the allow-set lacks", intent)
		}
	}
	v.Tools = append(v.Tools, "web_fetch")
	if got := best(t, c, "web search look up online", v); got != "research.md" {
		t.Errorf("with web_fetch allowed: best %q, want research.md", got)
	}
}
