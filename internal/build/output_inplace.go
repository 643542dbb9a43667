package build

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/spf13/afero"
)

// A folder only the session writes (lore serve's) is updated in place:
// staging a whole new folder, hard-linking its 30,000 unchanged files into
// it and removing the previous one cost more than a second per edit of a
// 10,000-manual site, to guard against readers that do not exist there.
// The files a build makes anew are written into the new folder beside the
// output as before; its commit renames each over the file it replaces
// (rename(2): a reader opens the old file or the new one, never half of
// one) and removes the files the build no longer makes. The output's
// publishing lock (RunOptions.Publishing) is held meanwhile: the dev
// server opens files under it, so a request sees the previous build or
// the new one, never a mix. A build that fails before its commit has
// changed nothing in the folder; one whose commit fails halfway returns
// the record of what the folder then holds.

// commitInPlace moves the files written into the output folder, removes
// those the previous output had and this one has not, and returns the
// record of the folder. On an error the record returned describes the
// folder as the commit left it (the files moved or removed so far, the
// others as they were), and the error says what failed.
func (o *output) commitInPlace() (*record, error) {
	if err := o.precompress(); err != nil {
		o.abort()
		return nil, err
	}
	for _, p := range o.prev.paths {
		if _, ok := o.next[p]; !ok {
			o.removed = append(o.removed, p)
		}
	}
	slices.Sort(o.wrote)
	o.wrote = slices.Compact(o.wrote)
	// What the folder holds, kept up to date as files move: the record
	// returned if the commit fails halfway.
	now := o.prev.files
	err := func() error {
		if o.publishing != nil {
			o.publishing.Lock()
			defer o.publishing.Unlock()
		}
		for _, p := range o.removed {
			if err := o.fs.Remove(path.Join(o.dir, p)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("cannot remove %s from %s: %w", p, o.dir, err)
			}
			delete(now, p)
		}
		pruneDirs(o.fs, o.dir, o.removed)
		made := map[string]bool{}
		for _, p := range o.wrote {
			if d := path.Dir(p); !made[d] {
				if err := o.fs.MkdirAll(path.Join(o.dir, d), 0o755); err != nil {
					return fmt.Errorf("cannot create %s in %s: %w", d, o.dir, err)
				}
				made[d] = true
			}
			if err := o.fs.Rename(path.Join(o.stage, p), path.Join(o.dir, p)); err != nil {
				return fmt.Errorf("cannot publish %s in %s: %w", p, o.dir, err)
			}
			now[p] = o.next[p]
		}
		return nil
	}()
	r := recordAfter(o.prev, o.next, len(o.removed))
	if err != nil {
		r = newRecord(now)
	}
	r.stamped = time.Now().UnixNano()
	o.removing = make(chan struct{})
	go func() {
		defer close(o.removing)
		_ = o.fs.RemoveAll(o.stage) // its folders, and what a failure left
		o.release()
	}()
	return r, err
}

// pruneDirs removes the folders of the output at dir, among those that
// held the removed files and their parents, that are empty now: a build
// from scratch has no empty folders either.
func pruneDirs(fsys afero.Fs, dir string, removed []string) {
	var dirs []string
	for _, p := range removed {
		for d := path.Dir(p); d != "." && d != "/"; d = path.Dir(d) {
			dirs = append(dirs, d)
		}
	}
	// The deepest first: a folder is empty only once its folders are gone.
	slices.SortFunc(dirs, func(a, b string) int {
		if c := strings.Count(b, "/") - strings.Count(a, "/"); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	for _, d := range slices.Compact(dirs) {
		full := path.Join(dir, d)
		if empty, err := isEmptyDir(fsys, full); err == nil && empty {
			_ = fsys.Remove(full)
		}
	}
}

// isEmptyDir reports whether the folder d holds nothing. (Remove alone
// will not do: afero's file system in memory removes a folder that is
// not empty.)
func isEmptyDir(fsys afero.Fs, d string) (bool, error) {
	f, err := fsys.Open(d)
	if err != nil {
		return false, err
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	if errors.Is(err, io.EOF) {
		return true, nil
	}
	return len(names) == 0 && err == nil, err
}
