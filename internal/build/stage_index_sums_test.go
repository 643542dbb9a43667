package build

import (
	"crypto/sha256"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/fixture"
)

// writeTree reads only the files of the folder that stat does not find
// as they were when hashed, more than racyMargin before: an unchanged
// file is carried over by its hash, a changed one (of any size, or of
// the same size with another time) and a racy one are read, and what the
// output records of every file is the hash of its bytes.
func TestTreeSumsReadOnlyWhatChanged(t *testing.T) {
	mem := afero.NewMemMapFs()
	src := &fixture.Counting{Fs: mem}
	old := time.Now().Add(-time.Hour)
	put := func(name, text string, at time.Time) {
		t.Helper()
		if err := afero.WriteFile(mem, "/job/"+name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := mem.Chtimes("/job/"+name, at, at); err != nil {
			t.Fatal(err)
		}
	}
	put("a.txt", "alpha", old)
	put("store/b.zap", "bravo", old)
	put("store/c.bolt", "charlie", old)

	out := afero.NewMemMapFs()
	if err := out.MkdirAll("/public", 0o755); err != nil {
		t.Fatal(err)
	}
	var prev *record
	ts := &treeSums{}
	// pass writes the folder into a new output and returns how many of
	// its files were read.
	pass := func() int {
		t.Helper()
		o, err := openOutput(out, "/public", prev, prev != nil, outputLock{}, 7)
		if err != nil {
			t.Fatal(err)
		}
		defer o.release()
		before := src.Opens()
		if err := ts.writeTree(src, "/job", o, "cat", cache.Key{1}); err != nil {
			t.Fatal(err)
		}
		opened := int(src.Opens() - before)
		for name, want := range map[string]string{"cat/a.txt": "/job/a.txt", "cat/store/b.zap": "/job/store/b.zap", "cat/store/c.bolt": "/job/store/c.bolt"} {
			b, err := afero.ReadFile(mem, want)
			if err != nil {
				t.Fatal(err)
			}
			if e, ok := o.next[name]; !ok || e.sum != cache.Key(sha256.Sum256(b)) {
				t.Errorf("%s recorded as %x, its bytes hash to %x", name, e.sum, sha256.Sum256(b))
			}
		}
		prev = newRecord(o.next)
		return opened - 2 // the two folders listed
	}

	if n := pass(); n != 3 {
		t.Errorf("first pass read %d files, want 3", n)
	}
	if n := pass(); n != 0 {
		t.Errorf("nothing changed: read %d files, want 0", n)
	}
	put("store/b.zap", "bravo, grown", old)
	if n := pass(); n != 1 {
		t.Errorf("one file grown: read %d files, want 1", n)
	}
	put("store/c.bolt", "CHARLIE", old.Add(time.Second))
	if n := pass(); n != 1 {
		t.Errorf("one file of the same size, another time: read %d files, want 1", n)
	}
	put("a.txt", "ALPHA", time.Now())
	if n := pass(); n != 1 {
		t.Errorf("one file changed just now: read %d files, want 1", n)
	}
	if n := pass(); n != 1 {
		t.Errorf("the file changed just before it was hashed (racy): read %d files, want 1", n)
	}
}
