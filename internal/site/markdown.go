package site

import (
	"bytes"
	"fmt"
	"html"
	"path"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"

	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/manual"
)

// linker resolves what a page body links to. Every path it returns is
// relative to the site root; the renderer makes it relative to the page.
type linker interface {
	// hook returns the page of the manual manual_read(name) loads, or "".
	hook(name string) string
	// file returns the page of the Markdown file at fsPath, or "".
	file(fsPath string) string
	// media copies the image at fsPath into the site and returns its path,
	// or "" when there is no such image.
	media(fsPath string) string
}

// body renders one document's already parsed AST to HTML. It is built per
// page: links are written relative to the page.
type body struct {
	root string // from the page to the site root: "", "../", …
	dir  string // folder of the source file on the project's file system
	link linker
	hl   *highlighter
	code pageCode // what highlighting this page's blocks has cost
}

// render returns the HTML of doc, whose segments point into src.
func (b *body) render(src []byte, doc ast.Node) ([]byte, error) {
	buf := b.hl.buf()
	defer b.hl.putBuf(buf)
	if err := b.renderInto(buf, src, doc); err != nil {
		return nil, err
	}
	return bytes.Clone(buf.Bytes()), nil
}

// renderInto writes the HTML of doc, whose segments point into src, into
// buf.
func (b *body) renderInto(buf *bytes.Buffer, src []byte, doc ast.Node) error {
	r := renderer.NewRenderer(renderer.WithNodeRenderers(
		util.Prioritized(gmhtml.NewRenderer(), 1000),
		util.Prioritized(extension.NewTableHTMLRenderer(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)), 500),
		util.Prioritized(extension.NewStrikethroughHTMLRenderer(), 500),
		util.Prioritized(extension.NewTaskCheckBoxHTMLRenderer(), 500),
		util.Prioritized(extension.NewFootnoteHTMLRenderer(), 500),
		util.Prioritized(b, 100),
	))
	if err := guard.Do(func() error { return r.Render(buf, src, doc) }); err != nil {
		return fmt.Errorf("the Markdown renderer failed: %w", err)
	}
	return nil
}

// markdown parses and renders a short Markdown text that is not a manual
// (a rule's doc).
func (b *body) markdown(md string) (string, error) {
	src := []byte(md)
	doc, err := parseMarkdown(src)
	if err != nil {
		return "", err
	}
	out, err := b.render(src, doc)
	return string(out), err
}

// parseMarkdown parses a page's Markdown (manual.ParseMarkdown); a panic
// in goldmark is returned as an error.
func parseMarkdown(src []byte) (ast.Node, error) {
	var doc ast.Node
	err := guard.Do(func() error { doc = manual.ParseMarkdown(src); return nil })
	if err != nil {
		return nil, fmt.Errorf("the Markdown parser failed: %w", err)
	}
	return doc, nil
}

// parseBounded parses body, the Markdown of the content page file from
// its line bodyLine on, as a manual's body is parsed: a body too complex
// to parse in time or to hold in memory (manual.ParseBounded) is an error
// naming the file and line.
func parseBounded(file string, body []byte, bodyLine int) (ast.Node, error) {
	var doc ast.Node
	var line int
	var why string
	if err := guard.Do(func() error { doc, line, why = manual.ParseBounded(body); return nil }); err != nil {
		return nil, fmt.Errorf("%s: the Markdown parser failed: %w", file, err)
	}
	if why != "" {
		return nil, fmt.Errorf("%s:%d: %s: the page is not built; simplify it or split it", file, bodyLine+line-1, why)
	}
	return doc, nil
}

// RegisterFuncs overrides goldmark's HTML renderer where the site differs:
// hook links, link rewriting and URL filtering, escaped raw HTML,
// highlighted code and heading anchors.
func (b *body) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(manual.KindReadCall, b.readCall)
	reg.Register(ast.KindCodeSpan, b.codeSpan)
	reg.Register(ast.KindLink, b.linkNode)
	reg.Register(ast.KindAutoLink, b.autoLink)
	reg.Register(ast.KindImage, b.image)
	reg.Register(ast.KindRawHTML, b.rawHTML)
	reg.Register(ast.KindHTMLBlock, b.htmlBlock)
	reg.Register(ast.KindFencedCodeBlock, b.fencedCode)
	reg.Register(ast.KindCodeBlock, b.codeBlock)
	reg.Register(ast.KindHeading, b.heading)
}

// readCall links a manual_read('x') call written as a code span of its
// own to x's page (a hook link); the other calls render as written.
func (b *body) readCall(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*manual.ReadCall)
	if n.Span() == nil || insideLink(n) {
		return ast.WalkContinue, nil
	}
	p := b.link.hook(n.Name)
	if p == "" {
		return ast.WalkContinue, nil
	}
	if entering {
		w.WriteString(`<a class="hook" href="` + html.EscapeString(b.root+p) + `">`)
	} else {
		w.WriteString("</a>")
	}
	return ast.WalkContinue, nil
}

// codeSpan writes a code span; a line break inside it is a space.
func (b *body) codeSpan(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	var text []byte
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			v := t.Segment.Value(src)
			if bytes.HasSuffix(v, []byte("\n")) {
				v = append(v[:len(v)-1:len(v)-1], ' ')
			}
			text = append(text, v...)
		}
	}
	w.WriteString("<code>")
	w.WriteString(html.EscapeString(string(text)))
	w.WriteString("</code>")
	return ast.WalkSkipChildren, nil
}

func insideLink(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Kind() == ast.KindLink || p.Kind() == ast.KindAutoLink {
			return true
		}
	}
	return false
}

func (b *body) linkNode(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Link)
	href, external, ok := b.href(manual.Destination(n.Destination))
	if !ok {
		return ast.WalkContinue, nil // the text stays, the link goes
	}
	if !entering {
		w.WriteString("</a>")
		return ast.WalkContinue, nil
	}
	w.WriteString(`<a href="` + html.EscapeString(href) + `"`)
	if len(n.Title) > 0 {
		w.WriteString(` title="` + html.EscapeString(string(n.Title)) + `"`)
	}
	if external {
		w.WriteString(` rel="external noopener noreferrer"`)
	}
	w.WriteString(">")
	return ast.WalkContinue, nil
}

func (b *body) autoLink(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.AutoLink)
	dest := string(n.URL(src))
	label := string(n.Label(src))
	if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(dest), "mailto:") {
		dest = "mailto:" + dest
	}
	href, _, ok := b.href(html.UnescapeString(dest))
	if !ok {
		w.WriteString(html.EscapeString(label))
		return ast.WalkSkipChildren, nil
	}
	w.WriteString(`<a href="` + html.EscapeString(href) + `" rel="external noopener noreferrer">` + html.EscapeString(label) + "</a>")
	return ast.WalkSkipChildren, nil
}

// image embeds images that live beside the manual (copied into the site)
// and inline data images; an image on another host becomes a link, so no
// page requests another host.
func (b *body) image(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Image)
	alt := html.EscapeString(textOf(n, src))
	dest := strings.TrimSpace(manual.Destination(n.Destination))
	if scheme(dest) == "" && !strings.HasPrefix(dest, "//") {
		target, _, _ := strings.Cut(dest, "#")
		target, _, _ = strings.Cut(target, "?")
		if p := b.link.media(path.Join(b.dir, target)); p != "" && target != "" {
			w.WriteString(`<img src="` + html.EscapeString(b.root+p) + `" alt="` + alt + `"`)
			if len(n.Title) > 0 {
				w.WriteString(` title="` + html.EscapeString(string(n.Title)) + `"`)
			}
			w.WriteString(` loading="lazy">`)
			return ast.WalkSkipChildren, nil
		}
		if strings.EqualFold(path.Ext(target), ".svg") {
			// An SVG not published (one that runs code when opened on its
			// own: security/active-svg): its alt text, no link to it.
			w.WriteString(orText(alt, "image"))
			return ast.WalkSkipChildren, nil
		}
	}
	if isDataImage(dest) {
		w.WriteString(`<img src="` + html.EscapeString(dest) + `" alt="` + alt + `">`)
		return ast.WalkSkipChildren, nil
	}
	if href, _, ok := b.href(dest); ok && dest != "" {
		w.WriteString(`<a class="image-link" href="` + html.EscapeString(href) + `" rel="external noopener noreferrer">` + orText(alt, "image") + "</a>")
		return ast.WalkSkipChildren, nil
	}
	w.WriteString(orText(alt, "image"))
	return ast.WalkSkipChildren, nil
}

func orText(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// rawHTML shows inline HTML as text; comments (lore-disable and the like)
// are dropped.
func (b *body) rawHTML(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.RawHTML)
	var raw []byte
	for i := 0; i < n.Segments.Len(); i++ {
		s := n.Segments.At(i)
		raw = append(raw, s.Value(src)...)
	}
	if bytes.HasPrefix(raw, []byte("<!--")) {
		return ast.WalkSkipChildren, nil
	}
	w.WriteString(`<code class="raw-html">` + html.EscapeString(string(raw)) + "</code>")
	return ast.WalkSkipChildren, nil
}

// htmlBlock shows an HTML block as preformatted text; comment blocks are
// dropped.
func (b *body) htmlBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.HTMLBlock)
	if n.HTMLBlockType == ast.HTMLBlockType2 {
		return ast.WalkSkipChildren, nil
	}
	var raw []byte
	for i := 0; i < n.Lines().Len(); i++ {
		s := n.Lines().At(i)
		raw = append(raw, s.Value(src)...)
	}
	if n.HasClosure() {
		raw = append(raw, n.ClosureLine.Value(src)...)
	}
	w.WriteString(`<pre class="raw-html"><code>` + html.EscapeString(strings.TrimRight(string(raw), "\n")) + "</code></pre>\n")
	return ast.WalkSkipChildren, nil
}

func (b *body) fencedCode(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.FencedCodeBlock)
	lang := ""
	if n.Info != nil {
		if f := strings.Fields(string(n.Info.Segment.Value(src))); len(f) > 0 {
			lang = f[0]
		}
	}
	b.hl.block(w, lang, linesOf(n, src), &b.code)
	return ast.WalkSkipChildren, nil
}

func (b *body) codeBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	b.hl.block(w, "", linesOf(node, src), &b.code)
	return ast.WalkSkipChildren, nil
}

func linesOf(n ast.Node, src []byte) string {
	var sb strings.Builder
	for i := 0; i < n.Lines().Len(); i++ {
		s := n.Lines().At(i)
		sb.Write(s.Value(src))
	}
	return sb.String()
}

// heading writes the heading with its id and a link to itself.
func (b *body) heading(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	tag := "h" + string(rune('0'+n.Level))
	id := ""
	if v, ok := n.AttributeString("id"); ok {
		if bs, ok := v.([]byte); ok {
			id = string(bs)
		}
	}
	if entering {
		w.WriteString("<" + tag)
		if id != "" {
			w.WriteString(` id="` + html.EscapeString(id) + `"`)
		}
		w.WriteString(">")
		return ast.WalkContinue, nil
	}
	if id != "" {
		w.WriteString(` <a class="anchor" href="#` + html.EscapeString(id) + `" aria-label="Link to this section">#</a>`)
	}
	w.WriteString("</" + tag + ">\n")
	return ast.WalkContinue, nil
}

// href turns a link destination into the href to write: Markdown files
// that are manuals become their pages, relative paths stay, and only
// http, https and mailto are let through as schemes. ok is false for a
// destination that must not become a link (javascript:, data:, …).
// dest is decoded: manual.Destination for links, character references
// only for autolinks, where CommonMark keeps backslashes.
func (b *body) href(dest string) (href string, external, ok bool) {
	href, external, ok = b.resolve(strings.TrimSpace(dest))
	if ok {
		href = string(util.URLEscape([]byte(href), false))
	}
	return href, external, ok
}

func (b *body) resolve(dest string) (href string, external, ok bool) {
	if s := scheme(dest); s != "" {
		switch s {
		case "http", "https", "mailto":
			return dest, true, true
		}
		return "", false, false
	}
	if hasControl(dest) {
		return "", false, false
	}
	if strings.HasPrefix(dest, "//") {
		return "https:" + dest, true, true
	}
	if dest == "" || strings.HasPrefix(dest, "#") {
		return dest, false, true
	}
	target, anchor, hasAnchor := strings.Cut(dest, "#")
	if strings.HasSuffix(strings.ToLower(target), ".md") && !strings.HasPrefix(target, "/") {
		if p := b.link.file(path.Join(b.dir, target)); p != "" {
			if hasAnchor {
				p += "#" + anchor
			}
			return b.root + p, false, true
		}
	}
	return dest, false, true
}

// scheme returns the lower-cased URL scheme of dest, or "" for a relative
// reference. Browsers ignore tabs and newlines inside a URL and leading
// control characters, so those are dropped before looking.
func scheme(dest string) string {
	var sb strings.Builder
	for _, r := range dest {
		if r <= ' ' || r == 0x7f {
			continue
		}
		sb.WriteRune(r)
	}
	s := sb.String()
	colon := strings.IndexByte(s, ':')
	if colon <= 0 {
		return ""
	}
	if i := strings.IndexAny(s, "/?#"); i >= 0 && i < colon {
		return ""
	}
	return strings.ToLower(s[:colon])
}

func hasControl(s string) bool {
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			return true
		}
	}
	return false
}

func isDataImage(dest string) bool {
	d := strings.ToLower(dest)
	for _, t := range []string{"data:image/png;", "data:image/gif;", "data:image/jpeg;", "data:image/webp;"} {
		if strings.HasPrefix(d, t) {
			return true
		}
	}
	return false
}

// textOf returns the plain text of an inline container (an image's alt).
func textOf(n ast.Node, src []byte) string {
	var sb strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			sb.Write(c.Segment.Value(src))
		case *ast.String:
			sb.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return sb.String()
}

// inFile names the source file of a page in an error rendering it.
func inFile(file string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", file, err)
}
