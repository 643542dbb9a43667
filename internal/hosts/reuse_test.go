package hosts

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/manual"
)

// TestReuseEqualsFresh: a run given the report of an earlier run
// (Options.Previous) reports exactly what a run without it does, after
// edits that keep a listing's inputs (a body) and edits that change them
// (a summary, triggers, a skill's description, a manual added or
// removed); its entries point at the new run's manuals; and the listings
// are taken again only when their inputs are unchanged.
func TestReuseEqualsFresh(t *testing.T) {
	fs := afero.NewMemMapFs()
	if err := corpusgen.Write(fs, "p", 300, 1); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(fs, "p", "")
	if err != nil {
		t.Fatal(err)
	}
	load := func() Input {
		return Input{Config: cfg, FS: fs, Manuals: manual.Load(fs, []string{"p/manuals"})}
	}
	var lore, skill string
	for _, m := range load().Manuals.Manuals {
		switch {
		case lore == "" && m.Dialect == manual.Lore && m.Summary != "" && len(m.Triggers) > 0 && !m.InSkill() && !m.IsSkillEntry():
			lore = m.Path
		case skill == "" && m.IsSkillEntry() && path.Base(m.Path) == "SKILL.md":
			skill = m.Path
		}
	}
	if lore == "" || skill == "" {
		t.Fatal("the corpus has no lore manual with a summary and triggers, or no skill")
	}
	edit := func(file, old, new string) func(t *testing.T) {
		return func(t *testing.T) {
			src, err := afero.ReadFile(fs, file)
			if err != nil {
				t.Fatal(err)
			}
			if old == "" {
				src = append(src, new...)
			} else if !bytes.Contains(src, []byte(old)) {
				t.Fatalf("%s has no %q", file, old)
			} else {
				src = bytes.Replace(src, []byte(old), []byte(new), 1)
			}
			if err := afero.WriteFile(fs, file, src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	steps := []struct {
		name  string
		apply func(t *testing.T)
		same  bool // the listings' inputs are unchanged
		// only, when set, is the one host whose listing's inputs change
		// (the others' are the same).
		only string
	}{
		{"body", edit(lore, "", "\nOne more paragraph of the body.\n"), true, ""},
		{"summary", edit(lore, "summary: ", "summary: Quite another thing. "), false, ""},
		{"triggers", edit(lore, "triggers: ", "triggers: zebra crossing, "), false, ""},
		{"skill description", edit(skill, "description: ", "description: Another skill now. "), false, ""},
		{"skill body", edit(skill, "", "\nMore of the skill's body.\n"), true, ""},
		{"skill when_to_use", edit(skill, "description: ", "when_to_use: Whenever a runbook is due.\ndescription: "), false, "claude-code"},
		{"added", func(t *testing.T) {
			src := "---\nsummary: Handle the added thing: steps.\ntriggers: added thing\n---\n# Added\n\nBody.\n"
			if err := afero.WriteFile(fs, "p/manuals/added-manual.md", []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}, false, ""},
		{"removed", func(t *testing.T) {
			if err := fs.Remove("p/manuals/added-manual.md"); err != nil {
				t.Fatal(err)
			}
		}, false, ""},
		{"nothing", func(*testing.T) {}, true, ""},
	}
	prev, err := Run(load(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			st.apply(t)
			in := load()
			fresh, err := Run(in, Options{})
			if err != nil {
				t.Fatal(err)
			}
			reused, err := Run(in, Options{Previous: prev})
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(fresh)
			got, _ := json.Marshal(reused)
			if !bytes.Equal(got, want) {
				t.Fatalf("the report with the previous one differs from a fresh one:\n%s", firstDiff(got, want))
			}
			mine := map[*manual.Manual]bool{}
			for _, m := range in.Manuals.Manuals {
				mine[m] = true
			}
			for i, h := range reused.Hosts {
				for j, e := range h.Listing.Entries {
					if !mine[e.Doc()] || e.Doc() != fresh.Hosts[i].Listing.Entries[j].Doc() {
						t.Fatalf("%s: entry %s points at another manual than a fresh run's", h.Name, e.Name)
					}
					if e.Description() != fresh.Hosts[i].Listing.Entries[j].Description() {
						t.Fatalf("%s: entry %s: description %q, fresh %q", h.Name, e.Name, e.Description(), fresh.Hosts[i].Listing.Entries[j].Description())
					}
				}
				kept := h.listingKey == prev.host(h.Name).listingKey
				if want := st.same || st.only != "" && h.Name != st.only; kept != want {
					t.Errorf("%s: listing inputs unchanged %v, want %v", h.Name, kept, want)
				}
			}
			prev = reused
		})
	}
}

// firstDiff shows where a and b first differ.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-80)
	return strings.Join([]string{string(a[lo:min(len(a), i+80)]), string(b[lo:min(len(b), i+80)])}, "\n---\n")
}
