package search

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Files returns the files and folders of a catalog folder: bleve's index
// (its description and its store) and lore's own.
func Files() []string {
	return []string{"index_meta.json", "store", MetaFile, ContentDir, ContentEndsFile, OrderFile, VocabularyFile}
}

// OwnFile reports whether rel, a path inside a catalog folder, is one of
// lore's own files of a catalog, which are the same bytes for the same
// inputs however the catalog was made (bleve's are not): its description,
// its content shards and where their texts end.
func OwnFile(rel string) bool {
	if rel == MetaFile || rel == ContentEndsFile {
		return true
	}
	shard, ok := strings.CutPrefix(rel, ContentDir+"/")
	return ok && shard != "" && !strings.Contains(shard, "/")
}

// stateMagic starts an encoded Writer state; a new layout needs a new one.
const stateMagic = "LORECST2"

// State encodes what w knows of its catalog, for Resume in another
// process (lore build keeps it in its cache, beside the published
// catalog).
func (w *Writer) State() []byte {
	ids := make([]string, 0, len(w.docs))
	for id := range w.docs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	b := append([]byte(stateMagic), w.hash...)
	b = binary.AppendUvarint(b, uint64(len(ids)))
	for _, id := range ids {
		d := w.docs[id]
		b = binary.AppendUvarint(b, uint64(len(id)))
		b = append(b, id...)
		b = append(b, d.key[:]...)
		b = binary.AppendUvarint(b, uint64(d.at.off))
		b = binary.AppendUvarint(b, uint64(d.at.end-d.at.off))
	}
	return b
}

// Resume returns a Writer that keeps the catalog in dir up to date, which
// state (from State) describes. It fails, rather than trust it, when the
// state does not fit the catalog: another catalog's inputs, another
// number of documents, texts outside their shards.
func Resume(dir string, state []byte) (*Writer, error) {
	bad := func(why string) (*Writer, error) {
		return nil, fmt.Errorf("cannot resume the catalog %s: %s", dir, why)
	}
	meta, err := ReadMeta(dir)
	if err != nil {
		return nil, err
	}
	hashLen := len(meta.InputsSHA256)
	if !bytes.HasPrefix(state, []byte(stateMagic)) || len(state) < len(stateMagic)+hashLen ||
		string(state[len(stateMagic):len(stateMagic)+hashLen]) != meta.InputsSHA256 {
		return bad("the state describes another catalog")
	}
	rest := state[len(stateMagic)+hashLen:]
	uv := func() (uint64, bool) {
		v, n := binary.Uvarint(rest)
		if n <= 0 {
			return 0, false
		}
		rest = rest[n:]
		return v, true
	}
	n, ok := uv()
	if !ok || n != uint64(meta.Documents) {
		return bad("the state has another number of documents")
	}
	shards := shardCount(int(n))
	sizes := make([]int64, shards)
	for s := range sizes {
		fi, err := os.Stat(filepath.Join(dir, shardPath(s)))
		if err != nil {
			return nil, err
		}
		sizes[s] = fi.Size()
	}
	used := make([]int64, shards)
	vocab, err := readVocabulary(dir)
	if err != nil {
		return nil, err
	}
	w := &Writer{dir: dir, hash: meta.InputsSHA256, docs: make(map[string]writtenDoc, n), vocab: vocab}
	for range n {
		l, ok := uv()
		if !ok || l > uint64(len(rest)) {
			return bad("the state is truncated")
		}
		id := string(rest[:l])
		rest = rest[l:]
		if len(rest) < 32 {
			return bad("the state is truncated")
		}
		var d writtenDoc
		copy(d.key[:], rest)
		rest = rest[32:]
		off, ok1 := uv()
		size, ok2 := uv()
		s := shardOf(id, shards)
		if !ok1 || !ok2 || off > uint64(sizes[s]) || size > uint64(sizes[s])-off {
			return bad("a text lies outside its shard")
		}
		d.at = textAt{shard: s, off: int64(off), end: int64(off + size)}
		used[s] += int64(size)
		w.docs[id] = d
	}
	if len(rest) != 0 || len(w.docs) != int(n) || !slices.Equal(used, sizes) {
		return bad("the state does not fit the content shards")
	}
	return w, nil
}
