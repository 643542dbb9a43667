package mcpserver

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/afero"
)

// settle is how long the sources must stay quiet before a rebuild, so
// that an editor's burst of writes or a git checkout builds once.
const settle = 250 * time.Millisecond

// Watch rebuilds and reloads whenever a manual, prompt, content page or
// the project file changes, until ctx is done; connected clients get the
// list-changed notifications. A failed rebuild keeps the previous output
// and snapshot in service. done, when set, is called after each rebuild
// with its outcome.
func (s *Server) Watch(ctx context.Context, done func(error)) error {
	if _, ok := s.opts.Project.FS.(*afero.OsFs); !ok && s.opts.Project.FS != nil {
		return errors.New("watching needs the operating system's file system")
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	t := &watchTargets{}
	t.refresh(s, w)

	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			s.warn("watch: " + err.Error())
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if !t.relevant(ev) {
				continue
			}
			if ev.Has(fsnotify.Create) {
				if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
					addTree(w, ev.Name)
				}
			}
			timer.Reset(settle)
		case <-timer.C:
			err := s.Rebuild()
			if err != nil {
				s.warn("rebuild failed; still serving the previous build: " + err.Error())
			} else {
				s.log.Info("rebuilt and reloaded")
			}
			t.refresh(s, w)
			if done != nil {
				done(err)
			}
		}
	}
}

// watchTargets are the folders and the project file a rebuild depends on.
type watchTargets struct {
	dirs   []string // absolute source folders, watched with their trees
	config string   // absolute project file ("" without one)
	out    []string // absolute output folder and its staging prefix
}

// refresh points the watcher at the current project's sources.
func (t *watchTargets) refresh(s *Server, w *fsnotify.Watcher) {
	snap, release := s.acquire()
	cfg, pub := snap.project.Config, snap.public
	release()
	*t = watchTargets{}
	for _, d := range append(append([]string{}, cfg.Manuals...), cfg.Prompts, cfg.Content) {
		if d == "" {
			continue
		}
		abs, err := filepath.Abs(filepath.FromSlash(cfg.Path(d)))
		if err == nil {
			t.dirs = append(t.dirs, abs)
			addTree(w, abs)
		}
	}
	// The project folder: for the project file, and for source folders
	// that do not exist yet.
	if abs, err := filepath.Abs(filepath.FromSlash(cfg.Path("."))); err == nil {
		_ = w.Add(abs)
	}
	if cfg.File != "" {
		if abs, err := filepath.Abs(filepath.FromSlash(cfg.File)); err == nil {
			t.config = abs
			_ = w.Add(filepath.Dir(abs))
		}
	}
	if abs, err := filepath.Abs(filepath.FromSlash(pub)); err == nil {
		t.out = []string{abs, abs + ".tmp-"}
	}
}

// relevant reports whether ev changes what a build reads.
func (t *watchTargets) relevant(ev fsnotify.Event) bool {
	if ev.Op == fsnotify.Chmod {
		return false
	}
	name, err := filepath.Abs(ev.Name)
	if err != nil {
		return false
	}
	if name == t.config {
		return true
	}
	base := filepath.Base(name)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") {
		return false
	}
	for _, o := range t.out {
		if strings.HasPrefix(name, o) {
			return false
		}
	}
	for _, d := range t.dirs {
		if name == d || strings.HasPrefix(name, d+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// addTree watches dir and every folder below it (fsnotify is not
// recursive).
func addTree(w *fsnotify.Watcher, dir string) {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			_ = w.Add(p)
		}
		return nil
	})
}
