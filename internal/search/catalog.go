package search

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/blevesearch/bleve/v2"

	"github.com/lorekit/lore/internal/guard"
)

// Catalog is an opened catalog. It is safe for concurrent use. A panic
// in bleve while it opens or answers (a damaged index: its files are read
// as they are) is returned as an error naming the catalog (guarded).
type Catalog struct {
	dir     string
	idx     bleve.Index
	content *shardFiles
	meta    *Meta
	an      *Analysis
	sc      scoring
	// toolDocs are the document numbers of tool descriptions.
	toolDocs docSet
	// order is each document's position in the build input (OrderFile);
	// texts is where each position's text lies (ContentEndsFile).
	order []uint32
	texts []textAt

	scratch sync.Pool // of *scratch
	mu      sync.Mutex
	views   map[string]*view // by visKey
}

// Open opens the catalog in dir read-only.
func Open(dir string) (*Catalog, error) {
	return guarded(dir, func() (*Catalog, error) { return openCatalog(dir) })
}

// openCatalog opens the catalog in dir: lore's own files are checked
// first, then bleve's index is opened, and closed again should anything
// after fail or panic.
func openCatalog(dir string) (c *Catalog, err error) {
	meta, err := ReadMeta(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s is not a lore catalog (no %s): build one with 'lore index --out DIR'", dir, MetaFile)
		}
		return nil, err
	}
	if fi, err := os.Stat(filepath.Join(dir, ContentDir)); err != nil || !fi.IsDir() {
		return nil, damaged(dir, ContentDir)
	}
	texts, need, err := readEnds(dir, meta.Documents)
	if err != nil {
		return nil, err
	}
	vocab, err := readVocabulary(dir)
	if err != nil {
		return nil, damaged(dir, VocabularyFile)
	}
	ob, err := os.ReadFile(filepath.Join(dir, OrderFile))
	if err != nil || len(ob)%4 != 0 || len(ob)/4 < meta.Documents {
		return nil, damaged(dir, OrderFile)
	}
	order := make([]uint32, len(ob)/4)
	for i := range order {
		if order[i] = binary.LittleEndian.Uint32(ob[4*i:]); int(order[i]) >= max(meta.Documents, 1) {
			return nil, damaged(dir, OrderFile)
		}
	}
	idx, err := bleve.OpenUsing(dir, map[string]any{"read_only": true})
	if err != nil {
		return nil, fmt.Errorf("cannot open the catalog %s: %w", dir, err)
	}
	defer func() {
		if c == nil { // failed, or panicking (guarded)
			idx.Close()
		}
	}()
	toolDocs, err := docsWith(idx, fKind, KindTool)
	if err != nil {
		return nil, err
	}
	return &Catalog{dir: dir, scratch: sync.Pool{New: func() any { return new(scratch) }}, idx: idx, meta: meta, sc: defaultScoring,
		views: map[string]*view{}, an: newAnalysis(vocab), texts: texts, content: newShardFiles(dir, need), order: order, toolDocs: toolDocs}, nil
}

// guarded returns f(), a call into the bleve index of the catalog in dir,
// with a panic in it (bleve trusts the offsets in its files: a damaged or
// forged segment panics) as an error that says to rebuild the catalog.
func guarded[T any](dir string, f func() (T, error)) (T, error) {
	var out T
	err := guard.Do(func() (err error) {
		out, err = f()
		return err
	})
	if pe, ok := errors.AsType[*guard.PanicError](err); ok {
		var zero T
		return zero, fmt.Errorf("catalog %s is damaged (%v): rebuild it (lore build, or lore index --out DIR)", dir, pe)
	}
	return out, err
}

// damaged is the error of a catalog in dir whose part what is missing or
// not what this lore writes.
func damaged(dir, what string) error {
	return fmt.Errorf("catalog %s: %s is missing or damaged: rebuild it (lore build, or lore index --out DIR)", dir, what)
}

// docsWith returns the numbers of the documents whose keyword field holds
// value.
func docsWith(idx bleve.Index, field, value string) (docSet, error) {
	adv, err := idx.Advanced()
	if err != nil {
		return nil, err
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	tr, err := r.TermFieldReader(context.Background(), []byte(value), field, false, false, false)
	if err != nil {
		return nil, err
	}
	defer tr.Close()
	var out docSet
	for m, err := tr.Next(nil); err == nil && m != nil; m, err = tr.Next(nil) {
		out.add(m.ID.Value())
	}
	return out, nil
}

// Close releases the catalog.
func (c *Catalog) Close() error {
	err := c.idx.Close()
	if e := c.content.Close(); err == nil {
		err = e
	}
	return err
}

// Meta describes the catalog.
func (c *Catalog) Meta() Meta { return *c.meta }

// Exists reports whether dir holds a catalog.
func Exists(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, MetaFile))
	return err == nil
}
