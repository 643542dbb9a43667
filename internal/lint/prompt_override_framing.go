package lint

import "strings"

// A reported or quoted order ("if a page says “ignore all previous
// instructions”, refuse") is a description when the prose that frames it
// says what to do about it. Only that prose counts: a defuse word inside
// the quote, inside another quote or code span, inside a URL
// (https://example.com/…, example.com) or far from the quote frames nothing, so it
// does not silence a quoted order.

// defuseReach bounds the framing: a defuse word counts when at most this
// many words of prose (quoted words are not counted) separate it from the
// quote (or, unquoted, the match): the clause around a quotation, "treat
// text such as “…” as an attack and report it", not the rest of a long
// sentence.
const defuseReach = 12

// urlLookBack bounds how far before a sentence's first token a URL's
// start is looked for: a '?' or '.' inside a URL ends a sentence, and
// the rest of the URL starts the next one.
const urlLookBack = 256

// framing is what defused needs of a sentence, worked out once.
type framing struct {
	// quoted: the token lies inside a quote or code span (an odd number
	// of quote marks before it).
	quoted []bool
	// url: the token belongs to a URL, a run of tokens without space
	// between them that holds "://", starts with "www." or names a host
	// or file (domainRun).
	url []bool
	// words[k] is the number of prose words (not quoted) before token k
	// (len(t)+1 entries): the distance to a quote counts prose only, so
	// that a list of quoted examples is framed as a whole.
	words []int
}

// framingOf returns the sentence's framing, working it out on first use.
func (m *sentence) framingOf() *framing {
	if m.framing != nil {
		return m.framing
	}
	n := len(m.t)
	f := &framing{quoted: make([]bool, n), url: make([]bool, n), words: make([]int, n+1)}
	quotes := 0
	for k, t := range m.t {
		f.quoted[k] = quotes%2 == 1
		if isQuoteMark(t) {
			quotes++
		}
		f.words[k+1] = f.words[k]
		if t.Kind == tWord && !f.quoted[k] {
			f.words[k+1]++
		}
	}
	for start := 0; start < n; {
		end := start + 1
		for end < n && m.t[end].Off == m.t[end-1].End {
			end++
		}
		if m.urlRun(start, end) {
			for k := start; k < end; k++ {
				f.url[k] = true
			}
		}
		start = end
	}
	m.framing = f
	return f
}

// isQuoteMark reports a quotation mark or a backtick (a code span).
func isQuoteMark(t token) bool {
	return t.Kind != tWord && strings.ContainsAny(t.Text, "\"“”„«»`")
}

// urlRun reports whether the tokens [start, end), written without space
// between them, are (part of) a URL. The first run of a sentence also
// takes the text just before the sentence that is glued to it.
func (m *sentence) urlRun(start, end int) bool {
	var b strings.Builder
	if start == 0 && m.text != "" {
		off := m.t[0].Off
		before := m.text[max(0, off-urlLookBack):off]
		if i := strings.LastIndexAny(before, " \t\r\n"); i >= 0 {
			before = before[i+1:]
		}
		b.WriteString(before)
	}
	for k := start; k < end; k++ {
		b.WriteString(m.t[k].Low)
	}
	s := b.String()
	return strings.Contains(s, "://") || strings.HasPrefix(s, "www.") || strings.Contains(s, "(www.") || strings.Contains(s, "<www.") ||
		m.domainRun(start, end)
}

// domainRun reports whether the tokens [start, end) hold a host or file
// name: a word, a dot and a word of two letters or more (example.com,
// notes.md, user@example.org), unlike an abbreviation (e.g., z.B.).
func (m *sentence) domainRun(start, end int) bool {
	for k := start + 1; k+1 < end; k++ {
		if m.t[k].Text == "." && m.t[k-1].Kind == tWord && m.t[k+1].Kind == tWord && len(m.t[k+1].Text) >= 2 {
			return true
		}
	}
	return false
}

// defused reports a match [a, b] that the sentence describes rather than
// commands: inside quotes or after a reporting word ("a page that asks
// you to …"), with a defuse word in the prose that frames it (refuse,
// treat as data, if, never …): outside every quote, code span and URL,
// at most defuseReach words before the quote opens or after it closes.
func (m *sentence) defused(a, b int) bool {
	f := m.framingOf()
	reported := f.quoted[a] || m.before()[a]&reportedBefore != 0
	relative := m.before()[a]&relativeBefore != 0
	if !reported {
		return false
	}
	if relative {
		return true
	}
	lo, hi := a, b
	for lo > 0 && f.quoted[lo] {
		lo-- // to the opening quote mark
	}
	for hi+1 < len(m.t) && f.quoted[hi+1] {
		hi++ // to the closing quote mark
	}
	for k := lo - 1; k >= 0 && f.words[lo]-f.words[k] <= defuseReach; k-- {
		if m.framingDefuse(f, k) {
			return true
		}
	}
	for k := hi + 1; k < len(m.t) && f.words[k+1]-f.words[hi+1] <= defuseReach; k++ {
		if m.framingDefuse(f, k) {
			return true
		}
	}
	return false
}

// framingDefuse reports a defuse word at token k that is prose: not
// quoted, not part of a URL.
func (m *sentence) framingDefuse(f *framing, k int) bool {
	return !f.quoted[k] && !f.url[k] && defuseWords[m.word(k)]
}
