package devserver

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/config"
)

// Watch starts watching the sources of the project — the manual roots,
// prompts/, content/, theme/ and the project file — and returns once the
// watches are in place, so no change made after it returns is missed. run
// rebuilds on every change until ctx ends.
func (s *Server) Watch(ctx context.Context) (run func() error, err error) {
	w, err := s.startWatch()
	if err != nil {
		return nil, err
	}
	return func() error { return s.watchLoop(ctx, w) }, nil
}

// startWatch watches the sources as they are now.
func (s *Server) startWatch() (*fsnotify.Watcher, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("cannot watch the project: %w", err)
	}
	file, roots := s.sources()
	s.addTrees(w, roots)
	// The project folder itself: the project file, and source folders
	// created after the start.
	_ = w.Add(filepath.Dir(file))
	return w, nil
}

// watchLoop rebuilds, debounced, on every relevant change until ctx ends.
func (s *Server) watchLoop(ctx context.Context, w *fsnotify.Watcher) error {
	defer w.Close()
	file, roots := s.sources()
	var timer *time.Timer
	fire := make(chan struct{}, 1)
	changed := map[string]bool{}
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-w.Errors:
			fmt.Fprintf(s.o.Log, "lore serve: watching: %v\n", err)
		case ev := <-w.Events:
			if !relevant(ev.Name, file, roots) {
				continue
			}
			changed[ev.Name] = true
			if ev.Has(fsnotify.Create) {
				if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
					s.addTrees(w, []string{ev.Name})
				}
			}
			if timer == nil {
				timer = time.AfterFunc(s.o.Debounce, func() {
					select {
					case fire <- struct{}{}:
					default:
					}
				})
			} else {
				timer.Reset(s.o.Debounce)
			}
		case <-fire:
			if f, r := s.sources(); f != file || !same(roots, r) {
				file, roots = f, r // lore.yaml changed its folders
				s.addTrees(w, roots)
			}
			paths := make([]string, 0, len(changed))
			for p := range changed {
				paths = append(paths, p)
			}
			clear(changed)
			s.rebuild(paths)
		}
	}
}

// sources returns the project file and the folders to watch, absolute.
func (s *Server) sources() (file string, dirs []string) {
	p := s.o.Project
	dir := p.Dir
	if dir == "" {
		dir = "."
	}
	cfg, err := config.Load(afero.NewOsFs(), filepath.ToSlash(dir), filepath.ToSlash(p.ConfigFile))
	if err != nil {
		cfg = config.Default(filepath.ToSlash(dir))
		if p.ConfigFile != "" {
			cfg.Dir = filepath.ToSlash(filepath.Dir(p.ConfigFile))
		}
	}
	file = p.ConfigFile
	if file == "" {
		file = filepath.Join(dir, config.FileName)
	}
	manuals := cfg.Manuals
	if len(p.Manuals) > 0 {
		manuals = nil
		dirs = append(dirs, p.Manuals...)
	}
	for _, d := range append(manuals, cfg.Prompts, cfg.Content, cfg.Theme) {
		dirs = append(dirs, filepath.FromSlash(cfg.Path(d)))
	}
	file, _ = filepath.Abs(file)
	for i, d := range dirs {
		dirs[i], _ = filepath.Abs(d)
	}
	return file, dirs
}

// addTrees watches every folder under roots (fsnotify is not recursive).
func (s *Server) addTrees(w *fsnotify.Watcher, roots []string) {
	for _, r := range roots {
		_ = filepath.WalkDir(r, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // a missing source folder is fine
			}
			if d.IsDir() {
				if n := d.Name(); p != r && (strings.HasPrefix(n, ".") || n == "node_modules") {
					return filepath.SkipDir
				}
				_ = w.Add(p)
			}
			return nil
		})
	}
}

// relevant reports whether a change at name concerns the build.
func relevant(name, file string, roots []string) bool {
	name, _ = filepath.Abs(name)
	if name == file {
		return true
	}
	base := filepath.Base(name)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") || strings.HasSuffix(base, ".swp") {
		return false // editor droppings
	}
	for _, r := range roots {
		if name == r || strings.HasPrefix(name, r+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func same(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
