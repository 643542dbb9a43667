package searchindex

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/textan"
)

// Options configure Write. The zero value gives the defaults.
type Options struct {
	// Dir is the index's folder in the output, slash-separated and
	// relative (default "search").
	Dir string
	// ShardBytes is the target size of a term shard (default 16 KiB).
	ShardBytes int
	// SummaryRunes cuts longer summaries at a word (default 240).
	SummaryRunes int
	// SectionRunes and FragmentRunes bound the text of a section and of a
	// document kept for excerpts (defaults 1,000 and 8,000).
	SectionRunes, FragmentRunes int
	// Analyses, when set, remembers the documents' analysis for the next
	// Write (lore serve): only new and changed documents are analysed.
	Analyses *Analyses
	// Analysis is the vocabulary the index is analysed with, and that
	// the browser analyses queries with: the project's (lore.yaml
	// vocabulary:) added to lore's, as the catalog routes with it (nil:
	// lore's vocabulary).
	Analysis *textan.Analysis
	// Kept, when set, is asked before a document file (f/<n>.json, name
	// inside Dir) is encoded whose bytes Analyses remembers from an
	// earlier Write (their SHA-256, sum): it reports whether the output
	// holds that file with those bytes already and keeps it. A file kept
	// is neither encoded nor emitted: after an edit, the files of the
	// documents that did not change (tens of megabytes at thousands of
	// manuals) are not made again.
	Kept func(name string, sum [32]byte) bool
}

func (o Options) withDefaults() Options {
	if o.Dir == "" {
		o.Dir = "search"
	}
	if o.ShardBytes <= 0 {
		o.ShardBytes = 16 << 10
	}
	if o.SummaryRunes <= 0 {
		o.SummaryRunes = 240
	}
	if o.SectionRunes <= 0 {
		o.SectionRunes = 1000
	}
	if o.FragmentRunes <= 0 {
		o.FragmentRunes = 8000
	}
	if o.Analysis == nil {
		o.Analysis = textan.New("")
	}
	return o
}

// Stats describes a written index.
type Stats struct {
	// Manifest is the manifest's path in the output ("search/index.json"):
	// the page passes it, relative to the page, to initSearch as
	// options.index.
	Manifest  string
	Documents int
	Terms     int
	Shards    int
	// ManifestBytes is the size of the manifest, the one file every
	// search loads; Bytes the size of all files of the index.
	ManifestBytes int64
	Bytes         int64
}

// manifest is the first file the browser loads (index.json).
type manifest struct {
	Version int `json:"v"`
	// ID changes with any file of the index; the browser appends it to
	// every shard and document address so a cached file of an older build is
	// never mixed with a newer manifest.
	ID string `json:"id"`
	// Root is the site root relative to the manifest's folder; document
	// URLs are relative to it.
	Root      string   `json:"root"`
	Documents int      `json:"docs"`
	Shards    []string `json:"shards"` // first term of each term shard
	// Vocab lists the first character of the terms of each vocabulary
	// file (v/<n>.txt), for typo tolerance.
	Vocab []string `json:"vocab"`
}

// manifestVersion is the format version; engine.js refuses other versions.
// Version 3: terms are internal/textan's, the analysis data is in
// analysisFile.
const manifestVersion = 3

// analysisFile holds what the browser needs to analyse a query as the
// index was analysed (textan.Data): loaded with the first query. Its fold
// table holds the Latin letters (foldsFirst); the foldings of the other
// characters are in foldFile, which the browser loads only for a query or
// an excerpt that holds such a character.
const (
	analysisFile = "a.json"
	foldFile     = "a-fold.json"
)

// foldsFirst reports whether the folding of r travels with the analysis
// data: Latin-1, Latin Extended-A and -B and Latin Extended Additional,
// the letters of English and German text and their neighbours.
func foldsFirst(r rune) bool {
	return r < 0x250 || r >= 0x1e00 && r < 0x1f00
}

// analysisFiles returns the contents of analysisFile and foldFile for d.
func analysisFiles(d textan.Data) (data, fold []byte, err error) {
	first, rest := map[string]string{}, map[string]string{}
	for to, from := range d.Fold {
		for _, r := range from {
			m := rest
			if foldsFirst(r) {
				m = first
			}
			m[to] += string(r)
		}
	}
	d.Fold = first
	if data, err = json.Marshal(d); err != nil {
		return nil, nil, err
	}
	if fold, err = json.Marshal(rest); err != nil {
		return nil, nil, err
	}
	return data, fold, nil
}

// Write builds the search index of docs and writes it under opt.Dir of fsys:
// index.json, t/<n>.bin term shards, f/<n>.json the record and sections of
// document n (what its result shows) and v/<n>.txt the vocabulary
// by first character (for typo tolerance). Documents
// are ordered by URL (then name), so the output bytes depend only on the
// set of documents. Files already in the folder are overwritten, never
// removed: write into a fresh output.
func Write(fsys afero.Fs, docs []Document, opt Options) (Stats, error) {
	opt = opt.withDefaults()
	dir, err := indexDir(opt.Dir)
	if err != nil {
		return Stats{}, err
	}
	for _, sub := range []string{dir, path.Join(dir, "t"), path.Join(dir, "f"), path.Join(dir, "v")} {
		if err := fsys.MkdirAll(sub, 0o755); err != nil {
			return Stats{}, fmt.Errorf("searchindex: %w", err)
		}
	}
	return WriteFunc(func(name string, data []byte) error {
		return afero.WriteFile(fsys, path.Join(dir, name), data, 0o644)
	}, docs, opt)
}

// indexDir returns the cleaned index folder dir, or an error when it is
// not a folder inside the output.
func indexDir(dir string) (string, error) {
	d := path.Clean(dir)
	if path.IsAbs(d) || d == "." || d == ".." || strings.HasPrefix(d, "../") {
		return "", fmt.Errorf("searchindex: Dir %q must be a folder inside the output", dir)
	}
	return d, nil
}

// WriteFunc builds the search index of docs as Write does, but gives each
// file to emit (its slash-separated name inside opt.Dir and its bytes) as
// soon as it is made, index.json last, instead of writing into a file
// system: it holds no file longer than that. An error from emit stops it.
func WriteFunc(emit func(name string, data []byte) error, docs []Document, opt Options) (Stats, error) {
	opt = opt.withDefaults()
	dir, err := indexDir(opt.Dir)
	if err != nil {
		return Stats{}, err
	}
	docs = byURL(docs)

	as, dict, fresh := analyzeAll(docs, opt.Analysis, opt.Analyses)
	terms, lists := postings(dict, as)
	shards := encodeShards(terms, lists, opt.ShardBytes)

	var st Stats
	// The index's ID is the SHA-256 of every file's name, length and
	// SHA-256, in the order emitted: a file kept (Options.Kept) counts
	// by the sum Analyses remembers, without its bytes.
	h := sha256.New()
	count := func(name string, size int, sum [32]byte) {
		fmt.Fprintf(h, "%s %d %x\n", name, size, sum)
		st.Bytes += int64(size)
	}
	add := func(name string, data []byte) error {
		count(name, len(data), sha256.Sum256(data))
		if err := emit(name, data); err != nil {
			return fmt.Errorf("searchindex: %w", err)
		}
		return nil
	}
	firsts := make([]string, len(shards))
	for i, s := range shards {
		firsts[i] = s.first
		if err := add(shardFile(i), s.data); err != nil {
			return Stats{}, err
		}
		shards[i].data = nil
	}
	for i, d := range docs {
		name := fragmentFile(i)
		if fs, ok := keptFragment(d, as[i], opt, name); ok {
			count(name, fs.size, fs.sum)
			continue
		}
		f, err := fragment(d, as[i], opt, opt.Analyses != nil && !fresh[i])
		if err != nil {
			return Stats{}, fmt.Errorf("searchindex: %w", err)
		}
		if err := add(name, f); err != nil {
			return Stats{}, err
		}
	}
	vocabFirsts, vocab := encodeVocab(terms, lists)
	for i, v := range vocab {
		if err := add(vocabFile(i), v); err != nil {
			return Stats{}, err
		}
	}
	ad, fold, err := analysisFiles(opt.Analysis.Data())
	if err != nil {
		return Stats{}, fmt.Errorf("searchindex: %w", err)
	}
	if err := add(analysisFile, ad); err != nil {
		return Stats{}, err
	}
	if err := add(foldFile, fold); err != nil {
		return Stats{}, err
	}
	man := manifest{
		Version:   manifestVersion,
		ID:        hex.EncodeToString(h.Sum(nil))[:16],
		Root:      strings.Repeat("../", strings.Count(dir, "/")+1),
		Documents: len(docs),
		Shards:    firsts,
		Vocab:     vocabFirsts,
	}
	mb, err := json.Marshal(man)
	if err != nil {
		return Stats{}, fmt.Errorf("searchindex: %w", err)
	}
	if err := emit("index.json", mb); err != nil {
		return Stats{}, fmt.Errorf("searchindex: %w", err)
	}
	st.Bytes += int64(len(mb))
	st.Manifest = path.Join(dir, "index.json")
	st.Documents = len(docs)
	st.Terms = len(terms)
	st.Shards = len(shards)
	st.ManifestBytes = int64(len(mb))
	return st, nil
}

// byURL returns a copy of docs (analyzeAll writes into them) in the order
// of their URLs, then names, stable. The order is found on indexes and the
// documents copied once: a stable sort of the documents themselves moved
// 10,000 structs of some 300 bytes again and again on every rebuild.
func byURL(docs []Document) []Document {
	order := make([]int32, len(docs))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(i, j int32) int {
		a, b := &docs[i], &docs[j]
		return cmp.Or(strings.Compare(a.URL, b.URL), strings.Compare(a.Name, b.Name))
	})
	out := make([]Document, len(docs))
	for i, k := range order {
		out[i] = docs[k]
	}
	return out
}

// fragment returns the document file of d, analysed as a: encoded again
// unless a holds it for d's URL and these options (an analysis Analyses
// kept from an earlier Write, of a document with the same key). keep
// says whether a keeps the file for the next Write: Write asks it of the
// documents Analyses remembered, not of those it analysed. A document
// analysed anew is usually one of the first Write (every document of a
// single lore build, whose analyses are kept only in the build cache,
// which holds no files): its file is encoded once more should a next
// Write reuse its analysis, instead of being held meanwhile (at 10,000
// manuals the files are 30 MB).
// The sum and length of the file encoded are remembered in a either way.
func fragment(d Document, a *analysis, opt Options, keep bool) ([]byte, error) {
	k := fragmentOf(d, opt)
	if a.frag != nil && a.fragFor == k {
		return a.frag, nil
	}
	f, err := encodeFragment(d, a.sections(), opt)
	if err != nil {
		a.frag, a.fileSum = nil, fileSum{}
		return nil, err
	}
	a.fileSum = fileSum{set: true, key: k, sum: sha256.Sum256(f), size: len(f)}
	if keep {
		a.frag, a.fragFor = f, k
	} else {
		a.frag = nil
	}
	return f, nil
}

// keptFragment reports whether the document file of d, analysed as a,
// is kept at name (Options.Kept): a remembers the sum of the file an
// earlier Write encoded for d's URL and these options, and the output
// holds those bytes at name.
func keptFragment(d Document, a *analysis, opt Options, name string) (fileSum, bool) {
	fs := a.fileSum
	if opt.Kept == nil || !fs.set || fs.key != fragmentOf(d, opt) {
		return fileSum{}, false
	}
	return fs, opt.Kept(name, fs.sum)
}

// fragmentOf is the key of d's document file beside its analysis' key.
func fragmentOf(d Document, opt Options) fragmentKey {
	return fragmentKey{d.URL, opt.SummaryRunes, opt.SectionRunes, opt.FragmentRunes}
}

func shardFile(i int) string    { return "t/" + strconv.Itoa(i) + ".bin" }
func fragmentFile(i int) string { return "f/" + strconv.Itoa(i) + ".json" }
func vocabFile(i int) string    { return "v/" + strconv.Itoa(i) + ".txt" }
