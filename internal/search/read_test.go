package search

import (
	"errors"
	"strings"
	"testing"
)

func TestReadRefusesPaths(t *testing.T) {
	src := fixture(t)
	c := src.Manuals.Cascade(nil)
	for _, name := range []string{"../../etc/passwd", "..", "a/b", `a\b`, "charts/..", "/etc/passwd", "", ".hidden"} {
		if _, _, err := Read(src.Manuals, c, name, nil); !errors.Is(err, ErrInvalidName) {
			t.Errorf("Read(%q): %v, want ErrInvalidName", name, err)
		}
	}
	if _, _, err := Read(src.Manuals, c, "nosuch", nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("Read(nosuch): %v, want ErrNotFound", err)
	}
}

func TestReadCascadeWinner(t *testing.T) {
	src := fixture(t)
	arthur := src.Manuals.Cascade([]string{"p/manuals/arthur", "p/manuals"})
	m, text, err := Read(src.Manuals, arthur, "greeting", nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.Path != "p/manuals/arthur/greeting.md" || !strings.Contains(text, "Greeting for Arthur") {
		t.Errorf("arthur reads %s, want its own greeting", m.Path)
	}
	if text != string(m.Src) {
		t.Error("a manual without references must read as its raw Markdown")
	}
}

func TestReadSkillListsReferences(t *testing.T) {
	src := fixture(t)
	_, text, err := Read(src.Manuals, src.Manuals.Cascade(nil), "pdf-forms", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(text, "---\nname: pdf-forms") {
		t.Errorf("the skill's own Markdown must come first:\n%s", text)
	}
	if !strings.Contains(text, "- `manual_read('field-types')` (p/manuals/pdf-forms/reference/field-types.md)") {
		t.Errorf("the references are not listed:\n%s", text)
	}
}
