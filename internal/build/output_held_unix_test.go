//go:build unix

package build_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/lorekit/lore/internal/build"
)

// TestHeldOutputCheck: after an edit, lore build takes the check of the
// output that its nothing-changed test began under the output's lock
// (heldCheck) instead of checking the folder again. The build publishes
// what a build from scratch publishes when the output is as published,
// when a published file was changed beside the edit, and when another
// process holds the output's lock as the build starts (the build then
// checks the folder itself once it has the lock, and waits for it).
func TestHeldOutputCheck(t *testing.T) {
	pr := newOSProject(t, 30)
	proj, o := pr.dir, pr.o
	scratch := func(what string) { t.Helper(); pr.scratch(t, what) }
	mustBuild(t, o)
	editProject(t, proj)
	mustBuild(t, o)
	scratch("an edit")

	// A file no edit changes (the style sheet) defaced beside the edit.
	editProject(t, proj)
	css, err := filepath.Glob(filepath.Join(proj, "public", "assets", "*.css"))
	if err != nil || len(css) == 0 {
		t.Fatalf("no style sheet in the output (%v)", err)
	}
	// Written in place: the spare's hard link to it changes too.
	if err := os.WriteFile(css[0], []byte("defaced"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustBuild(t, o)
	scratch("an edit and a defaced style sheet")

	// Another process holds the lock (flock on the output's parent
	// folder) while the build starts.
	editProject(t, proj)
	f, err := os.Open(proj)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := build.Run(o)
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("the build did not wait for the output's lock (err %v)", err)
	case <-time.After(300 * time.Millisecond):
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_UN); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	scratch("an edit while another held the lock")

	// Nothing changed: the lock the check took is let go of (the next
	// build would wait for it otherwise).
	if res := mustBuild(t, o); !res.UpToDate {
		t.Error("nothing changed, but the build was not up to date")
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatalf("the output's lock is still held after the builds: %v", err)
	}
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
