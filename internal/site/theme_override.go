package site

import (
	"io/fs"
	"os"
	"path"
	"slices"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/wall"
)

// ThemeOverride returns the project's theme folder dir of fsys as the
// override of theme.New. A file whose symbolic links lead out of dir is
// absent from it (internal/wall: the build reports it as
// file/outside-root), so the embedded file of that name is used instead.
func ThemeOverride(fsys afero.Fs, dir string) fs.FS {
	return walledFS{io: afero.NewIOFS(afero.NewBasePathFs(fsys, dir)), w: wall.New(fsys, dir), dir: dir}
}

// walledFS is an io/fs view of a folder that hides what leads out of it.
type walledFS struct {
	io  afero.IOFS
	w   *wall.Wall
	dir string
}

func (f walledFS) out(name string) bool {
	if !fs.ValidPath(name) {
		return true
	}
	e, err := f.w.Check(path.Join(f.dir, name))
	return err != nil || e != nil
}

// Open opens name unless it leads out of the folder.
func (f walledFS) Open(name string) (fs.File, error) {
	if f.out(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return f.io.Open(name)
}

// ReadDir lists folder name without the links that lead out of it.
func (f walledFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if f.out(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	es, err := f.io.ReadDir(name)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(es, func(e fs.DirEntry) bool {
		return e.Type()&os.ModeSymlink != 0 && f.out(path.Join(name, e.Name()))
	}), nil
}
