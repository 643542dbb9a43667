package build_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// evalRow is one labelled intent of a routing eval set.
type evalRow struct {
	line             int
	id, lang, intent string
	expected         []string // nil for NONE
}

func readEvalSet(t *testing.T, file string) []evalRow {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var rows []evalRow
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if n == 1 {
			if line != "id\tlang\tintent\texpected" {
				t.Fatalf("%s:1: header %q, want id, lang, intent, expected separated by tabs", file, line)
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 4 {
			t.Errorf("%s:%d: %d columns, want 4", file, n, len(cols))
			continue
		}
		r := evalRow{line: n, id: cols[0], lang: cols[1], intent: cols[2]}
		if cols[3] != "NONE" {
			r.expected = strings.Split(cols[3], "|")
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// checkEvalSet checks the shape of a labelled set: unique ids, en/de only,
// at least min rows, languages balanced, 10–20 % out-of-scope intents.
func checkEvalSet(t *testing.T, file string, rows []evalRow, min int) {
	t.Helper()
	if len(rows) < min {
		t.Errorf("%s: %d intents, want at least %d", file, len(rows), min)
	}
	ids := map[string]int{}
	intents := map[string]int{}
	langs := map[string]int{}
	none := 0
	for _, r := range rows {
		if prev, dup := ids[r.id]; dup {
			t.Errorf("%s:%d: id %s already used on line %d", file, r.line, r.id, prev)
		}
		ids[r.id] = r.line
		if prev, dup := intents[strings.ToLower(r.intent)]; dup {
			t.Errorf("%s:%d: intent repeats line %d", file, r.line, prev)
		}
		intents[strings.ToLower(r.intent)] = r.line
		if r.lang != "en" && r.lang != "de" {
			t.Errorf("%s:%d: lang %q, want en or de", file, r.line, r.lang)
		}
		langs[r.lang]++
		if strings.TrimSpace(r.intent) == "" {
			t.Errorf("%s:%d: empty intent", file, r.line)
		}
		if r.expected == nil {
			none++
		}
	}
	if d := langs["en"] - langs["de"]; d > len(rows)/10 || -d > len(rows)/10 {
		t.Errorf("%s: %d English and %d German intents, want about half each", file, langs["en"], langs["de"])
	}
	if share := float64(none) / float64(len(rows)); share < 0.10 || share > 0.20 {
		t.Errorf("%s: %.0f %% NONE intents, want about 15 %%", file, 100*share)
	}
}

// The example eval set labels manuals that exist, by their path relative to
// the manuals root.
func TestExampleEvalSet(t *testing.T) {
	file := filepath.Join(repoRoot, "testdata", "eval", "example.tsv")
	rows := readEvalSet(t, file)
	checkEvalSet(t, file, rows, 80)
	p := loadExample(t)
	rels := map[string]bool{}
	for _, m := range p.Manuals.Manuals {
		rels[m.Rel] = true
	}
	hit := map[string]bool{}
	for _, r := range rows {
		for _, e := range r.expected {
			if !rels[e] {
				t.Errorf("%s:%d: expected %q is no manual under manuals/", file, r.line, e)
			}
			hit[e] = true
		}
	}
	for rel := range rels {
		if !hit[rel] {
			t.Errorf("%s: no intent expects %s", file, rel)
		}
	}
}

// The corpus eval set labels documents of ../shared/corpus, which a hermetic
// test cannot read; its shape and path syntax are checked here, its labels
// by `make corpus`.
func TestCorpusEvalSet(t *testing.T) {
	file := filepath.Join(repoRoot, "testdata", "eval", "corpus.tsv")
	rows := readEvalSet(t, file)
	checkEvalSet(t, file, rows, 160)
	sources := map[string]int{}
	for _, r := range rows {
		for _, e := range r.expected {
			if strings.HasPrefix(e, "/") || strings.Contains(e, "..") || !strings.HasSuffix(e, ".md") {
				t.Errorf("%s:%d: expected %q is not a relative path to a .md document", file, r.line, e)
			}
			src, _, _ := strings.Cut(e, "/")
			sources[src]++
		}
	}
	if len(sources) < 5 {
		t.Errorf("%s: intents cover %d sources (%v), want all five", file, len(sources), sources)
	}
}
