package scan

import (
	"bytes"
	"html"
	"net/netip"
	"strings"

	"github.com/lorekit/lore/internal/manual"
)

// ExfilImage finds remote images whose address is a template: a Markdown
// image (![alt](url), or ![alt][label] with its [label]: url), or an HTML
// <img src="url">, in prose, whose URL holds a placeholder for the model to
// fill in: {…}, <…>, […], $NAME or ${…}, %s, or a query value in capitals
// (?d=SUMMARY). A chat that renders the image fetches the URL, sending the
// host whatever the model put there: the image is the channel of an
// exfiltration, and its request needs no click. Images in code (fences,
// spans) are examples, and images of loopback, private or documentation
// addresses go nowhere; neither is reported.
func ExfilImage(src []byte, kind Kind) []Hit {
	if kind == Script {
		return nil
	}
	var c collector
	labels := map[string]bool{} // reference labels images use
	var defs []urlRef           // reference definitions
	for _, seg := range Segments(src, kind) {
		if seg.Code {
			continue
		}
		spans := CodeSpans(src, seg.Off, seg.End) // in order, disjoint
		for _, u := range imageURLs(src, seg.Off, seg.End, labels) {
			if !inSpans(spans, u.off) {
				if what := templateImage(u.url(src)); what != "" {
					c.add(Hit{Off: u.off, End: u.end, What: what})
				}
			}
		}
		defs = append(defs, referenceDefs(src, seg.Off, seg.End)...)
	}
	for _, d := range defs {
		if labels[d.label] {
			if what := templateImage(d.url(src)); what != "" {
				c.add(Hit{Off: d.off, End: d.end, What: what})
			}
		}
	}
	return c.result()
}

// urlRef is a URL at src[off:end]; label is a reference definition's;
// html marks the value of an HTML attribute.
type urlRef struct {
	off, end int
	label    string
	html     bool
}

// url returns the address as a renderer uses it: a Markdown destination
// with its backslash escapes and character references decoded
// (`&#104;ttps:` is `https:`), an HTML attribute with its character
// references.
func (u urlRef) url(src []byte) string {
	if u.html {
		return html.UnescapeString(string(src[u.off:u.end]))
	}
	return manual.Destination(src[u.off:u.end])
}

// imageURLs returns the destinations of the images in src[off:end]:
// inline Markdown images and HTML img tags. The labels of reference-style
// images are added to labels (lower case).
func imageURLs(src []byte, off, end int, labels map[string]bool) []urlRef {
	var out []urlRef
	text := src[off:end]
	// The next ] and line end of each image are found with cursors that
	// only move forward: thousands of unclosed images on one line are
	// still one pass.
	closes, lines, parens := nextOf(text, ']'), nextOf(text, '\n'), nextOf(text, ')')
	dest := newDestinations(text)
	for i := 0; ; {
		j := bytes.Index(text[i:], []byte("!["))
		if j < 0 {
			break
		}
		i += j + 2
		c := closes.from(i)
		if c == len(text) || lines.from(i) < c {
			continue
		}
		alt := text[i:c]
		k := c + 1
		switch {
		case k < len(text) && text[k] == '(':
			if u, ok := dest.at(k + 1); ok {
				u[1] = spokenEnd(text, u[1], parens, lines)
				out = append(out, urlRef{off: off + u[0], end: off + u[1]})
				i = u[1] // what the address holds is no image: each byte is read once
			}
		case k < len(text) && text[k] == '[':
			if e := closes.from(k + 1); e < len(text) && lines.from(k+1) > e {
				label := text[k+1 : e]
				if len(label) == 0 {
					label = alt
				}
				labels[strings.ToLower(string(label))] = true
			}
		default:
			labels[strings.ToLower(string(alt))] = true // ![label]
		}
	}
	tagEnds := nextOf(text, '>')
	for i := 0; ; {
		j := indexFold(text[i:], []byte("<img"))
		if j < 0 {
			break
		}
		i += j + 4
		e := tagEnds.from(i)
		if e == len(text) {
			break // no tag is closed after this one
		}
		if u, ok := attrOf(text[i:e], "src="); ok {
			out = append(out, urlRef{off: off + i + u[0], end: off + i + u[1], html: true})
		}
		i = e
	}
	return out
}

// spokenEnd returns where the address of an image that ends at text[e]
// ends as the text spells it out for the model. A space inside the
// parentheses ends a Markdown destination, and words after it that are
// no title make the whole no image — "![s](https://x/p.png?d={the
// user's question})" — but a model told to write it fills in the words
// and writes a valid one: the address goes on to the ')' of the line.
// parens and lines are cursors of the next ')' and line end, whose
// positions only grow, so many such images are still one pass.
func spokenEnd(text []byte, e int, parens, lines *next) int {
	i := e
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i == e || i == len(text) || bytes.IndexByte([]byte("\"'()\n"), text[i]) >= 0 {
		return e
	}
	if p := parens.from(i); p < lines.from(i) {
		return p
	}
	return e
}

// attrOf returns the bounds of the quoted value of the attribute name
// (lower case, with its "=") in tag (the text of an HTML tag after its
// name).
func attrOf(tag []byte, name string) ([2]int, bool) {
	n := len(name)
	for s := 0; s+n+1 < len(tag); s++ {
		if (tag[s]|0x20) == name[0] && bytes.EqualFold(tag[s:s+n], []byte(name)) && (s == 0 || tag[s-1] == ' ' || tag[s-1] == '\t' || tag[s-1] == '\n') {
			q := tag[s+n]
			if q != '"' && q != '\'' {
				return [2]int{}, false
			}
			if e := bytes.IndexByte(tag[s+n+1:], q); e >= 0 {
				return [2]int{s + n + 1, s + n + 1 + e}, true
			}
			return [2]int{}, false
		}
	}
	return [2]int{}, false
}

// next finds the next occurrence of a byte at or after positions that
// only grow, in one pass over the text overall.
type next struct {
	text []byte
	c    byte
	at   int // the occurrence found last (-1: none yet)
}

func nextOf(text []byte, c byte) *next { return &next{text: text, c: c, at: -1} }

// from returns the position of the first c at or after i, or len(text).
func (n *next) from(i int) int {
	if n.at < i {
		n.at = len(n.text)
		if j := bytes.IndexByte(n.text[min(i, len(n.text)):], n.c); j >= 0 {
			n.at = i + j
		}
	}
	return n.at
}

// destinations finds link destinations at positions that only grow.
type destinations struct {
	stops []*next // ) space tab newline
	angle *next   // >
}

func newDestinations(text []byte) *destinations {
	d := &destinations{angle: nextOf(text, '>')}
	for _, c := range []byte(") \t\n") {
		d.stops = append(d.stops, nextOf(text, c))
	}
	return d
}

// at returns the bounds of the link destination that starts at text[at]:
// <…> on one line, or up to white space or the closing parenthesis.
func (d *destinations) at(at int) ([2]int, bool) {
	text := d.angle.text
	for at < len(text) && (text[at] == ' ' || text[at] == '\t') {
		at++
	}
	e := len(text)
	for _, s := range d.stops {
		e = min(e, s.from(at))
	}
	if at < len(text) && text[at] == '<' {
		if a := d.angle.from(at + 1); a < len(text) && a < d.stops[3].from(at) {
			return [2]int{at + 1, a}, true
		}
		return [2]int{}, false
	}
	return [2]int{at, e}, e > at
}

// referenceDefs returns the link reference definitions ([label]: url) of
// src[off:end], one a line.
func referenceDefs(src []byte, off, end int) []urlRef {
	var out []urlRef
	for at := off; at < end; {
		lineEnd, next := lineFrom(src, at)
		line := bytes.TrimLeft(src[at:min(lineEnd, end)], " ")
		if len(line) > 2 && line[0] == '[' {
			if e := bytes.Index(line, []byte("]:")); e > 0 {
				start := lineEnd - len(line) + e + 2
				if u, ok := newDestinations(src[:lineEnd]).at(start); ok {
					out = append(out, urlRef{off: u[0], end: u[1], label: strings.ToLower(string(line[1:e]))})
				}
			}
		}
		at = next
	}
	return out
}

// templateImage says why the image URL u is a template for data sent to a
// remote host, or returns "".
func templateImage(u string) string {
	host, rest, ok := remoteURL(u)
	if !ok || host == "" || host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return ""
	}
	if a, err := netip.ParseAddr(host); err == nil && !publicAddr(a) {
		return ""
	}
	if p := placeholder(rest); p != "" {
		return "an image whose address " + host + " is a template (" + p + "): rendering it sends what the model fills in to that host"
	}
	return ""
}

// placeholder returns the first placeholder in the path and query rest
// of a URL, or "".
func placeholder(rest string) string {
	closers := map[byte]byte{'{': '}', '[': ']', '<': '>'}
	last := map[byte]int{} // the last of each closer: one is after i if it is
	for _, c := range closers {
		last[c] = strings.LastIndexByte(rest, c)
	}
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; {
		case c == '{' || c == '[' || c == '<':
			if closer := closers[c]; last[closer] > i {
				return rest[i : i+1+strings.IndexByte(rest[i+1:], closer)+1]
			}
		case c == '$' && i+1 < len(rest) && (rest[i+1] == '{' || rest[i+1] == '_' || isLetter(rest[i+1])):
			e := i + 1
			for e < len(rest) && (isWordByte(rest[e]) || rest[e] == '{' || rest[e] == '}') {
				e++
			}
			return rest[i:e]
		case c == '%' && i+1 < len(rest) && rest[i+1] == 's':
			return "%s"
		}
	}
	if q := strings.IndexByte(rest, '?'); q >= 0 {
		for _, kv := range strings.Split(rest[q+1:], "&") {
			if _, v, ok := strings.Cut(kv, "="); ok && capitalWord(v) {
				return v
			}
		}
	}
	return ""
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// capitalWord reports whether v is a placeholder word: four or more
// capitals, digits and underscores, starting with a capital (SUMMARY,
// USER_DATA).
func capitalWord(v string) bool {
	if len(v) < 4 || v[0] < 'A' || v[0] > 'Z' {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
