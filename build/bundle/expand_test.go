package bundle

import (
	"slices"
	"testing"
)

func TestExpand(t *testing.T) {
	body := "Plan ${goal} for ${target}.\nKeep ${goal} in mind. Cost: $5, ${not a name}, ${}."
	out, missing := Expand(body, map[string]string{"goal": "the migration", "extra": "ignored"})
	if want := "Plan the migration for .\nKeep the migration in mind. Cost: $5, ${not a name}, ${}."; out != want {
		t.Errorf("got %q\nwant %q", out, want)
	}
	if !slices.Equal(missing, []string{"target"}) {
		t.Errorf("missing = %v, want [target] once", missing)
	}
	if got := Placeholders(body); !slices.Equal(got, []string{"goal", "target"}) {
		t.Errorf("Placeholders = %v", got)
	}
}

// Inert text keeps its words, and FillTail finds no placeholder in it
// however the braces nest.
func TestInert(t *testing.T) {
	for _, s := range []string{
		"Use {{ turn.secret }} here", "{{turn.a}}{{ turn.b }}", "{{ a {{ turn.x }}", "{{{ turn.x }}}", "{{ turn.x {{ turn.y }}",
		"{{ nope }} and {{ turn.not a name }}", "{{ turn.", "}} {{ turn.x }}}}", "{ {{ turn.x }} }",
	} {
		out := Inert(s)
		if vars := TailVariables(out); len(vars) > 0 {
			t.Errorf("Inert(%q) = %q still holds %v", s, out, vars)
		}
		if filled, _ := FillTail(out, map[string]string{"x": "X", "secret": "S"}); filled != out {
			t.Errorf("FillTail(Inert(%q)) changed it to %q", s, filled)
		}
	}
	if got, want := Inert("a {{ turn.x }} b {{ other }}"), "a { { turn.x }} b {{ other }}"; got != want {
		t.Errorf("Inert = %q, want %q", got, want)
	}
}

func FuzzInert(f *testing.F) {
	f.Add("{{ a {{ turn.x }}")
	f.Fuzz(func(t *testing.T, s string) {
		if vars := TailVariables(Inert(s)); len(vars) > 0 {
			t.Errorf("Inert(%q) still holds %v", s, vars)
		}
	})
}
