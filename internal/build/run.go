package build

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/sync/errgroup"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/par"
	"github.com/lorekit/lore/internal/precompress"
	"github.com/lorekit/lore/internal/search"
	"github.com/lorekit/lore/internal/site"
	"github.com/lorekit/lore/internal/site/searchindex"
	"github.com/lorekit/lore/internal/tokens"
)

// RunOptions configure a full build.
type RunOptions struct {
	Options
	// Out is the output folder; "" means the project's (public/).
	Out string
	// Locked fails the build when a bundle differs from prompts.lock.
	Locked bool
	// FailOn is the least severe lint finding that fails the build:
	// diag.Error when zero (diag.Off), or diag.Warning, diag.Info. With
	// NeverFail the build publishes whatever lint finds (the site shows
	// the findings), except findings of the safety floor (lint/floor:
	// prompt/lock, prompt/budget, …), which fail it whatever these say.
	FailOn    diag.Severity
	NeverFail bool
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
	// it instead of checking every file, update it in place
	// (output_inplace.go) and write no compressed siblings (lore serve
	// compresses as it serves).
	Private bool
	// Publishing, when set, is held while a build updates a Private
	// output in place (the renames and removals of its commit, nothing
	// else): a server that holds it while it opens files never sees part
	// of one build beside part of another.
	Publishing sync.Locker
	// Sized, when set, is told the bytes of the project's manuals once
	// they are read (lore build fits its memory limit to them:
	// memlimit.Fit).
	Sized func(sourceBytes int64)
}

// Result is what a build produced. Failed builds leave the previous output
// untouched.
type Result struct {
	Project *Project
	Lint    lint.Report
	Baked   *Baked
	Catalog *CatalogInfo
	// Failed is set when lint findings at or above RunOptions.FailOn, or
	// a finding of the safety floor (a lock mismatch, …), stopped the
	// build.
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
	// UpToDate is set when the inputs were those of the last good build
	// into the same folder, by content: the build returned that build's
	// report and did nothing else (Project then holds the configuration
	// only).
	UpToDate bool
	// CacheProblems says what was wrong with the build cache (and was
	// discarded): the build itself does not depend on it.
	CacheProblems []string
}

// Run builds the project (see Session.Build) once.
func Run(o RunOptions) (*Result, error) {
	s := NewSession(o)
	s.once = true
	defer s.Close()
	return s.Build()
}

// buildRun is the state of one build.
type buildRun struct {
	s     *Session
	p     *Project
	res   *Result
	cache *cache.Cache
	sums  map[*manual.Manual]cache.Key // SHA-256 of each manual's source
	ids   map[*manual.Manual]cache.Key // site.ManualID of each manual
	// started is when the build began reading its inputs.
	started time.Time
	// lintFS are the files lint looked at (link targets): inputs too.
	lintFS []string
	step   func(string)
	// analyses are the search analyses the session keeps (from the cache
	// on its first build), read beside load and bake: ready when
	// analysesRead is done.
	analyses     *searchindex.Analyses
	analysesRead sync.WaitGroup
}

// Build builds the project: every input is identified by content, and
// every result whose inputs are those of a result kept (in the build
// cache, and in memory between the builds of a session) is taken as it
// is. The stages, in order (run):
//
//	load     the project file and every manual (only changed ones parsed again)
//	bake     the prompt bundles
//	         (beside load and bake: the output folder opened, openOut)
//	lint     the linter, beside: facts, page bodies, then the catalog
//	bundles  the bundles written
//	render   the pages written
//	index    the catalog written, then the manifest
//	publish  the new output swapped in (output.go)
func (s *Session) Build() (*Result, error) {
	start := time.Now()
	step := func(st string) {
		if s.o.Progress != nil {
			s.o.Progress(st)
		}
	}
	if res := s.fastPath(); res != nil {
		res.Duration = time.Since(start)
		return res, nil
	}
	// A build that ends before it opens the output lets go of the check
	// (and lock) the nothing-changed test holds.
	defer s.dropOutputCheck()
	s.good = nil // until this build succeeds
	step("load")
	p, c, err := s.open()
	if err != nil {
		return nil, err
	}
	b := &buildRun{s: s, p: p, step: step, started: start, cache: c}
	res, err := b.run()
	if res != nil {
		res.Duration = time.Since(start)
		if b.cache != nil {
			res.CacheProblems = b.cache.Problems()
		}
	}
	return res, err
}

func (b *buildRun) run() (*Result, error) {
	// The output is opened (its record read, the folder checked against
	// it, the new folder made from the spare) while the manuals are read
	// and the bundles baked: neither needs anything of the other, and
	// both wait on the file system much of the time.
	p := b.p
	out := b.s.outDir(p)
	// The search analyses of the last build (31 MB in the cache at 10,000
	// manuals, 0.05-0.09 s to read) are read beside load and bake, which
	// wait on the file system much of the time; the build does not return
	// before they are read (the session keeps them).
	b.analysesRead.Go(func() { b.analyses = b.s.analyses(b.cache) })
	defer b.analysesRead.Wait()
	var o *output
	var opening errgroup.Group
	opening.Go(func() (err error) {
		o, err = b.openOut(out)
		return err
	})
	err := b.loadAndBake()
	if oerr := opening.Wait(); err == nil {
		err = oerr
	}
	if err != nil {
		if o != nil {
			o.abort()
		}
		return nil, err
	}
	res := b.res

	// Lint, and beside it what needs no lint result: facts, the manual
	// pages' bodies, then the catalog (which goes on while the pages are
	// written).
	b.step("lint")
	var ps preparedSite
	var stopped atomic.Bool // lint failed: a single build needs no catalog
	var g errgroup.Group
	g.Go(func() error {
		res.Lint = b.lintBuild()
		stopped.Store(b.s.o.Fails(res.Lint.Diagnostics))
		return nil
	})
	g.Go(func() error { return b.prepare(o, &ps, &stopped) })
	err = g.Wait()
	if stopped.Load() {
		o.abort()
		res.Failed = true
		b.s.keepAnalyses(b.cache, nil)
		b.s.keepPageKeys(b.cache, nil)
		b.saveCache() // the bodies and findings are kept for the next build
		return res, nil
	}
	if err != nil {
		o.abort()
		return nil, err
	}

	// The output: bundles and sources, then the pages beside the catalog
	// and the manifest.
	fail := func(err error) (*Result, error) {
		o.abort()
		return nil, err
	}
	b.step("bundles")
	if err := res.Baked.write(o); err != nil {
		return fail(err)
	}
	if err := writeSources(p, o, b.sums); err != nil {
		return fail(err)
	}
	b.step("render")
	ps.siteIn.Diagnostics, ps.siteIn.Files = res.Lint.Diagnostics, res.Lint.Files
	// The catalog, then the manifest (which names it), beside the pages:
	// neither reads what the pages are made of, and after an edit the
	// catalog is ready long before the pages are written, so the
	// manifest (10 MB at 10,000 manuals) is no longer made, and then
	// compressed, after everything else.
	var indexing errgroup.Group
	indexing.Go(func() error {
		var err error
		if res.Catalog, err = ps.catalog.wait(o); err != nil {
			return err
		}
		var entries *manifestEntries
		if !b.s.once {
			entries = &b.s.manifest
		}
		return writeManifest(p, res, ps.facts, o, entries)
	})
	err = ps.st.Write(o)
	b.step("index")
	if ierr := indexing.Wait(); err == nil {
		err = ierr
	}
	if err != nil {
		return fail(err)
	}

	b.step("publish")
	o.siblings = precompress.Mode(p.Config.Precompress)
	if b.s.o.Private {
		o.siblings = precompress.Off
	}
	o.publishing = b.s.o.Publishing
	// What the cache keeps of the build is made while the output is
	// committed, which waits on the compression of the files written (at
	// 10,000 manuals, manifest.json's 10 MB on one core), and put in the
	// cache once the build is published.
	stats := ps.st.Stats()
	var analyses *keptAnalyses
	var pageKeys []byte
	var record func()
	var keeping sync.WaitGroup
	keeping.Go(func() { analyses = b.s.encodeAnalyses(b.cache, stats.Search) })
	keeping.Go(func() { pageKeys = b.s.encodePageKeys(b.cache) })
	keeping.Go(func() { record = b.recordPublished(out, append(ps.st.MediaFiles(), b.lintFS...)) })
	rec, err := o.commit()
	keeping.Wait()
	if err != nil {
		if rec != nil {
			// Updated in place halfway: rec says what the folder holds.
			o.done()
			b.s.remember(b.cache, out, rec)
		} else {
			b.s.forget(b.cache, out)
		}
		return nil, err
	}
	defer o.done() // the previous output is removed meanwhile
	res.Out = out
	res.Written = o.written
	res.Kept = len(rec.files) - o.written
	res.Changed = o.changed()
	res.Bodies, res.Pages = stats.Bodies, stats.Pages
	b.s.keepAnalyses(b.cache, analyses)
	b.s.keepPageKeys(b.cache, pageKeys)
	b.s.remember(b.cache, out, rec)
	b.s.keepGood(b, &ps, out)
	record()
	b.saveCache()
	return res, nil
}

// loadAndBake reads the manuals and bakes the prompt bundles: the
// stages load and bake.
func (b *buildRun) loadAndBake() error {
	p, s := b.p, b.s
	// The token encoding is loaded beside the manuals: bake needs it.
	counter := s.tokenCounter(p, b.cache)
	go func() { _ = counter.Load() }()
	s.loadManuals(p, b.cache)
	if s.once && p.foundNothing() {
		return p.noManuals("build", s.o.Manuals) // lore build of nothing: no green CI job
	}
	if s.o.Sized != nil {
		var n int64
		for _, m := range p.Manuals.Manuals {
			n += int64(len(m.Src))
		}
		s.o.Sized(n)
	}
	b.res = &Result{Project: p, Manuals: len(p.Manuals.Manuals)}
	b.sums = s.sums.of(p.Manuals.Manuals)
	b.ids = manualIDs(p.Manuals.Manuals, b.sums)
	if b.cache != nil {
		keepModels(b.cache, p.Manuals.Manuals, b.sums)
	}

	b.step("bake")
	var err error
	if b.res.Baked, err = bake(p, counter); err != nil {
		return err
	}
	if s.o.Locked {
		b.res.Baked.Facts.Lock = p.lockFacts()
	}
	return nil
}

// openOut opens the output folder out for the build: it checks that the
// folder is lore's to replace, takes it over with its record (and the
// check of it the nothing-changed test began, when the session holds
// one), and makes the new folder, from the output's spare when there is
// one. It reads the project file only, not the manuals.
func (b *buildRun) openOut(out string) (*output, error) {
	p := b.p
	rec, trusted := b.s.record(b.cache, out)
	if err := p.checkOut(out, b.s.o.Out == "", rec); err != nil {
		return nil, err
	}
	locked, held := b.s.takeOutputCheck(out, rec)
	o, err := openOutput(p.FS, out, rec, trusted, outputLock{unlock: locked, held: held}, b.s.pid)
	if err != nil {
		return nil, err
	}
	if !b.s.o.Private {
		o.useSpares(newSpares(b.cache, p.FS, out))
	}
	return o, nil
}

// preparedSite is what a build prepares while lint runs.
type preparedSite struct {
	facts   map[*manual.Manual]*facts
	siteIn  *site.Input
	st      *site.Site
	catalog *catalogResult
}

// prepare computes the facts of the manuals, renders the manual pages'
// bodies and starts the catalog (unless lint has stopped a single build
// meanwhile). A single build holds no manual's parsed Markdown beyond its
// use: load let go of each one once its model was made (the linter reads
// models only), and the page parses it again, once, for its body, its
// search text and its catalog entry (search.Source.Give), and lets go of
// it then. The parsed Markdown of thousands of manuals is hundreds of
// megabytes, which the collector would otherwise scan on every cycle while
// the bodies are highlighted. (Starting the catalog after the bodies keeps
// its analysis from adding to the highlighter's garbage.)
func (b *buildRun) prepare(o *output, ps *preparedSite, stopped *atomic.Bool) error {
	p, res := b.p, b.res
	counter := b.s.counter
	// The hosts are simulated beside the facts and the site's input: the
	// simulation reads the manuals and the configuration only.
	simulated := make(chan *hosts.Report, 1)
	prevHosts := b.s.hosts // a session's last simulation (nil for a single build)
	go func() { simulated <- siteHosts(p, prevHosts, b.cache) }()
	ps.facts = manualFacts(p, counter, b.cache, b.sums)
	ps.siteIn = siteInput(p, res, ps.facts, b.sums, withWeakened(p, b.s.capabilities(p, b.sums, b.ids, b.cache)))
	ps.siteIn.Strays = &b.s.strays
	if b.s.once {
		// Taken when the Hosts page is written, before the bodies are
		// rendered (site.WriteHosts), and let go of then.
		ps.siteIn.HostsLater = func() *hosts.Report { return <-simulated }
	} else {
		ps.siteIn.Hosts = <-simulated
		b.s.hosts = ps.siteIn.Hosts // by content: valid whether the build succeeds or not
	}
	b.analysesRead.Wait()
	ps.siteIn.SearchAnalyses = b.analyses
	ps.siteIn.PageKeys = b.s.keysOfPages(b.cache)
	ps.siteIn.Fragments = b.s.fragmentsMemo()
	ps.siteIn.SearchVocabulary = p.Vocabulary
	ps.catalog = b.findCatalog(o)
	var done func(*manual.Manual, ast.Node)
	if b.s.once {
		if src := ps.catalog.src; src != nil {
			*src = search.Extracted(*src)
			done = func(m *manual.Manual, doc ast.Node) {
				src.Give(m, doc)
				m.Doc = nil
			}
		} else {
			done = func(m *manual.Manual, _ ast.Node) { m.Doc = nil }
		}
	}
	if count := b.s.o.Count; count != nil {
		var rendered atomic.Int64
		total, release := len(p.Manuals.Manuals), done
		done = func(m *manual.Manual, doc ast.Node) {
			if release != nil {
				release(m, doc)
			}
			count("render", int(rendered.Add(1)), total)
		}
	}
	var err error
	if ps.st, err = site.New(ps.siteIn, b.cache); err != nil {
		if b.s.once {
			<-simulated // it reads and writes the cache: done before the build ends
		}
		return err
	}
	if err := ps.st.WriteHosts(o); err != nil { // takes the simulation (HostsLater)
		return err
	}
	if err := ps.st.Bodies(o, done); err != nil {
		return err
	}
	if !b.s.once || !stopped.Load() {
		ps.catalog.start(b)
	}
	return nil
}

// saveCache writes the cache.
func (b *buildRun) saveCache() {
	if b.cache != nil {
		if err := b.cache.Save(); err != nil {
			b.res.CacheProblems = append(b.res.CacheProblems, err.Error())
		}
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

// forEach calls f for 0…n-1 on every core (par.Each, at most GOMAXPROCS
// at once) and returns when every call has returned.
func forEach(n int, f func(i int)) { par.Each(n, f) }

func tokenizerName(enc string) string {
	if enc == "" {
		return tokens.DefaultEncoding
	}
	return enc
}
