package site

import (
	"bytes"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

// writeTokens writes the tokens of a block as chroma's HTML formatter does
// with classes (chromahtml.New(chromahtml.WithClasses(true)) and no other
// option that changes the markup: no line numbers, highlighted lines or
// prefix), byte for byte: a pre wrapper of class chroma, each line a span
// of class line around a span of class cl, each token escaped as
// html.EscapeString does and, when its type has a class, in a span of it.
// chroma's formatter formats every token with fmt, which cost more than
// a tenth of highlighting a block; TestWriteTokensAsChroma compares the
// two over every lexer's sample.
func writeTokens(buf *bytes.Buffer, tokens []chroma.Token) {
	buf.WriteString(`<pre class="` + tokenClass(chroma.PreWrapper) + `"><code>`)
	var w lineWriter
	w.line, w.cl = tokenClass(chroma.Line), tokenClass(chroma.CodeLine)
	for _, t := range tokens {
		// The lines of chroma.SplitTokensIntoLines, written as they come
		// rather than collected: a token is cut after each newline, and
		// an empty tail is dropped.
		v := t.Value
		for {
			i := strings.IndexByte(v, '\n')
			if i < 0 {
				break
			}
			w.piece(buf, t.Type, v[:i+1])
			w.end(buf)
			if v = v[i+1:]; v == "" {
				break
			}
		}
		if v != "" || !strings.Contains(t.Value, "\n") {
			w.piece(buf, t.Type, v)
		}
	}
	// A line still pending is a last line of one empty token, which
	// chroma drops.
	if w.open {
		w.end(buf)
	}
	buf.WriteString("</code></pre>")
}

// lineWriter writes the lines of writeTokens. A line whose only token so
// far is empty is held back (pending): chroma drops it when it is the last.
type lineWriter struct {
	line, cl string
	open     bool // the line's spans are written
	pending  bool // the line holds one empty token, not written yet
	pendType chroma.TokenType
}

func (w *lineWriter) piece(buf *bytes.Buffer, typ chroma.TokenType, v string) {
	if !w.open && !w.pending && v == "" {
		w.pending, w.pendType = true, typ
		return
	}
	w.flushPending(buf)
	if !w.open {
		openSpan(buf, w.line)
		openSpan(buf, w.cl)
		w.open = true
	}
	writeToken(buf, typ, v)
}

// flushPending opens the line and writes its held-back empty token.
func (w *lineWriter) flushPending(buf *bytes.Buffer) {
	if !w.pending {
		return
	}
	w.pending = false
	openSpan(buf, w.line)
	openSpan(buf, w.cl)
	w.open = true
	writeToken(buf, w.pendType, "")
}

// end closes the line.
func (w *lineWriter) end(buf *bytes.Buffer) {
	w.flushPending(buf)
	if w.open {
		buf.WriteString("</span></span>")
	}
	w.open = false
}

// writeToken writes a token's value, escaped, in a span of its type's
// class if it has one.
func writeToken(buf *bytes.Buffer, typ chroma.TokenType, v string) {
	c := tokenClass(typ)
	if c != "" {
		openSpan(buf, c)
	}
	escapeHTML(buf, v)
	if c != "" {
		buf.WriteString("</span>")
	}
}

// openSpan writes a span's start tag with class c, or <span> when c is "".
func openSpan(buf *bytes.Buffer, c string) {
	if c == "" {
		buf.WriteString("<span>")
		return
	}
	buf.WriteString(`<span class="`)
	buf.WriteString(c)
	buf.WriteString(`">`)
}

// tokenClasses caches tokenClass's answers by token type.
var tokenClasses sync.Map // chroma.TokenType → string

// tokenClass is the class chroma's formatter gives a token type: that of
// the type or of its nearest parent chroma names.
func tokenClass(t chroma.TokenType) string {
	if c, ok := tokenClasses.Load(t); ok {
		return c.(string)
	}
	c := classOf(t)
	tokenClasses.Store(t, c)
	return c
}

func classOf(t chroma.TokenType) string {
	for t != 0 {
		if c, ok := chroma.StandardTypes[t]; ok {
			return c
		}
		t = t.Parent()
	}
	return chroma.StandardTypes[t]
}

// htmlEscaper escapes as html.EscapeString does.
var htmlEscaper = strings.NewReplacer(`&`, "&amp;", `'`, "&#39;", `<`, "&lt;", `>`, "&gt;", `"`, "&#34;")

// escapeHTML writes s escaped as html.EscapeString would.
func escapeHTML(buf *bytes.Buffer, s string) {
	if !strings.ContainsAny(s, `&'<>"`) {
		buf.WriteString(s)
		return
	}
	htmlEscaper.WriteString(buf, s)
}
