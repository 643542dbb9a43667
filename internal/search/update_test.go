package search

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
)

// exampleCopy copies the repository's example project (manuals/ and
// lore.yaml) into memory, to be changed.
func exampleCopy(t *testing.T) afero.Fs {
	t.Helper()
	mem := afero.NewMemMapFs()
	err := filepath.WalkDir("../../manuals", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err == nil {
			err = afero.WriteFile(mem, strings.TrimPrefix(filepath.ToSlash(p), "../../"), b, 0o644)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("../../lore.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := afero.WriteFile(mem, "lore.yaml", b, 0o644); err != nil {
		t.Fatal(err)
	}
	// An Agent Skills folder: its reference folds into the SKILL.md entry.
	for p, text := range map[string]string{
		"manuals/knots/SKILL.md":             "---\nname: knots\ndescription: Tie sailing knots for mooring and towing.\n---\n# Knots\n\nSee the reference.\n",
		"manuals/knots/reference/bowline.md": "# Bowline\n\nA fixed loop at the end of a line.\n",
		"manuals/zz-logbook.md":              "---\ntriggers: logbook, log entry\nsummary: Keep the ship's logbook.\n---\n# Logbook\n\nWrite an entry every watch.\n",
	} {
		if err := afero.WriteFile(mem, p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return mem
}

func sourceOf(t *testing.T, fsys afero.Fs) Source {
	t.Helper()
	cfg, err := config.Load(fsys, ".", "")
	if err != nil {
		t.Fatal(err)
	}
	return Source{Manuals: manual.Load(fsys, []string{"manuals"}), Config: cfg}
}

// variant changes exampleCopy's project: one manual removed, one rewritten,
// one added, a reference of a skill folder changed, a tool described anew.
func variant(t *testing.T, fsys afero.Fs) {
	t.Helper()
	src := sourceOf(t, fsys)
	var plain, skills []*manual.Manual
	for _, m := range src.Manuals.Manuals {
		switch {
		case m.Owner != nil:
			skills = append(skills, m)
		case !m.IsSkillEntry():
			plain = append(plain, m)
		}
	}
	if len(plain) < 2 || len(skills) == 0 {
		t.Fatalf("the example project lacks the manuals this test changes")
	}
	if err := fsys.Remove("manuals/zz-logbook.md"); err != nil {
		t.Fatal(err)
	}
	edit := func(m *manual.Manual, extra string) {
		if err := afero.WriteFile(fsys, m.Path, append(append([]byte(nil), m.Src...), extra...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit(plain[1], "\n## Quarterly reconciliation\n\nReconcile the ledgers every quarter.\n")
	edit(skills[0], "\n## Glockenspiel tuning\n\nSee the tuning table.\n")
	err := afero.WriteFile(fsys, "manuals/zz-harbour-tides.md", []byte(`---
triggers: tide table, high water, Gezeiten
summary: Read harbour tide tables before planning a departure.
---
# Harbour tides

Check high and low water for the harbour.
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := afero.ReadFile(fsys, "lore.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(src.Config.ToolNames) > 0 {
		tool := src.Config.ToolNames[0]
		cfg = []byte(strings.Replace(string(cfg), tool+":", tool+": Harbour tool. #", 1))
		if err := afero.WriteFile(fsys, "lore.yaml", cfg, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// answers are what a catalog tells: its description, every intent of
// the example set and a few probes answered, and the content of every
// document.
type answers struct {
	outcomes []Outcome
	// probes answer the words the variant adds and removes.
	probes []*Answer
	// files are the catalog's files other than bleve's.
	files   map[string]string
	content map[string]string
}

var probes = []string{"glockenspiel tuning", "quarterly reconciliation", "harbour tide table", "logbook entry", "sailing knots"}

func answersOf(t *testing.T, dir string) answers {
	t.Helper()
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	a := answers{files: map[string]string{}, content: map[string]string{}}
	if a.outcomes, err = c.Eval(exampleCases(t), all, DefaultThresholds()); err != nil {
		t.Fatal(err)
	}
	for _, p := range probes {
		ans, err := c.HowDoI(p, all)
		if err != nil {
			t.Fatal(err)
		}
		a.probes = append(a.probes, ans)
	}
	a.files = ownFiles(t, dir)
	req := bleve.NewSearchRequestOptions(query.NewMatchAllQuery(), c.meta.Documents+1, 0, false)
	req.Fields = []string{fPath}
	res, err := c.idx.Search(req)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range res.Hits {
		text, err := c.readContent(int(c.order[h.IndexInternalID.Value()]))
		if err != nil {
			t.Fatal(err)
		}
		a.content[str(h.Fields[fPath])] = text
	}
	if len(a.content) != c.meta.Documents {
		t.Fatalf("%d documents, %d in the description", len(a.content), c.meta.Documents)
	}
	return a
}

// same fails the test unless an updated catalog answers as a fresh build
// of the same source does.
func same(t *testing.T, what string, updated, fresh answers) {
	t.Helper()
	for name, b := range fresh.files {
		if updated.files[name] != b {
			t.Errorf("%s: %s differs from a fresh build's", what, name)
		}
	}
	if !reflect.DeepEqual(updated.content, fresh.content) {
		t.Errorf("%s: the documents' content differs from a fresh build's", what)
	}
	for i, p := range probes {
		if a, b := updated.probes[i], fresh.probes[i]; !reflect.DeepEqual(a, b) {
			t.Errorf("%s: %q answers differently from a fresh build:\n%+v\n%+v", what, p, a, b)
		}
	}
	for i := range fresh.outcomes {
		a, b := updated.outcomes[i], fresh.outcomes[i]
		if !reflect.DeepEqual(a.Ranked, b.Ranked) || a.Decision() != b.Decision() {
			t.Errorf("%s: %s %q answers differently from a fresh build:\n%v\n%v", what, a.ID, a.Intent, a.Ranked, b.Ranked)
		}
	}
}

func freshAnswers(t *testing.T, src Source) answers {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "fresh.bleve")
	if _, err := Build(dir, src); err != nil {
		t.Fatal(err)
	}
	return answersOf(t, dir)
}

// An updated catalog answers every intent, describes itself and returns
// every document's content exactly as a fresh build of the same source,
// through updates that remove, change and add manuals and back.
func TestUpdateAnswersAsFreshBuild(t *testing.T) {
	base := sourceOf(t, exampleCopy(t))
	changedFS := exampleCopy(t)
	variant(t, changedFS)
	changed := sourceOf(t, changedFS)
	if InputsHash(base) == InputsHash(changed) {
		t.Fatal("the variant did not change the project")
	}

	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	w, meta, err := Create(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	if meta.InputsSHA256 != InputsHash(base) {
		t.Fatalf("Create's meta hashes %s", meta.InputsSHA256)
	}
	same(t, "created", answersOf(t, dir), freshAnswers(t, base))

	for i, src := range []Source{changed, base, changed, changed} {
		if _, err := w.Update(src); err != nil {
			t.Fatal(err)
		}
		if w.rebuilds != 1 {
			t.Fatalf("update %d built the catalog anew instead of updating it", i+1)
		}
		same(t, fmt.Sprintf("update %d", i+1), answersOf(t, dir), freshAnswers(t, src))
	}
}

// An update that changes most entries builds the catalog anew.
func TestUpdateMostChanged(t *testing.T) {
	src := sourceOf(t, exampleCopy(t))
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	w, _, err := Create(dir, src)
	if err != nil {
		t.Fatal(err)
	}
	most := exampleCopy(t)
	for _, m := range src.Manuals.Manuals {
		if err := afero.WriteFile(most, m.Path, append(append([]byte(nil), m.Src...), "\nRevised.\n"...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	next := sourceOf(t, most)
	if _, err := w.Update(next); err != nil {
		t.Fatal(err)
	}
	if w.rebuilds != 2 {
		t.Errorf("rewriting every manual updated the catalog (%d builds): it should build it anew", w.rebuilds)
	}
	same(t, "most changed", answersOf(t, dir), freshAnswers(t, next))
}

// Another project vocabulary changes every document's analysis: the
// update builds the catalog anew, and the catalog then answers with the
// new vocabulary (a probe only it bridges), as a fresh build does.
func TestUpdateNewVocabulary(t *testing.T) {
	src := sourceOf(t, exampleCopy(t))
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	w, _, err := Create(dir, src)
	if err != nil {
		t.Fatal(err)
	}
	next := src
	next.Vocabulary = "Schiffstagebuch: logbook\n"
	if InputsHash(next) == InputsHash(src) {
		t.Fatal("the vocabulary is not part of the inputs' hash")
	}
	if _, err := w.Update(next); err != nil {
		t.Fatal(err)
	}
	if w.rebuilds != 2 {
		t.Errorf("a new vocabulary updated the catalog (%d builds): it should build it anew", w.rebuilds)
	}
	same(t, "new vocabulary", answersOf(t, dir), freshAnswers(t, next))
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if got := best(t, c, "wo ist das Schiffstagebuch", all); got != "zz-logbook.md" {
		t.Errorf("with the vocabulary, the best answer is %q, want zz-logbook.md", got)
	}
	// Resuming the catalog in another process keeps its vocabulary.
	r, err := Resume(dir, w.State())
	if err != nil {
		t.Fatal(err)
	}
	if r.vocab != next.Vocabulary {
		t.Errorf("the resumed writer has vocabulary %q", r.vocab)
	}
}

// An update that fails (here: the folder is gone, as when a cleaner of
// temporary files passed) builds the catalog anew.
func TestUpdateRecoversFromBrokenFolder(t *testing.T) {
	fsys := exampleCopy(t)
	src := sourceOf(t, fsys)
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	w, _, err := Create(dir, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Dir(dir)); err != nil {
		t.Fatal(err)
	}
	variant(t, fsys)
	next := sourceOf(t, fsys)
	if _, err := w.Update(next); err != nil {
		t.Fatal(err)
	}
	if w.rebuilds != 2 {
		t.Errorf("the broken catalog was not built anew (%d builds)", w.rebuilds)
	}
	same(t, "recovered", answersOf(t, dir), freshAnswers(t, next))
}

// copyDir copies the files of the folder src into dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err == nil {
			err = os.WriteFile(filepath.Join(dst, rel), b, 0o644)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// ownFiles returns lore's own files of the catalog in dir (OwnFile), by
// path inside it.
func ownFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if OwnFile(filepath.ToSlash(rel)) {
			b, err := os.ReadFile(p)
			files[filepath.ToSlash(rel)] = string(b)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files[MetaFile] == "" || files[ContentEndsFile] == "" && len(files) > 2 {
		t.Fatalf("%s lacks lore's files: %v", dir, slices.Collect(maps.Keys(files)))
	}
	return files
}

// A Writer's state resumes a copy of its catalog in another process (lore
// build keeps it in its cache): the resumed writer updates the copy as
// the first would have, without building it anew.
func TestResumeUpdatesACopy(t *testing.T) {
	base := sourceOf(t, exampleCopy(t))
	changedFS := exampleCopy(t)
	variant(t, changedFS)
	changed := sourceOf(t, changedFS)

	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	w, _, err := Create(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	state := w.State()
	copied := filepath.Join(t.TempDir(), "catalog.bleve")
	copyDir(t, dir, copied)
	r, err := Resume(copied, state)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Update(changed); err != nil {
		t.Fatal(err)
	}
	if r.rebuilds != 0 {
		t.Error("the resumed writer built the catalog anew instead of updating it")
	}
	same(t, "resumed", answersOf(t, copied), freshAnswers(t, changed))
	if _, err := Resume(copied, r.State()); err != nil {
		t.Errorf("the updated catalog does not resume: %v", err)
	}
}

// Resume refuses a state that does not fit the catalog.
func TestResumeRefusesAForeignState(t *testing.T) {
	src := sourceOf(t, exampleCopy(t))
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	w, _, err := Create(dir, src)
	if err != nil {
		t.Fatal(err)
	}
	state := w.State()
	other := exampleCopy(t)
	variant(t, other)
	otherDir := filepath.Join(t.TempDir(), "catalog.bleve")
	if _, _, err := Create(otherDir, sourceOf(t, other)); err != nil {
		t.Fatal(err)
	}
	grown := filepath.Join(t.TempDir(), "catalog.bleve")
	copyDir(t, dir, grown)
	f, err := os.OpenFile(filepath.Join(grown, shardPath(0)), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("more")
	f.Close()
	for name, c := range map[string]struct {
		dir   string
		state []byte
	}{
		"another catalog":   {otherDir, state},
		"truncated state":   {dir, state[:len(state)-10]},
		"no state":          {dir, nil},
		"longer state":      {dir, append(append([]byte(nil), state...), 0)},
		"grown content":     {grown, state},
		"not a catalog dir": {t.TempDir(), state},
	} {
		if _, err := Resume(c.dir, c.state); err == nil {
			t.Errorf("%s: Resume accepted it", name)
		}
	}
}

// An update of a folder whose segment was damaged behind the writer's
// back (bleve panics opening it) builds the catalog anew.
func TestUpdateOfADamagedSegmentBuildsAnew(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	w, _, err := Create(dir, manyManuals(t, 40, -1))
	if err != nil {
		t.Fatal(err)
	}
	segs, err := filepath.Glob(filepath.Join(dir, "store", "*.zap"))
	if err != nil || len(segs) == 0 {
		t.Fatalf("segments %v (%v)", segs, err)
	}
	b, err := os.ReadFile(segs[0])
	if err != nil {
		t.Fatal(err)
	}
	copy(b[len(b)-40:], []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	if err := os.WriteFile(segs[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	c := updatedAnew(t, w, dir, manyManuals(t, 40, 7))
	defer c.Close()
	if a, err := c.HowDoI("harbour routine 7 north pier", all); err != nil || a.Loaded == nil || a.Loaded.Name != "m007" {
		t.Errorf("after the update, how_do_i answers %+v (%v)", a, err)
	}
}
