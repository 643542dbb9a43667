package search

import (
	"path/filepath"
	"testing"

	index "github.com/blevesearch/bleve_index_api"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
)

// fixtureFiles is a small project: two engines with recipes, manuals with
// audiences, required tools, a name found twice (the cascade decides), an
// Agent Skills folder with references, and English and German triggers.
var fixtureFiles = map[string]string{
	"p/lore.yaml": `tools:
  web_fetch: Fetch one web page by URL and return its text.
  calendar_create: Create a calendar event.
  memory_write: Store a note about the user.
recipes:
  arthur:
    manualPaths: [manuals/arthur/, manuals/]
    tools: [web_fetch, calendar_create]
  eddie:
    manualPaths: [manuals/]
    tools: [memory_write]
`,
	"p/manuals/charts.md": `---
triggers: chart, bar chart, Diagramm, Balkendiagramm
summary: Show a chart inline in the reply with a chart fence.
---
# Charts

Write the data as JSON in a chart fence.
`,
	"p/manuals/images.md": `---
triggers: image, picture, screenshot, Bild, Bildschirmfoto
summary: Put pictures into a reply with Markdown image syntax.
---
# Images

Use an image link with a URL.
`,
	"p/manuals/keys.md": `---
triggers: api key, secret, Schlüssel, Zugangsschlüssel
summary: Rotate API keys and keep secrets out of replies.
---
# Keys

Never print a key.
`,
	"p/manuals/research.md": `---
triggers: web search, look up online, recherchieren
summary: Research on the open web and cite what you found.
requires-tools: web_fetch
---
# Research

Fetch pages and cite them.
`,
	"p/manuals/calendar.md": `---
triggers: calendar event, appointment, Termin
summary: Create calendar events with time zones and reminders.
requires-tools: calendar_create
---
# Calendar

Confirm before booking.
`,
	"p/manuals/memory.md": `---
audience: eddie
triggers: remember this, memory note, merk dir
summary: How Eddie writes memory notes about the user.
requires-tools: memory_write
---
# Memory

One fact per note.
`,
	"p/manuals/greeting.md": `---
triggers: greeting, hello, welcome message
summary: The general way to greet a new user.
---
# Greeting

Say hello.
`,
	"p/manuals/arthur/greeting.md": `---
audience: arthur
triggers: greeting, hello, welcome message
summary: How Arthur greets a new user in the chat.
---
# Greeting for Arthur

Say hello like Arthur.
`,
	"p/manuals/pdf-forms/SKILL.md": `---
name: pdf-forms
description: Fill in PDF forms and extract their fields.
---
# PDF forms

See the references.
`,
	"p/manuals/pdf-forms/reference/field-types.md": `# Field types

Checkboxes, radio buttons and signatures in PDF forms.
`,
}

// fixture loads the fixture project.
func fixture(t testing.TB) Source { return memSource(t, fixtureFiles) }

// memSource loads a project of files (paths under p/, manuals under
// p/manuals) from memory.
func memSource(t testing.TB, files map[string]string) Source {
	t.Helper()
	fs := afero.NewMemMapFs()
	for p, s := range files {
		if err := afero.WriteFile(fs, p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := config.Load(fs, "p", "")
	if err != nil {
		t.Fatal(err)
	}
	return Source{Manuals: manual.Load(fs, []string{"p/manuals"}), Config: cfg}
}

// open builds src into a temporary folder and opens it.
func open(t testing.TB, src Source) *Catalog {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	if _, err := Build(dir, src); err != nil {
		t.Fatal(err)
	}
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// indexReader opens a reader of c's index, closed when the test ends.
func indexReader(t testing.TB, c *Catalog) index.IndexReader {
	t.Helper()
	adv, err := c.idx.Advanced()
	if err != nil {
		t.Fatal(err)
	}
	r, err := adv.Reader()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// top returns the path (relative to the manual root) of the best visible
// candidate for intent, or "".
func best(t testing.TB, c *Catalog, intent string, v Visibility) string {
	t.Helper()
	hits, err := c.rank(intent, v, candidates)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 {
		return ""
	}
	return hits[0].Rel
}
