package search

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/textan"
)

// MetaFile is the catalog's description, written beside the bleve files
// inside the catalog folder.
const MetaFile = "lore-catalog.json"

// Schema identifies the catalog format; it is part of the inputs' hash, so
// a new format rebuilds every catalog.
const Schema = SchemaFamily + "v7"

// SchemaFamily starts the schema of every version of the catalog's meta
// file: a folder whose meta file has it is a catalog of some lore.
const SchemaFamily = "lore.catalog/"

// Meta describes a built catalog.
type Meta struct {
	Schema string `json:"schema"`
	// InputsSHA256 hashes everything the catalog was built from; the index
	// bytes themselves are not deterministic, the hash is.
	InputsSHA256 string `json:"inputsSha256"`
	Documents    int    `json:"documents"`
	// Engines are the engines of the project's recipes. When there are
	// any, a query for an engine sees only what that engine's recipe
	// cascade returns.
	Engines []string `json:"engines"`
	// EngineTools is each engine's allow-set: the tools of its recipes.
	EngineTools map[string][]string `json:"engineTools"`
	// Tools are every tool some document requires, sorted.
	Tools []string `json:"tools"`
	// Shadows are, per engine ("" for the cascade of every root in path
	// order: asking without an engine, or without recipes), the names its
	// cascade reaches more than once. Of each, a query sees only the first
	// manual visible to it, as manual_read does.
	Shadows map[string][]Shadow `json:"shadows"`
}

// Build writes the catalog of src into dir, an OS folder that must not
// exist yet. All documents go into one batch, so the catalog is one
// segment; analysis runs on every core.
func Build(dir string, src Source) (*Meta, error) {
	ps, entryAt := src.planned()
	meta, _, err := build(dir, src, ps, entryAt)
	return meta, err
}

// metaOf describes the catalog of src whose entries ps plans.
func metaOf(src Source, ps []plan) *Meta {
	meta := &Meta{Schema: Schema, InputsSHA256: InputsHash(src), Documents: len(ps), Engines: []string{},
		EngineTools: map[string][]string{}, Tools: []string{}}
	cv := viewOf(src)
	meta.Engines = append(meta.Engines, cv.engines...)
	for _, e := range cv.engines {
		meta.EngineTools[e] = cv.tools[e]
	}
	meta.Shadows = shadowsOf(src, cv)
	for _, p := range ps {
		for _, t := range p.tools {
			if !slices.Contains(meta.Tools, t) {
				meta.Tools = append(meta.Tools, t)
			}
		}
	}
	slices.Sort(meta.Tools)
	return meta
}

// build writes the catalog of the entries ps plans (entryAt extracts
// them) into dir and returns where each entry's content lies (in the order
// of ps).
func build(dir string, src Source, ps []plan, entryAt func(int) *entry) (*Meta, []textAt, error) {
	im, err := newMapping(textan.New(src.Vocabulary).CompoundWords())
	if err != nil {
		return nil, nil, err
	}
	meta := metaOf(src, ps)

	// bleve's offline builder analyses the documents in batches of
	// batchDocs, writes a segment per batch and merges them into one
	// segment at the end: the memory a build holds is that of one batch
	// (one batch of everything holds the analysis of every document at
	// once: some 400 MB for 10,000 manuals). It numbers the documents as
	// it merges; OrderFile keeps the input order for ties. The entries are
	// extracted a batch at a time too, and let go of once given: only
	// their contents (most of them the manuals' sources) are kept.
	if len(ps) == 0 { // the builder cannot make an empty index
		idx, err := bleve.NewUsing(dir, im, "scorch", "scorch", nil)
		if err == nil {
			err = idx.Close()
		}
		if err != nil {
			return nil, nil, fmt.Errorf("cannot create the catalog in %s: %w", dir, err)
		}
	}
	var bd bleve.Builder = nopBuilder{}
	if len(ps) > 0 {
		if bd, err = bleve.NewBuilder(dir, im, map[string]any{"batchSize": batchDocs, "buildPathPrefix": filepath.Dir(dir)}); err != nil {
			return nil, nil, fmt.Errorf("cannot create the catalog in %s: %w", dir, err)
		}
	}
	parts := make([]contentPart, len(ps))
	shards := shardCount(len(ps))
	// given returns the entries given before the one at i, extracted
	// again (an index failure re-analyses them to find the culprit).
	given := func(i int, chunk []*entry, lo int) []*entry {
		es := make([]*entry, 0, i+1)
		for k := range lo {
			es = append(es, entryAt(k))
		}
		return append(es, chunk[:i-lo+1]...)
	}
	for lo := 0; lo < len(ps); lo += batchDocs {
		chunk := make([]*entry, min(batchDocs, len(ps)-lo))
		forEach(len(chunk), func(j int) { chunk[j] = entryAt(lo + j) })
		for j, e := range chunk {
			if err := guard.Do(func() error { return bd.Index(e.ID, e.fields()) }); err != nil {
				guard.Do(bd.Close)
				return nil, nil, indexFailure(im, given(lo+j, chunk, lo), e, err)
			}
			parts[lo+j] = contentPart{text: e.Content, given: true, shard: shardOf(ps[lo+j].id, shards)}
		}
	}
	if err := guard.Do(bd.Close); err != nil {
		var pe *guard.PanicError
		if errors.As(err, &pe) {
			return nil, nil, indexFailure(im, given(len(ps)-1, nil, len(ps)), nil, err)
		}
		return nil, nil, fmt.Errorf("cannot write the catalog: %w", err)
	}
	at, err := writeContent(dir, parts, shards, nil, nil)
	if err != nil {
		return nil, nil, err
	}
	if err := writeVocabulary(dir, src.Vocabulary); err != nil {
		return nil, nil, fmt.Errorf("cannot write the catalog's vocabulary: %w", err)
	}
	if err := finish(dir, ps, meta); err != nil {
		return nil, nil, err
	}
	return meta, at, nil
}

// finish writes what describes the documents of dir's index: their input
// order and the catalog's description.
func finish(dir string, ps []plan, meta *Meta) error {
	if err := writeOrder(dir, ps); err != nil {
		return err
	}
	mb, err := json.MarshalIndent(meta, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, MetaFile), append(mb, '\n'), 0o644)
}

// batchDocs is the number of documents analysed together. A batch's
// analysis is what a cold build holds most of while the catalog is built:
// 1000 held some 50 MB at 10,000 manuals; 250 a quarter of it, for some
// 1.5 CPU-s more of merging segments.
const batchDocs = 250

// nopBuilder stands in for the builder of an empty catalog.
type nopBuilder struct{}

func (nopBuilder) Index(string, any) error { return nil }
func (nopBuilder) Close() error            { return nil }

// OrderFile maps each document number to its entry's position in the
// build input (path order), as little-endian uint32s. bleve numbers the
// documents of a batch in the order its analysis finishes, which differs
// from build to build; equal scores are ordered by this position instead,
// so equal inputs give equal answers.
const OrderFile = "lore-order.bin"

func writeOrder(dir string, ps []plan) error {
	pos := make(map[string]uint32, len(ps))
	for i, p := range ps {
		pos[p.id] = uint32(i)
	}
	idx, err := bleve.OpenUsing(dir, map[string]any{"read_only": true})
	if err != nil {
		return err
	}
	defer idx.Close()
	adv, err := idx.Advanced()
	if err != nil {
		return err
	}
	r, err := adv.Reader()
	if err != nil {
		return err
	}
	defer r.Close()
	ids, err := r.DocIDReaderAll()
	if err != nil {
		return err
	}
	defer ids.Close()
	// An updated index numbers its documents past the count: the numbers
	// of deleted documents are not reused until segments merge.
	order := make([]byte, 4*len(ps))
	for {
		id, err := ids.Next()
		if err != nil || id == nil {
			break
		}
		ext, err := r.ExternalID(id)
		if err != nil {
			return err
		}
		at, ok := pos[ext]
		if !ok {
			return fmt.Errorf("catalog document %q is not in the input", ext)
		}
		n := id.Value()
		if n >= 1<<26 {
			return fmt.Errorf("catalog document number %d out of range", n)
		}
		if need := 4 * int(n+1); need > len(order) {
			order = append(order, make([]byte, need-len(order))...)
		}
		binary.LittleEndian.PutUint32(order[4*n:], at)
	}
	return os.WriteFile(filepath.Join(dir, OrderFile), order, 0o644)
}

// fields is the document bleve indexes for e.
// indexFailure describes an error indexing e. bleve's builder analyses a
// batch of documents at once, so a panic is pinned on a manual by
// analysing each of es (the documents given so far) alone; e, when
// known, is the one being given.
func indexFailure(im mapping.IndexMapping, es []*entry, e *entry, err error) error {
	var pe *guard.PanicError
	if !errors.As(err, &pe) {
		return fmt.Errorf("cannot index %s: %w", e.Path, err)
	}
	for _, c := range es {
		if aerr := analyse(im, c); errors.As(aerr, new(*guard.PanicError)) {
			return fmt.Errorf("%s: cannot index the manual: the search library (bleve) failed on it: %w", c.Path, aerr)
		}
	}
	if e != nil {
		return fmt.Errorf("%s: cannot index the manual: the search library (bleve) failed: %w", e.Path, err)
	}
	return fmt.Errorf("cannot write the catalog: the search library (bleve) failed: %w", err)
}

// analyse maps and analyses e's fields with im the way bleve does when it
// indexes them; a panic in an analyser is returned as a guard.PanicError.
func analyse(im mapping.IndexMapping, e *entry) error {
	return guard.Do(func() error {
		doc := document.NewDocument(e.ID)
		if err := im.MapDocument(doc, e.fields()); err != nil {
			return err
		}
		doc.VisitFields(func(f index.Field) {
			if f.Options().IsIndexed() {
				f.Analyze()
			}
		})
		return nil
	})
}

func (e *entry) fields() map[string]any {
	aud := e.Audience
	if aud == "" {
		aud = anyValue
	}
	words := strings.Join(NameWords(e.Name), " ")
	trig := strings.Join(e.Triggers, ", ")
	d := map[string]any{
		fKind: e.Kind, fName: e.Name, fWords: words, fTrigEN: trig, fSumEN: e.Summary, fTitle: e.Title,
		fHeadings: strings.Join(e.Headings, "\n"), fRefs: strings.Join(e.Refs, "\n"), fBody: e.Body,
		fRouting: e.routingText(), fPath: e.Path, fRel: e.Rel, fAudience: aud,
	}
	if len(e.Tools) > 0 {
		d[fTools] = e.Tools
	}
	if len(e.Engines) > 0 {
		d[fEngines] = e.Engines
	}
	return d
}

// routingText is what a manual says to route: name, triggers, summary,
// title.
func (e *entry) routingText() string {
	return strings.Join([]string{strings.Join(NameWords(e.Name), " "), strings.Join(e.Triggers, ", "), e.Summary, e.Title}, "\n")
}

// InputsHash hashes what a catalog of src depends on: the catalog schema,
// the glossary, thesaurus and project vocabulary, every manual's path and
// source (its SHA-256), the tool
// inventory and the recipes' engines and manualPaths. Equal hashes mean
// an equal catalog.
func InputsHash(src Source) string {
	h := sha256.New()
	w := func(parts ...string) {
		for _, p := range parts {
			fmt.Fprintf(h, "%d:%s", len(p), p)
		}
	}
	w(Schema, textan.GlossaryText(), textan.ThesaurusText(), src.Vocabulary)
	rel := src.RelPath
	if rel == nil {
		rel = func(s string) string { return s }
	}
	for _, m := range src.Manuals.Manuals {
		s := src.sum(m)
		w("manual", m.Path, rel(m.Path), m.Rel, string(s[:]))
	}
	if c := src.Config; c != nil {
		for _, t := range c.ToolNames {
			w("tool", t, c.Tools[t])
		}
		for _, r := range c.Recipes {
			w("recipe", r.Name, r.Engine, strings.Join(r.Tools, ","))
			for _, p := range r.ManualPaths {
				w("path", c.Path(p))
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// ReadMeta reads the description of the catalog in dir.
func ReadMeta(dir string) (*Meta, error) {
	b, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if err != nil {
		return nil, err
	}
	return DecodeMeta(b)
}

// DecodeMeta decodes a catalog description (the content of MetaFile).
func DecodeMeta(b []byte) (*Meta, error) {
	var m Meta
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", MetaFile, err)
	}
	if m.Schema != Schema {
		return nil, fmt.Errorf("%s: catalog format %q, this lore reads %q: rebuild the catalog (lore index)", MetaFile, m.Schema, Schema)
	}
	return &m, nil
}
