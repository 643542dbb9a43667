package prompt

import (
	"strings"
	"testing"
)

// A hostile or mistaken template is a finding at its line, quickly: it
// neither hangs lore (loops of loops), nor crashes it (a recursion without
// end overflows Go's stack, which no recover catches), nor takes all the
// memory (a text doubled forty times). Without the meter and the bounds,
// the first case stops this test binary and the others run for minutes.
func TestRunawayTemplatesAreFindings(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"recursive macro", "{% macro f(n) %}{{ f(n+1) }}{% endmacro %}{{ f(1) }}", "nest too deep"},
		{"recursive loop", "{% for x in [1] recursive %}{{ loop([1]) }}{% endfor %}", "nest too deep"},
		{"loops of loops", "{% for i in range(9999) %}{% for j in range(9999) %}{% endfor %}{% endfor %}", "more than 1000000 times"},
		{"loop of variable length", "{% set n = 10000 * 10000 %}{% for i in range(n) %}{% endfor %}", "loops over at most 10000"},
		{"doubled text", "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}", "a text of 8388608 bytes"},
		{"doubled list", "{% set ns = namespace(l=[1]) %}{% for i in range(40) %}{% set ns.l = ns.l + ns.l %}{% endfor %}", "a list of 131072 items"},
		{"repeat by a variable", "{% set n = 100000 * 100000 %}{{ 'x' * n }}", "more than 4 MiB"},
		{"negative repeat", "{% set n = 0 - 3 %}{{ 'x' * n }}", "cannot be repeated -3 times"},
		{"wide filter", "{{ 'x' | center(10000000000) }}", "filter center: the number 10000000000 is out of bounds"},
		{"deep indent", "{{ 'x' | indent(1000) }}", "filter indent"},
		{"wide format", "{{ '%999999999d' | format(1) }}", "width 999999999"},
		{"wide method", "{{ 'x'.rjust(999999999, '-') }}", "method rjust"},
		{"huge lipsum", "{{ lipsum(1000000) }}", "function lipsum: the number 1000000 is out of bounds"},
		{"long output", "{% for i in range(5000) %}{{ 'x' * 4000 }}{% endfor %}", "writes more than 16 MiB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tpl := compile(newEnvironment(), "prompts/x.md", "rules", 3, "intro\n"+c.src+"\n", false)
			if tpl.Err != nil {
				t.Fatalf("compile: %v", tpl.Err)
			}
			out, d := tpl.Render(map[string]any{})
			if d == nil {
				t.Fatalf("rendered %d bytes, want a finding %q", len(out), c.want)
			}
			if !strings.Contains(d.Message, c.want) || strings.Contains(d.Message, boundMark) {
				t.Errorf("message %q, want it to say %q", d.Message, c.want)
			}
			if d.Pos.Line != 4 {
				t.Errorf("finding at %s, want line 4 (the template's line in its file)", d.Pos)
			}
		})
	}
}

// The bounds change nothing a prompt does: the rewritten *, + and ~, the
// list-returning range and the checked filters give gonja's results.
func TestBoundsKeepGonjaResults(t *testing.T) {
	src := "{{ 7 * 6 }} {{ 2 * 3.5 }} {{ 'ab' * 3 }} {{ 'ab' * 0 }} {{ 'a' ~ 1 }} {{ 1 + 2 }} {{ [1] + [2] }} {{ 'a' + 'b' }}|" +
		"{{ range(3) | list }} {{ range(1, 4) | list }} {{ range(10, 0, -3) | list }} {{ range(3, 0) | list }} {{ range(5) | first }}|" +
		"{% for i in range(3) %}{{ loop.index }}{% if loop.last %}.{% endif %}{% endfor %}|" +
		"{{ x | default(128000) }} {{ 'ab'.ljust(4, '*') }} {{ 'ab' | center(6) }}|{{ '%5d' | format(42) }}|" +
		"{% macro m(n) %}{% if n > 0 %}{{ n }}{{ m(n - 1) }}{% endif %}{% endmacro %}{{ m(3) }}"
	want := "42 7.0 ababab  a1 3 [1, 2] ab|[0, 1, 2] [1, 2, 3] [10, 7, 4, 1] [] 0|123.|128000 ab**   ab  |   42|321"
	tpl := compile(newEnvironment(), "prompts/x.md", "rules", 1, src, false)
	if tpl.Err != nil {
		t.Fatalf("compile: %v", tpl.Err)
	}
	// Rendered twice: the meter is the render's, not the template's.
	for range 2 {
		got, d := tpl.Render(map[string]any{})
		if d != nil {
			t.Fatalf("render: %v", d)
		}
		if got != want {
			t.Fatalf("render\n got %q\nwant %q", got, want)
		}
	}
}

// A prompt template cannot load another: there is no file to load, and
// gonja's memory loader held the template itself, so {% include "/t" %}
// and {% extends "/t" %} loaded it again without end.
func TestTemplatesLoadNoTemplates(t *testing.T) {
	for _, tag := range []string{`include "/t"`, `import "/t" as x`, `from "/t" import y`, `extends "/t"`} {
		tpl := compile(newEnvironment(), "prompts/x.md", "rules", 1, "{% "+tag+" %}\n", false)
		name := strings.Fields(tag)[0]
		if tpl.Err == nil || !strings.Contains(tpl.Err.Message, "{% "+name+" %} is not available in prompts") {
			t.Errorf("%s: compile error %v, want it refused", tag, tpl.Err)
		}
	}
}
