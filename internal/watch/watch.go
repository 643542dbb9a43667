// Package watch tells the long-running commands (lore serve, lore mcp
// --watch) which sources of a project changed: it watches folder trees and
// the project file with fsnotify, ignores editor droppings and the build's
// own output, and reports the changes in batches once the sources have
// been quiet for a moment, so that an editor's burst of writes or a git
// checkout rebuilds once.
package watch

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Targets are what a build reads. Paths may be relative; they are made
// absolute against the working folder.
type Targets struct {
	// File is the project file. It is watched through its folder, so a
	// project file created after the start is seen too.
	File string
	// Dirs are the source folders, watched with every folder below them.
	// A folder that does not exist yet is picked up once its parent (the
	// project folder) reports it.
	Dirs []string
	// Skip holds path prefixes never reported: the build's output folder
	// (end it with a separator) and its staging folders when they lie
	// inside a source folder.
	Skip []string
}

// Watcher watches the targets of a project.
type Watcher struct {
	fw      *fsnotify.Watcher
	targets func() Targets
	settle  time.Duration
	cur     Targets // absolute
}

// New starts watching targets(). When it returns the watches are in
// place: no change made after it returns is missed. targets is called
// again after every batch, since the project file may move the folders.
// Run releases the watches when it returns.
func New(targets func() Targets, settle time.Duration) (*Watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("cannot watch the project: %w", err)
	}
	w := &Watcher{fw: fw, targets: targets, settle: settle}
	w.refresh()
	return w, nil
}

// Run calls changed with the files that changed, absolute and sorted,
// each time the sources have been quiet for the settle time, until ctx
// ends; then it closes the watcher. Problems of single events go to warn.
func (w *Watcher) Run(ctx context.Context, changed func(paths []string), warn func(error)) error {
	defer w.fw.Close()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	pending := map[string]bool{}
	for {
		select {
		case <-ctx.Done():
			return nil
		case err, ok := <-w.fw.Errors:
			if !ok {
				return nil
			}
			warn(err)
		case ev, ok := <-w.fw.Events:
			if !ok {
				return nil
			}
			name, err := filepath.Abs(ev.Name)
			if err != nil || ev.Op == fsnotify.Chmod || !w.cur.relevant(name) {
				continue
			}
			pending[name] = true
			if ev.Has(fsnotify.Create) {
				if fi, err := os.Stat(name); err == nil && fi.IsDir() {
					// Files written into the new folder before its watch was
					// added raise no event of their own.
					for _, f := range addTree(w.fw, name) {
						pending[f] = true
					}
				}
			}
			timer.Reset(w.settle)
		case <-timer.C:
			paths := make([]string, 0, len(pending))
			for p := range pending {
				paths = append(paths, p)
			}
			clear(pending)
			slices.Sort(paths)
			changed(paths)
			w.refresh()
		}
	}
}

// refresh points the watcher at the current targets. Only new source
// folders are walked (folders created below a watched one are added as
// their events arrive); watches of folders that are no longer sources
// stay, and their events are not relevant.
func (w *Watcher) refresh() {
	t := w.targets()
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			return filepath.Clean(p)
		}
		return a
	}
	cur := Targets{}
	if t.File != "" {
		cur.File = abs(t.File)
		_ = w.fw.Add(filepath.Dir(cur.File))
	}
	for _, d := range t.Dirs {
		if d == "" {
			continue
		}
		d = abs(d)
		cur.Dirs = append(cur.Dirs, d)
		if slices.Contains(w.cur.Dirs, d) {
			continue
		}
		addTree(w.fw, d)
		// The parent reports the folder when it is created later.
		_ = w.fw.Add(filepath.Dir(d))
	}
	for _, s := range t.Skip {
		if s == "" {
			continue
		}
		a := abs(s)
		if strings.HasSuffix(s, string(filepath.Separator)) {
			a += string(filepath.Separator) // a folder, not a name prefix
		}
		cur.Skip = append(cur.Skip, a)
	}
	w.cur = cur
}

// relevant reports whether a change at the absolute path name concerns
// the build.
func (t Targets) relevant(name string) bool {
	if name == t.File {
		return true
	}
	base := filepath.Base(name)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") || strings.HasSuffix(base, ".swp") {
		return false // editor droppings and hidden files
	}
	for _, s := range t.Skip {
		// A folder (s ends in a separator) is skipped with everything in
		// it: the build swaps its output folder in, renaming the folder
		// itself.
		if strings.HasPrefix(name, s) || strings.HasSuffix(s, string(filepath.Separator)) && name == strings.TrimSuffix(s, string(filepath.Separator)) {
			return false
		}
	}
	for _, d := range t.Dirs {
		if name == d || strings.HasPrefix(name, d+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// addTree watches dir and every folder below it (fsnotify is not
// recursive), skipping hidden folders and node_modules, and returns the
// files it found.
func addTree(fw *fsnotify.Watcher, dir string) (files []string) {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // a missing source folder is fine
		}
		if !d.IsDir() {
			files = append(files, p)
			return nil
		}
		if p != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		_ = fw.Add(p)
		return nil
	})
	return files
}
