package searchindex

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A document file (f/<n>.json) holds what a result of document n shows:
// its record and its sections, for the excerpt and the link to the
// section that matched:
//
//	{"r":[url, name, title, summary, audience, [requiresTools…]],
//	 "s":[[anchor, heading, text]…]}
//
// The browser loads the files of the results it shows. A section's text
// is cut at sectionRunes, a document's at fragmentRunes (later sections
// keep their heading, so they can still be linked to).
// secs are the document's sections (Document.resolved).
func encodeFragment(d Document, secs []Section, o Options) ([]byte, error) {
	sectionRunes, fragmentRunes := o.SectionRunes, o.FragmentRunes
	left := fragmentRunes
	recs := make([][3]string, 0, len(secs))
	for _, s := range secs {
		text := s.Text
		n := min(sectionRunes, left)
		if utf8.RuneCountInString(text) > n {
			text = cutRunes(text, n)
		}
		left -= utf8.RuneCountInString(text)
		recs = append(recs, [3]string{s.Anchor, s.Heading, text})
	}
	tools := d.RequiresTools
	if tools == nil {
		tools = []string{}
	}
	rec := struct {
		R []any       `json:"r"`
		S [][3]string `json:"s"`
	}{[]any{d.URL, d.Name, d.Title, shorten(d.Summary, o.SummaryRunes), d.Audience, tools}, recs}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(rec); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// shorten cuts s to at most n runes at a word boundary, marking the cut
// with an ellipsis.
func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n - 1
	for i := cut; i > n/2; i-- {
		if unicode.IsSpace(r[i]) {
			cut = i
			break
		}
	}
	return strings.TrimRightFunc(string(r[:cut]), unicode.IsSpace) + "…"
}

// cutRunes cuts s to at most n runes, at a space when there is one in the
// last fifth.
func cutRunes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n
	for i := n - 1; i > n*4/5; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return string(r[:cut])
}

// encodeVocab lists the terms by their first character, one file per
// character: "term df" lines in term order. It returns each file's
// character and the files.
func encodeVocab(terms []string, lists [][]posting) ([]string, [][]byte) {
	var firsts []string
	var files [][]byte
	for i, t := range terms {
		r, _ := utf8.DecodeRuneInString(t)
		c := string(r)
		if len(firsts) == 0 || firsts[len(firsts)-1] != c {
			firsts = append(firsts, c)
			files = append(files, nil)
		}
		f := &files[len(files)-1]
		*f = append(append(append(append(*f, t...), ' '), strconv.Itoa(len(lists[i]))...), '\n')
	}
	return firsts, files
}
