package site

import (
	"bufio"
	"bytes"
	_ "embed" // highlight.css
	"errors"
	"html"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/yuin/goldmark/util"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/guard"
)

// The chroma palettes of the light and the dark theme.
const (
	lightStyle = "github"
	darkStyle  = "github-dark"
)

// highlighter colours code blocks with chroma, as CSS classes: the
// palettes live in the stylesheet (highlightCSS), so switching the theme
// switches the code colours too.
type highlighter struct {
	c *cache.Cache // highlighted blocks of earlier builds; nil: none

	mu     sync.Mutex
	lexers map[string]*langLexer // by info-string language; nil: unknown

	// bufs holds the *bytes.Buffer blocks, bodies and pages are written
	// into (buf, putBuf): what they hold is copied out (into the page, the
	// cache, the output), so a buffer serves one after the other instead of
	// growing anew for each.
	bufs sync.Pool
	// tokens holds the *[]chroma.Token slices blocks are lexed into
	// (lexInto): their tokens are written out at once, so a slice serves
	// one block after the other instead of growing anew for each.
	tokens sync.Pool
}

func newHighlighter(c *cache.Cache) *highlighter {
	return &highlighter{c: c, lexers: map[string]*langLexer{}}
}

// langLexer is the lexer of a language, coalesced: fast, and the same
// without the prefilter (highlight_prefilter.go), slow, or nil.
type langLexer struct {
	fast, slow chroma.Lexer
}

// lexer returns the lexer of lang, or nil. Lookups are cached: chroma
// falls back to matching every lexer's file patterns for a name it does
// not know, which costs more than highlighting a block.
func (h *highlighter) lexer(lang string) *langLexer {
	if lang == "" {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	lx, ok := h.lexers[lang]
	if !ok {
		if fast := lexerFor(lang); fast != nil {
			lx = &langLexer{fast: chroma.Coalesce(fast)}
			if slow := unfiltered(fast); slow != nil {
				lx.slow = chroma.Coalesce(slow)
			}
		}
		h.lexers[lang] = lx
	}
	return lx
}

// block writes one code block of the page whose highlighting has cost
// page so far. An unknown language is written as plain, escaped text, and
// so is every block of a page after it ran out of highlighting
// (pageCode). Blocks are cached by language and code; a block that
// crossed a bound is cached as an empty entry, so a later build neither
// spends the seconds again nor forgets that the page ran out there.
func (h *highlighter) block(w util.BufWriter, lang, code string, page *pageCode) {
	lx := h.lexer(lang)
	if lx == nil || page.out {
		h.plain(w, lang, code)
		return
	}
	var key cache.Key
	if h.c != nil {
		key = codeKey(lang, code)
		if b, ok := h.c.Pack(codePack).Get(key); ok {
			if len(b) == 0 {
				page.out = true
				h.plain(w, lang, code)
				return
			}
			w.Write(b)
			return
		}
	}
	buf := h.buf()
	defer h.putBuf(buf)
	buf.WriteString(`<div class="code" data-lang="` + html.EscapeString(lang) + `">`)
	// A lexer that fails, panics or crosses its bounds (lexTokens) leaves
	// the block plain.
	var bound bool
	if err := page.time(len(code), func() error { return h.lex(buf, lx, code) }, &bound); err != nil {
		if bound && h.c != nil {
			h.c.Pack(codePack).Put(key, nil)
		}
		h.plain(w, lang, code)
		return
	}
	buf.WriteString("</div>\n")
	if h.c != nil {
		h.c.Pack(codePack).Put(key, buf.Bytes())
	}
	w.Write(buf.Bytes())
}

// codeKey is the cache key of a block of code in lang.
func codeKey(lang, code string) cache.Key {
	return cache.NewHasher("site/code").String(renderVersion).String(lightStyle).String(lang).String(code).Sum()
}

// lex writes the highlighted tokens of code into buf; a panic of the
// lexer, or its crossing a bound, is returned as an error. The fast lexer
// failing otherwise (a panic in the prefilter's loop) is not the code's
// doing: the slow lexer then lexes the block as before the prefilter.
func (h *highlighter) lex(buf *bytes.Buffer, lx *langLexer, code string) error {
	err := h.lexInto(buf, lx.fast, code)
	if err != nil && lx.slow != nil && !errors.Is(err, errLexBound) {
		err = h.lexInto(buf, lx.slow, code)
	}
	return err
}

// lexInto writes the highlighted tokens of code into buf, or nothing and
// the error or panic of the lexing.
func (h *highlighter) lexInto(buf *bytes.Buffer, lx chroma.Lexer, code string) error {
	return guard.Do(func() error {
		p, _ := h.tokens.Get().(*[]chroma.Token)
		if p == nil {
			p = new([]chroma.Token)
		}
		toks, err := appendTokens((*p)[:0], lx, code)
		if err != nil {
			return err
		}
		writeTokens(buf, toks)
		if cap(toks) <= maxPooledTokens {
			clear(toks) // their strings are the block's
			*p = toks[:0]
			h.tokens.Put(p)
		}
		return nil
	})
}

// maxPooledTokens is the largest slice lexInto keeps for the next block.
const maxPooledTokens = 1 << 16

// unfiltered returns l without the prefilter (highlight_prefilter.go):
// the untimed lexer under a prefiltered one, markdown around it; nil for
// other lexers.
func unfiltered(l chroma.Lexer) chroma.Lexer {
	switch x := l.(type) {
	case *prefiltered:
		return x.RegexLexer
	case *untimedMarkdown:
		if p, ok := x.Lexer.(*prefiltered); ok {
			return &untimedMarkdown{Lexer: p.RegexLexer}
		}
	}
	return nil
}

// buf returns an empty buffer from the pool (putBuf gives it back).
func (h *highlighter) buf() *bytes.Buffer {
	if b, ok := h.bufs.Get().(*bytes.Buffer); ok {
		return b
	}
	return new(bytes.Buffer)
}

// putBuf returns a buffer to the pool, emptied; an outsized one (a huge
// block or page) is left to the collector.
func (h *highlighter) putBuf(buf *bytes.Buffer) {
	if buf.Cap() > maxPooledBuf {
		return
	}
	buf.Reset()
	h.bufs.Put(buf)
}

// maxPooledBuf is the largest buffer putBuf keeps for the next use.
const maxPooledBuf = 1 << 20

func (h *highlighter) plain(w util.BufWriter, lang, code string) {
	w.WriteString(`<div class="code"`)
	if lang != "" {
		w.WriteString(` data-lang="` + html.EscapeString(lang) + `"`)
	}
	w.WriteString(`><pre class="chroma"><code>` + html.EscapeString(code) + "</code></pre></div>\n")
}

// highlightCSS returns the rules of both palettes, each scoped to its
// theme, so a token the dark palette leaves alone never keeps its light
// colour: paletteCSS of chroma's lightStyle and darkStyle, kept in
// highlight.css. Reading chroma's styles needs its styles package, whose
// initialisation parses all of its seventy styles (9 ms at the start of
// every lore command, a twentieth of a nothing-changed build) for the two
// the site uses; TestHighlightCSS checks the file against the styles of
// the chroma the module requires (go test ./internal/site -run
// TestHighlightCSS -update writes it anew).
func highlightCSS() string { return paletteCSSFile }

//go:embed highlight.css
var paletteCSSFile string

// paletteCSS returns the rules of the palettes light and dark (highlightCSS).
func paletteCSS(light, dark *chroma.Style) (string, error) {
	f := chromahtml.New(chromahtml.WithClasses(true))
	var l, d bytes.Buffer
	if err := f.WriteCSS(&l, light); err != nil {
		return "", err
	}
	if err := f.WriteCSS(&d, dark); err != nil {
		return "", err
	}
	var out strings.Builder
	out.WriteString("/* chroma " + lightStyle + " and " + darkStyle + " */\n")
	for _, r := range rules(l.String()) {
		out.WriteString(":root:not([data-theme=dark]) " + r + "\n")
	}
	for _, r := range rules(d.String()) {
		out.WriteString(":root[data-theme=dark] " + r + "\n")
	}
	return out.String(), nil
}

// rules returns the CSS rules of chroma's output, one per line, without the
// .bg rule (the page owns its background).
func rules(css string) []string {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(css))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "/*") {
			if i := strings.Index(l, "*/"); i >= 0 {
				l = strings.TrimSpace(l[i+2:])
			}
		}
		if l == "" || strings.HasPrefix(l, ".bg ") {
			continue
		}
		out = append(out, l)
	}
	return out
}
