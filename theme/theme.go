// Package theme is lore's default site theme: html/template layouts under
// layouts/ and the CSS and JavaScript under assets/, embedded in the binary.
// A project overrides it file by file: a file at the same path under the
// project's theme/ folder replaces the embedded one.
package theme

import (
	"embed"
	"io/fs"
	"slices"
	"strings"
)

//go:embed layouts assets
var files embed.FS

// Default returns the embedded theme.
func Default() fs.FS { return files }

// New returns the embedded theme with the files of override (a project's
// theme/ folder; nil for none) taking precedence, path by path.
func New(override fs.FS) fs.FS {
	if override == nil {
		return files
	}
	return overlay{top: override, base: files}
}

// overlay reads top first and falls back to base; directory listings are
// merged.
type overlay struct{ top, base fs.FS }

func (o overlay) Open(name string) (fs.File, error) {
	if f, err := o.top.Open(name); err == nil {
		fi, err := f.Stat()
		if err == nil && !fi.IsDir() {
			return f, nil
		}
		f.Close()
	}
	return o.base.Open(name)
}

func (o overlay) ReadFile(name string) ([]byte, error) {
	if b, err := fs.ReadFile(o.top, name); err == nil {
		return b, nil
	}
	return fs.ReadFile(o.base, name)
}

func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	top, terr := fs.ReadDir(o.top, name)
	base, berr := fs.ReadDir(o.base, name)
	if terr != nil && berr != nil {
		return nil, berr
	}
	seen := map[string]bool{}
	var out []fs.DirEntry
	for _, e := range top {
		seen[e.Name()] = true
		out = append(out, e)
	}
	for _, e := range base {
		if !seen[e.Name()] {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}
