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
	line, cl := tokenClass(chroma.Line), tokenClass(chroma.CodeLine)
	for _, ts := range chroma.SplitTokensIntoLines(tokens) {
		openSpan(buf, line)
		openSpan(buf, cl)
		for _, t := range ts {
			c := tokenClass(t.Type)
			if c != "" {
				openSpan(buf, c)
			}
			escapeHTML(buf, t.Value)
			if c != "" {
				buf.WriteString("</span>")
			}
		}
		buf.WriteString("</span></span>")
	}
	buf.WriteString("</code></pre>")
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
