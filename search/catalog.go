package search

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
)

// Catalog is an opened catalog. It is safe for concurrent use.
type Catalog struct {
	idx   bleve.Index
	meta  *Meta
	en    analysis.Analyzer
	de    analysis.Analyzer
	gloss *glossary
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
	c := &Catalog{idx: idx, meta: meta, gloss: defaultGlossary()}
	m := idx.Mapping()
	if c.en = m.AnalyzerNamed(analyzerEN); c.en == nil {
		idx.Close()
		return nil, fmt.Errorf("catalog %s lacks the %s analyzer: rebuild it", dir, analyzerEN)
	}
	if c.de = m.AnalyzerNamed(analyzerDE); c.de == nil {
		idx.Close()
		return nil, fmt.Errorf("catalog %s lacks the %s analyzer: rebuild it", dir, analyzerDE)
	}
	return c, nil
}

// Close releases the catalog.
func (c *Catalog) Close() error { return c.idx.Close() }

// Meta describes the catalog.
func (c *Catalog) Meta() Meta { return *c.meta }

// Exists reports whether dir holds a catalog.
func Exists(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, MetaFile))
	return err == nil
}
