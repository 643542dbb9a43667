package site

import (
	"slices"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// Highlighting must be a function of the code alone: the same block gives
// the same HTML on every build. chroma (v2.27.0) gives every rule of a
// regular-expression lexer a 250 ms wall-clock match timeout and takes a
// rule that timed out for one that does not match, so a block highlighted
// while the machine is loaded got another token (an Error span, a keyword
// shown as a name), and an incremental build differed from a build from
// scratch now and then.
//
// The lexers the site uses are therefore copies of chroma's, registered in
// a registry of their own (so that lexers one delegates to, e.g. the
// JavaScript inside HTML, are copies too), whose compiled rules time out
// after matchLimit instead, and count against the lexing's budget
// (highlight_budget.go): a block during which a match may have timed out
// is written plain, never with a token the timeout changed.

// untimedLexers is chroma's registry with every regular-expression lexer
// copied without match timeouts, and the prefiltered lexer
// (highlight_prefilter.go) of each copy. It is built once and never
// changed.
var untimedLexers = sync.OnceValue(func() *untimedSet {
	set := &untimedSet{reg: chroma.NewLexerRegistry(), fast: map[*chroma.RegexLexer]*prefiltered{}}
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		if rl, ok := l.(*chroma.RegexLexer); ok {
			p := untimed(rl)
			set.reg.Register(p.RegexLexer)
			set.fast[p.RegexLexer] = p
		}
	}
	return set
})

// untimedSet is what untimedLexers holds.
type untimedSet struct {
	reg  *chroma.LexerRegistry
	fast map[*chroma.RegexLexer]*prefiltered // by the copy in reg
}

// lexerFor returns an untimed copy (untimedOf) of the lexer chroma picks
// for lang, or nil.
func lexerFor(lang string) chroma.Lexer {
	l := lexers.Get(lang)
	if l == nil || rulesChangedWhileLexing[l.Config().Name] {
		return nil
	}
	return untimedOf(l)
}

// rulesChangedWhileLexing are the lexers whose blocks are written plain:
// they replace compiled rules while they lex (chroma v2.27.0's Raku
// assigns state.Rules[name][i] for a quoting construct with delimiters of
// its own), in the rule set every page's goroutine shares, and compile the
// new rules with chroma's wall-clock timeout and without the lexing's
// budget. Two Raku blocks highlighted at once then raced on the rules,
// the highlighting of one depended on the other, and a crafted block
// could backtrack unbounded. Raku is the only chroma lexer that writes
// state.Rules.
var rulesChangedWhileLexing = map[string]bool{"Raku": true}

// untimed copies rl: the same configuration and rules, plus a first rule
// whose compile-time mutator sets the timeout of every compiled rule to
// matchLimit, makes it count (withCounting), keeps the compiled rules for
// the prefiltered lexer it returns, and then removes itself.
func untimed(rl *chroma.RegexLexer) *prefiltered {
	p := &prefiltered{compiled: new(chroma.CompiledRules)}
	p.RegexLexer = chroma.MustNewLexer(rl.Config(), func() chroma.Rules {
		raw, err := rl.Rules()
		if err != nil {
			return chroma.Rules{} // no "root": the copy fails to compile, the block stays plain
		}
		rules := make(chroma.Rules, len(raw))
		for state, rs := range raw {
			rules[state] = slices.Clone(rs)
		}
		rules["root"] = slices.Insert(rules["root"], 0, chroma.Rule{Pattern: "", Mutator: &liftTimeouts{into: p.compiled}})
		return rules
	})
	return p
}

// liftTimeouts is the compile-time mutator untimed adds; into receives
// the compiled rules (a map the other compile-time mutators complete).
type liftTimeouts struct{ into *chroma.CompiledRules }

func (*liftTimeouts) Mutate(*chroma.LexerState) error { return nil }

func (m *liftTimeouts) MutateLexer(rules chroma.CompiledRules, state string, rule int) error {
	*m.into = rules
	rules[state] = slices.Delete(rules[state], rule, rule+1)
	seen := map[*chroma.CompiledRule]bool{} // include shares rules between states
	for _, rs := range rules {
		for _, r := range rs {
			if seen[r] {
				continue
			}
			seen[r] = true
			if r.Regexp != nil {
				r.Regexp.MatchTimeout = matchLimit
			}
			r.Mutator = withCounting(r.Mutator)
		}
	}
	return nil
}
