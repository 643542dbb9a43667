package search

import (
	"crypto/sha256"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
)

func TestInputsHash(t *testing.T) {
	a, b := fixture(t), fixture(t)
	if InputsHash(a) != InputsHash(b) {
		t.Fatal("equal inputs hash differently")
	}
	// Sums the caller has already computed give the same hash.
	withSums := fixture(t)
	withSums.Sum = func(m *manual.Manual) [32]byte { return sha256.Sum256(m.Src) }
	if InputsHash(withSums) != InputsHash(a) {
		t.Error("the caller's source sums change the hash")
	}
	m := b.Manuals.Manuals[0]
	m.Src = append([]byte(nil), m.Src...)
	m.Src[len(m.Src)-1] = '!'
	if InputsHash(a) == InputsHash(b) {
		t.Error("a changed manual keeps the hash")
	}
	c := fixture(t)
	c.Config.Recipes[0].ManualPaths = []string{"manuals/"}
	if InputsHash(a) == InputsHash(c) {
		t.Error("changed manualPaths keep the hash")
	}
}

func TestMeta(t *testing.T) {
	src := fixture(t)
	dir := filepath.Join(t.TempDir(), "c")
	meta, err := Build(dir, src)
	if err != nil {
		t.Fatal(err)
	}
	read, err := ReadMeta(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(meta, read) {
		t.Errorf("meta written %+v, read %+v", meta, read)
	}
	// 9 routable manuals (the skill's reference folds into it) + 3 tools.
	if meta.Documents != 12 || !reflect.DeepEqual(meta.Engines, []string{"arthur", "eddie"}) ||
		!reflect.DeepEqual(meta.Tools, []string{"calendar_create", "memory_write", "web_fetch"}) {
		t.Errorf("meta %+v", meta)
	}
	if _, err := Build(dir, src); err == nil {
		t.Error("building into an existing catalog must fail")
	}
	if _, err := Open(t.TempDir()); err == nil {
		t.Error("opening a folder without a catalog must fail")
	}
}

// exampleCases reads the example set (testdata/eval/example.tsv).
func exampleCases(t testing.TB) []Case {
	t.Helper()
	f, err := os.Open("../../testdata/eval/example.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := ParseCases(f, "example.tsv")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// exampleSource loads the repository's example project (manuals/ and
// lore.yaml at the top of the module).
func exampleSource(t testing.TB) Source {
	t.Helper()
	fs := afero.NewBasePathFs(afero.NewOsFs(), "../..")
	if _, err := fs.Stat("manuals"); err != nil {
		t.Fatalf("the example manuals are missing: %v", err)
	}
	cfg, err := config.Load(fs, ".", "")
	if err != nil {
		t.Fatal(err)
	}
	return Source{Manuals: manual.Load(fs, []string{"manuals"}), Config: cfg}
}

// A catalog built twice from the same input answers every intent of the
// example set identically: same candidates, same order, same scores, same
// decision (the index bytes may differ; the answers may not).
func TestBuiltTwiceAnswersIdentically(t *testing.T) {
	src := exampleSource(t)
	cases := exampleCases(t)
	var runs [2][]Outcome
	for i := range runs {
		var err error
		c := open(t, src)
		if runs[i], err = c.Eval(cases, all, DefaultThresholds()); err != nil {
			t.Fatal(err)
		}
	}
	for i := range cases {
		a, b := runs[0][i], runs[1][i]
		if !reflect.DeepEqual(a.Ranked, b.Ranked) || a.Decision() != b.Decision() {
			t.Errorf("%s %q answers differently:\n%v\n%v", a.ID, a.Intent, a.Ranked, b.Ranked)
		}
	}
}

// A catalog of another schema is refused with a message that says to
// rebuild it, not opened half-way.
func TestOpenRefusesAnotherSchema(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	if _, err := Build(dir, fixture(t)); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, MetaFile)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), Schema, "lore.catalog/v2", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Open(dir)
	if err == nil || !strings.Contains(err.Error(), Schema) || !strings.Contains(err.Error(), "rebuild") {
		t.Errorf("Open = %v", err)
	}
}
