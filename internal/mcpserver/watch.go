package mcpserver

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/watch"
)

// settle is how long the sources must stay quiet before a rebuild, so
// that an editor's burst of writes or a git checkout builds once.
const settle = 250 * time.Millisecond

// Watch starts watching the manuals, prompts, content pages and the
// project file, and returns once the watches are in place. run rebuilds
// and reloads on every change until ctx is done; connected clients get
// the list-changed notifications. A failed rebuild keeps the previous
// output and snapshot in service. done, when set, is called after each
// rebuild with its outcome.
func (s *Server) Watch(ctx context.Context, done func(error)) (run func() error, err error) {
	if _, ok := s.opts.Project.FS.(*afero.OsFs); !ok && s.opts.Project.FS != nil {
		return nil, errors.New("watching needs the operating system's file system")
	}
	w, err := watch.New(s.sources, settle)
	if err != nil {
		return nil, err
	}
	s.buildMu.Lock()
	if s.sess == nil {
		s.sess = build.NewSession(s.runOptions())
	}
	s.buildMu.Unlock()
	return func() error {
		return w.Run(ctx, func([]string) {
			// A panic in the build is a failed rebuild: the previous
			// build stays in service.
			err := guard.Do(s.Rebuild)
			if err != nil {
				s.warn("rebuild failed; still serving the previous build: " + err.Error() + buildErrors(err))
			} else {
				s.log.Info("rebuilt and reloaded")
			}
			if done != nil {
				done(err)
			}
		}, func(err error) { s.warn("watch: " + err.Error()) })
	}, nil
}

// buildErrors lists the error findings of a failed build, one a line, each
// naming its file and line.
func buildErrors(err error) string {
	var be *BuildError
	if !errors.As(err, &be) {
		return ""
	}
	var b strings.Builder
	for _, d := range be.Lint.Diagnostics {
		if d.Severity == diag.Error {
			b.WriteString("\n" + d.String())
		}
	}
	return b.String()
}

// sources returns what a rebuild reads, as the project file says now,
// through the build's wall (build.WatchSources): the manual roots,
// prompts/, content/, theme/ and the project file; a folder lore.yaml
// names outside the project is not watched unless --allow-outside. The
// output folder and its staging folders are never sources.
func (s *Server) sources() watch.Targets {
	snap, release := s.acquire()
	pub := ""
	if snap != nil { // nil once the server is closed
		pub = snap.public
	}
	release()
	src, _ := build.WatchSources(s.opts.Project)
	t := watch.Targets{File: src.File, Dirs: src.Dirs}
	if pub != "" {
		out := filepath.FromSlash(pub)
		t.Skip = []string{out + string(filepath.Separator), out + ".tmp-"}
	}
	return t
}
