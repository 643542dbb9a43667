package search

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// manyManuals is a project of n generated manuals, enough for a catalog of
// several content shards; edited rewrites the body of manual edited
// (-1: none).
func manyManuals(t *testing.T, n, edited int) Source {
	t.Helper()
	files := map[string]string{"p/lore.yaml": "title: many\nmanuals: [manuals]\n"}
	for i := range n {
		body := fmt.Sprintf("Step %d of the harbour routine: check line %d and log it.\n", i, i*7)
		if i == edited {
			body = "Rewritten: the routine now starts at the north pier.\n"
		}
		files[fmt.Sprintf("p/manuals/m%03d.md", i)] = fmt.Sprintf("---\nsummary: Harbour routine %d.\ntriggers: routine %d\n---\n# Routine %d\n\n%s", i, i, i, body)
	}
	return memSource(t, files)
}

// shardStats says what stat says of every content shard of dir.
func shardStats(t *testing.T, dir string) map[string]os.FileInfo {
	t.Helper()
	des, err := os.ReadDir(filepath.Join(dir, ContentDir))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]os.FileInfo{}
	for _, de := range des {
		fi, err := os.Stat(filepath.Join(dir, ContentDir, de.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[de.Name()] = fi
	}
	return out
}

// An edit of one manual rewrites the one shard that holds its text; a
// catalog whose number of entries crosses a shard count is laid out
// anew. Either way lore's files are those of a fresh build, and every text
// reads back.
func TestUpdateRewritesTheShardsItChanges(t *testing.T) {
	const n = 4 * shardEntries // the most entries of 4 shards
	if shardCount(n) != 4 || shardCount(n+1) != 8 {
		t.Fatalf("shard counts %d, %d: the test needs 4, then 8", shardCount(n), shardCount(n+1))
	}
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	w, _, err := Create(dir, manyManuals(t, n, -1))
	if err != nil {
		t.Fatal(err)
	}
	before := shardStats(t, dir)
	if len(before) != 4 {
		t.Fatalf("%d shards, want 4", len(before))
	}
	for name, fi := range before {
		if fi.Size() == 0 {
			t.Errorf("shard %s is empty: the entries' IDs do not spread over the shards", name)
		}
	}
	steps := []struct {
		what   string
		src    Source
		shards int
		// rewritten is how many shards the step writes (-1: all).
		rewritten int
	}{
		{"one manual edited", manyManuals(t, n, 17), 4, 1},
		{"the last manual removed", manyManuals(t, n-1, 17), 4, 1},
		{"the last manual back", manyManuals(t, n, 17), 4, 1},
		{"one manual added", manyManuals(t, n+1, 17), 8, -1},
		{"nothing changed", manyManuals(t, n+1, 17), 8, 0},
		{"the edit undone", manyManuals(t, n+1, -1), 8, 1},
		{"one manual removed", manyManuals(t, n, -1), 4, -1},
	}
	for _, st := range steps {
		if _, err := w.Update(st.src); err != nil {
			t.Fatal(err)
		}
		if w.rebuilds != 1 {
			t.Fatalf("%s: the catalog was built anew instead of updated", st.what)
		}
		after := shardStats(t, dir)
		if len(after) != st.shards {
			t.Errorf("%s: %d shards, want %d", st.what, len(after), st.shards)
		}
		rewritten := 0
		for name, fi := range after {
			if old, ok := before[name]; !ok || !os.SameFile(old, fi) {
				rewritten++
			}
		}
		if want := st.rewritten; want >= 0 && rewritten != want || want < 0 && rewritten != st.shards {
			t.Errorf("%s: %d shards rewritten, want %d", st.what, rewritten, want)
		}
		before = after
		fresh := filepath.Join(t.TempDir(), "catalog.bleve")
		if _, err := Build(fresh, st.src); err != nil {
			t.Fatal(err)
		}
		got, want := ownFiles(t, dir), ownFiles(t, fresh)
		if len(got) != len(want) {
			t.Errorf("%s: %d of lore's files, a fresh build has %d", st.what, len(got), len(want))
		}
		for name, b := range want {
			if got[name] != b {
				t.Errorf("%s: %s differs from a fresh build's", st.what, name)
			}
		}
		c, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		for at := range c.meta.Documents {
			text, err := c.readContent(at)
			if err != nil {
				t.Fatal(err)
			}
			if (st.src.Manuals.Manuals[at].Src == nil) || text != string(st.src.Manuals.Manuals[at].Src) {
				t.Errorf("%s: entry %d reads %.40q, its manual is %.40q", st.what, at, text, st.src.Manuals.Manuals[at].Src)
				break
			}
		}
		c.Close()
	}
}

// A catalog whose content is damaged says so, naming the file to rebuild,
// rather than answering with another text or a short one.
func TestDamagedContentIsRefused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	if _, err := Build(dir, manyManuals(t, 2*shardEntries, -1)); err != nil {
		t.Fatal(err)
	}
	ends, err := os.ReadFile(filepath.Join(dir, ContentEndsFile))
	if err != nil {
		t.Fatal(err)
	}
	meta, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if err != nil {
		t.Fatal(err)
	}
	docs := regexp.MustCompile(`"documents": \d+`)
	if !docs.Match(meta) {
		t.Fatalf("no document count in %s", meta)
	}
	for what, damage := range map[string]func(){
		"ends truncated": func() { os.WriteFile(filepath.Join(dir, ContentEndsFile), ends[:len(ends)-16], 0o644) },
		"shard out of range": func() {
			b := append([]byte(nil), ends...)
			b[16] = 200
			os.WriteFile(filepath.Join(dir, ContentEndsFile), b, 0o644)
		},
		"ends going back": func() {
			b := append([]byte(nil), ends...)
			copy(b[8:16], []byte{0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0})
			os.WriteFile(filepath.Join(dir, ContentEndsFile), b, 0o644)
		},
		"content folder gone": func() { os.Rename(filepath.Join(dir, ContentDir), filepath.Join(dir, "gone")) },
		// 16 × (2⁶⁰+1) wraps to 16: one entry's worth of ends.
		"document count forged": func() {
			os.WriteFile(filepath.Join(dir, MetaFile), docs.ReplaceAll(meta, []byte(`"documents": 1152921504606846977`)), 0o644)
			os.WriteFile(filepath.Join(dir, ContentEndsFile), ends[:16], 0o644)
		},
	} {
		damage()
		if c, err := Open(dir); err == nil {
			c.Close()
			t.Errorf("%s: the catalog opened", what)
		}
		os.WriteFile(filepath.Join(dir, ContentEndsFile), ends, 0o644)
		os.WriteFile(filepath.Join(dir, MetaFile), meta, 0o644)
		os.Rename(filepath.Join(dir, "gone"), filepath.Join(dir, ContentDir))
	}

	// A shard cut short is found when its text is read.
	shard := filepath.Join(dir, shardPath(1))
	b, err := os.ReadFile(shard)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(shard, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	failed := 0
	for at := range c.meta.Documents {
		if _, err := c.readContent(at); err != nil {
			failed++
			if c.texts[at].shard != 1 {
				t.Errorf("entry %d of shard %d: %v", at, c.texts[at].shard, err)
			}
		}
	}
	if failed == 0 {
		t.Error("every text of a shard cut short was read")
	}
}

// An update that copies texts from a shard cut short behind the writer's
// back does not publish shifted texts: it fails and builds the catalog
// anew, which reads every text back as its manual is.
func TestUpdateFromAShardCutShortBuildsAnew(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	w, _, err := Create(dir, manyManuals(t, 2*shardEntries, -1))
	if err != nil {
		t.Fatal(err)
	}
	edited := manyManuals(t, 2*shardEntries, 17)
	shard := filepath.Join(dir, shardPath(w.docs[planned(edited)[17]].at.shard))
	b, err := os.ReadFile(shard)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(shard, b[:len(b)-40], 0o644); err != nil {
		t.Fatal(err)
	}
	c := updatedAnew(t, w, dir, edited)
	defer c.Close()
	for at, m := range edited.Manuals.Manuals {
		if text, err := c.readContent(at); err != nil || text != string(m.Src) {
			t.Fatalf("entry %d reads %.40q (%v), its manual is %.40q", at, text, err, m.Src)
		}
	}
}

// planned returns the IDs of src's entries in input order.
func planned(src Source) []string {
	ps, _ := src.planned()
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.id
	}
	return ids
}

// updatedAnew updates w, whose folder dir was damaged since w built it,
// to src, checks that the update built the catalog anew, and opens it.
func updatedAnew(t *testing.T, w *Writer, dir string, src Source) *Catalog {
	t.Helper()
	if _, err := w.Update(src); err != nil {
		t.Fatal(err)
	}
	if w.rebuilds != 2 {
		t.Errorf("%d builds: the update of a damaged folder did not build anew", w.rebuilds)
	}
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
