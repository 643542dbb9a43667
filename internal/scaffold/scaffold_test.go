package scaffold

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

func TestFilesHoldTheStarterProject(t *testing.T) {
	got := fileNames()
	for _, want := range []string{".github/workflows/lore.yml", "lore.yaml", "manuals/getting-started.md", "manuals/overview.md", "prompts/assistant.md"} {
		if !slices.Contains(got, want) {
			t.Errorf("scaffold lacks %s (has %v)", want, got)
		}
	}
}

func TestWriteRefusesExistingFile(t *testing.T) {
	fsys := afero.NewMemMapFs()
	if err := afero.WriteFile(fsys, "p/manuals/overview.md", []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	written, err := Write(fsys, "p", "")
	var ee *ExistsError
	if !errors.As(err, &ee) || len(ee.Paths) != 1 || ee.Paths[0] != "p/manuals/overview.md" {
		t.Fatalf("Write = %v, %v; want an ExistsError naming p/manuals/overview.md", written, err)
	}
	if len(written) != 0 {
		t.Errorf("wrote %v despite the refusal", written)
	}
	if ok, _ := afero.Exists(fsys, "p/lore.yaml"); ok {
		t.Error("lore.yaml was written despite the refusal")
	}
	if b, _ := afero.ReadFile(fsys, "p/manuals/overview.md"); string(b) != "mine" {
		t.Errorf("the existing file was changed: %q", b)
	}
}

func TestWriteWritesEveryFile(t *testing.T) {
	fsys := afero.NewMemMapFs()
	written, err := Write(fsys, "new", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(written) != len(fileNames()) {
		t.Errorf("wrote %d files, the scaffold has %d", len(written), len(fileNames()))
	}
	for _, n := range fileNames() {
		want, _ := files.ReadFile("files/" + n)
		got, err := afero.ReadFile(fsys, "new/"+n)
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: %v, content equal %v", n, err, string(got) == string(want))
		}
	}
}

// TestWritePinsTheAction: a released lore writes a workflow that runs the
// action at its own tag.
func TestWritePinsTheAction(t *testing.T) {
	fsys := afero.NewMemMapFs()
	if _, err := Write(fsys, "p", "v1.4.2"); err != nil {
		t.Fatal(err)
	}
	b, err := afero.ReadFile(fsys, "p/"+workflowFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "      - uses: lorekit/lore@v1.4.2\n") || strings.Contains(string(b), "@main") {
		t.Errorf("the workflow does not pin the action:\n%s", b)
	}
}
