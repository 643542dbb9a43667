package site

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
	"github.com/dlclark/regexp2/v2/syntax"
)

// chroma (v2.27.0) lexes by trying, at each position, the rules of the
// current state in order until one matches there. It compiles every rule
// as \G(?:pattern), and regexp2 does not look at the first character of
// an anchored pattern before it runs it: most of a block's highlighting
// goes into starting rules that cannot match the character at hand (a
// keyword list at a space, a string at a digit).
//
// prefiltered runs the same loop as chroma's LexerState.Iterator, over
// the same compiled rules, mutators and emitters, but skips a rule when
// the rune at the position is not in the rule's set of first characters:
// the set regexp2 computes for the pattern (syntax.Code.FcPrefix) and
// relies on itself when it searches an unanchored pattern. A skipped
// rule is one regexp2 would have run and found no match, so the tokens
// are the same; TestPrefilteredAsChroma and FuzzPrefilteredAsChroma
// compare the two. A rule with no such set (it may match the empty
// string, or its set is not known) is always run, and so is a rule whose
// lookaround could backtrack (lookaroundLoops): regexp2 could spend
// matchLimit on it before failing, and the block would then be plain
// (highlight_budget.go), which it must stay.

// prefiltered is an untimed regular-expression lexer (untimed) that skips
// the rules that cannot start at a position.
type prefiltered struct {
	*chroma.RegexLexer
	compiled *chroma.CompiledRules // set by liftTimeouts when rl compiles

	once   sync.Once
	states map[string]stateFilter
}

// stateFilter is the first-character sets of a state's rules, by index;
// nil: always run. rules is a copy of the state's rules they were computed
// from: a lexer may replace a rule while it lexes (chroma's Raku does, in
// place), and a rule not in the copy is always run.
type stateFilter struct {
	rules  []*chroma.CompiledRule
	first  []*syntax.CharSet
	groups []*ruleGroups
}

// filters returns the sets of every state's rules, computed once, after
// the lexer compiled.
func (p *prefiltered) filters() map[string]stateFilter {
	p.once.Do(func() {
		p.states = map[string]stateFilter{}
		sets := map[*chroma.CompiledRule]*syntax.CharSet{}
		groups := map[*chroma.CompiledRule]*ruleGroups{}
		for state, rs := range *p.compiled {
			f := stateFilter{rules: slices.Clone(rs), first: make([]*syntax.CharSet, len(rs)), groups: make([]*ruleGroups, len(rs))}
			for i, r := range rs {
				s, ok := sets[r]
				if !ok {
					s = firstChars(r)
					sets[r] = s
				}
				f.first[i] = s
				g, ok := groups[r]
				if !ok {
					g = groupsOf(r)
					groups[r] = g
				}
				f.groups[i] = g
			}
			p.states[state] = f
		}
	})
	return p.states
}

// firstChars returns the characters a match of r can start with, or nil
// when that is not known or any character may be tried (see above).
func firstChars(r *chroma.CompiledRule) *syntax.CharSet {
	if r.Regexp == nil || r.Regexp.RightToLeft() {
		return nil
	}
	tree, err := syntax.Parse(r.Regexp.String(), syntax.ParseOptions{})
	if err != nil || tree.Options&syntax.RightToLeft != 0 || lookaroundLoops(tree.Root, false) {
		return nil
	}
	code, err := syntax.Write(tree)
	if err != nil || code.FcPrefix == nil || code.RightToLeft {
		return nil
	}
	code.PrepareCharSetASCIIBitmaps()
	return &code.FcPrefix.PrefixSet
}

// lookaroundLoops reports whether n has a lookaround or a condition with
// anything in it that may repeat or refer back (its cost is not bounded
// by the pattern's size).
func lookaroundLoops(n *syntax.RegexNode, inside bool) bool {
	if n == nil {
		return false
	}
	switch n.T {
	case syntax.NtPosLook, syntax.NtNegLook:
		inside = true
	case syntax.NtBackRefCond, syntax.NtExprCond:
		return true
	case syntax.NtOneloop, syntax.NtNotoneloop, syntax.NtSetloop, syntax.NtOnelazy, syntax.NtNotonelazy,
		syntax.NtSetlazy, syntax.NtLoop, syntax.NtLazyloop, syntax.NtRef, syntax.NtOneloopatomic,
		syntax.NtNotoneloopatomic, syntax.NtSetloopatomic, syntax.NtGrapheme:
		if inside {
			return true
		}
	}
	for _, c := range n.Children {
		if lookaroundLoops(c, inside) {
			return true
		}
	}
	return false
}

// Tokenise is chroma's RegexLexer.Tokenise with prefilteredState's loop.
func (p *prefiltered) Tokenise(options *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	if _, err := p.RegexLexer.Rules(); err != nil { // compiles the rules
		return nil, err
	}
	if p.compiled == nil || *p.compiled == nil {
		return p.RegexLexer.Tokenise(options, text)
	}
	if options == nil {
		options = &chroma.TokeniseOptions{State: "root", EnsureLF: true} // chroma's default
	}
	if options.EnsureLF {
		text = ensureLF(text)
	}
	newlineAdded := false
	if !options.Nested && p.Config().EnsureNL && !strings.HasSuffix(text, "\n") {
		text += "\n"
		newlineAdded = true
	}
	s := &prefilteredState{
		LexerState: chroma.LexerState{
			Registry:       untimedLexers().reg,
			Lexer:          p.RegexLexer,
			Text:           []rune(text),
			Stack:          []string{options.State},
			Rules:          *p.compiled,
			MutatorContext: map[any]any{},
		},
		filters:      p.filters(),
		initial:      options.State,
		newlineAdded: newlineAdded,
	}
	return s.next, nil
}

// prefilteredState is chroma's LexerState with the fields it keeps
// unexported.
type prefilteredState struct {
	chroma.LexerState
	filters       map[string]stateFilter
	initial       string
	newlineAdded  bool
	iteratorStack []chroma.Iterator
	// named is the groups of the last match by name (chroma's
	// NamedGroups), one map for the whole lexing, emptied and filled
	// again by each match rather than made anew: chroma reads it only
	// while the rule that matched is applied (its ByGroupNames emitter,
	// Raku's mutators), never after the next match.
	named map[string]string
}

// next is chroma's LexerState.Iterator (v2.27.0, without tracing), with
// matchFiltered for matchRules.
func (l *prefilteredState) next() chroma.Token {
	end := len(l.Text)
	if l.newlineAdded {
		end--
	}
	for l.Pos < end && len(l.Stack) > 0 {
		if t, ok := l.pending(); ok {
			return t
		}
		l.State = l.Stack[len(l.Stack)-1]
		selected, ok := l.Rules[l.State]
		if !ok {
			panic("unknown state " + l.State)
		}
		ruleIndex, rule, groups, named := l.matchFiltered(selected)
		if groups == nil {
			if l.Text[l.Pos] == '\n' && l.State != l.initial {
				l.Stack = []string{l.initial}
				continue
			}
			l.Pos++
			return chroma.Token{Type: chroma.Error, Value: string(l.Text[l.Pos-1 : l.Pos])}
		}
		l.Rule = ruleIndex
		l.Groups = groups
		l.NamedGroups = named
		l.Pos += utf8.RuneCountInString(groups[0])
		if rule.Mutator != nil {
			if err := rule.Mutator.Mutate(&l.LexerState); err != nil {
				panic(err)
			}
		}
		if rule.Type != nil {
			l.iteratorStack = append(l.iteratorStack, rule.Type.Emit(l.Groups, &l.LexerState))
		}
	}
	if t, ok := l.pending(); ok {
		return t
	}
	if l.Pos != len(l.Text) && len(l.Stack) == 0 {
		value := string(l.Text[l.Pos:])
		l.Pos = len(l.Text)
		return chroma.Token{Type: chroma.Error, Value: value}
	}
	return chroma.EOF
}

// pending returns the next token of the emitters' iterators, if any.
func (l *prefilteredState) pending() (chroma.Token, bool) {
	for len(l.iteratorStack) > 0 {
		n := len(l.iteratorStack) - 1
		t := l.iteratorStack[n]()
		if t.Type == chroma.Ignore {
			continue
		}
		if t == chroma.EOF {
			l.iteratorStack = l.iteratorStack[:n]
			continue
		}
		return t, true
	}
	return chroma.Token{}, false
}

// matchFiltered is chroma's matchRules, skipping the rules whose first
// characters exclude the rune at l.Pos (and making each group's string
// once, the groups' slice at its size, the map once: named).
func (l *prefilteredState) matchFiltered(rules []*chroma.CompiledRule) (int, *chroma.CompiledRule, []string, map[string]string) {
	f, ok := l.filters[l.State]
	if !ok || len(f.rules) != len(rules) {
		f = stateFilter{}
	}
	ch := l.Text[l.Pos]
	for i, rule := range rules {
		known := f.rules != nil && f.rules[i] == rule
		if known && f.first[i] != nil && !f.first[i].Contains(ch) {
			continue
		}
		if l.named == nil {
			l.named = map[string]string{}
		}
		var groups []string
		var err error
		if known && f.groups[i] != nil {
			groups, err = f.groups[i].match(rule.Regexp, l.Text, l.Pos, l.named)
		} else {
			groups, err = matchOwned(rule.Regexp, l.Text, l.Pos, l.named)
		}
		if err != nil {
			// regexp2's timeout (matchLimit), which chroma takes for no
			// match: the block is plain rather than lexed as if the rule
			// did not match. regexp2's coarse clock may stop a match
			// before matchLimit has passed by lexClock's reading, so the
			// error, not the time, decides.
			panic(errLexBound)
		}
		if groups != nil {
			return i, rule, groups, l.named
		}
	}
	return 0, &chroma.CompiledRule{}, nil, nil
}

// ensureLF is chroma's: CR LF and CR become LF.
func ensureLF(text string) string {
	buf := make([]byte, len(text))
	var j int
	for i := range len(text) {
		c := text[i]
		if c == '\r' {
			if i < len(text)-1 && text[i+1] == '\n' {
				continue
			}
			c = '\n'
		}
		buf[j] = c
		j++
	}
	return string(buf[:j])
}
