package searchindex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

// queryResult is one line of testdata/query.mjs's output.
type queryResult struct {
	Query string   `json:"query"`
	Total int      `json:"total"`
	Names []string `json:"names"`
	URLs  []string `json:"urls"`
	Bytes int      `json:"bytes"`
	Files []string `json:"files"`
}

// writeOS writes docs' index into a temporary folder and returns the
// manifest's path.
func writeOS(t *testing.T, docs []Document, opt Options) (string, Stats) {
	t.Helper()
	dir := t.TempDir()
	st, err := Write(afero.NewBasePathFs(afero.NewOsFs(), dir), docs, opt)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, filepath.FromSlash(st.Manifest)), st
}

// runQueries runs queries with the browser's engine under node.
func runQueries(t *testing.T, manifest string, limit int, queries ...string) map[string]queryResult {
	t.Helper()
	args := append([]string{manifest, "--limit", strconv.Itoa(limit)}, queries...)
	out := runNode(t, "query.mjs", args...)
	res := map[string]queryResult{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r queryResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%v: %s", err, sc.Bytes())
		}
		res[r.Query] = r
	}
	if len(res) != len(queries) {
		t.Fatalf("node answered %d of %d queries:\n%s", len(res), len(queries), out)
	}
	return res
}

// TestEngineQueries runs the browser's engine (theme/assets/js/search) on an
// index written by Write.
func TestEngineQueries(t *testing.T) {
	manifest, _ := writeOS(t, fixtureDocs(), Options{ShardBytes: 200, DocsPerChunk: 2})
	cases := map[string][]string{
		"deploy":                {"deploy-container"},
		"deployment":            {"deploy-container"},
		"Deploying containers":  {"deploy-container"},
		"deploym":               {"deploy-container"}, // typing: the stem is a prefix
		"kubectl":               {"deploy-container"},
		"Bereitstellung":        {"deploy-container"}, // German trigger
		"Prüfung":               {"datenbank-sicherung"},
		"Pruefung":              {"datenbank-sicherung"},
		"PRUEFUNG":              {"datenbank-sicherung"},
		"Straße":                {"datenbank-sicherung"},
		"strasse":               {"datenbank-sicherung"},
		"Datenbanken Sicherung": {"datenbank-sicherung"},
		"Termine":               {"kalender-termine"},
		"teilnehm":              {"kalender-termine"}, // prefix of Teilnehmer
		"thumbnails":            {"image-resize"},
		"image":                 {"image-resize", "deploy-container"}, // the name first
		"attachments":           {"email-send"},
		"xyzzy qwertz":          nil,
		"deploy xyzzy":          nil,
		"the und die":           nil, // stop words only
		"":                      nil,
	}
	var queries []string
	for q := range cases {
		queries = append(queries, q)
	}
	res := runQueries(t, manifest, 10, queries...)
	for q, want := range cases {
		got := res[q]
		if strings.Join(got.Names, ",") != strings.Join(want, ",") || got.Total != len(want) {
			t.Errorf("%q: %v (total %d), want %v", q, got.Names, got.Total, want)
		}
	}
	if u := res["deploy"].URLs; len(u) != 1 || !strings.HasPrefix(u[0], "file://") || !strings.HasSuffix(u[0], "/manuals/deploy-container/") {
		t.Errorf("result URL %v, want the page under the site root", u)
	}
	// A query reads the manifest, the shards of its terms and the chunks of
	// its results; nothing else.
	if f := res["kubectl"].Files; len(f) != 3 || f[0] != "search/index.json" ||
		!strings.HasPrefix(f[1], "search/t/") || f[2] != "search/d/0.json" {
		t.Errorf("kubectl fetched %v", f)
	}
}
