package site

import (
	"reflect"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/dlclark/regexp2/v2"
)

// TestGroupsAsOwned: every rule of the seeds' lexers whose groups are
// read from regexp2's borrowed view (ruleGroups) gives, at every position
// of every seed, the groups and names chroma reads from an owned match.
func TestGroupsAsOwned(t *testing.T) {
	read := 0
	for _, s := range prefilterSeeds {
		p, ok := lexerFor(s.lang).(*prefiltered)
		if !ok {
			if m, isMD := lexerFor(s.lang).(*untimedMarkdown); isMD {
				p, ok = m.Lexer.(*prefiltered)
			}
		}
		if !ok {
			t.Fatalf("%s: the lexer is not prefiltered", s.lang)
		}
		if _, err := p.Rules(); err != nil {
			t.Fatal(err)
		}
		text := []rune(s.code)
		for state, f := range p.filters() {
			for i, r := range f.rules {
				g := f.groups[i]
				if g == nil {
					continue
				}
				read++
				for pos := range len(text) {
					gotNamed, wantNamed := map[string]string{"stale": "x"}, map[string]string{"stale": "x"}
					got, gotErr := g.match(r.Regexp, text, pos, gotNamed)
					want, wantErr := matchOwned(r.Regexp, text, pos, wantNamed)
					if gotErr != nil || wantErr != nil || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotNamed, wantNamed) {
						t.Fatalf("%s %s rule %d (%s) at %d: view %q %v %v, owned %q %v %v", s.lang, state, i, r.Pattern, pos,
							got, gotNamed, gotErr, want, wantNamed, wantErr)
					}
				}
			}
		}
	}
	if read == 0 {
		t.Fatal("no rule reads its groups from the view")
	}
}

// TestGroupsOfBalancing: a rule with a balancing group is read from an
// owned match.
func TestGroupsOfBalancing(t *testing.T) {
	rule := func(pattern string) *chroma.CompiledRule {
		return &chroma.CompiledRule{Regexp: regexp2.MustCompile(pattern)}
	}
	if g := groupsOf(rule(`(?<o>\()(?<c-o>\))`)); g != nil {
		t.Error("a balancing group is read from the view")
	}
	if g := groupsOf(rule(`(a)(?<n>b)?`)); g == nil {
		t.Error("plain groups are not read from the view")
	}
}
