package manual

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// Slug turns heading text into an anchor id the way GitHub does, so links
// written for GitHub resolve: lowercase, every space becomes a hyphen,
// punctuation, symbols and emoji are dropped, and letters, numbers, marks,
// '_' and '-' of every script are kept ("Größe & Form" → "größe--form").
// A heading with nothing left gets "section".
func Slug(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range strings.TrimSpace(text) {
		switch {
		case unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r) || r == '_' || r == '-':
			b.WriteRune(unicode.ToLower(r))
		case r == ' ':
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "section"
	}
	return b.String()
}

// headingIDs implements goldmark's parser.IDs with Slug, de-duplicating with
// -1, -2, … suffixes like GitHub does.
type headingIDs struct {
	used map[string]bool
	next map[string]int // the next suffix to try for a base
}

func newHeadingIDs() *headingIDs { return &headingIDs{used: map[string]bool{}, next: map[string]int{}} }

func (s *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	base := Slug(string(value))
	id := base
	if s.used[id] {
		i := max(s.next[base], 1)
		for id = base + "-" + strconv.Itoa(i); s.used[id]; id = base + "-" + strconv.Itoa(i) {
			i++
		}
		s.next[base] = i + 1
	}
	s.used[id] = true
	return []byte(id)
}

func (s *headingIDs) Put(value []byte) { s.used[string(value)] = true }
