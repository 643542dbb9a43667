package search

import (
	"context"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
)

// view is what routing needs to know of a visibility: the documents it
// admits, from the filter query (nil: every document), and judge, the
// same rule in Go applied once more to every hit. Views are cached per
// visibility, since a runtime asks with the same engine and allow-set
// again and again; building one (the filter query, its searcher, the
// cascade's losers) costs more than a whole answer.
type view struct {
	docs  docSet
	judge func(id, audience string, tools, engines []string) bool
}

// maxViews bounds the cached views.
const maxViews = 64

// viewOf returns the view of v, from the cache or built with reader r.
func (c *Catalog) view(v Visibility, r index.IndexReader) (*view, error) {
	key := visKey(v)
	c.mu.Lock()
	vw, ok := c.views[key]
	c.mu.Unlock()
	if ok {
		return vw, nil
	}
	vw = &view{judge: c.judge(v)}
	if f := c.filter(v); f != nil {
		s, err := f.Searcher(context.Background(), r, c.idx.Mapping(), search.SearcherOptions{Score: "none"})
		if err != nil {
			return nil, err
		}
		sctx := &search.SearchContext{DocumentMatchPool: search.NewDocumentMatchPool(s.DocumentMatchPoolSize(), 0)}
		vw.docs = docSet{}
		for dm, err := s.Next(sctx); err == nil && dm != nil; dm, err = s.Next(sctx) {
			vw.docs.add(dm.IndexInternalID.Value())
			sctx.DocumentMatchPool.Put(dm)
		}
		s.Close()
	}
	c.mu.Lock()
	if len(c.views) >= maxViews {
		clear(c.views)
	}
	c.views[key] = vw
	c.mu.Unlock()
	return vw, nil
}

// visKey identifies a visibility for the cache.
func visKey(v Visibility) string {
	ts := slices.Clone(v.Tools)
	slices.Sort(ts)
	any := "0"
	if v.AnyTools {
		any = "1"
	}
	return v.Engine + "\x00" + any + "\x00" + strings.Join(ts, ",")
}

// docSet is a set of document numbers, one bit each: the scorer asks it
// for every posting it reads.
type docSet []uint64

func (s docSet) has(n uint64) bool { return n/64 < uint64(len(s)) && s[n/64]&(1<<(n%64)) != 0 }

func (s *docSet) add(n uint64) {
	if k := int(n / 64); k >= len(*s) {
		*s = append(*s, make([]uint64, k+1-len(*s))...)
	}
	(*s)[n/64] |= 1 << (n % 64)
}
