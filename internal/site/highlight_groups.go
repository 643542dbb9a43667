package site

import (
	"github.com/alecthomas/chroma/v2"
	"github.com/dlclark/regexp2/v2"
	"github.com/dlclark/regexp2/v2/syntax"
)

// A rule that matches hands chroma its groups: their strings, in the
// order of regexp2's Match.Groups, and by name. Match.Groups makes a Match,
// the text's metadata and every group's captures for each match, which
// the highlighter only reads the strings of: most of what lexing a block
// allocates. ruleGroups reads the same strings from regexp2's borrowed
// view of the match (FindRunesMatches) instead; a rule it cannot read that
// way (groupsOf) is matched as before (matchOwned). TestGroupsAsOwned
// compares the two.

// ruleGroups is what reading a rule's groups from the borrowed view needs:
// the number and the name of the group in each capture slot, in the order
// of Match.Groups.
type ruleGroups struct {
	nums  []int
	names []string
}

// groupsOf returns the groups of r's pattern, or nil when they are to be
// read from an owned match: a pattern that does not parse here, or that
// has a balancing group, whose captures Match.Groups compacts.
func groupsOf(r *chroma.CompiledRule) *ruleGroups {
	re := r.Regexp
	if re == nil {
		return nil
	}
	tree, err := syntax.Parse(re.String(), syntax.ParseOptions{})
	if err != nil || balancing(tree.Root) {
		return nil
	}
	g := &ruleGroups{nums: re.GetGroupNumbers()}
	g.names = make([]string, len(g.nums))
	for i, n := range g.nums {
		g.names[i] = re.GroupNameFromNumber(n)
	}
	return g
}

// balancing reports whether n has a balancing group ((?<a-b>…)).
func balancing(n *syntax.RegexNode) bool {
	if n == nil {
		return false
	}
	if n.T == syntax.NtCapture && n.N != -1 {
		return true
	}
	for _, c := range n.Children {
		if balancing(c) {
			return true
		}
	}
	return false
}

// match returns the groups of re's match at pos (nil: none there), their
// names filled into named (emptied first: the lexing's one map, see
// prefilteredState.named) when there is one, and regexp2's error (its
// timeout).
func (g *ruleGroups) match(re *regexp2.Regexp, text []rune, pos int, named map[string]string) ([]string, error) {
	var groups []string
	err := re.FindRunesMatches(text, pos, func(v regexp2.MatchView) bool {
		if i, _, ok := v.GroupRange(0); !ok || i != pos {
			return false
		}
		groups = make([]string, len(g.nums))
		clear(named)
		for j, n := range g.nums {
			if i, n, ok := v.GroupRange(n); ok {
				groups[j] = string(text[i : i+n])
			}
			named[g.names[j]] = groups[j]
		}
		return false
	})
	return groups, err
}

// matchOwned is match from an owned Match, as chroma reads it.
func matchOwned(re *regexp2.Regexp, text []rune, pos int, named map[string]string) ([]string, error) {
	match, err := re.FindRunesMatchStartingAt(text, pos)
	if err != nil || match == nil || match.RuneIndex != pos {
		return nil, err
	}
	gs := match.Groups()
	groups := make([]string, len(gs))
	clear(named)
	for j, g := range gs {
		groups[j] = g.String()
		named[g.Name] = groups[j]
	}
	return groups, nil
}
