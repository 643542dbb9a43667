package watch

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// batches runs a watcher over targets and returns a channel of the
// batches it reports.
func batches(t *testing.T, targets Targets) <-chan []string {
	t.Helper()
	w, err := New(func() Targets { return targets }, 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	out := make(chan []string, 16)
	done := make(chan error, 1)
	go func() {
		done <- w.Run(ctx, func(p []string) { out <- p }, func(err error) { t.Errorf("warn: %v", err) })
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run = %v", err)
		}
	})
	return out
}

func next(t *testing.T, ch <-chan []string) []string {
	t.Helper()
	select {
	case p := <-ch:
		return p
	case <-time.After(10 * time.Second):
		t.Fatal("no change reported")
		return nil
	}
}

func quiet(t *testing.T, ch <-chan []string) {
	t.Helper()
	select {
	case p := <-ch:
		t.Fatalf("reported %q, want nothing", p)
	case <-time.After(500 * time.Millisecond):
	}
}

func write(t *testing.T, p, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestNewFolderReportsFilesWrittenBeforeItsWatch(t *testing.T) {
	dir := t.TempDir()
	manuals := filepath.Join(dir, "manuals")
	write(t, filepath.Join(manuals, "a.md"), "a")
	ch := batches(t, Targets{Dirs: []string{manuals}})
	// The file lands in the new folder at once, before the watcher could
	// add a watch for the folder.
	f := filepath.Join(manuals, "tools", "deep", "b.md")
	write(t, f, "b")
	for got := []string{}; !slices.Contains(got, f); {
		got = append(got, next(t, ch)...)
	}
	// Edits inside the new folder are seen from then on.
	write(t, f, "b2")
	if got := next(t, ch); !slices.Contains(got, f) {
		t.Fatalf("edit in the new folder: %q", got)
	}
}

func TestIgnoresDropppingsSkippedPathsAndChmod(t *testing.T) {
	dir := t.TempDir()
	manuals := filepath.Join(dir, "manuals")
	out := filepath.Join(manuals, "public")
	write(t, filepath.Join(manuals, "a.md"), "a")
	write(t, filepath.Join(out, "index.html"), "x")
	ch := batches(t, Targets{Dirs: []string{manuals}, Skip: []string{out + string(filepath.Separator)}})
	write(t, filepath.Join(manuals, ".a.md.swx"), "x")
	write(t, filepath.Join(manuals, "a.md~"), "x")
	write(t, filepath.Join(manuals, "a.md.swp"), "x")
	write(t, filepath.Join(out, "index.html"), "y")
	if err := os.Chmod(filepath.Join(manuals, "a.md"), 0o600); err != nil {
		t.Fatal(err)
	}
	quiet(t, ch)
	write(t, filepath.Join(manuals, "a.md"), "a2")
	if got := next(t, ch); !slices.Equal(got, []string{filepath.Join(manuals, "a.md")}) {
		t.Fatalf("got %q, want only a.md", got)
	}
	// A skipped folder is not a name prefix: public-notes.md is a source.
	notes := filepath.Join(manuals, "public-notes.md")
	write(t, notes, "n")
	if got := next(t, ch); !slices.Equal(got, []string{notes}) {
		t.Fatalf("got %q, want public-notes.md", got)
	}
}

func TestProjectFileAndLaterSourceFolders(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "lore.yaml")
	prompts := filepath.Join(dir, "prompts")
	ch := batches(t, Targets{File: file, Dirs: []string{prompts}})
	write(t, filepath.Join(dir, "unrelated.txt"), "x")
	quiet(t, ch)
	write(t, file, "title: x\n")
	if got := next(t, ch); !slices.Equal(got, []string{file}) {
		t.Fatalf("project file created: %q", got)
	}
	p := filepath.Join(prompts, "seed", "identity.md")
	write(t, p, "I am.")
	for got := []string{}; !slices.Contains(got, p); {
		got = append(got, next(t, ch)...)
	}
}

func TestBurstIsOneBatch(t *testing.T) {
	dir := t.TempDir()
	ch := batches(t, Targets{Dirs: []string{dir}})
	var want []string
	for _, n := range []string{"a.md", "b.md", "c.md"} {
		p := filepath.Join(dir, n)
		write(t, p, n)
		want = append(want, p)
	}
	if got := next(t, ch); !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q in one sorted batch", got, want)
	}
}

// TestSkipsTheSkippedFolderItself: a skipped folder (the build's output)
// is skipped by its own name too: the build renames it when it swaps the
// new output in, which must not look like a change of the sources.
func TestSkipsTheSkippedFolderItself(t *testing.T) {
	root := filepath.Join(string(filepath.Separator), "p")
	out := filepath.Join(root, "public")
	tg := Targets{Dirs: []string{root}, Skip: []string{out + string(filepath.Separator)}}
	for name, want := range map[string]bool{
		out:                                 false,
		filepath.Join(out, "index.html"):    false,
		filepath.Join(root, "publicity.md"): true,
		filepath.Join(root, "a.md"):         true,
	} {
		if got := tg.relevant(name); got != want {
			t.Errorf("relevant(%s) = %v, want %v", name, got, want)
		}
	}
}
