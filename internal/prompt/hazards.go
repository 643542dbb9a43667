package prompt

import (
	"math"
	"strconv"
	"strings"

	"github.com/nikolalohinski/gonja/v2/exec"
	"github.com/nikolalohinski/gonja/v2/tokens"
)

// hazard finds a construct gonja v2.9.1 mishandles (it panics, or renders
// nonsense) in a template's tokens, before gonja parses it. It returns the
// byte offset of the construct in the source and the message to report, or
// -1. The panics themselves are also recovered (see compile and Render);
// this names the construct and its fix.
func hazard(toks []*tokens.Token) (int, string) {
	for i, tok := range toks {
		var msg string
		switch tok.Type {
		case tokens.BlockBegin:
			msg = emptyRaw(toks, i)
		case tokens.Name:
			msg = badRange(toks, i)
		case tokens.Multiply:
			msg = badRepeat(toks, i)
		case tokens.Modulo, tokens.Division, tokens.FloorDivision:
			msg = byZero(toks, i)
		}
		if msg != "" {
			return tok.Pos, msg
		}
	}
	return -1, ""
}

// emptyRaw reports a {% raw %} block, starting at toks[i], with nothing
// between its tags: gonja's raw block indexes its first node, which an
// empty body does not have.
func emptyRaw(toks []*tokens.Token, i int) string {
	if blockName(toks, i) != "raw" {
		return ""
	}
	if end := nextOf(toks, i, tokens.BlockEnd); end >= 0 && (end+1 >= len(toks) || toks[end+1].Type != tokens.Data) {
		return "empty {% raw %}{% endraw %} block: write text between the tags or remove them"
	}
	return ""
}

// badRange reports a call of range at toks[i] with no argument (gonja
// indexes an argument it lacks) or with literal arguments yielding more
// than maxRange numbers.
func badRange(toks []*tokens.Token, i int) string {
	if toks[i].Val != "range" || i > 0 && toks[i-1].Type == tokens.Dot {
		return ""
	}
	j := skipSpace(toks, i+1)
	if j >= len(toks) || toks[j].Type != tokens.LeftParenthesis {
		return ""
	}
	if k := skipSpace(toks, j+1); k < len(toks) && toks[k].Type == tokens.RightParenthesis {
		return "range() needs an argument: range(stop), range(start, stop) or range(start, stop, step)"
	}
	if n, ok := rangeLength(toks, j+1); ok && n > maxRange {
		return "range(…) of " + strconv.Itoa(n) + " numbers: a prompt loops over at most " + strconv.Itoa(maxRange)
	}
	return ""
}

// badRepeat reports 'text' * n, the * at toks[i], with n out of bounds: a
// negative n crashes gonja, a large one takes all the memory.
func badRepeat(toks []*tokens.Token, i int) string {
	if i == 0 || toks[skipSpaceBack(toks, i-1)].Type != tokens.String {
		return ""
	}
	if n, ok := signedInteger(toks, i+1); ok && (n < 0 || n > maxRepeat) {
		return "a text can be repeated 0 to " + strconv.Itoa(maxRepeat) + " times, not " + strconv.Itoa(n)
	}
	return ""
}

// byZero reports a %, / or // at toks[i] whose right operand is a literal
// zero. For % gonja takes the remainder of the integer parts, so a
// literal whose integer part is 0 is zero too.
func byZero(toks []*tokens.Token, i int) string {
	v, ok := literalOperand(toks, i+1)
	switch {
	case !ok:
		return ""
	case toks[i].Type == tokens.Modulo && v.Integer() == 0:
		return "modulo by zero: the right operand of % must be a number whose integer part is not 0"
	case toks[i].Type != tokens.Modulo && v.Float() == 0:
		return "division by zero: the right operand of " + toks[i].Val + " is 0"
	}
	return ""
}

// maxRange bounds range(…) with literal arguments: a loop of millions of
// turns would stall the build.
const maxRange = 10000

// rangeLength returns how many numbers range(…) with the integer literal
// arguments at toks[i:] (after the parenthesis) yields.
func rangeLength(toks []*tokens.Token, i int) (int, bool) {
	var args []int
	for {
		n, ok := signedInteger(toks, i)
		if !ok {
			return 0, false
		}
		args = append(args, n)
		i = skipSpace(toks, i)
		for i < len(toks) && toks[i].Type != tokens.Comma && toks[i].Type != tokens.RightParenthesis {
			i++
		}
		if i >= len(toks) || len(args) > 3 {
			return 0, false
		}
		if toks[i].Type == tokens.RightParenthesis {
			break
		}
		i++
	}
	_, _, n, ok := rangeOf(args)
	if !ok {
		return 0, false // gonja reports it
	}
	return int(min(n, math.MaxInt)), true
}

// rangeOf reads range(stop), range(start, stop) or range(start, stop,
// step) from args and returns start, step and how many numbers it yields
// (exact for any ints: the difference of two fits in a uint64); ok is
// false without one to three arguments or with a step of 0.
func rangeOf(args []int) (start, step int, n uint64, ok bool) {
	if len(args) == 0 || len(args) > 3 {
		return 0, 0, 0, false
	}
	start, stop, step := 0, args[0], 1
	if len(args) > 1 {
		start, stop = args[0], args[1]
	}
	if len(args) > 2 {
		step = args[2]
	}
	switch {
	case step == 0:
		return 0, 0, 0, false
	case step > 0 && stop > start:
		n = (uint64(stop)-uint64(start)-1)/uint64(step) + 1
	case step < 0 && stop < start:
		n = (uint64(start)-uint64(stop)-1)/(uint64(-(step+1))+1) + 1
	}
	return start, step, n, true
}

// maxRepeat bounds 'text' * n: a prompt has no use for more.
const maxRepeat = 10000

// signedInteger reads an integer literal, with an optional sign, at
// toks[i], when no operator binding tighter than * follows it.
func signedInteger(toks []*tokens.Token, i int) (int, bool) {
	i = skipSpace(toks, i)
	neg := false
	if i < len(toks) && (toks[i].Type == tokens.Subtraction || toks[i].Type == tokens.Addition) {
		neg = toks[i].Type == tokens.Subtraction
		i = skipSpace(toks, i+1)
	}
	if i >= len(toks) || toks[i].Type != tokens.Integer {
		return 0, false
	}
	n, err := strconv.Atoi(toks[i].Val)
	if err != nil {
		n = maxRepeat + 1 // too large for an int
	}
	if j := skipSpace(toks, i+1); j < len(toks) {
		switch toks[j].Type {
		case tokens.Power, tokens.Dot, tokens.LeftBracket, tokens.LeftParenthesis, tokens.Pipe:
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	return n, true
}

// skipSpace returns the index of the first token from i that is not
// whitespace.
func skipSpace(toks []*tokens.Token, i int) int {
	for i < len(toks) && toks[i].Type == tokens.Whitespace {
		i++
	}
	return i
}

// skipSpaceBack returns the index of the last token up to i that is not
// whitespace, or 0.
func skipSpaceBack(toks []*tokens.Token, i int) int {
	for i > 0 && toks[i].Type == tokens.Whitespace {
		i--
	}
	return i
}

// blockName returns the name of the block tag that starts at toks[i].
func blockName(toks []*tokens.Token, i int) string {
	for j := i + 1; j < len(toks); j++ {
		switch toks[j].Type {
		case tokens.Whitespace:
			continue
		case tokens.Name:
			return toks[j].Val
		}
		return ""
	}
	return ""
}

// nextOf returns the index of the first token of type k after i, or -1.
func nextOf(toks []*tokens.Token, i int, k tokens.Type) int {
	for j := i + 1; j < len(toks); j++ {
		if toks[j].Type == k {
			return j
		}
	}
	return -1
}

// literalOperand reads the operand that starts at toks[i] when it is a
// literal on its own (a number, string, none, true or false, optionally in
// parentheses) and no operator binding tighter than % follows it.
func literalOperand(toks []*tokens.Token, i int) (*exec.Value, bool) {
	i = skipSpace(toks, i)
	parens := 0
	for i < len(toks) && toks[i].Type == tokens.LeftParenthesis {
		parens++
		i = skipSpace(toks, i+1)
	}
	if i >= len(toks) {
		return nil, false
	}
	var v *exec.Value
	switch t := toks[i]; t.Type {
	case tokens.Integer, tokens.Float:
		f, err := strconv.ParseFloat(t.Val, 64)
		if err != nil {
			return nil, false
		}
		v = exec.AsValue(f)
	case tokens.String:
		v = exec.AsValue(t.Val)
	case tokens.Name:
		switch strings.ToLower(t.Val) {
		case "none", "false":
			v = exec.AsValue(0)
		case "true":
			v = exec.AsValue(1)
		default:
			return nil, false
		}
	default:
		return nil, false
	}
	i = skipSpace(toks, i+1)
	for ; parens > 0; parens-- {
		if i >= len(toks) || toks[i].Type != tokens.RightParenthesis {
			return nil, false
		}
		i = skipSpace(toks, i+1)
	}
	if i < len(toks) {
		switch toks[i].Type {
		case tokens.Power, tokens.Dot, tokens.LeftBracket, tokens.LeftParenthesis, tokens.Pipe:
			return nil, false // the operand is an expression, not the literal
		}
	}
	return v, true
}

// unclosedTag returns the offset of a tag the template leaves open at its
// end and the delimiter that would close it, or -1. gonja reports most
// unclosed tags, but crashes on some (`{{ x is `): a crash then names the
// tag.
func unclosedTag(toks []*tokens.Token) (int, string) {
	open := -1
	closer := ""
	for _, tok := range toks {
		switch tok.Type {
		case tokens.VariableBegin:
			open, closer = tok.Pos, "}}"
		case tokens.BlockBegin:
			open, closer = tok.Pos, "%}"
		case tokens.VariableEnd, tokens.BlockEnd:
			open = -1
		}
	}
	return open, closer
}
