package site

import (
	"bufio"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/spf13/afero"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/lorekit/lore/internal/corpusgen"
)

// BenchmarkHighlightBlocks highlights every fenced block of 100 generated
// manuals (internal/corpusgen), without a cache, as a cold build does.
func BenchmarkHighlightBlocks(b *testing.B) {
	fs := afero.NewMemMapFs()
	if err := corpusgen.Write(fs, "p", 100, 1); err != nil {
		b.Fatal(err)
	}
	type block struct{ lang, code string }
	var blocks []block
	md := goldmark.New()
	err := afero.Walk(fs, "p", func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		src, err := afero.ReadFile(fs, path)
		if err != nil {
			return err
		}
		return ast.Walk(md.Parser().Parse(text.NewReader(src)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if f, ok := n.(*ast.FencedCodeBlock); entering && ok {
				blocks = append(blocks, block{string(f.Language(src)), linesOf(f, src)})
			}
			return ast.WalkContinue, nil
		})
	})
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(io.Discard)
	b.ReportAllocs()
	for b.Loop() {
		h := newHighlighter(nil)
		for _, bl := range blocks {
			h.block(w, bl.lang, bl.code, &pageCode{})
		}
	}
}
