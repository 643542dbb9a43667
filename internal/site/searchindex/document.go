package searchindex

import (
	"strings"

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
	// Text, when set, returns the page's text instead of Body. It is
	// called only when the document is analysed: not when Analyses
	// remembers its ID.
	Text func() string
	// ID, when not zero, identifies everything the document's fields
	// (Text included) are made of: Analyses remembers the analysis of a
	// document by its ID, so that a document whose ID it knows needs no
	// text. Without an ID a document is known by its fields.
	ID [32]byte
}

// text returns the document's text.
func (d *Document) text() string {
	if d.Text != nil {
		return d.Text()
	}
	return d.Body
}

// FromManual returns the Document of manual m, published at url: its header
// fields and the text of its body (prose, code spans and code blocks; raw
// HTML is left out), which is taken from m's parsed Markdown only when the
// document is analysed. id, if not zero, identifies m and url (see
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
		Text:          func() string { return bodyText(m.AST(), m.Body()) },
		ID:            id,
	}
}

// FromPage returns the Document of a page that is not a manual (a content
// page, for instance), published at url: its title, a one-line summary and
// the text of doc, the parsed Markdown of src.
func FromPage(url, title, summary string, doc ast.Node, src []byte) Document {
	return Document{URL: url, Title: title, Summary: summary, Body: bodyText(doc, src)}
}

// BodyText is the text a manual's document holds (FromManual) of its
// body src, parsed into doc.
func BodyText(doc ast.Node, src []byte) string { return bodyText(doc, src) }

// bodyText collects the text of a parsed Markdown body: prose, code spans
// and code blocks; raw HTML is left out.
func bodyText(doc ast.Node, src []byte) string {
	if doc == nil {
		return ""
	}
	var b strings.Builder
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
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
		if n.Type() == ast.TypeBlock && n.PreviousSibling() != nil {
			b.WriteByte('\n')
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
