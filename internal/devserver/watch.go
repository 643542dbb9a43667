package devserver

import (
	"context"
	"fmt"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/watch"
)

// Watch starts watching the sources of the project — the manual roots,
// prompts/, content/, theme/ and the project file — and returns once the
// watches are in place, so no change made after it returns is missed. run
// rebuilds on every change until ctx ends.
func (s *Server) Watch(ctx context.Context) (run func() error, err error) {
	w, err := watch.New(s.sources, s.o.Debounce)
	if err != nil {
		return nil, err
	}
	return func() error {
		return w.Run(ctx, s.rebuildGuarded, func(err error) {
			fmt.Fprintf(s.o.Log, "lore serve: watching: %v\n", err)
		})
	}, nil
}

// rebuildGuarded rebuilds after the files changed changed; a panic in the
// build is a failed build (logged, shown on open pages) and the server
// goes on serving the last good one.
func (s *Server) rebuildGuarded(changed []string) {
	err := guard.Do(func() error { s.rebuild(changed); return nil })
	if err == nil {
		return
	}
	msg := "the build crashed: " + err.Error()
	fmt.Fprintf(s.o.Log, "lore serve: build failed; still serving the last good build:\n%s\n", msg)
	s.mu.Lock()
	s.failure = msg
	s.mu.Unlock()
	s.broadcast(event{"builderror", msg})
}

// sources returns the project file and the folders a build reads, as the
// project file says now, through the build's wall (build.WatchSources):
// a folder lore.yaml names outside the project is not watched unless
// --allow-outside. A broken or refused project file is the build's to
// report.
func (s *Server) sources() watch.Targets {
	src, _ := build.WatchSources(s.o.Project)
	return watch.Targets{File: src.File, Dirs: src.Dirs}
}
