package lint

import (
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/diag"
)

// locate sets the byte offset of every position of ds from its line and
// column, in the text the rules read: the manual, the prompt file, the
// scanned supporting file, or else the file on in.FS (lore.yaml,
// prompts.lock); a prompt file's offsets are those in the file on disk. A position about the whole file (line 0), or in a file
// that cannot be read, keeps offset 0.
func locate(in *Input, ds diag.List, files []*scanText) {
	texts := map[string]*located{}
	scanned := map[string][]byte{}
	for _, f := range files {
		scanned[f.path] = f.src
	}
	textOf := func(file string) *located {
		if t, ok := texts[file]; ok {
			return t
		}
		src, ok := sourceOf(in, scanned, file)
		var t *located
		if ok {
			t = &located{src: src, lines: diag.NewLines(src)}
		}
		texts[file] = t
		return t
	}
	// The positions of each file are converted together (Lines.Offsets):
	// one by one, a file with thousands of findings on one long line took
	// minutes.
	byFile := map[string][]*diag.Pos{}
	var order []string
	for i := range ds {
		for _, p := range []*diag.Pos{&ds[i].Pos, &ds[i].End} {
			if p.Line < 1 {
				p.Offset = 0
				continue
			}
			if _, ok := byFile[p.File]; !ok {
				order = append(order, p.File)
			}
			byFile[p.File] = append(byFile[p.File], p)
		}
	}
	for _, file := range order {
		t := textOf(file)
		if t == nil {
			continue
		}
		ps := byFile[file]
		at := make([][2]int, len(ps))
		for i, p := range ps {
			at[i] = [2]int{p.Line, p.Col}
		}
		for i, off := range t.lines.Offsets(t.src, at) {
			ps[i].Offset = off
		}
	}
}

// located is a text with its line index.
type located struct {
	src   []byte
	lines diag.Lines
}

// sourceOf returns the text of file as the rules read it.
func sourceOf(in *Input, scanned map[string][]byte, file string) ([]byte, bool) {
	if in.Manuals != nil {
		if m := in.Manuals.ByPath(file); m != nil {
			return m.Src, true
		}
	}
	if in.Prompts != nil {
		// The prompt set holds every line end as one LF; an offset is one
		// in the file, so the bytes on disk are used while they are still
		// that text (same lines and columns).
		if read, ok := in.Prompts.Files[file]; ok {
			if in.FS != nil {
				if src, ok := diskPrompt(in.FS, file, read); ok {
					return src, true
				}
			}
			return read, true
		}
	}
	if src, ok := scanned[file]; ok {
		return src, true
	}
	if in.FS == nil || file == "" {
		return nil, false
	}
	src, err := afero.ReadFile(in.FS, file)
	return src, err == nil
}
