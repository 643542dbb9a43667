package searchindex

import (
	"bytes"
	"strings"
	"sync"

	"github.com/golang/snappy"

	"github.com/yuin/goldmark/ast"

	"github.com/lorekit/lore/internal/manual"
)

// Document is one searchable page.
type Document struct {
	// URL is the page's address relative to the site root ("manuals/x/"),
	// or absolute. The browser resolves it against the site root.
	URL string
	// Name is the manual's name, shown as the result's link text.
	Name          string
	Title         string
	Summary       string
	Triggers      []string
	Audience      string
	RequiresTools []string
	// Body is the page's text. Plain text is best; Markdown works too, as
	// punctuation separates words.
	Body string
	// Sections are the body cut at its headings, for the excerpts of
	// results and links to the matching section (nil: the body is one
	// section without a heading).
	Sections []Section
	// Parts, when set, returns the page's text and sections instead of
	// Body and Sections. It is called only when the document is
	// analysed: not when Analyses remembers its ID.
	Parts func() (text string, sections []Section)
	// ID, when not zero, identifies everything the document's fields
	// (Parts included) are made of: Analyses remembers the analysis and
	// the sections of a document by its ID, so that a document whose ID
	// it knows needs neither text nor sections. Without an ID a document
	// is known by its fields.
	ID [32]byte

	// blocks, when set (WithText), are where each top-level block of the
	// parsed body ends in Body: its Sections are cut from Body when the
	// document is analysed instead of being held beside it.
	blocks []block
	// packed, when set (WithText), is the body's text compressed
	// (Snappy): Body is empty until the document is resolved. A site
	// holds the text of every manual from its pages' bodies until the
	// index is written.
	packed []byte
}

// block is a top-level block of a parsed body: the end of its text in
// Body; a heading's id (anchor) when it is a heading.
type block struct {
	end     int
	heading bool
	anchor  string
}

// Section is a part of a page under one heading.
type Section struct {
	// Anchor is the heading's id on the page ("" before the first
	// heading); Heading its text.
	Anchor  string
	Heading string
	Text    string
}

// resolved returns d with its text and sections in Body and Sections
// (calling Parts, if set, once) and the sections its document file
// shows: Sections, or the whole body as one section without a heading.
func (d Document) resolved() (Document, []Section) {
	if d.Parts != nil {
		d.Body, d.Sections = d.Parts()
		d.Parts = nil
	}
	if d.packed != nil {
		d.Body, d.packed = unpack(d.packed), nil
	}
	if d.blocks != nil {
		d.Sections = sectionsIn(d.Body, d.blocks)
		d.blocks = nil
	}
	secs := d.Sections
	if secs == nil {
		secs = []Section{{Text: strings.Join(strings.Fields(d.Body), " ")}}
	}
	return d, secs
}

// FromManual returns the Document of manual m, published at url: its header
// fields and the text and sections of its body (prose, code spans and code
// blocks; raw HTML is left out), which are taken from m's parsed Markdown
// only when the document is analysed. id, if not zero, identifies m and url (see
// Document.ID).
func FromManual(m *manual.Manual, url string, id [32]byte) Document {
	return Document{
		URL:           url,
		Name:          m.Name,
		Title:         m.Title,
		Summary:       m.Summary,
		Triggers:      m.Triggers,
		Audience:      m.Audience,
		RequiresTools: m.RequiresTools,
		Parts:         func() (string, []Section) { return Parts(m.AST(), m.Body()) },
		ID:            id,
	}
}

// FromPage returns the Document of a page that is not a manual (a content
// page, for instance), published at url: its title, a one-line summary and
// the text of doc, the parsed Markdown of src.
func FromPage(url, title, summary string, doc ast.Node, src []byte) Document {
	return Document{URL: url, Title: title, Summary: summary, Body: bodyText(doc, src), Sections: sectionsOf(doc, src)}
}

// Parts returns the text and the sections a manual's document holds
// (FromManual) of its body src, parsed into doc.
func Parts(doc ast.Node, src []byte) (string, []Section) {
	return bodyText(doc, src), sectionsOf(doc, src)
}

// WithText returns d with the text and the sections of its body src,
// parsed into doc, as Parts returns them; the sections are cut from the
// text when d is analysed, so that d does not hold the text twice until
// then.
func WithText(d Document, doc ast.Node, src []byte) Document {
	d.Parts, d.Sections, d.blocks, d.packed = nil, nil, nil, nil
	if doc == nil {
		d.Body = ""
		return d
	}
	// The text of doc is that of its top-level blocks one after the
	// other (bodyText writes a block's separating newline as it enters
	// it).
	var b strings.Builder
	blocks := []block{}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		writeText(&b, n, src)
		bl := block{end: b.Len()}
		if h, ok := n.(*ast.Heading); ok {
			bl.heading = true
			if v, ok := h.AttributeString("id"); ok {
				if id, ok := v.([]byte); ok {
					bl.anchor = string(id)
				}
			}
		}
		blocks = append(blocks, bl)
	}
	d.Body, d.blocks, d.packed = "", blocks, pack(b.String())
	return d
}

// packBuffers are the scratch buffers of pack.
var packBuffers = sync.Pool{New: func() any { return new([]byte) }}

// pack returns text compressed, in a slice of its own length: Snappy
// encodes into room for the worst case, larger than the text.
func pack(text string) []byte {
	buf := packBuffers.Get().(*[]byte)
	defer packBuffers.Put(buf)
	if n := snappy.MaxEncodedLen(len(text)); cap(*buf) < n {
		*buf = make([]byte, n)
	}
	return bytes.Clone(snappy.Encode((*buf)[:cap(*buf)], []byte(text)))
}

// unpack returns the text WithText packed.
func unpack(packed []byte) string {
	b, err := snappy.Decode(nil, packed)
	if err != nil {
		// WithText made packed, which nothing else writes.
		panic("searchindex: a document's packed text does not decode: " + err.Error())
	}
	return string(b)
}

// sectionsIn returns the sections of a body whose text is body and whose
// top-level blocks end where blocks say: what sectionsOf returns for it.
func sectionsIn(body string, blocks []block) []Section {
	var out []Section
	cur := Section{}
	// One buffer for every section, each text copied out at its length:
	// the analyses hold the sections of every document until the index is
	// written, and a builder's string keeps the capacity it grew to.
	var b []byte
	words := func(text string) {
		for w := range strings.FieldsSeq(text) {
			if len(b) > 0 {
				b = append(b, ' ')
			}
			b = append(b, w...)
		}
	}
	flush := func() {
		cur.Text = string(b)
		if cur.Text != "" || cur.Anchor != "" {
			out = append(out, cur)
		}
		b = b[:0]
	}
	start := 0
	for _, bl := range blocks {
		text := body[start:bl.end]
		start = bl.end
		if bl.heading {
			flush()
			words(text)
			cur = Section{Heading: string(b), Anchor: bl.anchor}
			b = b[:0]
			continue
		}
		words(text)
	}
	flush()
	return out
}

// bodyText collects the text of a parsed Markdown body: prose, code spans
// and code blocks; raw HTML is left out.
func bodyText(doc ast.Node, src []byte) string {
	if doc == nil {
		return ""
	}
	var b strings.Builder
	writeText(&b, doc, src)
	return b.String()
}

// writeText writes the text of n (bodyText) to b.
func writeText(b *strings.Builder, n ast.Node, src []byte) {
	ast.Walk(n, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		// Blocks are apart (a code block after a paragraph too: word
		// boundaries keep "manifest.kubectl" one word).
		if n.Type() == ast.TypeBlock && n.PreviousSibling() != nil {
			b.WriteByte('\n')
		}
		switch n := n.(type) {
		case *ast.HTMLBlock, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			b.Write(n.Segment.Value(src))
			if n.SoftLineBreak() || n.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(n.Value)
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				b.Write(seg.Value(src))
			}
			b.WriteByte('\n')
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// sectionsOf cuts the text of a parsed Markdown body at its headings (of
// any level): each section holds the heading's id and text and the text
// up to the next heading, as bodyText collects it.
func sectionsOf(doc ast.Node, src []byte) []Section {
	if doc == nil {
		return nil
	}
	var out []Section
	cur := &Section{}
	var b strings.Builder
	flush := func() {
		cur.Text = strings.Join(strings.Fields(b.String()), " ")
		if cur.Text != "" || cur.Anchor != "" {
			out = append(out, *cur)
		}
		b.Reset()
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			flush()
			cur = &Section{Heading: strings.Join(strings.Fields(bodyText(h, src)), " ")}
			if v, ok := h.AttributeString("id"); ok {
				if id, ok := v.([]byte); ok {
					cur.Anchor = string(id)
				}
			}
			continue
		}
		b.WriteString(bodyText(n, src))
		b.WriteByte('\n')
	}
	flush()
	return out
}
