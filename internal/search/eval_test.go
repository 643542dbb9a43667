package search

import (
	"bytes"
	"strings"
	"testing"
)

func TestParseCases(t *testing.T) {
	in := "id\tlang\tintent\texpected\n# a comment\n\na1\ten\tshow a chart\tcharts.md\n" +
		"a2\tde\tBild zeigen\timages.md|pdf-forms/SKILL.md\na3\ten\tbake bread\tNONE\n"
	cs, err := ParseCases(strings.NewReader(in), "x.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 3 || cs[1].Expected[1] != "pdf-forms/SKILL.md" || cs[2].Expected != nil || cs[0].Line != 4 {
		t.Errorf("parsed %+v", cs)
	}
	for _, bad := range []string{"a\tb\tc\n", "a\ten\t\tNONE\n", "# only a comment\n"} {
		if _, err := ParseCases(strings.NewReader(bad), "bad.tsv"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestOwnerRel(t *testing.T) {
	rels := map[string]bool{"s/pdf/SKILL.md": true, "flat.md": true, "s/other.md": true}
	for in, want := range map[string]string{
		"s/pdf/SKILL.md":       "s/pdf/SKILL.md",
		"s/pdf/ref/deep/x.md":  "s/pdf/SKILL.md",
		"flat.md":              "flat.md",
		"s/other.md":           "s/other.md",
		"missing.md":           "",
		"s/pdf/not-indexed.md": "s/pdf/SKILL.md",
	} {
		if got := ownerRel(in, rels); got != want {
			t.Errorf("ownerRel(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestEvalReport(t *testing.T) {
	c := open(t, fixture(t))
	in := "e1\ten\tshow a bar chart\tcharts.md\n" +
		"e2\tde\tDiagramme anzeigen\tcharts.md\n" +
		"e3\ten\tfill a pdf form\tpdf-forms/reference/field-types.md\n" +
		"e4\ten\tbake a sourdough bread\tNONE\n"
	cs, err := ParseCases(strings.NewReader(in), "t.tsv")
	if err != nil {
		t.Fatal(err)
	}
	outs, err := c.Eval(cs, all, DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	r := Summarize(outs)
	if r.Total.InScope != 3 || r.Total.None != 1 || r.Total.Top1 != 1 || r.Total.NoneSafe != 1 {
		t.Errorf("report %+v", r.Total)
	}
	var b bytes.Buffer
	if err := r.Write(&b, 5); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"lang", "top-1", "de", "en", "all", "100.0%"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
	cs[0].Expected = []string{"nosuch.md"}
	if _, err := c.Eval(cs, all, DefaultThresholds()); err == nil {
		t.Error("an expected manual the catalog lacks must be an error")
	}
}

func TestCalibrateNeverWorse(t *testing.T) {
	c := open(t, fixture(t))
	cs, _ := ParseCases(strings.NewReader("e1\ten\tshow a bar chart\tcharts.md\ne2\ten\tbake bread\tNONE\n"), "t.tsv")
	outs, err := c.Eval(cs, all, DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	th, _ := Calibrate(outs)
	if utility(outs, th) < utility(outs, DefaultThresholds()) {
		t.Errorf("calibrated %v is worse than the defaults", th)
	}
}

// Asked as an engine, an intent that expects only manuals the engine
// cannot see is out of scope for it; one that expects some of them counts
// the visible ones only.
func TestEvalHidesWhatTheEngineCannotSee(t *testing.T) {
	c := open(t, fixture(t))
	cs, err := ParseCases(strings.NewReader("e1\ten\tremember this note\tmemory.md\n"+
		"e2\ten\tshow a bar chart\tcharts.md|memory.md\n"), "t.tsv")
	if err != nil {
		t.Fatal(err)
	}
	arthur, err := c.VisibilityFor("arthur", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := c.Eval(cs, arthur, DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	if len(outs[0].Want) != 0 || len(outs[0].Hidden) != 1 || len(outs[1].Want) != 1 || outs[1].Want[0] != "charts.md" {
		t.Errorf("outcomes %+v / %+v", outs[0], outs[1])
	}
	r := Summarize(outs)
	if r.HiddenAll != 1 || r.HiddenSome != 1 || r.Total.None != 1 || r.Total.InScope != 1 {
		t.Errorf("report %+v", r)
	}
	// As eddie, the memory manual is visible and expected.
	eddie, _ := c.VisibilityFor("eddie", nil, false)
	outs, _ = c.Eval(cs, eddie, DefaultThresholds())
	if len(outs[0].Want) != 1 || len(outs[0].Hidden) != 0 {
		t.Errorf("as eddie: %+v", outs[0])
	}
}

func TestMissCause(t *testing.T) {
	a, b := Hit{Rel: "a.md"}, Hit{Rel: "b.md"}
	for _, tc := range []struct {
		name string
		o    Outcome
		want MissCause
	}{
		{"loaded right", Outcome{Want: []string{"a.md"}, Rank: 1, Answer: &Answer{Loaded: &Loaded{Hit: a}}}, CauseNone},
		{"out of scope", Outcome{Answer: &Answer{Loaded: &Loaded{Hit: a}}}, CauseNone},
		{"wrong load", Outcome{Want: []string{"a.md"}, Rank: 2, Answer: &Answer{Loaded: &Loaded{Hit: b}}}, CauseWrongLoad},
		{"no candidate", Outcome{Want: []string{"a.md"}, Answer: &Answer{Hint: "no"}}, CauseNoCandidate},
		{"ranked below", Outcome{Want: []string{"a.md"}, Rank: 3, Answer: &Answer{Alternatives: []Hit{b, a}}}, CauseRankedBelow},
		{"first, not loaded", Outcome{Want: []string{"a.md"}, Rank: 1, Answer: &Answer{Alternatives: []Hit{a, b}}}, CauseNotLoaded},
	} {
		if got := tc.o.Cause(); got != tc.want {
			t.Errorf("%s: cause %s, want %s", tc.name, got, tc.want)
		}
	}
	r := Summarize([]Outcome{
		{Case: Case{Lang: "en"}, Want: []string{"a.md"}, Answer: &Answer{Hint: "no"}},
		{Case: Case{Lang: "de"}, Want: []string{"a.md"}, Rank: 2, Answer: &Answer{Loaded: &Loaded{Hit: b}}},
	})
	if r.Causes[CauseNoCandidate]["en"] != 1 || r.Causes[CauseWrongLoad]["de"] != 1 || r.Causes[CauseWrongLoad]["all"] != 1 {
		t.Errorf("causes %v", r.Causes)
	}
}
