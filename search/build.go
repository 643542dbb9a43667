package search

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
)

// MetaFile is the catalog's description, written beside the bleve files
// inside the catalog folder.
const MetaFile = "lore-catalog.json"

// ContentFile holds what manual_read returns for every entry, one after
// the other; the index stores each entry's offset and length. Keeping the
// texts out of the index keeps its stored documents small and hits fast.
const ContentFile = "lore-content.txt"

// Schema identifies the catalog format; it is part of the inputs' hash, so
// a new format rebuilds every catalog.
const Schema = "lore.catalog/v2"

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
}

// Build writes the catalog of src into dir, an OS folder that must not
// exist yet. All documents go into one batch, so the catalog is one
// segment; analysis runs on every core.
func Build(dir string, src Source) (*Meta, error) {
	g := defaultGlossary()
	im, err := newMapping(g.compoundWords())
	if err != nil {
		return nil, err
	}
	es := entries(src)
	if src.Taken != nil {
		src.Taken()
	}
	meta := &Meta{Schema: Schema, InputsSHA256: InputsHash(src), Documents: len(es), Engines: []string{},
		EngineTools: map[string][]string{}, Tools: []string{}}
	if src.Config != nil {
		meta.Engines = append(meta.Engines, src.Config.Engines()...)
		for _, r := range src.Config.Recipes {
			ts := meta.EngineTools[r.Engine]
			if ts == nil {
				ts = []string{}
			}
			for _, t := range r.Tools {
				if !slices.Contains(ts, t) {
					ts = append(ts, t)
				}
			}
			slices.Sort(ts)
			meta.EngineTools[r.Engine] = ts
		}
	}
	for _, e := range es {
		for _, t := range e.Tools {
			if !slices.Contains(meta.Tools, t) {
				meta.Tools = append(meta.Tools, t)
			}
		}
	}
	slices.Sort(meta.Tools)

	// bleve's offline builder analyses the documents in batches of
	// batchDocs, writes a segment per batch and merges them into one
	// segment at the end: the memory a build holds is that of one batch
	// (one batch of everything holds the analysis of every document at
	// once: some 400 MB for 10,000 manuals). It numbers the documents as
	// it merges; OrderFile keeps the input order for ties.
	if len(es) == 0 { // the builder cannot make an empty index
		idx, err := bleve.NewUsing(dir, im, "scorch", "scorch", nil)
		if err == nil {
			err = idx.Close()
		}
		if err != nil {
			return nil, fmt.Errorf("cannot create the catalog in %s: %w", dir, err)
		}
	}
	var bd bleve.Builder = nopBuilder{}
	if len(es) > 0 {
		if bd, err = bleve.NewBuilder(dir, im, map[string]any{"batchSize": batchDocs, "buildPathPrefix": filepath.Dir(dir)}); err != nil {
			return nil, fmt.Errorf("cannot create the catalog in %s: %w", dir, err)
		}
	}
	var content bytes.Buffer
	for _, e := range es {
		off := content.Len()
		content.WriteString(e.Content)
		d := e.fields()
		d[fContent] = fmt.Sprintf("%d %d", off, len(e.Content))
		if err := bd.Index(e.ID, d); err != nil {
			bd.Close()
			return nil, fmt.Errorf("cannot index %s: %w", e.Path, err)
		}
	}
	if err := bd.Close(); err != nil {
		return nil, fmt.Errorf("cannot write the catalog: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, ContentFile), content.Bytes(), 0o644); err != nil {
		return nil, err
	}
	if err := writeOrder(dir, es); err != nil {
		return nil, err
	}
	mb, err := json.MarshalIndent(meta, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, MetaFile), append(mb, '\n'), 0o644); err != nil {
		return nil, err
	}
	return meta, nil
}

// batchDocs is the number of documents analysed together.
const batchDocs = 1000

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

func writeOrder(dir string, es []*entry) error {
	pos := make(map[string]uint32, len(es))
	for i, e := range es {
		pos[e.ID] = uint32(i)
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
	order := make([]byte, 4*len(es))
	for {
		id, err := ids.Next()
		if err != nil || id == nil {
			break
		}
		ext, err := r.ExternalID(id)
		if err != nil {
			return err
		}
		n := id.Value()
		if n >= uint64(len(es)) {
			return fmt.Errorf("catalog document number %d out of range", n)
		}
		binary.LittleEndian.PutUint32(order[4*n:], pos[ext])
	}
	return os.WriteFile(filepath.Join(dir, OrderFile), order, 0o644)
}

// fields is the document bleve indexes for e.
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
// the glossary, every manual's path and bytes, the tool inventory and the
// recipes' engines and manualPaths. Equal hashes mean an equal catalog.
func InputsHash(src Source) string {
	h := sha256.New()
	w := func(parts ...string) {
		for _, p := range parts {
			fmt.Fprintf(h, "%d:%s", len(p), p)
		}
	}
	w(Schema, glossaryText, thesaurusText)
	rel := src.RelPath
	if rel == nil {
		rel = func(s string) string { return s }
	}
	for _, m := range src.Manuals.Manuals {
		w("manual", m.Path, rel(m.Path), m.Rel, string(m.Src))
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
