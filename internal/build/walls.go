package build

import (
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

// The project folder is the outer wall (internal/wall): the folders lore.yaml
// names (manual roots, prompts/, content/, theme/) must, when they lie
// inside it as written, really lie inside it, and so must lore.yaml. The
// loaders keep their own files inside each folder.

// projectDir is the project folder as a path on the file system.
func (p *Project) projectDir() string {
	if p.Config.Dir == "" {
		return "."
	}
	return p.Config.Dir
}

// escape reports how dir, a folder of the project, leads out of the
// project folder through a symbolic link; nil when it does not (or lies
// outside it as written: a folder configured elsewhere on purpose).
func (p *Project) escape(dir string) *wall.Escape {
	proj := path.Clean(p.projectDir())
	dir = path.Clean(dir)
	outside := dir != proj && !manual.InDir(dir, proj)
	if proj == "." {
		outside = path.IsAbs(dir) || dir == ".." || strings.HasPrefix(dir, "../")
	}
	if outside {
		return nil
	}
	e, err := wall.Check(p.FS, proj, dir)
	if err != nil {
		return nil // the loader reports the loop or the unreadable link
	}
	return e
}

// inProject returns the folder dir, or "" when it leads out of the
// project folder (the folder is then not read).
func (p *Project) inProject(dir string) string {
	if p.escape(dir) != nil {
		return ""
	}
	return dir
}

// wallProblems reports the configured folders that lead out of the
// project folder and the files of content/ and theme/ whose links lead
// out of their folder (the manual and prompt loaders report their own).
func (p *Project) wallProblems() []manual.FileProblem {
	var out []manual.FileProblem
	add := func(e *wall.Escape) {
		out = append(out, manual.FileProblem{Path: e.Path, Problem: manual.Problem{Rule: wall.Rule, Message: e.Message()}})
	}
	for _, r := range p.Config.Manuals {
		if e := p.escape(p.Config.Path(r)); e != nil {
			add(e)
		}
	}
	for _, d := range []string{p.Config.Content, p.Config.Theme} {
		dir := p.Config.Path(d)
		if e := p.escape(dir); e != nil {
			add(e)
			continue
		}
		for _, e := range escapesUnder(p.FS, dir) {
			add(e)
		}
	}
	return out
}

// escapesUnder lists the symbolic links under dir that lead out of it.
// Linked folders are not entered (the site's loaders do not enter them).
func escapesUnder(fsys afero.Fs, dir string) []*wall.Escape {
	if fi, err := fsys.Stat(dir); err != nil || !fi.IsDir() {
		return nil
	}
	w := wall.New(fsys, dir)
	var out []*wall.Escape
	_ = afero.Walk(fsys, dir, func(p string, fi fs.FileInfo, err error) error {
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return nil
		}
		if e, err := w.Check(p); err == nil && e != nil {
			out = append(out, e)
		}
		return nil
	})
	return out
}

// configInside refuses a project file (lore.yaml in dir, or file) whose
// symbolic links lead out of its folder: it is not read, and the error
// says where it points.
func configInside(fsys afero.Fs, dir, file string) error {
	if file == "" {
		file = path.Join(dir, config.FileName)
	}
	e, err := wall.Check(fsys, path.Dir(file), file)
	if err != nil || e == nil {
		return nil // config.Load reports a file it cannot read
	}
	return &config.Error{File: file, Msg: e.Message()}
}
