package lint

import (
	"reflect"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// TestScopeManualReadsOneManual checks every rule that declares
// ScopeManual: its Manual check gives a manual the same findings whether
// the manual is checked within the whole generated project or in a set of
// its own (with the skill that owns it), on a file system that holds
// nothing else. A rule that reads other manuals or files and declares
// ScopeManual fails here: a build would reuse stale findings.
func TestScopeManualReadsOneManual(t *testing.T) {
	fsys := afero.NewMemMapFs()
	if err := corpusgen.Write(fsys, "p", 600, 5); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(fsys, "p", "")
	if err != nil {
		t.Fatal(err)
	}
	set := manual.Load(fsys, []string{"p/manuals"})
	full := &Input{Config: cfg, FS: fsys, Manuals: set}
	var rules []*Rule
	for _, r := range Rules() {
		if r.Scope == ScopeManual {
			if r.Manual == nil {
				t.Errorf("%s declares ScopeManual but has no Manual check", r.ID)
			}
			rules = append(rules, r)
		}
	}
	if len(rules) < 20 {
		t.Fatalf("only %d rules declare ScopeManual", len(rules))
	}
	fired := map[string]int{}
	for _, m := range set.Manuals {
		alone := []*manual.Manual{copyManual(m)}
		if m.Owner != nil {
			alone = append(alone, copyManual(m.Owner))
		}
		single := manual.NewSet(alone)
		in := &Input{Config: cfg, FS: afero.NewMemMapFs(), Manuals: single}
		for _, r := range rules {
			var want, got diag.List
			r.Manual(&Pass{In: full, rule: r, out: &want}, m)
			r.Manual(&Pass{In: in, rule: r, out: &got}, single.ByPath(m.Path))
			fired[r.ID] += len(want)
			if !reflect.DeepEqual(want, got) {
				t.Errorf("%s on %s: %d findings in the project, %d alone:\n%v\n%v", r.ID, m.Path, len(want), len(got), want, got)
			}
		}
	}
	if len(fired) == 0 {
		t.Fatal("no ScopeManual rule fired on the generated project")
	}
}

// TestScopeNamesReadsNames checks every rule that declares ScopeNames:
// its Manual check gives a manual the same findings whether the manual is
// checked within the whole generated project or in a set of the manual
// (with the skill that owns it) and, for every other manual, nothing but
// its name and path, on a file system that holds nothing else. A rule
// that reads more of the other manuals and declares ScopeNames fails
// here: a build would reuse stale findings.
func TestScopeNamesReadsNames(t *testing.T) {
	fsys := afero.NewMemMapFs()
	if err := corpusgen.Write(fsys, "p", 400, 11); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(fsys, "p", "")
	if err != nil {
		t.Fatal(err)
	}
	set := manual.Load(fsys, []string{"p/manuals"})
	full := &Input{Config: cfg, FS: fsys, Manuals: set}
	var rules []*Rule
	for _, r := range Rules() {
		if r.Scope == ScopeNames {
			if r.Manual == nil {
				t.Errorf("%s declares ScopeNames but has no Manual check", r.ID)
			}
			rules = append(rules, r)
		}
	}
	if len(rules) < 2 {
		t.Fatalf("only %d rules declare ScopeNames", len(rules))
	}
	fired := map[string]int{}
	for _, m := range set.Manuals {
		var ms []*manual.Manual
		for _, o := range set.Manuals {
			switch {
			case o == m || o == m.Owner:
				ms = append(ms, copyManual(o))
			default:
				ms = append(ms, &manual.Manual{Path: o.Path, Name: o.Name, Root: o.Root, Rel: o.Rel})
			}
		}
		names := manual.NewSet(ms)
		if NamesDigest(names) != NamesDigest(set) {
			t.Fatalf("the set of names has another digest than the project")
		}
		in := &Input{Config: cfg, FS: afero.NewMemMapFs(), Manuals: names}
		for _, r := range rules {
			var want, got diag.List
			r.Manual(&Pass{In: full, rule: r, out: &want}, m)
			r.Manual(&Pass{In: in, rule: r, out: &got}, names.ByPath(m.Path))
			fired[r.ID] += len(want)
			if !reflect.DeepEqual(want, got) {
				t.Errorf("%s on %s: %d findings in the project, %d with the names alone:\n%v\n%v", r.ID, m.Path, len(want), len(got), want, got)
			}
		}
	}
	for _, r := range rules {
		if fired[r.ID] == 0 {
			t.Errorf("%s never fired on the generated project", r.ID)
		}
	}
}

// TestNamesDigest: a name or a path changed, a manual added or removed
// changes the digest; a body does not.
func TestNamesDigest(t *testing.T) {
	mk := func(ms ...*manual.Manual) [32]byte { return NamesDigest(manual.NewSet(ms)) }
	a := &manual.Manual{Path: "m/a.md", Name: "a", Src: []byte("one")}
	b := &manual.Manual{Path: "m/b.md", Name: "b"}
	base := mk(a, b)
	if base == ([32]byte{}) {
		t.Fatal("zero digest")
	}
	for name, d := range map[string][32]byte{
		"renamed": mk(a, &manual.Manual{Path: "m/b.md", Name: "c"}),
		"moved":   mk(a, &manual.Manual{Path: "m/x/b.md", Name: "b"}),
		"added":   mk(a, b, &manual.Manual{Path: "m/c.md", Name: "c"}),
		"removed": mk(a),
	} {
		if d == base {
			t.Errorf("%s: same digest", name)
		}
	}
	if mk(&manual.Manual{Path: "m/a.md", Name: "a", Src: []byte("two")}, b) != base {
		t.Error("a body changed the digest")
	}
}

// TestMemoKeepsOwnFindings runs the linter twice with a memo: the second
// run takes the findings of every manual's ScopeManual and ScopeNames
// checks from the memo and reports exactly what the first did.
func TestMemoKeepsOwnFindings(t *testing.T) {
	fsys := afero.NewMemMapFs()
	if err := corpusgen.Write(fsys, "p", 300, 7); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(fsys, "p", "")
	if err != nil {
		t.Fatal(err)
	}
	set := manual.Load(fsys, []string{"p/manuals"})
	plain := Run(&Input{Config: cfg, FS: fsys, Manuals: set})
	memo := &mapMemo{mu: make(chan struct{}, 1), m: map[memoKey]diag.List{}}
	first := Run(&Input{Config: cfg, FS: fsys, Manuals: set, Memo: memo})
	// Two lists a manual: its ScopeManual and its ScopeNames findings.
	if len(memo.m) != 2*len(set.Manuals) || memo.hits != 0 {
		t.Fatalf("first run kept %d lists for %d manuals, %d hits", len(memo.m), len(set.Manuals), memo.hits)
	}
	second := Run(&Input{Config: cfg, FS: fsys, Manuals: set, Memo: memo})
	if memo.hits != 2*len(set.Manuals) {
		t.Fatalf("second run took %d lists for %d manuals from the memo", memo.hits, len(set.Manuals))
	}
	for _, got := range []diag.List{first, second} {
		if !reflect.DeepEqual(plain, got) {
			t.Fatalf("with a memo: %d findings, without: %d", len(got), len(plain))
		}
	}
	// A memo that forgets nothing but answers wrongly shows: the test
	// above can fail.
	memo.m[memoKey{set.Manuals[0].Path, [32]byte{}}] = diag.List{{Pos: diag.Pos{File: set.Manuals[0].Path, Line: 1, Col: 1}, Severity: diag.Error, Rule: "size/goal", Message: "planted"}}
	if reflect.DeepEqual(plain, Run(&Input{Config: cfg, FS: fsys, Manuals: set, Memo: memo})) {
		t.Fatal("a planted memo entry did not reach the findings")
	}
}

type memoKey struct {
	path string
	ctx  [32]byte
}

type mapMemo struct {
	mu   chan struct{}
	m    map[memoKey]diag.List
	hits int
}

func (x *mapMemo) lock() {
	if x.mu == nil {
		panic("mapMemo without lock")
	}
	x.mu <- struct{}{}
}

func (x *mapMemo) Findings(m *manual.Manual, ctx [32]byte) (diag.List, bool) {
	x.lock()
	defer func() { <-x.mu }()
	ds, ok := x.m[memoKey{m.Path, ctx}]
	if ok {
		x.hits++
	}
	return ds, ok
}

func (x *mapMemo) Keep(m *manual.Manual, ctx [32]byte, ds diag.List) {
	x.lock()
	defer func() { <-x.mu }()
	x.m[memoKey{m.Path, ctx}] = ds
}

func copyManual(m *manual.Manual) *manual.Manual {
	c := *m
	return &c
}

// digestMemo is a mapMemo that keeps digests (DigestMemo), by path.
type digestMemo struct {
	mapMemo
	digests map[string][32]byte
	dhits   int
}

func (x *digestMemo) Digest(m *manual.Manual, kind string, f func() [32]byte) [32]byte {
	x.lock()
	d, ok := x.digests[kind+" "+m.Path]
	if ok {
		x.dhits++
	}
	<-x.mu
	if ok {
		return d
	}
	d = f()
	x.lock()
	x.digests[kind+" "+m.Path] = d
	<-x.mu
	return d
}

// TestDigestMemoKeepsDuplicates: with a memo that keeps digests, the
// second run takes every manual's ref/duplicate digest from it and
// reports what a run without a memo does (a copied manual included); a
// planted digest reaches the findings.
func TestDigestMemoKeepsDuplicates(t *testing.T) {
	fsys := afero.NewMemMapFs()
	if err := corpusgen.Write(fsys, "p", 200, 3); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(fsys, "p", "")
	if err != nil {
		t.Fatal(err)
	}
	first := manual.Load(fsys, []string{"p/manuals"})
	src, err := afero.ReadFile(fsys, first.Manuals[5].Path)
	if err != nil {
		t.Fatal(err)
	}
	if err := afero.WriteFile(fsys, "p/manuals/zz-copy.md", src, 0o644); err != nil {
		t.Fatal(err)
	}
	set := manual.Load(fsys, []string{"p/manuals"})
	dups := func(ds diag.List) int {
		n := 0
		for _, d := range ds {
			if d.Rule == refDuplicate.ID {
				n++
			}
		}
		return n
	}
	plain := Run(&Input{Config: cfg, FS: fsys, Manuals: set})
	if dups(plain) == 0 {
		t.Fatal("the copy is not reported")
	}
	memo := &digestMemo{mapMemo: mapMemo{mu: make(chan struct{}, 1), m: map[memoKey]diag.List{}}, digests: map[string][32]byte{}}
	for i := range 2 {
		if got := Run(&Input{Config: cfg, FS: fsys, Manuals: set, Memo: memo}); !reflect.DeepEqual(plain, got) {
			t.Fatalf("run %d with a digest memo: %d findings, without: %d", i, len(got), len(plain))
		}
	}
	if memo.dhits != len(set.Manuals) {
		t.Fatalf("the second run took %d of %d digests from the memo", memo.dhits, len(set.Manuals))
	}
	// Two manuals given one digest: a duplicate the memo made up shows.
	a, b := set.Manuals[1].Path, set.Manuals[2].Path
	memo.digests[refDuplicate.ID+" "+b] = memo.digests[refDuplicate.ID+" "+a]
	if got := Run(&Input{Config: cfg, FS: fsys, Manuals: set, Memo: memo}); dups(got) != dups(plain)+1 {
		t.Fatalf("a planted digest: %d duplicates, want %d", dups(got), dups(plain)+1)
	}
}
