package site

import (
	"errors"
	"time"

	"github.com/alecthomas/chroma/v2"
)

// Some of chroma's lexers never finish on some code: JSONata and Jungle
// (v2.27.0) loop without end on ordinary input, applying rules that match
// nothing, and YAML's rule for double-quoted strings backtracks
// exponentially ("\a\a\a… of 40 escapes takes hours). A manual with such a
// block would hang lore build, and no guard stops a running goroutine.
// Every lexing is therefore bounded, and a block that crosses a bound is
// written plain:
//
//   - each rule a lexer applies counts against maxRuleSteps per character
//     of the code (an applied rule that consumes nothing is what a loop
//     is made of), counted by a mutator every rule of the site's lexers
//     carries (counting);
//   - a regular expression stops after matchLimit (regexp2's timeout,
//     after which chroma takes the rule for not matching): a block during
//     which a match stopped is plain, so no block is written with a token
//     a timeout changed. The site's own lexing loop (matchFiltered) sees
//     the timeout's error; for lexing chroma's loop does (a lexer nested
//     in another), a step that took matchLimit or more stands for it;
//   - lexing a block stops after lexLimit;
//   - a page stops being highlighted after a block crossed a bound, or
//     after lexLimit of all its code (pageCode).
//
// The count is a function of the code; the times concern code that takes
// seconds where ordinary code takes microseconds, and sit far above
// anything a busy machine adds: a block is highlighted or not by its code,
// never by the load (at 1 s a match and 2 s a block, builds under the
// race detector at load 20 wrote some ordinary blocks plain, and an
// incremental build then differed from a build from scratch).

// matchLimit is the match timeout of every rule of the site's lexers: a
// match of ordinary code takes microseconds, YAML's exponential one 1.4 s
// at 22 escapes and hours at 40.
const matchLimit = 5 * time.Second

// maxRuleSteps bounds the rules applied per character of the code (plus
// ruleStepsBase): ordinary code needs a few.
const (
	maxRuleSteps  = 32
	ruleStepsBase = 1024
)

// lexLimit is how long lexing a block of n characters may take.
func lexLimit(n int) time.Duration { return 10*time.Second + time.Duration(n)*200*time.Microsecond }

// errLexBound ends a lexing that crossed a bound (a panic, recovered
// around the block, which is then written plain).
var errLexBound = errors.New("the lexer crossed its bounds")

// lexClock times one lexing: a step is a rule applied or a token
// returned.
type lexClock struct {
	start, last time.Time
	limit       time.Duration
}

func newLexClock(n int) *lexClock {
	now := time.Now()
	return &lexClock{start: now, last: now, limit: lexLimit(n)}
}

// step panics with errLexBound when the step took matchLimit or more, or
// the lexing lexLimit.
func (c *lexClock) step() {
	now := time.Now()
	if now.Sub(c.last) >= matchLimit || now.Sub(c.start) > c.limit {
		panic(errLexBound)
	}
	c.last = now
}

// lexBudget is what one lexing (one chroma.LexerState) has used.
type lexBudget struct {
	clock       *lexClock
	steps, most int
}

type budgetKey struct{}

// counting is the mutator every rule of the site's lexers carries: it
// counts the rule against the lexing's budget, then does what the rule's
// own mutator (next, if any) does.
type counting struct{ next chroma.Mutator }

func (m *counting) Mutate(s *chroma.LexerState) error {
	b, _ := s.Get(budgetKey{}).(*lexBudget)
	if b == nil {
		b = &lexBudget{clock: newLexClock(len(s.Text)), most: maxRuleSteps*len(s.Text) + ruleStepsBase}
		s.Set(budgetKey{}, b)
	}
	if b.steps++; b.steps > b.most {
		panic(errLexBound)
	}
	b.clock.step()
	if m.next != nil {
		return m.next.Mutate(s)
	}
	return nil
}

// countingLexer is counting for a rule whose mutator also acts when the
// rules are compiled (chroma's include, combined): that stays as it was.
type countingLexer struct {
	counting
	lexer chroma.LexerMutator
}

func (m *countingLexer) MutateLexer(rules chroma.CompiledRules, state string, rule int) error {
	return m.lexer.MutateLexer(rules, state, rule)
}

// withCounting returns the mutator a rule with mutator m carries.
func withCounting(m chroma.Mutator) chroma.Mutator {
	if lm, ok := m.(chroma.LexerMutator); ok {
		return &countingLexer{counting: counting{next: m}, lexer: lm}
	}
	return &counting{next: m}
}

// lexTokens returns the tokens of code, or errLexBound's panic when the
// lexing crosses its bounds (see above).
func lexTokens(lx chroma.Lexer, code string) ([]chroma.Token, error) {
	return appendTokens(nil, lx, code)
}

// appendTokens is lexTokens appending to out.
func appendTokens(out []chroma.Token, lx chroma.Lexer, code string) ([]chroma.Token, error) {
	it, err := lx.Tokenise(nil, code)
	if err != nil {
		return nil, err
	}
	clock := newLexClock(len(code))
	for t := it(); t != chroma.EOF; t = it() {
		clock.step()
		out = append(out, t)
	}
	return out, nil
}

// pageCode is what highlighting one page's blocks has cost. The bounds
// above are per block; a manual of thousands of blocks, each just under
// them, would still hold a build for hours. A page therefore stops being
// highlighted, its remaining blocks written plain, once one of its blocks
// crossed a bound (the same lexer loops or backtracks again in the next
// block), or once its lexing took longer than lexLimit of all the code it
// lexed: what one block may take, the page may take in all. Ordinary
// pages are far from both, so they are highlighted whatever the load.
type pageCode struct {
	spent time.Duration
	chars int
	out   bool // the remaining blocks are plain
}

// time runs lex, the highlighting of a block of n characters, and counts
// it against the page; bound reports whether lex failed by crossing a
// bound (errLexBound).
func (p *pageCode) time(n int, lex func() error, bound *bool) error {
	start := time.Now()
	err := lex()
	p.spent += time.Since(start)
	p.chars += n
	*bound = errors.Is(err, errLexBound)
	if *bound || p.spent > lexLimit(p.chars) {
		p.out = true
	}
	return err
}
