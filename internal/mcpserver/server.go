package mcpserver

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"path"
	"slices"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/plural"
	"github.com/lorekit/lore/internal/search"
)

// instructions tell a client's model how the tools fit together.
const instructions = `This server holds the team's manuals: short Markdown how-tos for tasks an agent does.
Before a task you are not sure how to do, call how_do_i with the need in one sentence (English or German):
follow the manual it loads, or pick one of its alternatives and call manual_read(name).
manual_list shows every manual; manual_read('name') loads one, and manuals reference each other that way.
Every manual is also an Agent Skill at skill://<name>/SKILL.md (skills/list lists them with their files and digests).`

// Server is a lore project served over MCP. It is safe for concurrent use.
type Server struct {
	opts Options
	mcp  *mcp.Server
	log  *slog.Logger

	// mu guards cur: requests hold it shared while they use a snapshot;
	// a reload takes it exclusively to swap in the next one.
	mu  sync.RWMutex
	cur *snapshot
	// closed, under mu, is set by Close: a rebuild that finishes after it
	// (the watcher stops after the server) installs nothing.
	closed bool

	// pubMu serialises reloads and guards what is registered.
	pubMu     sync.Mutex
	resources []string
	prompts   []string

	// buildMu serialises builds; sess, set by Watch, keeps what a build
	// computed for the next (the catalog and search index are updated,
	// not rebuilt, after an edit).
	buildMu sync.Mutex
	sess    *build.Session
	// cacheSaid holds the build cache's notes already logged (guarded
	// by buildMu): each is said once, not at every rebuild.
	cacheSaid map[string]bool
}

// BuildError is returned by New when the build it ran (public/ was
// missing) stopped on lint errors.
type BuildError struct{ Lint lint.Report }

func (e *BuildError) Error() string {
	return fmt.Sprintf("lore build failed: %s; run 'lore build' to see and fix them", e.Lint.Diagnostics.Summary())
}

// New loads the project and its build output, building it first when the
// output folder has no manifest, and returns a Server ready to serve.
func New(o Options) (*Server, error) {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	s := &Server{opts: o, log: o.Logger}
	if err := s.buildIfNeeded(); err != nil {
		return nil, err
	}
	snap, err := loadSnapshot(&s.opts)
	if err != nil {
		return nil, err
	}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "lore", Title: "lore manuals", Version: o.Version}, &mcp.ServerOptions{
		Instructions: instructions,
		Logger:       o.Logger,
		PageSize:     o.PageSize,
		CompletionHandler: func(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
			return s.complete(ctx, req)
		},
		Capabilities: &mcp.ServerCapabilities{
			Tools:       &mcp.ToolCapabilities{ListChanged: true},
			Resources:   &mcp.ResourceCapabilities{ListChanged: true},
			Prompts:     &mcp.PromptCapabilities{ListChanged: true},
			Completions: &mcp.CompletionCapabilities{},
			Extensions: map[string]any{
				skillsExtension: map[string]any{"directoryRead": true},
			},
		},
	})
	s.mcp.AddReceivingMiddleware(s.guard)
	s.addTools(o.Engine)
	s.addResourceTemplates()
	s.swap(snap)
	return s, nil
}

// MCP returns the underlying SDK server, to connect it to any transport.
func (s *Server) MCP() *mcp.Server { return s.mcp }

// Close releases the current snapshot and the watch's build session.
func (s *Server) Close() error {
	s.buildMu.Lock()
	if s.sess != nil {
		s.sess.Close()
		s.sess = nil
	}
	s.buildMu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	if s.cur != nil {
		s.cur.close()
		s.cur = nil
	}
	return nil
}

// acquire returns the current snapshot; release must be called when the
// request no longer uses it.
func (s *Server) acquire() (*snapshot, func()) {
	s.mu.RLock()
	return s.cur, s.mu.RUnlock
}

// Reload loads the project and the build output again and updates the
// served resources and prompts; connected clients are told that the lists
// changed. On error the previous snapshot stays in service.
func (s *Server) Reload() error {
	snap, err := loadSnapshot(&s.opts)
	if err != nil {
		return err
	}
	s.swap(snap)
	return nil
}

// Rebuild runs the build into the output folder and reloads. A build that
// fails leaves the previous output, and the snapshot, in service.
func (s *Server) Rebuild() error {
	if err := s.build(); err != nil {
		return err
	}
	return s.Reload()
}

// swap puts snap in service, registers its resources and prompts, removes
// those that are gone, and closes the previous snapshot.
func (s *Server) swap(snap *snapshot) {
	s.pubMu.Lock()
	defer s.pubMu.Unlock()
	for _, w := range snap.warnings {
		s.warn(w)
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		snap.close() // the server closed while this was built
		return
	}
	old := s.cur
	s.cur = snap
	s.mu.Unlock()
	if old != nil {
		old.close() // no request holds it: the swap waited for them
	}

	res := snap.resources()
	gone := slices.DeleteFunc(slices.Clone(s.resources), func(u string) bool { _, ok := res[u]; return ok })
	if len(gone) > 0 {
		s.mcp.RemoveResources(gone...)
	}
	s.resources = slices.Sorted(maps.Keys(res))
	for _, u := range s.resources {
		s.mcp.AddResource(res[u], s.readResource)
	}

	prompts := snap.prompts()
	gone = slices.DeleteFunc(slices.Clone(s.prompts), func(n string) bool { _, ok := prompts[n]; return ok })
	if len(gone) > 0 {
		s.mcp.RemovePrompts(gone...)
	}
	s.prompts = slices.Sorted(maps.Keys(prompts))
	for _, n := range s.prompts {
		s.mcp.AddPrompt(prompts[n], s.getPrompt)
	}
}

// buildIfNeeded builds the project before serving it, and says why: its
// output has no manifest, or no catalog, or a catalog of other manuals
// than the sources' (the output is older than the manuals) — manual_read,
// which reads the sources, and how_do_i, which reads the catalog, must
// answer from the same manuals — or an output that this machine's builds
// do not vouch for (build.Vouched).
func (s *Server) buildIfNeeded() error {
	p, err := build.Load(s.opts.Project)
	if err != nil {
		return err
	}
	pub := publicDir(&s.opts, p)
	why := ""
	if _, err := p.FS.Stat(path.Join(pub, manifestFile)); err != nil {
		why = "no build output yet"
	} else if s.opts.OpenRouter != nil {
		b, err := afero.ReadFile(p.FS, path.Join(pub, build.CatalogDir, search.MetaFile))
		var meta *search.Meta
		if err == nil {
			meta, err = search.DecodeMeta(b)
		}
		switch {
		case err != nil:
			why = "the build output has no how_do_i catalog"
		case meta.InputsSHA256 != search.InputsHash(p.CatalogSource()):
			why = "the manuals changed since the last build"
		}
	}
	if why == "" && !build.Vouched(p, pub, manifestFile, build.CatalogDir) {
		// The output looks current only by what its own files say:
		// whoever can commit public/ can write a manifest and a catalog
		// that claim the sources' hash over forged text.
		why = "the build output is not what lore built on this machine"
	}
	if why == "" {
		return nil
	}
	s.log.Info(why+": building", "out", pub)
	return s.build()
}

// build runs the pipeline into the output folder, in the watch's session
// when there is one (which reuses what its last build computed from the
// same inputs).
func (s *Server) build() error {
	s.buildMu.Lock()
	defer s.buildMu.Unlock()
	var res *build.Result
	var err error
	if s.sess != nil {
		res, err = s.sess.Build()
	} else {
		res, err = build.Run(s.runOptions())
	}
	if err != nil {
		return err
	}
	s.noteCache(res.CacheProblems)
	if res.Failed {
		return &BuildError{Lint: res.Lint}
	}
	s.log.Info("built", "out", res.Out, "manuals", res.Manuals, "duration", res.Duration.Round(1e6))
	return nil
}

func (s *Server) warn(msg string) { s.log.Warn(msg) }

// noteCache logs, as warnings, what was wrong with the build cache (a
// .lore-cache linked out of the project, a cache that could not be saved),
// each note once for the server's life, as lore build says it once per
// build. Call with buildMu held.
func (s *Server) noteCache(notes []string) {
	for _, n := range notes {
		if s.cacheSaid[n] {
			continue
		}
		if s.cacheSaid == nil {
			s.cacheSaid = map[string]bool{}
		}
		s.cacheSaid[n] = true
		s.warn("cache: " + diag.Printable(n))
	}
}

func (s *Server) runOptions() build.RunOptions {
	return build.RunOptions{Options: s.opts.Project, Out: s.opts.Public,
		Progress: func(stage string) { s.log.Debug("build", "stage", stage) }}
}

// Summary says what the server serves, for a start-up line.
func (s *Server) Summary() string {
	snap, release := s.acquire()
	defer release()
	how := "how_do_i ready"
	if snap.router == nil {
		how = "how_do_i unavailable (" + snap.routerErr.Error() + ")"
	}
	return fmt.Sprintf("%s, %s, %s, %s", plural.Of(len(snap.manuals), "manual", "manuals"), plural.Of(len(snap.bundles), "bundle", "bundles"), plural.Of(len(snap.templates), "task template", "task templates"), how)
}
