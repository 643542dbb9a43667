package site

import (
	"bufio"
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"

	"github.com/lorekit/lore/internal/manual"
)

// panicLexer is a chroma lexer that panics while lexing.
type panicLexer struct{ chroma.Lexer }

func (panicLexer) Tokenise(*chroma.TokeniseOptions, string) (chroma.Iterator, error) {
	panic("injected lexer panic")
}

// A lexer that panics leaves the code block plain.
func TestHighlightPanicIsPlain(t *testing.T) {
	h := newHighlighter(nil)
	h.lexers["boom"] = &langLexer{fast: panicLexer{}}
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	h.block(w, "boom", "a < b\n", new(pageCode))
	w.Flush()
	if got := buf.String(); !strings.Contains(got, `data-lang="boom"`) || !strings.Contains(got, "a &lt; b") {
		t.Fatalf("block = %q, want the code plain and escaped", got)
	}
}

// panicLinker panics resolving any link.
type panicLinker struct{}

func (panicLinker) hook(string) string  { panic("injected linker panic") }
func (panicLinker) file(string) string  { panic("injected linker panic") }
func (panicLinker) media(string) string { panic("injected linker panic") }

// A panic while rendering a page is an error that names the page's file.
func TestRenderPanicNamesTheFile(t *testing.T) {
	src := []byte("# T\n\nSee [other](other.md) and `manual_read('x')`.\n")
	b := &body{link: panicLinker{}, hl: newHighlighter(nil)}
	_, err := b.render(src, manual.ParseMarkdown(src))
	err = inFile("manuals/t.md", err)
	if err == nil || !strings.HasPrefix(err.Error(), "manuals/t.md: the Markdown renderer failed: panic: injected linker panic") {
		t.Fatalf("render = %v, want an error naming the file and the panic", err)
	}
}

// panicFS is a theme whose files panic when opened.
type panicFS struct{}

func (panicFS) Open(string) (fs.File, error) { panic("injected theme panic") }

// A panic inside the bundler (here in lore's theme plugin, which esbuild
// calls) fails the assets with an error, not the process.
func TestAssetsPanicIsAnError(t *testing.T) {
	_, err := bundleAssets(panicFS{}, "")
	if err == nil || !strings.Contains(err.Error(), "theme assets") || !strings.Contains(err.Error(), "injected theme panic") {
		t.Fatalf("bundleAssets = %v, want an error naming the panic", err)
	}
}

// boundLexer is a chroma lexer that crosses its bounds while lexing.
type boundLexer struct{ chroma.Lexer }

func (boundLexer) Tokenise(*chroma.TokeniseOptions, string) (chroma.Iterator, error) {
	panic(errLexBound)
}

// calledLexer records that it was asked to lex.
type calledLexer struct {
	chroma.Lexer
	called *bool
}

func (l calledLexer) Tokenise(o *chroma.TokeniseOptions, code string) (chroma.Iterator, error) {
	*l.called = true
	return l.Lexer.Tokenise(o, code)
}

// A panic of the prefiltered lexer is not the code's doing: the block is
// highlighted by the lexer without the prefilter, as it was before it. A
// lexing that crossed a bound is not lexed again: the block is plain.
func TestHighlightFastPanicFallsBack(t *testing.T) {
	slow := chroma.Coalesce(unfiltered(lexerFor("go")))
	block := func(fast chroma.Lexer, called *bool) string {
		h := newHighlighter(nil)
		h.lexers["go"] = &langLexer{fast: fast, slow: calledLexer{Lexer: slow, called: called}}
		var buf bytes.Buffer
		w := bufio.NewWriter(&buf)
		h.block(w, "go", "x := a < b\n", new(pageCode))
		w.Flush()
		return buf.String()
	}
	var called, ok bool
	want := block(slow, &ok)
	if got := block(panicLexer{}, &called); got != want || !called || !strings.Contains(got, `class="line"`) {
		t.Errorf("after a panic of the fast lexer: %q (slow lexer called: %v), want %q", got, called, want)
	}
	called = false
	if got := block(boundLexer{}, &called); called || strings.Contains(got, `class="line"`) || !strings.Contains(got, "x := a &lt; b") {
		t.Errorf("after the fast lexer crossed a bound: %q (slow lexer called: %v), want the code plain", got, called)
	}
}
