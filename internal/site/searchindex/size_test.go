package searchindex

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lorekit/lore/internal/precompress"
)

// maxQueryBytes is the budget of the first search on the 10k corpus:
// everything a cold browser transfers (manifest, term shards, vocabulary,
// the files of the ten results shown, with their excerpts) from a server
// that sends the siblings lore build writes (brotli where it pays) and
// compresses the other files as it sends them, as nginx does by default
// (gzip level 1): lore writes no siblings of files under
// precompress.MinSize, such as most result fragments.
const maxQueryBytes = 60_000

// hostGzip is a file as a host's on-the-fly compression sends it (nginx's
// default gzip_comp_level 1).
func hostGzip(t *testing.T, b []byte) int {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, 1)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(b)
	w.Close()
	return min(buf.Len(), len(b))
}

// typicalQueries are searches people type, in the generated corpus's
// vocabulary: words and manual titles in English and German (umlauts typed
// or folded), a typo, a word being typed, and the worst cases: the corpus's most
// frequent words and a two-letter prefix. The last one is nonsense.
func typicalQueries(t *testing.T, c *corpus) []string {
	english, german := "", ""
	for _, d := range c.docs {
		switch {
		case english == "" && strings.Contains(d.Title, ":") && !strings.ContainsFunc(d.Title, nonASCII):
			english = d.Title
		case german == "" && strings.Contains(d.Title, ":") && strings.ContainsFunc(d.Title, nonASCII):
			german = d.Title
		}
	}
	if english == "" || german == "" {
		t.Fatalf("the corpus has no English (%q) or German (%q) title", english, german)
	}
	w := strings.Fields(strings.ReplaceAll(german, ":", ""))
	typing := w[0] + " " + string([]rune(w[1])[:min(4, len([]rune(w[1])))])
	return []string{
		"deployment", "deplyoment", "backup setup", "Prüfung", "pruefung", "einricht", "co",
		english, german, typing,
		c.frequent[0], c.frequent[0] + " " + c.frequent[1], c.frequent[2] + " " + c.frequent[3],
		"xyzzy",
	}
}

func nonASCII(r rune) bool { return r > 127 }

// TestQueryBytes measures what a first query transfers on generated
// corpora (internal/corpusgen) of 1,000 and 10,000 manuals, with the
// browser's engine under node (results and their excerpts), and holds
// both to maxQueryBytes.
func TestQueryBytes(t *testing.T) {
	for _, n := range []int{1000, 10000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			if n > 1000 && testing.Short() {
				t.Skip("-short")
			}
			c := generatedCorpus(t, n)
			manifest, st := writeOS(t, c.docs, Options{})
			dir := filepath.Dir(filepath.Dir(manifest))
			transfer := func(files []string) int {
				n := 0
				for _, f := range files {
					b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
					if err != nil {
						t.Fatal(err)
					}
					if br, _ := precompress.Encode(b); br != nil {
						n += len(br)
					} else {
						n += hostGzip(t, b)
					}
				}
				return n
			}
			t.Logf("%d docs: %d terms, %d shards; index %d KB, manifest %d B",
				st.Documents, st.Terms, st.Shards, st.Bytes/1000, st.ManifestBytes)
			queries := typicalQueries(t, c)
			res := runQueries(t, manifest, 10, queries...)
			worst, sum := 0, 0
			for _, q := range queries {
				r := res[q]
				br := transfer(r.Files)
				t.Logf("%-28q %6d results %7d B in %d files, %7d B transferred (brotli, or the host's gzip)", q, r.Total, r.Bytes, len(r.Files), br)
				sum += br
				worst = max(worst, br)
				if br > maxQueryBytes {
					t.Errorf("%q transfers %d bytes, over the %d budget: %v", q, br, maxQueryBytes, r.Files)
				}
				if q != "xyzzy" && r.Total == 0 {
					t.Errorf("%q found nothing", q)
				}
			}
			if res["xyzzy"].Total != 0 {
				t.Errorf("nonsense query found %d documents", res["xyzzy"].Total)
			}
			t.Logf("bytes transferred per first query: mean %d, worst %d", sum/len(queries), worst)
		})
	}
}
