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
	h.lexers["boom"] = panicLexer{}
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
