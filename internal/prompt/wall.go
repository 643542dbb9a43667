package prompt

import (
	"fmt"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

// inside reports whether p resolves inside the prompts folder; a file
// whose symbolic links lead out of it (or cannot be followed) is recorded
// as a problem and must not be read.
func (s *Set) inside(fsys afero.Fs, p string) bool {
	e, err := wall.Check(fsys, s.Dir, p)
	switch {
	case err != nil:
		s.fileProblem(p, 0, 0, manual.RuleFileUnreadable, fmt.Sprintf("symbolic link %s cannot be followed: %v; fix or remove the link", p, unwrapPath(err)))
		return false
	case e != nil:
		s.fileProblem(p, 0, 0, wall.Rule, e.Message())
		return false
	}
	return true
}

// guard returns an error when p, a file of the prompts folder to read or
// write, resolves outside it.
func (s *Set) guard(fsys afero.Fs, p string) error {
	e, err := wall.Check(fsys, s.Dir, p)
	if err != nil {
		return err
	}
	if e != nil {
		return e
	}
	return nil
}
