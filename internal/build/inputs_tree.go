package build

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
)

// inputDir is a folder of an input root as listInputs found it: its
// entries in name order, the folders among them listed too (those a walk
// skips are left out).
type inputDir struct {
	entries []fs.FileInfo
	subdirs map[string]*inputDir // by entry name
	err     error
}

// listInputs lists the folder root and every folder under it that the
// input scan walks, each folder on its own goroutine (at most two per
// core): stat of the entries (lstat, as afero.Walk) is most of a
// nothing-changed build's input scan, and a project's manuals spread
// over folders.
func listInputs(fsys afero.Fs, root string, skip map[string]bool) *inputDir {
	sem := make(chan struct{}, 2*runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	var list func(d *inputDir, dir string)
	list = func(d *inputDir, dir string) {
		defer wg.Done()
		sem <- struct{}{}
		d.entries, d.err = readDir(fsys, dir)
		<-sem
		if d.err != nil {
			return
		}
		for _, e := range d.entries {
			p := path.Join(dir, e.Name())
			if !e.IsDir() || skip[p] || manual.SkippedDir(e.Name()) {
				continue
			}
			if d.subdirs == nil {
				d.subdirs = map[string]*inputDir{}
			}
			sub := &inputDir{}
			d.subdirs[e.Name()] = sub
			wg.Add(1)
			go list(sub, p)
		}
	}
	top := &inputDir{}
	wg.Add(1)
	list(top, root)
	wg.Wait()
	return top
}

// walk identifies every file under root, in the order of afero.Walk
// (lexical, a folder before what it holds), from a parallel listing.
func (s *inputScan) walk(root string, skip map[string]bool) {
	if !s.ok {
		return
	}
	fi, err := lstat(s.fsys, root)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		s.h.String(root).String("missing")
		return
	case err != nil:
		s.ok = false
		return
	case !fi.IsDir():
		s.file(root, fi, true)
		return
	}
	s.dir(root, listInputs(s.fsys, root, skip))
}

// dir identifies the folder p, listed as d, and what it holds.
func (s *inputScan) dir(p string, d *inputDir) {
	if d.err != nil {
		s.ok = false
		return
	}
	s.h.String(p).String("folder")
	for _, e := range d.entries {
		q := path.Join(p, e.Name())
		if e.IsDir() {
			if sub := d.subdirs[e.Name()]; sub != nil {
				s.dir(q, sub)
				if !s.ok {
					return
				}
			}
			continue
		}
		s.file(q, e, true)
		if !s.ok {
			return
		}
	}
}

// readDir is afero.ReadDir (the entries of the folder dir, stat'ed
// without following links, in name order), on the OS file system with
// the folder opened by openDir.
func readDir(fsys afero.Fs, dir string) ([]fs.FileInfo, error) {
	if !osFS(fsys) {
		return afero.ReadDir(fsys, dir)
	}
	f, err := openDir(filepath.FromSlash(dir))
	if err != nil {
		return nil, err
	}
	list, err := f.Readdir(-1)
	_ = f.Close()
	if err != nil {
		return nil, err
	}
	slices.SortFunc(list, func(a, b fs.FileInfo) int { return strings.Compare(a.Name(), b.Name()) })
	return list, nil
}
