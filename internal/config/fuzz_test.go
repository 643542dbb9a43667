package config

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse checks that any lore.yaml either loads or fails with an *Error
// whose position lies inside the file: a line within its lines (YAML ends
// lines at LF, CRLF and a lone CR) and a column within that line.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "title: Docs\nmanuals: [manuals]\n", "manuals: 5\n", "recipes:\n  eddie:\n    manualPaths: 7\n",
		"title: a\nb: c\n- d\n", "manuals: [a\ntools: x\n", "tools:\n\tweb_fetch: x\n", "a: &x 1\nb: *y\n",
		"recipes:\n  a:\n    surfaces: [chat, chat]\n    budget: -1\n", "lint:\n  rules:\n    size/goal: off\n  ignore: legacy/**\n",
		"trust:\n  surface/chat: true\n", "disabled:\n  voice: \"\"\n", "providers: {x: html}\n", "title: a\rmanuals: 5\r", "\ufefftitle: x\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		cfg := Default(".")
		cfg.File = FileName
		err := Parse(cfg, src)
		if err == nil {
			return
		}
		var ce *Error
		if !errors.As(err, &ce) {
			t.Fatalf("error %v is not a *config.Error", err)
		}
		lines := yamlLines(string(src))
		if ce.Line < 0 || ce.Line > max(len(lines), 1) || ce.Msg == "" {
			t.Fatalf("error at line %d of %d: %v", ce.Line, len(lines), err)
		}
		if ce.Line > 0 && ce.Line <= len(lines) && (ce.Col < 1 || ce.Col > utf8.RuneCountInString(lines[ce.Line-1])+1) {
			t.Fatalf("error at column %d of line %q: %v", ce.Col, lines[ce.Line-1], err)
		}
	})
}

// yamlLines splits src into lines as YAML does.
func yamlLines(src string) []string {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	src = strings.ReplaceAll(src, "\r", "\n")
	lines := strings.Split(src, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
