package search

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blevesearch/bleve/v2"

	"github.com/lorekit/lore/internal/guard"
)

// Writer keeps one catalog folder up to date as its source changes:
// Create builds the catalog, Update applies a later source to it (lore
// serve keeps one between builds; lore build resumes one from its cache,
// see State and Resume).
// Update re-analyses only the entries whose inputs changed, which for one
// edited manual of thousands takes milliseconds where a build takes
// seconds. The updated catalog answers every query as a fresh build of the
// same source would, and its files other than bleve's are the same bytes.
// A Writer is not safe for concurrent use, and nothing else may write its
// folder.
type Writer struct {
	dir      string
	hash     string                // the catalog's InputsSHA256
	docs     map[string]writtenDoc // by entry ID
	rebuilds int                   // how often the catalog was built anew
	// vocab is the project vocabulary the catalog was built with: another
	// one changes the analysis of every document (and the index mapping),
	// so the catalog is built anew.
	vocab string
}

// writtenDoc is what the writer knows of one document in its catalog.
type writtenDoc struct {
	key [32]byte // plan.key of the entry it was made from
	at  textAt   // where its text lies
}

// Create builds the catalog of src into dir, an OS folder that must not
// exist yet, as Build does, and returns a Writer that keeps it up to date.
func Create(dir string, src Source) (*Writer, *Meta, error) {
	w := &Writer{dir: dir}
	ps, entryAt := src.planned()
	meta, err := w.rebuild(src, ps, entryAt, planKeys(ps))
	if err != nil {
		return nil, nil, err
	}
	return w, meta, nil
}

// rebuild builds the catalog of src anew in w's folder.
func (w *Writer) rebuild(src Source, ps []plan, entryAt func(int) *entry, keys [][32]byte) (*Meta, error) {
	w.docs = nil
	w.rebuilds++
	if err := os.RemoveAll(w.dir); err != nil {
		return nil, err
	}
	// The folder around it may be gone too (a cleaner of temporary files).
	if err := os.MkdirAll(filepath.Dir(w.dir), 0o755); err != nil {
		return nil, err
	}
	meta, at, err := build(w.dir, src, ps, entryAt)
	if err != nil {
		return nil, err
	}
	w.hash, w.vocab = meta.InputsSHA256, src.Vocabulary
	w.docs = make(map[string]writtenDoc, len(ps))
	for i, p := range ps {
		w.docs[p.id] = writtenDoc{key: keys[i], at: at[i]}
	}
	return meta, nil
}

// Update makes the catalog that of src: the entries src no longer has are
// deleted, the new and changed ones indexed, the content shards that hold
// them rewritten (the unchanged texts are copied from the shards before). When most entries
// changed it builds the catalog anew instead; and it does when an update
// fails, so that the folder always holds a whole catalog or none.
func (w *Writer) Update(src Source) (*Meta, error) {
	ps, entryAt := src.planned()
	keys := planKeys(ps)
	var changed []int
	seen := make(map[string]bool, len(ps))
	for i, p := range ps {
		seen[p.id] = true
		if d, ok := w.docs[p.id]; !ok || d.key != keys[i] {
			changed = append(changed, i)
		}
	}
	var removed []string
	for id := range w.docs {
		if !seen[id] {
			removed = append(removed, id)
		}
	}
	if w.docs == nil || src.Vocabulary != w.vocab || 2*(len(changed)+len(removed)) > len(ps) {
		return w.rebuild(src, ps, entryAt, keys)
	}
	es := make(map[int]*entry, len(changed))
	for _, at := range changed {
		es[at] = entryAt(at)
	}
	meta := metaOf(src, ps)
	// bleve opens the folder's segments as they are: one damaged behind
	// the writer's back panics in it, and is built anew like any failure.
	var docs map[string]writtenDoc
	err := guard.Do(func() (err error) {
		docs, err = w.apply(ps, keys, es, removed, meta)
		return err
	})
	if err != nil {
		// The folder may hold half an update: build it anew.
		if meta, rerr := w.rebuild(src, ps, entryAt, keys); rerr == nil {
			return meta, nil
		}
		return nil, err
	}
	w.docs, w.hash = docs, meta.InputsSHA256
	return meta, nil
}

// apply indexes the changed entries es (by position in ps) and deletes
// removed in one batch, rewrites the content files and writes the order
// of ps and meta. It returns what the folder then holds.
func (w *Writer) apply(ps []plan, keys [][32]byte, es map[int]*entry, removed []string, meta *Meta) (map[string]writtenDoc, error) {
	idx, err := bleve.Open(w.dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open the catalog %s: %w", w.dir, err)
	}
	b := idx.NewBatch()
	for _, e := range es {
		// bleve analyses a batch in goroutines of its own, where a panic
		// cannot be recovered: each document is analysed here first.
		if err = analyse(idx.Mapping(), e); err != nil {
			idx.Close()
			return nil, indexFailure(idx.Mapping(), nil, e, err)
		}
		if err = b.Index(e.ID, e.fields()); err != nil {
			break
		}
	}
	for _, id := range removed {
		b.Delete(id)
	}
	if err == nil {
		err = idx.Batch(b)
	}
	if err = errors.Join(err, idx.Close()); err != nil {
		return nil, fmt.Errorf("cannot update the catalog %s: %w", w.dir, err)
	}

	prevShards := shardCount(len(w.docs))
	prevSizes := make([]int64, prevShards)
	for _, d := range w.docs {
		prevSizes[d.at.shard] = max(prevSizes[d.at.shard], d.at.end)
	}
	shards := shardCount(len(ps))
	parts := make([]contentPart, len(ps))
	for i, p := range ps {
		s := shardOf(p.id, shards)
		if e, ok := es[i]; ok {
			parts[i] = contentPart{text: e.Content, given: true, shard: s}
		} else {
			d := w.docs[p.id]
			parts[i] = contentPart{shard: s, from: d.at.shard, off: d.at.off, n: d.at.end - d.at.off}
		}
	}
	prev := newShardFiles(w.dir, nil)
	defer prev.Close()
	at, err := writeContent(w.dir, parts, shards, prev, prevSizes)
	if err != nil {
		return nil, err
	}
	docs := make(map[string]writtenDoc, len(ps))
	for i, p := range ps {
		docs[p.id] = writtenDoc{key: keys[i], at: at[i]}
	}
	return docs, finish(w.dir, ps, meta)
}

// planKeys returns the key of every plan, hashed on every core.
func planKeys(ps []plan) [][32]byte {
	keys := make([][32]byte, len(ps))
	forEach(len(ps), func(i int) { keys[i] = ps[i].key() })
	return keys
}
