// Package devserver is lore serve: it builds the project into a private
// folder, serves it on a local address, watches the project's sources and
// rebuilds on every change, and tells open pages to reload (server-sent
// events). A failed build leaves the last good site being served and shows
// its errors in the page, as an overlay, and in the terminal.
package devserver

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/plural"
)

// Options configure a server.
type Options struct {
	// Project selects the project; the server chooses the output folder.
	Project build.Options
	// FailOn and NeverFail say which lint findings fail a build
	// (build.RunOptions): a failed build leaves the last good one online.
	FailOn    diag.Severity
	NeverFail bool
	// Log receives a line per build and the findings of failed builds.
	Log io.Writer
	// Debounce is how long the watcher waits for more changes before it
	// rebuilds (25ms when zero: an editor's save is a burst of events a
	// few milliseconds apart).
	Debounce time.Duration
}

// Server serves the latest good build of a project.
type Server struct {
	o    Options
	tmp  string // private folder holding the build
	out  string // the site, updated in place by each good build
	sess *build.Session

	mu      sync.RWMutex
	site    string // folder of the latest good build ("" before the first)
	failure string // why the latest build failed ("" when it succeeded)
	gen     int    // number of builds attempted
	busy    bool   // a build is running
	subs    map[chan event]struct{}

	buildMu sync.Mutex // one build at a time
	// publishing is held by a build while it renames files into the
	// site (build.RunOptions.Publishing), and for reading while a request
	// opens the files it sends: each request sees one build's files.
	publishing sync.RWMutex
	encodings  *encodings // of the files sent last
}

// event is what the server pushes to open pages.
type event struct {
	name string // reload, builderror
	data string
}

// New prepares a server; call Rebuild for the first build.
func New(o Options) (*Server, error) {
	if o.Log == nil {
		o.Log = io.Discard
	}
	if o.Debounce == 0 {
		o.Debounce = 25 * time.Millisecond
	}
	tmp, err := os.MkdirTemp("", "lore-serve-")
	if err != nil {
		return nil, fmt.Errorf("cannot create a folder for the builds: %w", err)
	}
	out := filepath.Join(tmp, "site")
	s := &Server{o: o, tmp: tmp, out: out, subs: map[chan event]struct{}{}, encodings: newEncodings(compressedCacheBytes)}
	s.sess = build.NewSession(build.RunOptions{Options: o.Project, Out: out, Private: true, Publishing: &s.publishing,
		FailOn: o.FailOn, NeverFail: o.NeverFail})
	return s, nil
}

// Close removes the server's build.
func (s *Server) Close() error {
	s.buildMu.Lock()
	defer s.buildMu.Unlock()
	s.sess.Close()
	return os.RemoveAll(s.tmp)
}

// Rebuild builds the whole project. On success the new site is served and
// open pages reload; on failure the previous site stays, the findings go
// to the log and open pages show them. It reports whether the build
// succeeded.
func (s *Server) Rebuild() bool { return s.rebuild(nil) }

// rebuild builds the project again, incrementally: the session reuses
// every result whose inputs are unchanged, by content. When the files
// changed (absolute paths; nil: unknown) are edited manuals, their pages
// are written first and open ones reload (editedPages).
func (s *Server) rebuild(changed []string) bool {
	s.buildMu.Lock()
	defer s.buildMu.Unlock()
	s.mu.Lock()
	s.gen++
	s.busy = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.busy = false
		s.mu.Unlock()
	}()

	out := s.out
	start := time.Now()
	s.editedPages(changed)
	res, err := s.sess.Build()
	msg := ""
	switch {
	case err != nil:
		msg = err.Error()
	case res.Failed:
		var b bytes.Buffer
		var errs lint.Report
		for _, d := range res.Lint.Diagnostics {
			if d.Severity == diag.Error {
				errs.Diagnostics = append(errs.Diagnostics, d)
			}
		}
		_ = lint.Write(&b, "text", errs)
		msg = strings.TrimSpace(b.String()) + "\n" + res.Lint.Diagnostics.Summary()
	}
	if msg != "" {
		fmt.Fprintf(s.o.Log, "lore serve: build failed; still serving the last good build:\n%s\n", msg)
		s.mu.Lock()
		s.failure = msg
		s.mu.Unlock()
		s.broadcast(event{"builderror", msg})
		return false
	}
	fmt.Fprintf(s.o.Log, "lore serve: built %s in %s (%s; %s written)\n", plural.Of(res.Manuals, "manual", "manuals"),
		time.Since(start).Round(time.Millisecond), res.Lint.Diagnostics.Summary(), plural.Of(res.Written, "file", "files"))
	s.mu.Lock()
	first := s.site == ""
	recovered := s.failure != ""
	s.site, s.failure = out, ""
	s.mu.Unlock()
	s.broadcast(event{"reload", reloadPages(res.Changed, first || recovered)})
	return true
}

// reloadPages says which open pages reload after a build: the pages it
// wrote, or every page ("*") when the stylesheets or scripts changed, on
// the first build and after a failed one (whose overlay must go).
func reloadPages(changed []string, all bool) string {
	var pages []string
	for _, c := range changed {
		if strings.HasPrefix(c, "assets/") {
			all = true
		}
		if strings.HasSuffix(c, ".html") {
			pages = append(pages, c)
		}
	}
	if all {
		return "*"
	}
	return strings.Join(pages, "\n")
}

// Dir returns the folder the site is built into and served from.
func (s *Server) Dir() string { return s.out }

// state returns the folder to serve and the current failure.
func (s *Server) state() (site, failure string) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.site, s.failure
}

func (s *Server) subscribe() chan event {
	ch := make(chan event, 8)
	s.mu.Lock()
	s.subs[ch] = struct{}{}
	s.mu.Unlock()
	return ch
}

func (s *Server) unsubscribe(ch chan event) {
	s.mu.Lock()
	delete(s.subs, ch)
	s.mu.Unlock()
}

func (s *Server) broadcast(e event) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for ch := range s.subs {
		select {
		case ch <- e:
		default: // a slow page misses an event; the next one reloads it
		}
	}
}
