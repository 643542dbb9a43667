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
