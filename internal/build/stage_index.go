package build

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sync"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/search"
)

// CatalogDir is where the catalog lives inside an output folder.
const CatalogDir = "lore/catalog.bleve"

// CatalogInfo describes the built how_do_i catalog.
type CatalogInfo struct {
	Path         string `json:"path"`
	Documents    int    `json:"documents"`
	InputsSHA256 string `json:"inputsSha256"`
}

// CatalogSource is what the project's catalog is built from.
func (p *Project) CatalogSource() search.Source {
	return search.Source{Manuals: p.Manuals, Config: p.Config, RelPath: p.RelPath, Vocabulary: p.Vocabulary}
}

// catalogResult is the catalog of one build: already in the output
// folder (fresh), in another published folder (copyFrom), or to be built
// from src (by job, once started).
type catalogResult struct {
	p        *Project
	key      cache.Key
	info     *CatalogInfo
	copyFrom string
	// copied are the files of the catalog at copyFrom, as recorded.
	copied []recEntryAt
	src    *search.Source
	hash   string
	seed   *catalogSeed
	c      *cache.Cache
	job    *catalogJob
}

// catalogTable keeps, per catalog inputs hash, the state of the
// search.Writer that made the catalog (search.Writer.State): the next
// build updates a copy of the published catalog with it instead of
// building the catalog anew.
const catalogTable = "catalog"

func stateKey(hash string) cache.Key { return cache.NewHasher("catalog-state").String(hash).Sum() }

// catalogSeed is a published catalog, the files of the output folder dir
// of fs, that a build can update, with the writer state that describes it.
type catalogSeed struct {
	fs    afero.Fs
	dir   string
	files []recEntryAt
	state []byte
}

// findCatalog finds the catalog of the project's inputs, or says it is to
// be built (start builds it). The index bytes are not deterministic; the
// inputs' hash is, and says whether a catalog can be reused.
func (b *buildRun) findCatalog(o *output) *catalogResult {
	p := b.p
	src := p.CatalogSource()
	src.Sum = func(m *manual.Manual) [32]byte {
		if s, ok := b.sums[m]; ok {
			return s
		}
		return cache.Of(m.Src)
	}
	hash := search.InputsHash(src)
	r := &catalogResult{p: p, key: cache.NewHasher("catalog").String(hash).Sum(), c: b.cache}
	if o.FreshGroup(CatalogDir, r.key) {
		if meta, err := readMeta(p.FS, path.Join(o.dir, CatalogDir)); err == nil && meta.InputsSHA256 == hash {
			r.info = info(meta)
			r.keepState()
			return r
		}
	}
	for _, dir := range []string{o.dir, p.Config.Path(p.Config.Out)} {
		// Only the files the folder's record has are the catalog's: a
		// catalog with a file changed or gone since it was published is
		// neither copied nor updated (built anew), and a file added to it
		// is left behind.
		files, ok := b.recordedCatalog(o, dir)
		if !ok {
			continue
		}
		meta, err := readMeta(p.FS, path.Join(dir, CatalogDir))
		switch {
		case err != nil:
		case meta.InputsSHA256 == hash && b.vouched(hash):
			r.copyFrom, r.copied, r.info, r.seed = dir, files, info(meta), nil
			r.keepState()
			return r
		case r.seed == nil && b.s.once && b.cache != nil:
			// Another catalog: a single build updates a copy of it
			// when the cache has the state of its writer.
			if state, ok := b.cache.Table(catalogTable).Get(stateKey(meta.InputsSHA256)); ok {
				r.seed = &catalogSeed{fs: p.FS, dir: dir, files: files, state: state}
			}
		}
	}
	r.src, r.hash = &src, hash
	return r
}

// vouched reports whether this machine built a catalog of the inputs
// hash: the build cache, which only lore on this machine writes
// (cache.Open), holds its writer's state. A catalog folder's own
// meta.json says which inputs it was built from, but anyone who can
// commit public/ can write one that says so over a forged index and
// text; only a catalog this machine built is copied instead of built.
func (b *buildRun) vouched(hash string) bool {
	if b.cache == nil {
		return false
	}
	_, ok := b.cache.Table(catalogTable).Get(stateKey(hash))
	return ok
}

// keepState keeps the state of the catalog in the cache for the next
// build.
func (r *catalogResult) keepState() {
	if r.c != nil && r.info != nil {
		r.c.Table(catalogTable).Keep(stateKey(r.info.InputsSHA256))
	}
}

// start starts building the catalog, if it is to be built.
func (r *catalogResult) start(b *buildRun) {
	if r.src != nil && r.job == nil {
		// A single build without a cache has no use for a writer.
		r.job = b.s.catalogs.start(r.hash, *r.src, !b.s.once || b.cache != nil, r.seed)
	}
}

// wait writes the catalog into o (unless it is there) and describes it.
func (r *catalogResult) wait(o *output) (*CatalogInfo, error) {
	switch {
	case r.job != nil:
		<-r.job.done
		if r.job.err != nil {
			return nil, r.job.err
		}
		if err := r.job.sums.writeTree(afero.NewOsFs(), r.job.dir, o, CatalogDir, r.key); err != nil {
			return nil, fmt.Errorf("cannot write the catalog: %w", err)
		}
		if r.c != nil && r.job.w != nil {
			r.c.Table(catalogTable).Put(stateKey(r.job.meta.InputsSHA256), r.job.w.State())
		}
		return info(r.job.meta), nil
	case r.copyFrom != "":
		if err := copyRecorded(r.p.FS, r.copyFrom, r.copied, o, r.key); err != nil {
			return nil, fmt.Errorf("cannot write the catalog: %w", err)
		}
	}
	return r.info, nil
}

// catalogJobs are the catalogs a session is building, by inputs hash: a
// build stopped by lint errors leaves its catalog building for the next
// one. In a session that builds again and again (lore serve) each job
// takes over the folder of the job before it and updates that catalog
// (search.Writer): an edit re-analyses the entries it changed, not all.
type catalogJobs struct {
	mu     sync.Mutex
	jobs   map[string]*catalogJob
	last   *catalogJob   // the job started last
	live   []*catalogJob // every job whose folder may still exist
	closed bool
}

// catalogJob builds one catalog into a temporary OS folder.
type catalogJob struct {
	done chan struct{}
	tmp  string // the temporary folder
	dir  string // the catalog inside it
	meta *search.Meta
	err  error
	// w keeps the catalog up to date for the next job (nil in a single
	// build); moved is set once the next job has taken the folder over,
	// removed once the folder is gone (both under catalogJobs.mu).
	w              *search.Writer
	moved, removed bool
	// sums are the hashes of the folder's files as last written into an
	// output, handed on with the folder.
	sums *treeSums
}

// start returns the job building the catalog of hash, starting it if
// needed; keep makes a catalog the next job (or build) can update, seed
// (may be nil) is a published catalog the job can update when the session
// has none. Jobs of other inputs are dropped.
func (js *catalogJobs) start(hash string, src search.Source, keep bool, seed *catalogSeed) *catalogJob {
	js.mu.Lock()
	defer js.mu.Unlock()
	if js.jobs == nil {
		js.jobs = map[string]*catalogJob{}
	}
	if j, ok := js.jobs[hash]; ok {
		return j
	}
	base := js.last
	for h, j := range js.jobs {
		delete(js.jobs, h)
		if j != base {
			go js.discard(j)
		}
	}
	j := &catalogJob{done: make(chan struct{})}
	js.jobs[hash], js.last = j, j
	live := js.live[:0]
	for _, l := range js.live {
		if !l.moved && !l.removed {
			live = append(live, l)
		}
	}
	js.live = append(live, j)
	go func() {
		js.run(j, base, seed, src, keep)
		close(j.done)
		js.mu.Lock()
		closed := js.closed
		js.mu.Unlock()
		if closed {
			js.discard(j)
		}
	}()
	return j
}

// run makes j's catalog: an update of base's when j can take base's folder
// over, else an update of a copy of seed's, else a new build.
func (js *catalogJobs) run(j, base *catalogJob, seed *catalogSeed, src search.Source, keep bool) {
	if base != nil {
		<-base.done
		js.mu.Lock()
		take := keep && base.w != nil && !base.removed
		base.moved = take
		js.mu.Unlock()
		if take {
			j.tmp, j.dir, j.sums = base.tmp, base.dir, base.sums
			j.update(base.w, src)
			return
		}
		js.discard(base)
	}
	tmp, err := os.MkdirTemp("", catalogTempPattern())
	if err != nil {
		j.err = err
		return
	}
	j.tmp, j.dir, j.sums = tmp, filepath.Join(tmp, "catalog.bleve"), &treeSums{}
	if keep && seed != nil {
		if w, err := seed.resume(j.dir); err == nil {
			j.update(w, src)
			return
		}
		_ = os.RemoveAll(j.dir) // a seed that does not fit: build anew
	}
	if keep {
		j.w, j.meta, j.err = search.Create(j.dir, src)
	} else {
		j.meta, j.err = search.Build(j.dir, src)
	}
}

// update makes j's catalog by updating w's to src; w is kept for the next
// job unless the update failed.
func (j *catalogJob) update(w *search.Writer, src search.Source) {
	if j.meta, j.err = w.Update(src); j.err == nil {
		j.w = w
	}
}

// resume copies the seed's catalog into the OS folder dir and returns the
// writer that keeps the copy up to date. It copies the files the record
// has, nothing else the folder may hold.
func (s *catalogSeed) resume(dir string) (*search.Writer, error) {
	if err := resumeRecorded(s.fs, s.dir, s.files, dir); err != nil {
		return nil, err
	}
	return search.Resume(dir, s.state)
}

// copyToOS copies the file p of fsys to the OS file target (from the OS
// file system, by the kernel: copy_file_range where there is one).
func copyToOS(fsys afero.Fs, p, target string) error {
	in, err := fsys.Open(p)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// discard removes the job's folder once it is done, unless the next job
// has taken it over.
func (js *catalogJobs) discard(j *catalogJob) {
	<-j.done
	js.mu.Lock()
	gone := j.moved || j.removed
	j.removed = true
	js.mu.Unlock()
	if !gone && j.tmp != "" {
		_ = os.RemoveAll(j.tmp)
	}
}

// close waits for the jobs still running (a build stopped by lint errors
// leaves its catalog building) and removes every job's folder: nothing is
// left behind in the temporary folder when the process ends.
func (js *catalogJobs) close() {
	js.mu.Lock()
	js.closed = true
	live := js.live
	js.live, js.jobs = nil, nil
	js.mu.Unlock()
	for _, j := range live {
		js.discard(j)
	}
}

func info(m *search.Meta) *CatalogInfo {
	return &CatalogInfo{Path: CatalogDir + "/", Documents: m.Documents, InputsSHA256: m.InputsSHA256}
}

// IndexOptions configure BuildCatalog.
type IndexOptions struct {
	// Dir is the OS folder that receives the catalog (the catalog folder
	// itself).
	Dir string
	// Force rebuilds even when the inputs are unchanged.
	Force bool
}

// BuildCatalog writes the catalog of p into the OS folder dir, unless dir
// already holds a catalog of the same inputs (fresh is then false). The new
// catalog is built beside dir and swapped in, so readers never see half a
// catalog.
func BuildCatalog(p *Project, o IndexOptions) (meta *search.Meta, fresh bool, err error) {
	src := p.CatalogSource()
	if !o.Force {
		if m, err := search.ReadMeta(o.Dir); err == nil && m.InputsSHA256 == search.InputsHash(src) {
			return m, false, nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(o.Dir), 0o755); err != nil {
		return nil, false, err
	}
	stage := fmt.Sprintf("%s.tmp-%d", o.Dir, os.Getpid())
	_ = os.RemoveAll(stage)
	meta, err = search.Build(stage, src)
	if err != nil {
		_ = os.RemoveAll(stage)
		return nil, false, err
	}
	old := stage + ".old"
	_ = os.RemoveAll(old)
	if _, err := os.Stat(o.Dir); err == nil {
		if err := os.Rename(o.Dir, old); err != nil {
			_ = os.RemoveAll(stage)
			return nil, false, fmt.Errorf("cannot replace the catalog %s: %w", o.Dir, err)
		}
	}
	if err := os.Rename(stage, o.Dir); err != nil {
		_ = os.Rename(old, o.Dir)
		_ = os.RemoveAll(stage)
		return nil, false, fmt.Errorf("cannot write the catalog %s: %w", o.Dir, err)
	}
	_ = os.RemoveAll(old)
	return meta, true, nil
}

// ProjectCatalog returns the OS folder of the project's built catalog
// (public/lore/catalog.bleve), building it when it is missing, its inputs
// changed, or no build on this machine wrote it (Vouched: its meta.json
// alone would let a committed catalog pass for the sources'). The project
// must be on the OS file system. notes say what was wrong with the build
// cache (cache.Problems), for the command to print.
func ProjectCatalog(p *Project) (dir string, notes []string, err error) {
	if _, ok := p.FS.(*afero.OsFs); !ok {
		return "", nil, errors.New("the project's catalog can only be built on the OS file system")
	}
	out := p.Config.Path(p.Config.Out)
	dir = filepath.FromSlash(path.Join(out, CatalogDir))
	c := cache.Open(p.FS, p.Config.Path(CacheDir), buildIdentity(), "")
	notes = c.Problems()
	stamp, ok := folderStamp(p.FS, dir)
	if ok {
		_, ok = c.Table(howdoiCatalogsTable).Get(stamp)
	}
	own := ok || vouchedBy(c, p, out, CatalogDir)
	_, fresh, err := BuildCatalog(p, IndexOptions{Dir: dir, Force: !own})
	if err != nil {
		return "", notes, err
	}
	if stamp, ok := folderStamp(p.FS, dir); ok && fresh {
		c.Table(howdoiCatalogsTable).Put(stamp, nil) // the stamps of older catalogs go
		c.Table(recordsTable).KeepAll()              // read above: the builds' records stay
		_ = c.Save()
	}
	return dir, notes, nil
}

func readMeta(fsys afero.Fs, dir string) (*search.Meta, error) {
	b, err := manual.ReadBounded(fsys, path.Join(dir, search.MetaFile), 1<<20, "a catalog's meta file")
	if err != nil {
		return nil, err
	}
	return search.DecodeMeta(b)
}
