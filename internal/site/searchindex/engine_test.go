package searchindex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/textan"
)

// queryResult is one line of testdata/query.mjs's output.
type queryResult struct {
	Query   string   `json:"query"`
	Excerpt *excerpt `json:"excerpt"`
	Total   int      `json:"total"`
	Names   []string `json:"names"`
	URLs    []string `json:"urls"`
	Bytes   int      `json:"bytes"`
	Files   []string `json:"files"`
}

// excerpt is what engine.js's excerpt returns.
type excerpt struct {
	Anchor  string   `json:"anchor"`
	Heading string   `json:"heading"`
	URL     string   `json:"url"`
	Text    string   `json:"text"`
	Marks   [][2]int `json:"marks"`
}

// marked returns the marked words of an excerpt.
func (e *excerpt) marked() []string {
	var out []string
	u := utf16.Encode([]rune(e.Text))
	for _, m := range e.Marks {
		out = append(out, string(utf16.Decode(u[m[0]:m[1]])))
	}
	return out
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
	docs := append(fixtureDocs(), Document{URL: "prompts/marvin/", Name: "marvin.background.openai.reviewer", Title: "Bundle"})
	manifest, _ := writeOS(t, docs, Options{ShardBytes: 200})
	cases := map[string][]string{
		"deploy":               {"deploy-container"},
		"deployment":           {"deploy-container"},
		"Deploying containers": {"deploy-container"},
		"deploym":              {"deploy-container"}, // typing: the stem is a prefix
		"kubectl":              {"deploy-container"},
		"Bereitstellung":       {"deploy-container"}, // German trigger
		// Prüfung renders in English as check (and review, audit, …), as
		// the catalog routes it: the health checks of deploy-container.
		"Prüfung":               {"datenbank-sicherung", "deploy-container"},
		"Pruefung":              {"datenbank-sicherung", "deploy-container"},
		"PRUEFUNG":              {"datenbank-sicherung", "deploy-container"},
		"Straße":                {"datenbank-sicherung"},
		"strasse":               {"datenbank-sicherung"},
		"Datenbanken Sicherung": {"datenbank-sicherung"},
		"Termine":               {"kalender-termine"},
		"teilnehm":              {"kalender-termine"}, // prefix of Teilnehmer
		"thumbnails":            {"image-resize"},
		"image":                 {"image-resize", "deploy-container"}, // the name first
		"attachments":           {"email-send"},
		"xyzzy qwertz":          nil,
		"deploy xyzzy":          {"deploy-container"}, // any word matches
		"calender":              {"kalender-termine"}, // one typo: the trigger calendar
		"deplyoment":            {"deploy-container"}, // two swapped letters
		"thumbnial":             {"image-resize"},
		// A name longer than prose's longest word is still indexed.
		"marvin.background.openai.reviewer": {"marvin.background.openai.reviewer"},
		"the und die":                       nil, // stop words only
		"":                                  nil,
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
	// A query reads the manifest, the analysis data, the shards of its
	// terms and the files of its results; nothing else (an ASCII query
	// not the rest of the fold table).
	f := res["kubectl"].Files
	if len(f) < 4 || f[0] != "search/index.json" || f[1] != "search/a.json" || f[len(f)-1] != "search/f/1.json" {
		t.Errorf("kubectl fetched %v", f)
	}
	for _, s := range f[2 : len(f)-1] {
		if !strings.HasPrefix(s, "search/t/") {
			t.Errorf("kubectl fetched %v", f)
		}
	}
}

// TestEngineRanking: documents matching the words in their names and
// triggers rank before passing mentions; a word the index lacks does not
// hide the others' results.
func TestEngineRanking(t *testing.T) {
	manifest, _ := writeOS(t, fixtureDocs(), Options{ShardBytes: 200})
	res := runQueries(t, manifest, 10, "image attachments", "resize image thumbnail", "Bild Termin")
	if got := res["image attachments"]; len(got.Names) != 3 || got.Names[2] != "deploy-container" {
		t.Errorf("image attachments: %v: the two one-word matches (image-resize, email-send) and the passing mention last", got.Names)
	}
	if got := res["resize image thumbnail"].Names; len(got) == 0 || got[0] != "image-resize" {
		t.Errorf("resize image thumbnail: %v", got)
	}
	// Bild → image (the glossary) also finds deploy-container's image,
	// after the trigger matches.
	if got := res["Bild Termin"].Names; len(got) != 3 || got[2] != "deploy-container" ||
		!slices.Contains(got[:2], "image-resize") || !slices.Contains(got[:2], "kalender-termine") {
		t.Errorf("Bild Termin: %v, want image-resize and kalender-termine, then deploy-container", got)
	}
}

// TestEngineExcerpt: a result's excerpt comes from the section its words
// match best, links to that section's heading, and marks the words
// (stemmed, prefix and typo matches alike).
func TestEngineExcerpt(t *testing.T) {
	docs := fixtureDocs()
	docs[0].Sections = []Section{
		{Text: "Use this manual when a service must be deployed."},
		{Anchor: "build", Heading: "Build the image", Text: "Build the image with docker build and tag it with the release version."},
		{Anchor: "roll-back", Heading: "Roll back", Text: "Roll back with kubectl rollout undo when the health checks of the replicas fail."},
	}
	manifest, _ := writeOS(t, docs, Options{ShardBytes: 200})
	out := runNode(t, "query.mjs", manifest, "--excerpt", "kubectl rollout ", "replica", "Termin", "calender")
	res := map[string]queryResult{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r queryResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		res[r.Query] = r
	}
	for q, want := range map[string]struct {
		anchor string
		marks  string
	}{
		"kubectl rollout ": {"roll-back", "kubectl,rollout"}, // not typing: no prefix matches
		"replica":          {"roll-back", "replicas"},        // stemmed
		"Termin":           {"", "Termin,Termin"},
		"calender":         {"", ""}, // the typo matched a trigger, not the text
	} {
		e := res[q].Excerpt
		if e == nil {
			t.Errorf("%q: no excerpt", q)
			continue
		}
		if e.Anchor != want.anchor || strings.Join(e.marked(), ",") != want.marks {
			t.Errorf("%q: section %q, marks %q in %q; want section %q, marks %q", q, e.Anchor, e.marked(), e.Text, want.anchor, want.marks)
		}
		if want.anchor != "" && !strings.HasSuffix(e.URL, "#"+want.anchor) {
			t.Errorf("%q: excerpt links to %s, want the section #%s", q, e.URL, want.anchor)
		}
	}
}

// TestEngineProjectVocabulary: the project's vocabulary (Options.Analysis)
// reaches the browser's query analysis through the index, as it reaches
// how_do_i: without it "Abrechnung" finds nothing, with it the billing
// manual.
func TestEngineProjectVocabulary(t *testing.T) {
	docs := []Document{
		{URL: "manuals/billing/", Name: "billing-export", Title: "Exporting billing data",
			Triggers: []string{"export billing data"}, Body: "Export the invoices of a month as CSV."},
		{URL: "manuals/deploy/", Name: "deploy", Title: "Deploying", Body: "Roll out a release."},
	}
	for _, c := range []struct {
		vocab string
		want  string
	}{
		{"", ""},
		{"Abrechnung: billing, invoice\n", "billing-export"},
	} {
		manifest, _ := writeOS(t, docs, Options{Analysis: textan.New(c.vocab)})
		got := runQueries(t, manifest, 10, "wo ist die Abrechnung")["wo ist die Abrechnung"]
		if strings.Join(got.Names, ",") != c.want {
			t.Errorf("vocabulary %q: %v, want %q", c.vocab, got.Names, c.want)
		}
	}
}
