package config

import (
	"strings"
	"testing"
)

// TestEveryKeyIsRead: every documented key is one the loader reads and
// checks: set to a value of no key's type (a list holding a mapping), each
// is refused with a message on its line, rather than accepted unread.
func TestEveryKeyIsRead(t *testing.T) {
	if len(topKeys) == 0 || len(recipeKeys) == 0 || len(lintKeys) != 2 {
		t.Fatalf("keys: top %v, recipe %v, lint %v", topKeys, recipeKeys, lintKeys)
	}
	for _, k := range Keys() {
		if k.Type == "" || k.Doc == "" {
			t.Errorf("%s: no type or doc", k.Path)
		}
		var src string
		switch parts := strings.Split(k.Path, "."); len(parts) {
		case 1:
			src = k.Path + ": [{a: 1}]\n"
		case 2:
			src = parts[0] + ":\n  " + parts[1] + ": [{a: 1}]\n"
		case 3:
			src = parts[0] + ":\n  r:\n    " + parts[2] + ": [{a: 1}]\n"
		}
		cfg := Default(".")
		cfg.File = FileName
		err := Parse(cfg, []byte(src))
		e, ok := err.(*Error)
		if !ok || e.Line != strings.Count(src, "\n") {
			t.Errorf("%s: %q loads with %v, want an error on its last line", k.Path, src, err)
		}
	}
}
