package prompt

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/prompt/facts"
)

// hostileTemplates seed the fuzz targets: constructs that crash or stall
// gonja v2.9.1, and their neighbours.
var hostileTemplates = []string{
	"{% raw %}{% endraw %}",
	"{%- raw -%}{%- endraw -%}",
	"{% raw %}\n{% endraw %}",
	"{% raw %}x{% endraw %}",
	"{{ 5 % 0 }}",
	"{{ 5 % 0.5 }}",
	"{{ 5 % 'a' }}",
	"{{ 5 % (0) }}",
	"{{ 5 % (0 ** 2) }}",
	"{{ 5 // 0 }}",
	"{{ 5 / 0.0 }}",
	"{% for A in [0] %}{{ loop % n }}{% endfor %}",
	"{{ range()|list }}",
	"{{ range(100000000)|length }}",
	"{{ 'a' * -3 }}",
	"{{ 'a' * 99999999999 }}",
	"{{ '' is ",
	"{{ engine ~ recipe }}{% if tools %}{{ tools|join(', ') }}{% endif %}",
	"{% for t in tools %}- {{ t }}\n{% endfor %}",
	"{{ turn.time }}",
	"{% macro m(a) %}{{ a }}{% endmacro %}{{ m(engine) }}",
	"{# comment #}{{ params.x | default('y') }}",
}

// templateContext is a render context of the shape bake uses.
func templateContext() map[string]any {
	return map[string]any{"engine": "arthur", "recipe": "arthur", "surface": "chat", "role": "", "provider": "anthropic",
		"style": "", "lang": "en", "params": map[string]any{"x": 0}, "tools": []string{"manual_read"}, "addonSections": ""}
}

// checkPos fails unless pos lies inside src, which starts on line first of
// file.
func checkPos(t *testing.T, pos diag.Pos, file, src string, first int) {
	t.Helper()
	lines := strings.Split(src, "\n")
	if pos.File != file || pos.Line < first || pos.Line >= first+len(lines) || pos.Col < 1 ||
		pos.Col > utf8.RuneCountInString(lines[pos.Line-first])+1 {
		t.Fatalf("position %s outside %s (lines %d-%d)", pos, file, first, first+len(lines)-1)
	}
}

// FuzzTemplate compiles and renders any text as a template (static and
// dynamic): nothing panics, every error lies inside the template's lines,
// and gonja never crashes while compiling (what crashes it is rejected
// before). A crash while rendering can depend on the values and is a
// positioned finding.
func FuzzTemplate(f *testing.F) {
	for _, s := range hostileTemplates {
		f.Add(s, false)
	}
	f.Add("{{ turn.time }} {{ turn }}", true)
	env := newEnvironment()
	f.Fuzz(func(t *testing.T, src string, dynamic bool) {
		if len(src) > 512 || strings.Contains(src, sentinel) || !utf8.ValidString(src) {
			return // prompt files are UTF-8 without NUL bytes, and short here to keep gonja's loops short
		}
		const file, first = "prompts/f.md", 3
		tpl := compile(env, file, "rules", first, src, dynamic)
		if tpl.Err != nil {
			checkPos(t, tpl.Err.Pos, file, src, first)
			if strings.Contains(tpl.Err.Message, "the template engine (gonja) failed") {
				t.Fatalf("gonja crashed compiling %q: %s", src, tpl.Err.Message)
			}
			return
		}
		if _, d := tpl.Render(templateContext()); d != nil {
			checkPos(t, d.Pos, file, src, first)
		}
	})
}

// FuzzPromptsLoad builds a prompts/ folder from the fuzz bytes (chunks
// separated by 0x01 become an engine prompt, an addon fragment, a layer,
// a library block and a task template), loads and bakes it: nothing
// panics, and every finding lies inside its file.
func FuzzPromptsLoad(f *testing.F) {
	for _, s := range hostileTemplates {
		f.Add([]byte("<!-- block: identity -->\nYou are Arthur.\n<!-- block: rules -->\n" + s + "\n\x01## Calendar\n" + s +
			"\x01" + s + "\x01<!-- block: output -->\n" + s + "\x01---\ndescription: d\nargument-hint: x\n---\n" + s))
	}
	f.Add([]byte("<!-- block: identity -->\nhi\x01\x01\x01\x01---\ndescription: [unclosed\n---\n"))
	f.Add([]byte("<!-- block: identity -->\rYou are Arthur.\r<!-- block: rules -->\r{{ x \r\x01## C\r\xff\x01- a\r\x00\x01\r\r<!-- block: output -->\r\x01---\rdescription: d\r---\r{% if %}"))
	files := []string{"prompts/arthur.md", "prompts/arthur/calendar.md", "prompts/layers/project/rules.md",
		"prompts/blocks/output.concise.md", "prompts/templates/plan.prompt.md"}
	cfg := config.Default(".")
	cfg.Recipes = []*config.Recipe{{Name: "arthur", Engine: "arthur", Lang: "en", Addons: true}}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		fs := afero.NewMemMapFs()
		srcs := map[string]string{}
		for i, chunk := range bytes.SplitN(data, []byte{1}, len(files)) {
			if err := afero.WriteFile(fs, files[i], chunk, 0o644); err != nil {
				t.Fatal(err)
			}
			srcs[files[i]] = string(chunk)
		}
		set := Load(fs, "prompts")
		var ds []facts.Defect
		for _, pr := range set.Problems {
			ds = append(ds, facts.Defect{Pos: diag.Pos{File: pr.Path, Line: pr.Line, Col: pr.Col}, Message: pr.Message})
		}
		res := Bake(set, Options{Config: cfg, Count: words})
		fc := res.Facts
		if fc.Failure != nil {
			ds = append(ds, *fc.Failure)
		}
		ds = append(append(append(ds, fc.Malformed...), fc.Misplaced...), fc.RenderErrors...)
		for _, tpl := range fc.Templates {
			if tpl.Err != nil {
				ds = append(ds, *tpl.Err)
			}
		}
		for _, d := range ds {
			src, ok := srcs[d.Pos.File]
			if !ok {
				t.Fatalf("finding in a file the fuzzer did not write: %s: %s", d.Pos, d.Message)
			}
			if d.Pos.Line == 0 {
				continue // the whole file
			}
			checkFilePos(t, d.Pos, src)
		}
	})
}

// checkFilePos fails when pos does not lie in src as the rest of lore
// counts lines (diag.Lines: LF, CRLF or a lone CR) and columns (code
// points; one past the last is the end of the line).
func checkFilePos(t *testing.T, pos diag.Pos, src string) {
	t.Helper()
	b := []byte(src)
	ls := diag.NewLines(b)
	if pos.Line < 1 || pos.Line > len(ls) || pos.Col < 1 || pos.Col > utf8.RuneCount(ls.Text(b, pos.Line))+1 {
		t.Fatalf("position %s outside the file (%d lines) as lore counts them: %q", pos, len(ls), src)
	}
}
