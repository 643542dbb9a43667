package build

import (
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// settle moves the times of the files the build wrote out of the racy
// margin, and leaves a file whose bytes changed since it was written
// (same size: stat cannot tell) as it was, racy, for the next build to
// compare by its bytes.
func TestSettle(t *testing.T) {
	fsys := afero.NewMemMapFs()
	o, err := openOutput(fsys, "/site/public", nil, false, outputLock{}, 7)
	if err != nil {
		t.Fatal(err)
	}
	defer o.release()
	for _, p := range []string{"index.html", "m/a.html", "m/b.html"} {
		if err := o.Write(p, cache.Key{}, []byte("page "+p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := afero.WriteFile(fsys, o.stage+"/m/b.html", []byte("PAGE m/b.html"), 0o644); err != nil {
		t.Fatal(err)
	}
	written := o.next["m/b.html"].mtime
	if err := fsys.Chtimes(o.stage+"/m/b.html", time.Unix(0, written), time.Unix(0, written)); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	o.settle(now)
	r := newRecord(o.next)
	r.stamped = now.UnixNano()
	for _, p := range []string{"index.html", "m/a.html"} {
		e := o.next[p]
		fi, err := fsys.Stat(o.stage + "/" + p)
		if err != nil {
			t.Fatal(err)
		}
		if e.mtime != fi.ModTime().UnixNano() || e.mtime >= now.UnixNano()-int64(racyOutput) {
			t.Errorf("%s: recorded time %d, on disk %d: not settled before %v", p, e.mtime, fi.ModTime().UnixNano(), now)
		}
	}
	if got := o.next["m/b.html"].mtime; got != written {
		t.Errorf("m/b.html changed under the build was settled (time %d, written %d)", got, written)
	}
	if !r.racy() {
		t.Error("the record of a build with a file changed under it is not racy")
	}
}
