package build

import (
	"os"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/site"
	"github.com/lorekit/lore/internal/site/searchindex"
	"github.com/lorekit/lore/internal/tokens"
)

// Session builds one project again and again (lore serve, lore mcp
// --watch; Run is a session of one build). Between its builds it keeps in
// memory what the build cache keeps on disk, and what the cache cannot
// hold: the parsed manuals (reused by content, see load), the catalog
// being kept up to date (catalogJobs) and the browser search index's
// analyses.
type Session struct {
	o   RunOptions
	pid int

	cache    *cache.Cache
	cacheDir string
	rec      *record // what the output folder holds, from the last build
	recOut   string  // the folder rec describes
	trusted  bool    // no one else writes there (RunOptions.Private)
	catalogs catalogJobs
	loaded   *Project // the last project loaded
	once     bool     // Run: a single build (that may let go of what it read)
	sums     sums

	counter *tokens.Counter // token counts, kept between builds
	// strays are the theme layouts left running past their time limit by
	// the session's builds (site.Strays).
	strays site.Strays
	// searchAnalyses keeps the browser search index's analysis of every
	// page between builds; analysesTag identifies the base of them that
	// the build cache holds (session_analyses.go).
	searchAnalyses *searchindex.Analyses
	analysesTag    [32]byte
	// good is what the last build published, when it succeeded into the
	// session's own folder (EditedPages).
	good *lastGood
	// caps are the capability surfaces of the manuals that stand alone,
	// by identity, from the last build (capabilities).
	caps map[cache.Key]*site.Capabilities
	// manifest keeps the JSON of the manifest's entries (writeManifest).
	manifest manifestEntries
	// hosts is the host simulation of the last build: its listings are
	// taken again when their inputs are the same (siteHosts).
	hosts *hosts.Report
	// pageKeys keeps the key of every manual page with the key of its
	// inputs between builds (site.PageKeys).
	pageKeys *site.PageKeys
	// fragments keeps the outputs of the layouts' fragment calls between
	// the builds of a session (site.Fragments); nil in a single build.
	fragments *site.Fragments
	// outCheck is the check of the output folder the nothing-changed
	// test began, when it found the inputs changed (heldCheck).
	outCheck *heldCheck
}

// NewSession prepares builds of the project o selects.
func NewSession(o RunOptions) *Session {
	return &Session{o: o, pid: os.Getpid()}
}

// keysOfPages returns what the session remembers of its manual pages'
// keys between builds: for a single build what the build cache c (nil:
// none, and no memo) kept of the last build's.
func (s *Session) keysOfPages(c *cache.Cache) *site.PageKeys {
	if s.pageKeys != nil {
		return s.pageKeys
	}
	switch {
	case !s.once:
		s.pageKeys = site.NewPageKeys()
	case c != nil:
		if b, ok := c.Table(pageKeysTable).Get(pageKeysKey); ok {
			s.pageKeys, _ = site.ReadPageKeys(b)
		}
		if s.pageKeys == nil {
			s.pageKeys = site.NewPageKeys()
		}
	}
	return s.pageKeys
}

// fragmentsMemo returns what the session keeps of the layouts' fragments
// between builds; nil for a single build, which renders each once.
func (s *Session) fragmentsMemo() *site.Fragments {
	if s.fragments == nil && !s.once {
		s.fragments = site.NewFragments()
	}
	return s.fragments
}

// pageKeysTable keeps the manual pages' keys of the last single build
// (site.PageKeys.AppendBinary) under pageKeysKey.
const pageKeysTable = "page-keys"

var pageKeysKey = cache.NewHasher("page-keys").Sum()

// keepPageKeys keeps a single build's page keys in c for the next
// process: written anew (enc, from encodePageKeys) when the build wrote
// its pages, else kept as they were (by content, they hold whatever the
// output does).
func (s *Session) keepPageKeys(c *cache.Cache, enc []byte) {
	switch {
	case c == nil || !s.once || s.pageKeys == nil:
	case enc != nil:
		c.Table(pageKeysTable).Put(pageKeysKey, enc)
	default:
		c.Table(pageKeysTable).Keep(pageKeysKey)
	}
}

// encodePageKeys returns what keepPageKeys writes of a single build's page
// keys once it wrote its pages, or nil.
func (s *Session) encodePageKeys(c *cache.Cache) []byte {
	if c == nil || !s.once || s.pageKeys == nil {
		return nil
	}
	return s.pageKeys.AppendBinary(nil)
}

// tokenCounter returns the session's counter for the project's encoding;
// it reads its vocabulary from the build cache c (nil: none) when that
// holds it, and keeps it there.
func (s *Session) tokenCounter(p *Project, c *cache.Cache) *tokens.Counter {
	if s.counter == nil || s.counter.Encoding() != tokenizerName(p.Config.Tokenizer) {
		s.counter = tokens.NewCounter(p.Config.Tokenizer)
		if c != nil {
			s.counter.WithStore(tokenStore{c.Table(vocabularyTable)})
		}
	}
	keepVocabulary(c, s.counter.Encoding())
	return s.counter
}

// Close waits for the catalogs still being built and removes their
// temporary folders.
func (s *Session) Close() error {
	s.dropOutputCheck()
	s.catalogs.close()
	return nil
}

// outDir is the output folder of a build of p.
func (s *Session) outDir(p *Project) string {
	if s.o.Out != "" {
		return s.o.Out
	}
	return p.Config.Path(p.Config.Out)
}

// openCache opens the project's cache folder (once per session).
func (s *Session) openCache(p *Project) *cache.Cache {
	dir := p.Config.Path(CacheDir)
	if s.cache == nil || s.cacheDir != dir {
		s.cache, s.cacheDir, s.rec = cache.Open(p.FS, dir, buildIdentity(), ""), dir, nil
	}
	return s.cache
}

// recordsTable holds the record of each output folder.
const recordsTable = "records"

func recordKey(out string) cache.Key {
	return cache.NewHasher("record").String(absPath(out)).Sum()
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

// remember keeps the record of what a build published into out: in the
// session and, unless the folder is the session's own, in the cache. The
// records of other folders stay in the cache too (lore serve and lore
// build may share one).
func (s *Session) remember(c *cache.Cache, out string, r *record) {
	if c == nil {
		return // without the cache, keys are not computed in full
	}
	s.rec, s.recOut, s.trusted = r, out, s.o.Private
	c.Table(recordsTable).KeepAll()
	c.Table(publishedTable).KeepAll()
	if !s.o.Private {
		c.Table(recordsTable).Put(recordKey(out), r.encode())
	}
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
