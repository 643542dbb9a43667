package mcpserver

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/search"
)

// exampleProject copies the repository's example project (lore.yaml,
// manuals/, prompts/) into a temporary folder and starts a Server on it
// with the real catalog.
func exampleProject(t testing.TB, o Options) *Server {
	t.Helper()
	dir := t.TempDir()
	for _, src := range []string{"lore.yaml", "manuals", "prompts"} {
		from := filepath.Join("..", "..", src)
		err := filepath.Walk(from, func(p string, fi os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(filepath.Join("..", ".."), p)
			to := filepath.Join(dir, rel)
			if fi.IsDir() {
				return os.MkdirAll(to, 0o755)
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(to, b, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	o.Project.FS, o.Project.Dir, o.OpenRouter = afero.NewOsFs(), dir, OpenCatalog
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestHowDoIWithTheCatalog(t *testing.T) {
	s := exampleProject(t, Options{Engine: "arthur"})
	if !strings.Contains(s.Summary(), "how_do_i ready") {
		t.Fatalf("summary: %s", s.Summary())
	}
	cs := connect(t, s, nil)
	text, isErr, _ := call(t, cs, "how_do_i", map[string]any{"intent": "einen Termin mit Zeitzone in den Kalender eintragen"})
	if isErr || !strings.HasPrefix(text, `{"loaded":{"name":"calendar-events"`) {
		t.Errorf("how_do_i = %v %.200s", isErr, text)
	}

	// The allow-set reaches the router: without calendar tools, the
	// calendar manual is never an answer.
	s = exampleProject(t, Options{Engine: "arthur", ToolsGiven: true, Tools: []string{"manual_read", "how_do_i"}})
	cs = connect(t, s, nil)
	text, isErr, _ = call(t, cs, "how_do_i", map[string]any{"intent": "einen Termin mit Zeitzone in den Kalender eintragen"})
	if isErr || strings.Contains(text, "calendar-events") {
		t.Errorf("how_do_i without calendar tools = %v %.300s", isErr, text)
	}
}

// evalIntents returns the intents of testdata/eval/example.tsv.
func evalIntents(t testing.TB) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "eval", "example.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) >= 3 && cols[0] != "id" {
			out = append(out, cols[2])
		}
	}
	if len(out) < 50 {
		t.Fatalf("only %d intents", len(out))
	}
	return out
}

// TestForgedOutputRebuilt: an output folder whose catalog claims the
// sources' hash over forged text — public/ committed to the project — is
// built anew before it is served, not trusted by what it says of itself.
func TestForgedOutputRebuilt(t *testing.T) {
	s := exampleProject(t, Options{Engine: "arthur"})
	dir := s.opts.Project.Dir
	s.Close()
	shards, err := filepath.Glob(filepath.Join(dir, "public", "lore", "catalog.bleve", search.ContentDir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	forgedAny := false
	for _, content := range shards {
		b, err := os.ReadFile(content)
		if err != nil {
			t.Fatal(err)
		}
		forged := strings.ReplaceAll(string(b), "calendar", "FORGED00")
		if forged != string(b) {
			forgedAny = true
			if err := os.WriteFile(content, []byte(forged), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !forgedAny {
		t.Fatal("nothing to forge in the catalog's text")
	}
	if err := os.RemoveAll(filepath.Join(dir, ".lore-cache")); err != nil {
		t.Fatal(err)
	}
	o := Options{Engine: "arthur"}
	o.Project.FS, o.Project.Dir, o.OpenRouter = afero.NewOsFs(), dir, OpenCatalog
	s2, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	text, isErr, _ := call(t, connect(t, s2, nil), "how_do_i", map[string]any{"intent": "einen Termin mit Zeitzone in den Kalender eintragen"})
	if isErr || strings.Contains(text, "FORGED00") || !strings.Contains(text, "calendar") {
		t.Errorf("how_do_i served the forged catalog: %v %.300s", isErr, text)
	}
}
