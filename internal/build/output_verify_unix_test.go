//go:build unix

package build

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// verify on the OS file system (folders read once, stamps taken on every
// core) finds what the walk finds: files as recorded, files changed in
// size, time or (when racy) bytes, files the record lacks, links, and
// folders of more files than one worker's share.
func TestVerifyOSIsVerifyWalk(t *testing.T) {
	dir := filepath.ToSlash(t.TempDir())
	files := map[string]recEntry{}
	write := func(rel, data string, when time.Time) {
		e := writeRecorded(t, dir, rel, data, when)
		e.key = cache.Key{1}
		files[rel] = e
	}
	old := time.Now().Add(-time.Hour)
	for i := range 2*verifyChunk + 7 {
		write(fmt.Sprintf("manuals/m%05d.html", i), fmt.Sprintf("page %d", i), old)
	}
	write("index.html", "home", old)
	write("a/b/c/deep.txt", "deep", old)
	write("resized.html", "short", old)
	write("retimed.html", "same", old)
	write("racy.html", "racy", time.Now())
	write("gone.html", "gone", old)
	write("linked.html", "target", old)
	r := newRecord(files)
	r.stamped = time.Now().UnixNano()

	// What happened since the build.
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	p := func(rel string) string { return filepath.FromSlash(path.Join(dir, rel)) }
	must(os.WriteFile(p("resized.html"), []byte("longer now"), 0o644))
	must(os.Chtimes(p("resized.html"), old, old))
	must(os.Chtimes(p("retimed.html"), old.Add(time.Second), old.Add(time.Second)))
	racyFi, _ := os.Lstat(p("racy.html"))
	must(os.WriteFile(p("racy.html"), []byte("RACY"), 0o644)) // same size
	must(os.Chtimes(p("racy.html"), racyFi.ModTime(), racyFi.ModTime()))
	must(os.Remove(p("gone.html")))
	must(os.Remove(p("linked.html")))
	must(os.Symlink(p("index.html"), p("linked.html")))
	must(os.WriteFile(p("manuals/extra.html"), []byte("extra"), 0o644))
	must(os.WriteFile(p("a/b/new.txt"), []byte("new"), 0o644))

	osRec, osUnknown, ok := verifyOS(dir, r, nil)
	if !ok {
		t.Fatal("verifyOS could not read the folder")
	}
	walkRec, walkUnknown := verifyWalk(afero.NewOsFs(), dir, r)
	if !reflect.DeepEqual(osUnknown, walkUnknown) {
		t.Errorf("unknown files:\n os   %v\n walk %v", osUnknown, walkUnknown)
	}
	if !reflect.DeepEqual(osRec.files, walkRec.files) || !reflect.DeepEqual(osRec.paths, walkRec.paths) {
		t.Errorf("verified: os %d files, walk %d", len(osRec.files), len(walkRec.files))
	}
	want := []string{"a/b/new.txt", "linked.html", "manuals/extra.html", "racy.html", "resized.html", "retimed.html"}
	if !reflect.DeepEqual(osUnknown, want) {
		t.Errorf("unknown = %v, want %v", osUnknown, want)
	}
	if len(osRec.files) != len(files)-len(want)+2-1 { // two of want are new, gone.html is gone
		t.Errorf("verified %d of %d recorded files", len(osRec.files), len(files))
	}
	if _, _, ok := verifyOS(path.Join(dir, "none"), r, nil); ok {
		t.Error("verifyOS of a missing folder")
	}
	// Stopped (the up-to-date check's inputs differ), it checks nothing.
	var stop atomic.Bool
	stop.Store(true)
	if rec, _, _ := verifyOS(dir, r, &stop); rec != nil && len(rec.files) > 0 {
		t.Errorf("a stopped verify checked %d files", len(rec.files))
	}
}

// writeRecorded writes data to the file rel under dir with the time when,
// and returns its record entry (sum, size and time; no key).
func writeRecorded(t *testing.T, dir, rel, data string, when time.Time) recEntry {
	t.Helper()
	p := filepath.Join(filepath.FromSlash(dir), filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, when, when); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	return recEntry{sum: cache.Key(sha256.Sum256([]byte(data))), size: fi.Size(), mtime: fi.ModTime().UnixNano()}
}
