package scan

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// Keyword anchors: most gitleaks rules are a prefix, one of their
// keywords, and the rest of the secret (generic-api-key:
// [\w.-]{0,50}? (access|auth|…|token) …operator… secret). Keywords such as
// "key", "token" and "s." occur on many lines of ordinary prose, where the
// full expression, large and unanchored, is the costliest part of a scan.
// anchorsOf derives from such a rule an expression anchored at the
// keyword: the keyword element and everything after it, with long bounded
// repetitions loosened ({10,150} to {10,}) and groups dropped. Every match
// of the rule holds one of its keywords at a place where the anchored
// expression matches, so a keyword where it does not match cannot be
// part of a match: Secrets does not run the rule for it. The findings are
// the same (TestAnchorsKeepFindings); the work on prose is one short
// anchored match per keyword.

// maxLanguage bounds the strings a keyword element may match.
const maxLanguage = 64

// loosenOver is the repetition bound above which the anchored expression
// allows any count (keeping the minimum): a smaller program, a superset.
const loosenOver = 32

// maxAnchorSpan bounds the bytes after a keyword an anchored expression
// is tried on: a keyword whose window runs on further arms its rule
// unchecked (unless the rule's rest is shorter), so that checking a
// keyword costs a bounded amount of work and a scan stays linear in its
// input.
const maxAnchorSpan = 4096

// anchorsOf returns the anchored expression of the rule regex with
// keywords and the most bytes a match of it spans from its keyword (-1:
// no bound), or nil when the rule does not have the form prefix · keyword
// element · rest (then every keyword arms it).
func anchorsOf(regex string, keywords []string) (*regexp.Regexp, int, error) {
	if len(keywords) == 0 {
		return nil, 0, nil
	}
	re, err := syntax.Parse(regex, syntax.Perl)
	if err != nil {
		return nil, 0, err
	}
	kw := map[string]bool{}
	for _, k := range keywords {
		kw[strings.ToLower(k)] = true
	}
	tails := keywordTails(unwrapCapture(re), kw)
	if tails == nil {
		return nil, 0, nil
	}
	alt := &syntax.Regexp{Op: syntax.OpAlternate, Sub: tails}
	if len(tails) == 1 {
		alt = tails[0]
	}
	span := maxLen(alt)
	if span > maxAnchorSpan {
		span = -1
	}
	a, err := regexp.Compile(`^(?:` + loosen(alt).String() + `)`)
	return a, span, err
}

// maxLen returns the most bytes re can match, or -1 when there is no
// bound.
func maxLen(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		n := 0
		for _, r := range re.Rune {
			n += utf8.RuneLen(r)
		}
		return n
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return utf8.UTFMax
	case syntax.OpCapture, syntax.OpQuest:
		return maxLen(re.Sub[0])
	case syntax.OpStar, syntax.OpPlus:
		return -1
	case syntax.OpRepeat:
		n := maxLen(re.Sub[0])
		if re.Max < 0 || n < 0 {
			return -1
		}
		return n * re.Max
	case syntax.OpConcat, syntax.OpAlternate:
		total := 0
		for _, s := range re.Sub {
			n := maxLen(s)
			if n < 0 {
				return -1
			}
			if re.Op == syntax.OpConcat {
				total += n
			} else {
				total = max(total, n)
			}
		}
		return total
	}
	return 0 // empty-width assertions and the empty match
}

// keywordTails returns, for each way re can match, the part from its
// keyword element to its end; nil when some way has no keyword element.
func keywordTails(re *syntax.Regexp, kw map[string]bool) []*syntax.Regexp {
	switch re.Op {
	case syntax.OpAlternate:
		var out []*syntax.Regexp
		for _, b := range re.Sub {
			t := keywordTails(unwrapCapture(b), kw)
			if t == nil {
				return nil
			}
			out = append(out, t...)
		}
		return out
	case syntax.OpConcat:
		for i, sub := range re.Sub {
			rest := re.Sub[i+1:]
			if inKeywords(sub, kw) {
				return []*syntax.Regexp{concat(append([]*syntax.Regexp{sub}, rest...))}
			}
			if inner := unwrapCapture(sub); inner.Op == syntax.OpAlternate || inner.Op == syntax.OpConcat {
				if ts := keywordTails(inner, kw); ts != nil {
					for j, t := range ts {
						ts[j] = concat(append([]*syntax.Regexp{t}, rest...))
					}
					return ts
				}
			}
		}
	default:
		if inKeywords(re, kw) {
			return []*syntax.Regexp{re}
		}
	}
	return nil
}

func concat(subs []*syntax.Regexp) *syntax.Regexp {
	if len(subs) == 1 {
		return subs[0]
	}
	return &syntax.Regexp{Op: syntax.OpConcat, Sub: subs}
}

func unwrapCapture(re *syntax.Regexp) *syntax.Regexp {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	return re
}

// inKeywords reports whether every string re matches is, in lower case,
// a keyword (and it matches at least one).
func inKeywords(re *syntax.Regexp, kw map[string]bool) bool {
	lang := language(re)
	if len(lang) == 0 {
		return false
	}
	for _, s := range lang {
		if !kw[strings.ToLower(s)] {
			return false
		}
	}
	return true
}

// language returns the strings re matches when they are few and re has
// no empty-width assertions, else nil.
func language(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{string(re.Rune)}
	case syntax.OpCapture:
		return language(re.Sub[0])
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if len(out) == maxLanguage {
					return nil
				}
				out = append(out, string(r))
			}
		}
		return out
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			l := language(s)
			if l == nil || len(out)+len(l) > maxLanguage {
				return nil
			}
			out = append(out, l...)
		}
		return out
	case syntax.OpConcat:
		out := []string{""}
		for _, s := range re.Sub {
			l := language(s)
			if l == nil || len(out)*len(l) > maxLanguage {
				return nil
			}
			var next []string
			for _, a := range out {
				for _, b := range l {
					next = append(next, a+b)
				}
			}
			out = next
		}
		return out
	case syntax.OpQuest:
		l := language(re.Sub[0])
		if l == nil {
			return nil
		}
		return append([]string{""}, l...)
	}
	return nil
}

// loosen drops groups and lets long bounded repetitions run on: a
// superset of re with a smaller program.
func loosen(re *syntax.Regexp) *syntax.Regexp {
	c := *re
	c.Sub = make([]*syntax.Regexp, len(re.Sub))
	for i, s := range re.Sub {
		c.Sub[i] = loosen(s)
	}
	switch c.Op {
	case syntax.OpCapture:
		return c.Sub[0]
	case syntax.OpRepeat:
		if c.Max > loosenOver {
			c.Max = -1
			c.Min = min(c.Min, loosenOver)
		}
	}
	return &c
}
