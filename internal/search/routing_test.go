package search

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/textan"
)

// openManuals builds a catalog of the given manuals (path → text, below
// the manual root "m") without configuration.
func openManuals(t testing.TB, files map[string]string) *Catalog {
	t.Helper()
	fs := afero.NewMemMapFs()
	for p, s := range files {
		if err := afero.WriteFile(fs, "m/"+p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return open(t, Source{Manuals: manual.Load(fs, []string{"m"})})
}

// A trigger the intent says whole is stronger evidence than a word of a
// trigger it says only in part: "Balkendiagramm" is all of a trigger of
// the chart manual, "Chat" only part of the overview's "show in chat".
func TestWholeTriggerOutranksPartOfOne(t *testing.T) {
	c := openManuals(t, map[string]string{
		"embed-overview.md": "---\ntriggers: show in chat, render\nsummary: Entry point for everything the UI renders.\n---\n# Overview\n\nRoutes.\n",
		"kind-chart.md":     "---\ntriggers: bar chart, Balkendiagramm\nsummary: Charts as JSON.\n---\n# Charts\n\nJSON.\n",
	})
	for _, intent := range []string{"Balkendiagramm im Chat", "a bar chart in the chat"} {
		if got := best(t, c, intent, all); got != "kind-chart.md" {
			t.Errorf("%q: best %q, want kind-chart.md", intent, got)
		}
	}
	// The overview's trigger said whole routes to it.
	if got := best(t, c, "show it in the chat", all); got != "embed-overview.md" {
		t.Errorf("best %q, want embed-overview.md", got)
	}
}

func TestGermanRequestForms(t *testing.T) {
	c := openManuals(t, map[string]string{
		"calendar.md":  "---\ntriggers: calendar event, Termin eintragen\nsummary: Create calendar events.\n---\n# Calendar\n\nBook it.\n",
		"reporting.md": "---\ntriggers: report, Bericht\nsummary: Write a report of the results.\n---\n# Reports\n\nWrite it.\n",
	})
	for intent, want := range map[string]string{
		// A separable verb: "trag … ein" is eintragen.
		"trag mir den Zahnarzt am Montag ein": "calendar.md",
		// Typos: "calender" stems to "calend", which "calendar" begins;
		// "calandar" is one edit from it.
		"add a calender entry for friday": "calendar.md",
		"add a calandar entry for friday": "calendar.md",
	} {
		if got := best(t, c, intent, all); got != want {
			t.Errorf("%q: best %q, want %q", intent, got, want)
		}
	}
}

func TestPhraseKeys(t *testing.T) {
	im, err := newMapping(textan.New("").CompoundWords())
	if err != nil {
		t.Fatal(err)
	}
	en, de := im.AnalyzerNamed(analyzerEN), im.AnalyzerNamed(analyzerDE)
	for in, want := range map[string][2]string{
		"show in chat":      {"chat show", "chat show"},
		"Termine eintragen": {"eintragen termin", "eintrag termin"},
		"im Chat sehen":     {"chat sehen", "chat seh"},
		"can you help":      {"", ""},
	} {
		e, d := phraseKeys(en, de, []byte(in))
		if e != want[0] || d != want[1] {
			t.Errorf("phraseKeys(%q) = %q, %q; want %q, %q", in, e, d, want[0], want[1])
		}
	}
}

// The stemmer leaves the plural of an acronym alone ("LLMs" stays llms);
// the router matches both numbers.
func TestAcronymPlural(t *testing.T) {
	c := openManuals(t, map[string]string{
		"tools.md": "---\nsummary: Build servers that give LLMs tools.\n---\n# Tools\n\nServers.\n",
		"prs.md":   "---\nsummary: Review a PR and its comments.\n---\n# Reviews\n\nComments.\n",
		"other.md": "---\nsummary: Give the user tools and servers.\n---\n# Other\n\nServers.\n",
	})
	for intent, want := range map[string]string{"tools an LLM can call": "tools.md", "review open PRs": "prs.md"} {
		if got := best(t, c, intent, all); got != want {
			t.Errorf("%q: best %q, want %q", intent, got, want)
		}
	}
}

// An overview does not stand in front of a manual it routes to that holds
// the intent's most specific word; without such a word it stays first.
func TestOverviewYieldsToItsRoute(t *testing.T) {
	c := openManuals(t, map[string]string{
		"embed-overview.md": "---\ntriggers: show in chat, display, zeigen, im Chat sehen\nsummary: Entry point for showing anything in the chat.\n---\n# Showing things\n\n" +
			"- a chart → `manual_read('kind-chart')`\n- a picture → `manual_read('images')`\n",
		"kind-chart.md": "---\ntriggers: bar chart, Balkendiagramm\nsummary: Charts as JSON in a chart fence.\n---\n# Charts\n\nJSON.\n",
		"images.md":     "---\ntriggers: picture, Bild\nsummary: Pictures in a reply.\n---\n# Images\n\nMarkdown.\n",
		// Showing things in the chat is what many manuals talk about.
		"tables.md": "---\ntriggers: table\nsummary: Tables.\n---\n# Tables\n\nShow a table in the chat.\n",
		"videos.md": "---\ntriggers: video\nsummary: Videos.\n---\n# Videos\n\nShow a video in the chat.\n",
		"errors.md": "---\ntriggers: error\nsummary: Errors.\n---\n# Errors\n\nShow the error in the chat.\n",
	})
	for intent, want := range map[string]string{
		"wie zeige ich ein Balkendiagramm im Chat": "kind-chart.md",
		"show a bar chart in the chat":             "kind-chart.md",
		"show it in the chat":                      "embed-overview.md",
	} {
		if got := best(t, c, intent, all); got != want {
			t.Errorf("%q: best %q, want %q", intent, got, want)
		}
	}
}

func TestOutcomesRoundTrip(t *testing.T) {
	outs := []Outcome{{Case: Case{ID: "a"}, Want: []string{"x.md"}, Ranked: []Hit{{Rel: "x.md", Name: "x", Score: 0.5, Routed: 2, Cover: 0.4, routes: []string{"y"}}}}}
	var b strings.Builder
	if err := WriteOutcomes(&b, outs); err != nil {
		t.Fatal(err)
	}
	got, err := ReadOutcomes(strings.NewReader(b.String()), "o")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != "a" || got[0].Ranked[0].Rel != "x.md" || got[0].Ranked[0].Score != 0.5 || got[0].Ranked[0].Routed != 2 || got[0].Ranked[0].Cover != 0.4 || got[0].Ranked[0].Name != "x" || len(got[0].Ranked[0].routes) != 1 || got[0].Want[0] != "x.md" {
		t.Errorf("round trip: %+v", got)
	}
	if _, err := ReadOutcomes(strings.NewReader("not json\n"), "o"); err == nil {
		t.Error("a bad line must be an error")
	}
}

// A German compound whose head no vocabulary knows reaches a manual by
// its modifier ("Fehlerbehandlung": Fehler is error), weaker than a word
// of its own: the manual that also holds the other word comes first.
func TestCompoundModifierRoutes(t *testing.T) {
	c := openManuals(t, map[string]string{
		"errors.md":   "---\nsummary: Handle errors of the payment client and retry.\n---\n# Errors\n\nRetry.\n",
		"payments.md": "---\nsummary: Set up the payment client.\n---\n# Payments\n\nKeys.\n",
	})
	if got := best(t, c, "Fehlerbehandlung im payment client", all); got != "errors.md" {
		t.Errorf("best %q, want errors.md", got)
	}
}

// The German fields of a manual written in English hold its summary
// analysed as German, English stop words and all: a German word whose
// stem is one of them (Suche → such, ändern → and, offen → off, Theme →
// them) must not match a summary that merely says "such as", "and",
// "off" or "them".
func TestGermanStemNoEnglishStopWord(t *testing.T) {
	c := openManuals(t, map[string]string{
		"formats.md": "---\nsummary: Formats such as lists and tables; turn them off for plain text.\n---\n# Formats\n\nLists.\n",
	})
	for _, intent := range []string{"Suche", "ändern", "offen", "Theme"} {
		if got := best(t, c, intent, all); got != "" {
			t.Errorf("%q: best %q, want no candidate", intent, got)
		}
	}
	// The word itself is kept when it is the stop word (off), and a
	// compound's head is dropped as its stem is (Fehlersuche → such).
	for _, c := range []struct {
		raw      string
		de, want []string
	}{
		{"suche", []string{"such"}, nil},
		{"fehlersuche", []string{"fehlersuch", "such"}, []string{"fehlersuch"}},
		{"off", []string{"off"}, []string{"off"}},
		{"tabellen", []string{"tabell"}, []string{"tabell"}},
	} {
		if got := germanStems(textan.Word{Raw: c.raw, DE: c.de}); !slices.Equal(got, c.want) {
			t.Errorf("germanStems(%s) = %v, want %v", c.raw, got, c.want)
		}
	}
}
