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
)

// Catalog is an opened catalog. It is safe for concurrent use.
type Catalog struct {
	idx     bleve.Index
	content *os.File
	meta    *Meta
	an      *Analysis
	sc      scoring
	// toolDocs are the document numbers of tool descriptions.
	toolDocs docSet
	// order is each document's position in the build input (OrderFile);
	// ends is where each position's text ends in content (ContentEndsFile).
	order []uint32
	ends  []int64

	scratch sync.Pool // of *scratch
	mu      sync.Mutex
	views   map[string]*view // by visKey
}

// Open opens the catalog in dir read-only.
func Open(dir string) (*Catalog, error) {
	meta, err := ReadMeta(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s is not a lore catalog (no %s): build one with 'lore index --out DIR'", dir, MetaFile)
		}
		return nil, err
	}
	idx, err := bleve.OpenUsing(dir, map[string]any{"read_only": true})
	if err != nil {
		return nil, fmt.Errorf("cannot open the catalog %s: %w", dir, err)
	}
	content, err := os.Open(filepath.Join(dir, ContentFile))
	if err != nil {
		idx.Close()
		return nil, fmt.Errorf("cannot open the catalog %s: %w", dir, err)
	}
	c := &Catalog{scratch: sync.Pool{New: func() any { return new(scratch) }}, idx: idx, content: content, meta: meta, sc: defaultScoring, views: map[string]*view{}}
	vocab, err := readVocabulary(dir)
	if err != nil {
		c.Close()
		return nil, damaged(dir, VocabularyFile)
	}
	c.an = newAnalysis(vocab)
	ob, err := os.ReadFile(filepath.Join(dir, OrderFile))
	if err != nil || len(ob)%4 != 0 || len(ob) < 4*meta.Documents {
		c.Close()
		return nil, damaged(dir, OrderFile)
	}
	c.order = make([]uint32, len(ob)/4)
	for i := range c.order {
		if c.order[i] = binary.LittleEndian.Uint32(ob[4*i:]); int(c.order[i]) >= max(meta.Documents, 1) {
			c.Close()
			return nil, damaged(dir, OrderFile)
		}
	}
	if c.ends, err = readEnds(dir, meta.Documents, content); err != nil {
		c.Close()
		return nil, err
	}
	if c.toolDocs, err = docsWith(idx, fKind, KindTool); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// damaged is the error of a catalog in dir whose part what is missing or
// not what this lore writes.
func damaged(dir, what string) error {
	return fmt.Errorf("catalog %s: %s is missing or damaged: rebuild it (lore build, or lore index --out DIR)", dir, what)
}

// readEnds reads ContentEndsFile: n ascending offsets within content.
func readEnds(dir string, n int, content *os.File) ([]int64, error) {
	bad := damaged(dir, ContentEndsFile)
	b, err := os.ReadFile(filepath.Join(dir, ContentEndsFile))
	fi, serr := content.Stat()
	if err != nil || serr != nil || len(b) != 8*n {
		return nil, bad
	}
	ends := make([]int64, n)
	prev := int64(0)
	for i := range ends {
		ends[i] = int64(binary.LittleEndian.Uint64(b[8*i:]))
		if ends[i] < prev || ends[i] > fi.Size() {
			return nil, bad
		}
		prev = ends[i]
	}
	return ends, nil
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
