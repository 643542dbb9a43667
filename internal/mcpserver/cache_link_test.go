package mcpserver

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/afero"
)

// A .lore-cache that is a symbolic link out of the project is said once in
// the server's log (stderr), as lore build says it, however many builds
// the server runs; nothing is written through it, and nothing of it goes
// to the protocol.
func TestCacheLinkedOutSaidOnce(t *testing.T) {
	root := t.TempDir()
	dir, outside := filepath.Join(root, "proj"), filepath.Join(root, "outside")
	for name, body := range fixture {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../outside", filepath.Join(dir, ".lore-cache")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("symbolic links are required under CI=true: %v", err)
		}
		t.Skipf("symbolic links: %v", err)
	}
	var log syncBuffer
	rs := &routers{}
	o := Options{Engine: "arthur", OpenRouter: rs.open, Logger: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	o.Project.FS, o.Project.Dir = afero.NewOsFs(), dir
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rebuilt := make(chan error, 4)
	run, err := s.Watch(ctx, func(err error) { rebuilt <- err })
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = run() }()
	layer := filepath.Join(dir, "prompts", "arthur.md")
	if err := os.WriteFile(layer, []byte("# Arthur\n\nBe brief, and cite the manual you used.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-rebuilt:
		if err != nil {
			t.Fatalf("rebuild: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("no rebuild")
	}
	got := log.String()
	if n := strings.Count(got, "is a symbolic link to"); n != 1 {
		t.Errorf("the linked-out cache is said %d times, want once; log:\n%s", n, got)
	}
	if !strings.Contains(got, "cache: ") || !strings.Contains(got, "lore clean") {
		t.Errorf("the note does not name the cache and the fix; log:\n%s", got)
	}
	if entries, _ := os.ReadDir(outside); len(entries) > 0 {
		t.Errorf("written through the link: %d files in %s", len(entries), outside)
	}
}
