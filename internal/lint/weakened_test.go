package lint

import (
	"slices"
	"strconv"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
)

// TestWeakened checks which lint settings weaken the security rules: the
// entry that decides a rule's severity counts when it is below the
// rule's default, and lint.ignore counts for a manual whose file it
// covers.
func TestWeakened(t *testing.T) {
	for _, tc := range []struct {
		name, lint string
		files      []string
		want       []string
	}{
		{"none", "rules: {size/*: off}", []string{"manuals/a.md"}, nil},
		{"raised", "rules: {security/remote-ref: error, security/*: error}", []string{"manuals/a.md"}, nil},
		{"overridden", "rules: {'*': off, security/*: error}", []string{"manuals/a.md"}, nil},
		{"default kept", "rules: {security/remote-ref: warning}", []string{"manuals/a.md"}, nil},
		{"off", "rules: {security/injection: off}", []string{"manuals/a.md"}, []string{"lore.yaml:security/injection=off@4:11"}},
		{"lowered", "rules: {security/secret: info}", []string{"manuals/a.md"}, []string{"lore.yaml:security/secret=info@4:11"}},
		{"group", "rules: {security/*: off, security/secret: error}", []string{"manuals/a.md"}, []string{"lore.yaml:security/*=off@4:11"}},
		{"star", "rules: {'*': warning}", []string{"manuals/a.md"}, []string{"lore.yaml:*=warning@4:11"}},
		{"ignored", "ignore: [x/, manuals/deploy/references/]", []string{"manuals/deploy/SKILL.md", "manuals/deploy/references/r.md"},
			[]string{"lore.yaml:ignore@4:16"}},
		{"not ignored", "ignore: [x/]", []string{"manuals/a.md"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := afero.NewMemMapFs()
			_ = afero.WriteFile(fsys, "lore.yaml", []byte("manuals: [manuals]\n\nlint:\n  "+tc.lint+"\n"), 0o644)
			cfg, err := config.Load(fsys, ".", "")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			if w := Weakened(cfg); w != nil {
				for _, f := range w(tc.files) {
					got = append(got, f.Value+"@"+strconv.Itoa(f.Pos.Line)+":"+strconv.Itoa(f.Pos.Col))
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
