// Package baseline is the yardstick of lore's build benchmarks: what a
// mainstream static site generator does at the least, namely goldmark with
// GFM and heading ids rendering every manual of a project to an HTML file,
// over every core, and nothing else (no lint, catalog, bundles, templates,
// highlighting or search index). lore's targets are ratios to it, measured
// in the same run, since the machines are noisy.
package baseline

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

// Render renders every .md file under src (an OS folder) to out/<path
// relative to src with .html>, each folder created once, the files spread
// over GOMAXPROCS workers. It returns the number of pages written.
func Render(src, out string) (int, error) {
	var files []string
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".md") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	targets := make([]string, len(files))
	var dirs []string
	for i, f := range files {
		rel, err := filepath.Rel(src, f)
		if err != nil {
			return 0, err
		}
		targets[i] = filepath.Join(out, strings.TrimSuffix(rel, filepath.Ext(rel))+".html")
		dirs = append(dirs, filepath.Dir(targets[i]))
	}
	slices.Sort(dirs)
	for _, d := range slices.Compact(dirs) {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return 0, err
		}
	}
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf bytes.Buffer
			for i := range next {
				err := render(md, files[i], targets[i], &buf)
				if err != nil {
					mu.Lock()
					first = cmpErr(first, err)
					mu.Unlock()
				}
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return len(files), first
}

func render(md goldmark.Markdown, file, target string, buf *bytes.Buffer) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	buf.Reset()
	if err := md.Convert(src, buf); err != nil {
		return err
	}
	return os.WriteFile(target, buf.Bytes(), 0o644)
}

func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}
