package mcpserver

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/afero"
)

// A prompt layer that crashes gonja v2.9.1 fails the rebuild with the file
// named in the log; the previous build stays in service, a fix recovers,
// and closing the server leaves no temporary folder behind.
func TestWatchSurvivesHostileLayer(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := t.TempDir()
	for name, body := range fixture {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var log syncBuffer
	rs := &routers{}
	o := Options{Engine: "arthur", OpenRouter: rs.open, Logger: slog.New(slog.NewTextHandler(&log, nil))}
	o.Project.FS, o.Project.Dir = afero.NewOsFs(), dir
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			s.Close()
		}
	}()
	cs := connect(t, s, nil)
	rebuilt := make(chan error, 10)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	watching := make(chan error, 1)
	run, err := s.Watch(ctx, func(err error) { rebuilt <- err })
	if err != nil {
		t.Fatal(err)
	}
	go func() { watching <- run() }()

	layer := filepath.Join(dir, "prompts", "arthur.md")
	write := func(body string) {
		t.Helper()
		if err := os.WriteFile(layer, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wait := func(what string) error {
		t.Helper()
		select {
		case err := <-rebuilt:
			return err
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: no rebuild", what)
		}
		return nil
	}
	for _, c := range []struct{ name, body, want string }{
		{"empty raw block", "<!-- block: identity -->\nYou are Arthur.\n{% raw %}{% endraw %}\n", "arthur.md:3:1: error: template does not compile: empty {% raw %}"},
		{"modulo by zero at render", "<!-- block: identity -->\nYou are Arthur.\n{{ 5 % (tools|length - 3) }}\n", "arthur.md:3:1: error: template does not render: the template engine (gonja) failed"},
	} {
		write(c.body)
		err := wait(c.name)
		var be *BuildError
		if !errors.As(err, &be) {
			t.Fatalf("%s: rebuild = %v, want a failed build", c.name, err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for !strings.Contains(log.String(), c.want) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if !strings.Contains(log.String(), c.want) {
			t.Fatalf("%s: the log does not name the file and line (%q):\n%s", c.name, c.want, log.String())
		}
		if text, isErr, _ := call(t, cs, "manual_read", map[string]any{"name": "embed-images"}); isErr || text == "" {
			t.Fatalf("%s: the previous build is not in service: %v %q", c.name, isErr, text)
		}
	}
	write("<!-- block: identity -->\nYou are Arthur, fixed.\n")
	if err := wait("fixed"); err != nil {
		t.Fatalf("fixed: rebuild = %v", err)
	}

	cancel()
	if err := <-watching; err != nil {
		t.Errorf("Watch = %v", err)
	}
	s.Close()
	closed = true
	ents, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "lore-") {
			t.Errorf("left behind in TMPDIR: %s", e.Name())
		}
	}
}
