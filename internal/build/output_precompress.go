package build

import (
	"cmp"
	"crypto/sha256"
	"errors"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/precompress"
)

// siblingKey is what the compressed sibling of a file whose bytes hash to
// sum is made from (and the brotli level).
func siblingKey(ext string, sum cache.Key) cache.Key {
	return cache.NewHasher("precompress").String(ext).Int(precompress.BrotliQuality).Key(sum).Sum()
}

// precompress writes the .br and .gz siblings of the text files of the new
// output that o.siblings wants (internal/precompress), once every other
// file is in place:
// a sibling of a file with the same bytes as in the previous output is
// carried over, the others are made on every core. The siblings are not
// in manifest.json, which is written before them; they are recorded like
// any other file.
func (o *output) precompress() error {
	if o.siblings == precompress.Off {
		return nil
	}
	var todo []string
	o.mu.Lock()
	for p := range o.next {
		if o.siblings.Wants(p) && !inCatalog(p) {
			todo = append(todo, p)
		}
	}
	// The largest first (then by path): on a few workers the file begun
	// last bounds the wait, and the largest (manifest.json, 10 MB at
	// 10,000 manuals) takes a core for a tenth of a second and more.
	sizes := make(map[string]int64, len(todo))
	for _, p := range todo {
		sizes[p] = o.next[p].size
	}
	o.mu.Unlock()
	slices.SortFunc(todo, func(a, b string) int { return cmp.Or(cmp.Compare(sizes[b], sizes[a]), strings.Compare(a, b)) })
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	// One encoder per worker at a time: they keep their writers' memory.
	encoders := sync.Pool{New: func() any { return new(precompress.Encoder) }}
	for _, p := range todo {
		g.Go(func() error {
			e := encoders.Get().(*precompress.Encoder)
			defer encoders.Put(e)
			return o.precompressOne(p, e)
		})
	}
	return g.Wait()
}

// inCatalog reports whether p is a file of the how_do_i catalog, which
// lore and runtimes open from disk and no browser fetches: its 25 MB of
// stored text (at 10,000 manuals) changes with every edit, and
// compressing it again was the largest item of a one-edit build.
func inCatalog(p string) bool { return strings.HasPrefix(p, CatalogDir+"/") }

// precompressOne writes the siblings of the new output's file p with
// enc.
func (o *output) precompressOne(p string, enc *precompress.Encoder) error {
	o.mu.Lock()
	e := o.next[p]
	o.mu.Unlock()
	if e.size < precompress.MinSize {
		return nil
	}
	need := false
	for _, ext := range precompress.Siblings(e.size) {
		if !o.Fresh(p+ext, siblingKey(ext, e.sum)) {
			need = true
		}
	}
	if !need {
		return nil
	}
	data, err := afero.ReadFile(o.fs, path.Join(o.stage, p))
	if errors.Is(err, fs.ErrNotExist) && o.inPlace {
		data, err = afero.ReadFile(o.fs, path.Join(o.dir, p)) // left in place
	}
	if err != nil {
		return err
	}
	if cache.Key(sha256.Sum256(data)) != e.sum {
		return nil // changed under the build: left without siblings
	}
	br, gz := enc.Encode(data)
	for ext, b := range map[string][]byte{".br": br, ".gz": gz} {
		o.mu.Lock()
		_, carried := o.next[p+ext]
		o.mu.Unlock()
		if b != nil && !carried {
			if err := o.Write(p+ext, siblingKey(ext, e.sum), b); err != nil {
				return err
			}
		}
	}
	return nil
}
