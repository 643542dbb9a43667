package build

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/search"
	"github.com/lorekit/lore/internal/site"
	"github.com/lorekit/lore/internal/site/searchindex"
	"github.com/lorekit/lore/internal/tokens"

	"github.com/lorekit/lore/internal/par"
)

// RunOptions configure a full build.
type RunOptions struct {
	Options
	// Out is the output folder; "" means the project's (public/).
	Out string
	// Locked fails the build when a bundle differs from prompts.lock.
	Locked bool
	// Progress, when set, is told when each stage starts.
	Progress func(stage string)
	// Count, when set, is told how far a stage with a known amount of
	// work is: done of total (stage "render": the manual pages' bodies).
	// It is called from several goroutines at once.
	Count func(stage string, done, total int)
	// NoCache builds without reading or writing the build cache
	// (.lore-cache/ in the project): everything is computed and the whole
	// output written.
	NoCache bool
	// Private says that nothing but this session writes into Out (lore
	// serve's folder): later builds of the session trust their record of
	// it instead of checking every file.
	Private bool
}

// Result is what a build produced. Failed builds leave the previous output
// untouched.
type Result struct {
	Project *Project
	Lint    lint.Report
	Baked   *Baked
	Catalog *CatalogInfo
	// Failed is set when lint errors or a lock mismatch stopped the build.
	Failed bool
	// Out is the output folder written (empty when Failed).
	Out      string
	Duration time.Duration
	// Written counts the output files written; Kept the files already
	// published that the build left as they were. Changed lists the
	// files written or removed, sorted.
	Written, Kept int
	Changed       []string
	// Bodies counts the Markdown bodies rendered (the others came from the
	// cache), Pages the pages put through a layout (the others were
	// already published).
	Bodies, Pages int
	// Manuals is the number of manuals.
	Manuals int
	// UpToDate is set when nothing had changed since the last good build
	// into the same folder: the build returned that build's report and did
	// nothing else (Project then holds the configuration only).
	UpToDate bool
	// CacheProblems says what was wrong with the build cache (and was
	// discarded): the build itself does not depend on it.
	CacheProblems []string
}

// Run builds the project: load, then bake and lint while the catalog and
// the manual pages' bodies are made, then the site, bundles and manifest;
// it publishes the output (see output) and keeps what it computed in the
// build cache for the next build.
func Run(o RunOptions) (*Result, error) {
	s := NewSession(o)
	s.once = true
	defer s.Close()
	return s.Build(nil)
}

// Session builds one project again and again (lore serve): what a build
// computed stays in memory for the next, besides the build cache.
type Session struct {
	o   RunOptions
	pid int

	cache    *cache.Cache
	cacheDir string
	rec      *record // what the output folder holds, from the last build
	catalogs catalogJobs
	loaded   *Project // the last project loaded (reloaded incrementally)
	closed   bool
	once     bool // Run: a single build (that may let go of what it read)

	sumMu   sync.Mutex
	srcSums map[string]srcSum

	counter *tokens.Counter // token counts, kept between builds
	// searchAnalyses keeps the browser search index's analysis of every
	// page between builds.
	searchAnalyses *searchindex.Analyses
	last           *lastBuild  // the last good build (for Quick)
	undo           []quickUndo // pages Quick rewrote since
	recOut         string      // the folder rec describes
	trusted        bool        // no one else writes there (RunOptions.Private)
}

// NewSession prepares builds of the project o selects.
func NewSession(o RunOptions) *Session {
	return &Session{o: o, pid: os.Getpid()}
}

// analyses returns what the session remembers of the search index's
// analysis between builds; a single build has nothing to remember it for.
func (s *Session) analyses() *searchindex.Analyses {
	if s.once {
		return nil
	}
	if s.searchAnalyses == nil {
		s.searchAnalyses = searchindex.NewAnalyses()
	}
	return s.searchAnalyses
}

// Close saves nothing more and lets go of the session's resources.
func (s *Session) Close() error {
	s.closed = true
	s.catalogs.close()
	return nil
}

// buildRun is the state of one build.
type buildRun struct {
	s     *Session
	p     *Project
	res   *Result
	cache *cache.Cache
	sums  map[*manual.Manual]cache.Key // SHA-256 of each manual's source
	// started is when the build began reading its inputs.
	started time.Time
	// lintFS are the files lint looked at beyond the manuals.
	lintFS []fsDep
	ids    map[*manual.Manual]cache.Key // site.ManualID of each manual
	step   func(string)
}

// Build builds the project. changed lists the files changed since the last
// build of the session (nil: unknown, everything is read again).
func (s *Session) Build(changed []string) (*Result, error) {
	start := time.Now()
	step := func(st string) {
		if s.o.Progress != nil {
			s.o.Progress(st)
		}
	}
	if changed == nil {
		if res := s.fastPath(); res != nil {
			res.Duration = time.Since(start)
			return res, nil
		}
	}
	step("load")
	p, err := s.load(changed)
	if err != nil {
		return nil, err
	}
	if s.once && p.foundNothing() {
		return nil, p.noManuals("build", s.o.Manuals) // lore build of nothing: no green CI job
	}
	b := &buildRun{s: s, p: p, res: &Result{Project: p, Manuals: len(p.Manuals.Manuals)}, step: step, started: start}
	if !s.o.NoCache {
		b.cache = s.openCache(p)
	}
	res, err := b.run()
	if err != nil || res.Failed {
		s.restoreQuick()
		s.last = nil
	} else {
		s.undo = nil
	}
	if res != nil {
		res.Duration = time.Since(start)
		if b.cache != nil {
			res.CacheProblems = b.cache.Problems()
		}
	}
	return res, err
}

// openCache opens the project's cache folder (once per session).
func (s *Session) openCache(p *Project) *cache.Cache {
	dir := p.Config.Path(CacheDir)
	if s.cache == nil || s.cacheDir != dir {
		s.cache, s.cacheDir, s.rec = cache.Open(p.FS, dir, buildIdentity()), dir, nil
	}
	return s.cache
}

func (b *buildRun) run() (*Result, error) {
	p, res := b.p, b.res
	if b.s.counter == nil || b.s.counter.Encoding() != tokenizerName(p.Config.Tokenizer) {
		b.s.counter = tokens.NewCounter(p.Config.Tokenizer)
	}
	counter := b.s.counter
	b.sums = b.s.sourceSums(p.Manuals.Manuals)
	b.ids = manualIDs(p.Manuals.Manuals, b.sums)

	b.step("bake")
	var err error
	if res.Baked, err = bake(p, counter); err != nil {
		return nil, err
	}

	out := b.s.o.Out
	if out == "" {
		out = p.Config.Path(p.Config.Out)
	}
	rec, trusted := b.s.record(b.cache, out)
	if err := p.checkOut(out, b.s.o.Out == "", rec); err != nil {
		return nil, err
	}
	o, err := openOutput(p.FS, out, rec, trusted, b.s.pid)
	if err != nil {
		return nil, err
	}

	// What needs no lint result runs while the linter does: facts (token
	// counts) and the bodies of the manual pages; then the catalog starts,
	// and goes on while the pages are written. (Starting the catalog after
	// the bodies keeps its analysis from adding to the parsed manuals and
	// the highlighter's garbage.) A single build lets go of each manual's
	// parsed Markdown once its body is rendered, which nothing reads any
	// more (the linter never does; the catalog's texts are extracted
	// before): the parsed manuals of thousands of manuals are hundreds of
	// megabytes, which the collector would otherwise scan on every cycle
	// while the bodies are highlighted.
	if b.s.o.Locked {
		res.Baked.Facts.Lock = p.lockFacts() // before the goroutines, which both read res
	}
	b.step("lint")
	// The two goroutines share nothing but what they send: the prepared
	// pages and catalog, and the lint report. stopped tells the first that
	// lint has failed (a single build then needs no catalog).
	var stopped atomicBool
	preparedc := make(chan preparedSite, 1)
	lintc := make(chan lint.Report, 1)
	go func() {
		var ps preparedSite
		defer func() { preparedc <- ps }()
		ps.facts = manualFacts(p, counter, b.cache, b.sums)
		ps.siteIn = siteInput(p, res, ps.facts, b.sums)
		ps.siteIn.SearchAnalyses = b.s.analyses()
		ps.catalog = b.findCatalog(o)
		var done func(*manual.Manual)
		if b.s.once && b.cache != nil {
			if ps.catalog.src != nil {
				*ps.catalog.src = search.Extracted(*ps.catalog.src)
			}
			done = func(m *manual.Manual) { m.Doc = nil }
		}
		if count := b.s.o.Count; count != nil {
			var rendered atomic.Int64
			total, release := len(p.Manuals.Manuals), done
			done = func(m *manual.Manual) {
				if release != nil {
					release(m)
				}
				count("render", int(rendered.Add(1)), total)
			}
		}
		if ps.st, ps.err = site.New(ps.siteIn, b.cache); ps.err == nil {
			ps.err = ps.st.Bodies(o, done)
		}
		// A single build that lint has stopped already needs no catalog.
		if !b.s.once || !stopped.get() {
			ps.catalog.start(b)
		}
	}()
	go func() { lintc <- b.lintBuild() }()
	res.Lint = <-lintc
	if res.Lint.Diagnostics.AtLeast(diag.Error) {
		stopped.set()
		<-preparedc // the bodies are cached for the next build
		o.abort()
		res.Failed = true
		b.save(nil, "")
		return res, nil
	}
	ps := <-preparedc
	facts, siteIn, st, catalog := ps.facts, ps.siteIn, ps.st, ps.catalog
	if ps.err != nil {
		o.abort()
		return nil, ps.err
	}

	fail := func(err error) (*Result, error) {
		o.abort()
		return nil, err
	}
	b.step("bundles")
	if err := res.Baked.write(o); err != nil {
		return fail(err)
	}
	b.step("render")
	siteIn.Diagnostics, siteIn.Files = res.Lint.Diagnostics, res.Lint.Files
	if err := st.Write(o); err != nil {
		return fail(err)
	}
	b.step("index")
	if res.Catalog, err = catalog.wait(o); err != nil {
		return fail(err)
	}
	if err := writeManifest(p, res, facts, o); err != nil {
		return fail(err)
	}
	b.step("publish")
	rec, err = o.commit()
	if err != nil {
		b.s.forget(b.cache, out)
		return nil, err
	}
	res.Out = out
	res.Written = o.written
	res.Kept = len(rec.files) - o.written
	res.Changed = o.changed()
	stats := st.Stats()
	res.Bodies, res.Pages = stats.Bodies, stats.Pages
	extra := st.MediaFiles()
	for _, d := range b.lintFS {
		extra = append(extra, d.Path)
	}
	b.recordUpToDate(out, b.started, extra)
	b.save(rec, out)
	b.s.last = &lastBuild{p: p, facts: facts, siteIn: siteIn, st: st, diags: res.Lint.Diagnostics, out: out, counter: counter}
	return res, nil
}

// preparedSite is what a build prepares while lint runs.
type preparedSite struct {
	facts   map[*manual.Manual]*facts
	siteIn  *site.Input
	st      *site.Site
	catalog *catalogResult
	err     error
}

// save keeps the output's record and writes the cache.
func (b *buildRun) save(rec *record, out string) {
	if rec != nil {
		b.s.remember(b.cache, out, rec)
	}
	if b.cache != nil {
		if err := b.cache.Save(); err != nil {
			b.res.CacheProblems = append(b.res.CacheProblems, err.Error())
		}
	}
}

// atomicBool is a flag set by one goroutine and read by others.
type atomicBool struct{ v atomic.Bool }

func (a *atomicBool) set()      { a.v.Store(true) }
func (a *atomicBool) get() bool { return a.v.Load() }

// recordsTable holds the record of each output folder.
const recordsTable = "records"

func recordKey(out string) cache.Key {
	abs, err := filepath.Abs(filepath.FromSlash(out))
	if err != nil {
		abs = out
	}
	return cache.NewHasher("record").String(filepath.ToSlash(abs)).Sum()
}

// record returns what the output folder holds according to the last
// build: from the session (trusted: the folder is the session's own), else
// from the cache (checked against the folder).
func (s *Session) record(c *cache.Cache, out string) (*record, bool) {
	if s.rec != nil && s.recOut == out {
		return s.rec, s.trusted
	}
	if c == nil {
		return nil, false
	}
	raw, ok := c.Table(recordsTable).Get(recordKey(out))
	if !ok {
		return nil, false
	}
	r, ok := decodeRecord(raw)
	if !ok {
		return nil, false
	}
	return r, false
}

func (s *Session) remember(c *cache.Cache, out string, r *record) {
	if c == nil {
		return // without the cache, keys are not computed in full
	}
	s.rec, s.recOut, s.trusted = r, out, s.o.Private
	c.Table(recordsTable).Put(recordKey(out), r.encode())
}

// forget drops the record of a folder whose update failed halfway: the
// next build writes it whole.
func (s *Session) forget(c *cache.Cache, out string) {
	s.rec = nil
	if c != nil {
		c.Table(recordsTable).Put(recordKey(out), []byte{0xff})
		_ = c.Save()
	}
}

// manualIDs computes the identity of every manual once.
func manualIDs(ms []*manual.Manual, sums map[*manual.Manual]cache.Key) map[*manual.Manual]cache.Key {
	sum := func(m *manual.Manual) cache.Key {
		if k, ok := sums[m]; ok {
			return k
		}
		return site.SourceSum(m)
	}
	keys := make([]cache.Key, len(ms))
	forEach(len(ms), func(i int) { keys[i] = site.ManualID(ms[i], sum) })
	out := make(map[*manual.Manual]cache.Key, len(ms))
	for i, m := range ms {
		out[m] = keys[i]
	}
	return out
}

// forEach calls f for 0…n-1, spread over the cores.
func forEach(n int, f func(i int)) { par.For(n, f) }

func tokenizerName(enc string) string {
	if enc == "" {
		return tokens.DefaultEncoding
	}
	return enc
}
