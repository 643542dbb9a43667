package build

import (
	"encoding/binary"
	"reflect"
	"testing"

	"github.com/lorekit/lore/internal/cache"
)

// A record's list encodes as the record did, decodes to the same record,
// sorts an encoding not in path order, and refuses a truncated one.
func TestRecordListRoundTrip(t *testing.T) {
	r := newRecord(map[string]recEntry{
		"index.html":       {key: cache.Key{1}, sum: cache.Key{2}, size: 10, mtime: 100},
		"manuals/a.html":   {key: cache.Key{3}, sum: cache.Key{4}, size: 20, mtime: 200},
		"manuals/a/b.html": {key: cache.Key{5}, sum: cache.Key{6}, size: 30, mtime: -300},
		"a.b/c.txt":        {key: cache.Key{7}, sum: cache.Key{8}, size: 0, mtime: 400},
	})
	r.stamped = 12345
	b := r.encode()
	got, ok := decodeRecord(b)
	if !ok || !reflect.DeepEqual(got.files, r.files) || !reflect.DeepEqual(got.paths, r.paths) || got.stamped != r.stamped {
		t.Fatalf("decodeRecord(encode) = %+v, %v; want %+v", got, ok, r)
	}
	l, ok := decodeRecList(b)
	if !ok || !reflect.DeepEqual(l.paths, r.paths) || len(l.entries) != len(r.paths) {
		t.Fatalf("decodeRecList = %+v, %v", l, ok)
	}
	for i, p := range l.paths {
		if l.entries[i] != r.files[p] {
			t.Errorf("entry %s = %+v, want %+v", p, l.entries[i], r.files[p])
		}
	}
	// The files of folder manuals, in name order; the root's.
	folders := l.folders()
	if names := pathsAt(l, folders["manuals"]); !reflect.DeepEqual(names, []string{"manuals/a.html"}) {
		t.Errorf("folder manuals = %v", names)
	}
	if names := pathsAt(l, folders[""]); !reflect.DeepEqual(names, []string{"index.html"}) {
		t.Errorf("root folder = %v", names)
	}

	// Two entries swapped: sorted on decoding.
	swapped := binary.AppendVarint(binary.AppendUvarint(nil, 0), 7)
	for _, p := range []string{"z.html", "a.html"} {
		swapped = binary.AppendUvarint(swapped, uint64(len(p)))
		swapped = append(swapped, p...)
		swapped = append(swapped, make([]byte, 64)...)
		swapped = binary.AppendVarint(binary.AppendVarint(swapped, 1), 2)
	}
	if l, ok := decodeRecList(swapped); !ok || !reflect.DeepEqual(l.paths, []string{"a.html", "z.html"}) || l.stamped != 7 {
		t.Errorf("unsorted encoding decoded as %+v, %v", l, ok)
	}
	for n := len(b) - 70; n < len(b); n++ { // inside the last entry
		if _, ok := decodeRecList(b[:n]); ok {
			t.Errorf("a record cut to %d of %d bytes decoded", n, len(b))
		}
	}
}

func pathsAt(l *recList, idx []int32) []string {
	var out []string
	for _, i := range idx {
		out = append(out, l.paths[i])
	}
	return out
}
