package searchindex

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

// readIndex reads a written index back: the manifest and every term with
// its postings, decoded the way engine.js decodes them.
func readIndex(t *testing.T, fsys afero.Fs, dir string) (manifest, map[string][]posting) {
	t.Helper()
	data, err := afero.ReadFile(fsys, path.Join(dir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	terms := map[string][]posting{}
	var all []string
	for i, first := range m.Shards {
		data, err := afero.ReadFile(fsys, path.Join(dir, shardFile(i)))
		if err != nil {
			t.Fatal(err)
		}
		got := decodeShard(t, data)
		if len(got) == 0 || got[0].term != first {
			t.Fatalf("shard %d starts with %v, manifest says %q", i, got, first)
		}
		for _, e := range got {
			terms[e.term] = e.list
			all = append(all, e.term)
		}
	}
	if !sort.StringsAreSorted(all) || len(all) != len(terms) {
		t.Fatalf("terms are not sorted and unique across shards")
	}
	return m, terms
}

type entry struct {
	term string
	list []posting
}

func decodeShard(t *testing.T, b []byte) []entry {
	t.Helper()
	uv := func() uint64 {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			t.Fatalf("bad varint")
		}
		b = b[n:]
		return v
	}
	n := uv()
	var out []entry
	prev := ""
	for range n {
		shared, l := uv(), uv()
		term := prev[:shared] + string(b[:l])
		b = b[l:]
		df := uv()
		list := make([]posting, df)
		id := int64(-1)
		for k := range list {
			id += int64(uv()) + 1
			list[k].doc = uint32(id)
		}
		for k := range list {
			list[k].w = b[k]
		}
		b = b[df:]
		out = append(out, entry{term, list})
		prev = term
	}
	if len(b) != 0 {
		t.Fatalf("%d bytes after the last term", len(b))
	}
	return out
}

func TestWriteFormat(t *testing.T) {
	fsys := afero.NewMemMapFs()
	docs := fixtureDocs()
	st, err := Write(fsys, docs, Options{ShardBytes: 256})
	if err != nil {
		t.Fatal(err)
	}
	if st.Manifest != "search/index.json" || st.Documents != len(docs) || st.Shards < 3 {
		t.Fatalf("stats %+v", st)
	}
	m, terms := readIndex(t, fsys, "search")
	if m.Root != "../" || m.Documents != len(docs) || len(m.Vocab) == 0 || len(m.ID) != 16 || st.Terms != len(terms) {
		t.Fatalf("manifest %+v", m)
	}

	// Documents are ordered by URL: 0 datenbank-sicherung, 1
	// deploy-container, 2 email-send, 3 image-resize, 4 kalender-termine.
	docOf := func(term string) []uint32 {
		var ids []uint32
		for _, p := range terms[term] {
			ids = append(ids, p.doc)
		}
		return ids
	}
	check := func(term string, want ...uint32) {
		t.Helper()
		if got := docOf(term); !slices.Equal(got, want) {
			t.Errorf("postings of %q = %v, want %v", term, got, want)
		}
	}
	check("deploy", 1)
	check("bereitstellung", 1) // a German trigger: its German term
	check("prufung", 0)        // Prüfung: folded (English), normalised (German)
	check("strass", 0)
	check("termin", 4)
	check("attach", 2)
	check("kubectl", 1)
	check("arthur", 0)
	check("imag", 1, 3)
	// German prose gets its German terms besides the English ones:
	// "Sicherungen" → "sicherung", "Größere" → "grossere" → "gross"; English
	// prose only its English terms ("ready" → "readi", never the German
	// term "ready").
	check("datenbank", 0)
	check("sicherung", 0)
	check("gross", 0)
	check("sicherungen", 0)
	check("readi", 1)
	if _, ok := terms["ready"]; ok {
		t.Errorf("English prose got the German term ready")
	}
	// A compound's head: "Datenbanksicherung" (the title) → "sicherung"
	// at the document, and the glossary's German words.
	check("datenbanksicherung", 0)
	// Stop words are not indexed.
	for _, w := range []string{"the", "und", "die", "with"} {
		if _, ok := terms[w]; ok {
			t.Errorf("stop word %q indexed", w)
		}
	}
	// A name match outweighs a body match.
	w := map[uint32]uint8{}
	for _, p := range terms["imag"] {
		w[p.doc] = p.w
	}
	if w[3] <= w[1] {
		t.Errorf("weight of image in the name %d, in a body %d", w[3], w[1])
	}

	// Document files hold the record and sections of the document of
	// their number.
	var docFile struct {
		R []any       `json:"r"`
		S [][3]string `json:"s"`
	}
	data, err := afero.ReadFile(fsys, "search/f/0.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &docFile); err != nil {
		t.Fatal(err)
	}
	if len(docFile.R) != 6 || docFile.R[0] != "manuals/datenbank-sicherung/" || docFile.R[4] != "arthur" ||
		len(docFile.S) != 1 || !strings.HasPrefix(docFile.S[0][2], "Dieses Handbuch beschreibt") {
		t.Fatalf("document 0: %s", data)
	}
	if data, err = afero.ReadFile(fsys, "search/f/1.json"); err != nil || !strings.Contains(string(data), `"deploy-container"`) {
		t.Fatalf("document 1: %s %v", data, err)
	}
	// The vocabulary lists every term with its document frequency, by
	// first character.
	vocab := ""
	for i := range m.Vocab {
		b, err := afero.ReadFile(fsys, "search/v/"+strconv.Itoa(i)+".txt")
		if err != nil {
			t.Fatal(err)
		}
		vocab += string(b)
	}
	if strings.Count(vocab, "\n") != len(terms) || !strings.Contains(vocab, "\nimag 2\n") {
		t.Errorf("vocabulary:\n%s", vocab)
	}
}

func TestWriteDeterministic(t *testing.T) {
	a, b := afero.NewMemMapFs(), afero.NewMemMapFs()
	docs := fixtureDocs()
	if _, err := Write(a, docs, Options{ShardBytes: 300}); err != nil {
		t.Fatal(err)
	}
	rev := slices.Clone(docs)
	slices.Reverse(rev)
	if _, err := Write(b, rev, Options{ShardBytes: 300}); err != nil {
		t.Fatal(err)
	}
	if fa, fb := dump(t, a), dump(t, b); fa != fb {
		t.Fatalf("two builds differ:\n%s\n---\n%s", fa, fb)
	}
}

// dump lists every file of fsys with its content.
func dump(t *testing.T, fsys afero.Fs) string {
	t.Helper()
	var b strings.Builder
	err := afero.Walk(fsys, "search", func(p string, info fs.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, err := afero.ReadFile(fsys, p)
		fmt.Fprintf(&b, "%s %x\n", p, data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteRejectsDir(t *testing.T) {
	for _, dir := range []string{"/abs", "..", "../up", "."} {
		if _, err := Write(afero.NewMemMapFs(), nil, Options{Dir: dir}); err == nil {
			t.Errorf("Dir %q accepted", dir)
		}
	}
	fsys := afero.NewMemMapFs()
	st, err := Write(fsys, nil, Options{Dir: "assets/find"})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := readIndex(t, fsys, "assets/find")
	if st.Manifest != "assets/find/index.json" || m.Root != "../../" || m.Documents != 0 || len(m.Shards) != 0 {
		t.Fatalf("empty index: %+v %+v", st, m)
	}
}

func TestShorten(t *testing.T) {
	long := strings.Repeat("word ", 100)
	got := shorten(long, 40)
	if r := []rune(got); len(r) > 40 || !strings.HasSuffix(got, "word…") {
		t.Fatalf("shorten = %q", got)
	}
	if got := shorten("  a\n b ", 40); got != "a b" {
		t.Fatalf("shorten = %q", got)
	}
}

// byURL orders documents as a stable sort by URL, then name, of the
// documents themselves does, and leaves its argument as it was.
func TestByURLIsAStableSort(t *testing.T) {
	var docs []Document
	for i := range 300 {
		docs = append(docs, Document{URL: fmt.Sprintf("m/%d.html", (i*7919)%23), Name: fmt.Sprintf("n%d", (i*31)%5), Summary: fmt.Sprint(i)})
	}
	before := slices.Clone(docs)
	want := slices.Clone(docs)
	slices.SortStableFunc(want, func(a, b Document) int {
		return cmp.Or(strings.Compare(a.URL, b.URL), strings.Compare(a.Name, b.Name))
	})
	got := byURL(docs)
	for i := range want {
		if got[i].Summary != want[i].Summary {
			t.Fatalf("position %d holds document %s, want %s", i, got[i].Summary, want[i].Summary)
		}
	}
	for i := range docs {
		if docs[i].Summary != before[i].Summary {
			t.Fatal("byURL reordered its argument")
		}
	}
}
