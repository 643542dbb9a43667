package searchindex

import (
	"fmt"
	"testing"
)

// maxQueryBytes is the budget of one search on the 10k corpus: everything a
// cold browser fetches (manifest, term shards, document chunks of the ten
// results shown).
const maxQueryBytes = 300_000

// typicalQueries are searches people type, including the worst cases: the
// corpus's most frequent words and a two-letter prefix while typing.
func typicalQueries(g *standin) []string {
	return []string{
		"deploy", "configure backup", "upload image", "encrypt message", "schedule report",
		"Datenbank Sicherung", "Prüfung", "pruefung ergebnis", "Schlüssel ändern", "einstell",
		"conf", "co", "deploying the cluster", "restore index token",
		g.en[0], g.en[0] + " " + g.en[1], g.de[0] + " " + g.de[1], g.jargon[0],
		"xyzzy",
	}
}

// TestQueryBytes measures what a query transfers on generated corpora of
// 1,000 and 10,000 manuals, with the browser's engine under node, and holds
// the 10k corpus to maxQueryBytes.
func TestQueryBytes(t *testing.T) {
	for _, n := range []int{1000, 10000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			if n > 1000 && testing.Short() {
				t.Skip("-short")
			}
			docs, g := standinCorpus(t, n, 1)
			manifest, st := writeOS(t, docs, Options{})
			t.Logf("%d docs: %d terms, %d shards, %d chunks; index %d KB, manifest %d B",
				st.Documents, st.Terms, st.Shards, st.DocChunks, st.Bytes/1000, st.ManifestBytes)
			queries := typicalQueries(g)
			res := runQueries(t, manifest, 10, queries...)
			worst, sum := 0, 0
			for _, q := range queries {
				r := res[q]
				t.Logf("%-28q %6d results %7d B in %d files", q, r.Total, r.Bytes, len(r.Files))
				sum += r.Bytes
				worst = max(worst, r.Bytes)
				if r.Bytes > maxQueryBytes {
					t.Errorf("%q fetched %d bytes, over the %d budget: %v", q, r.Bytes, maxQueryBytes, r.Files)
				}
				if q != "xyzzy" && r.Total == 0 {
					t.Errorf("%q found nothing", q)
				}
			}
			if res["xyzzy"].Total != 0 {
				t.Errorf("nonsense query found %d documents", res["xyzzy"].Total)
			}
			t.Logf("bytes per query: mean %d, worst %d", sum/len(queries), worst)
		})
	}
}
