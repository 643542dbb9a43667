package hosts

import (
	"bytes"
	"encoding/json"
	"path"
	"slices"
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
	fs, cfg := generatedProject(t, 300, 1, nil)
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
	store := &mapStore{m: map[[32]byte][]byte{}}
	if _, err := Run(load(), Options{Store: store}); err != nil {
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
			store.hits = 0
			stored, err := Run(in, Options{Store: store})
			if err != nil {
				t.Fatal(err)
			}
			sameReport(t, "the report with the previous one", reused, fresh, in.Manuals)
			sameReport(t, "the report from the store", stored, fresh, in.Manuals)
			for _, r := range []*Report{fresh, reused, stored} {
				for _, h := range r.Hosts {
					// The site keys its Hosts page by the identity: it must
					// be the key of the inputs this test holds the listing to.
					if id, ok := h.Listing.Identity(); !ok || id != h.listingKey {
						t.Errorf("%s: listing identity %x (%v), want its inputs' key %x", h.Name, id, ok, h.listingKey)
					}
				}
			}
			for _, h := range reused.Hosts {
				kept := h.listingKey == prev.host(h.Name).listingKey
				if want := st.same || st.only != "" && h.Name != st.only; kept != want {
					t.Errorf("%s: listing inputs unchanged %v, want %v", h.Name, kept, want)
				}
			}
			if want := len(fresh.Hosts); st.same && store.hits != want {
				t.Errorf("the store gave %d listings, want all %d (their inputs are unchanged)", store.hits, want)
			}
			prev = reused
		})
	}
}

// sameReport fails t unless got reports what want does, its entries
// pointing at the same manuals of set with the same descriptions.
func sameReport(t *testing.T, what string, got, want *Report, set *manual.Set) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if !bytes.Equal(g, w) {
		t.Fatalf("%s differs from a fresh one:\n%s", what, firstDiff(g, w))
	}
	mine := map[*manual.Manual]bool{}
	for _, m := range set.Manuals {
		mine[m] = true
	}
	for i, h := range got.Hosts {
		for j, e := range h.Listing.Entries {
			f := want.Hosts[i].Listing.Entries[j]
			if !mine[e.Doc()] || e.Doc() != f.Doc() {
				t.Fatalf("%s: %s: entry %s points at another manual than a fresh run's", what, h.Name, e.Name)
			}
			if e.Description() != f.Description() || !slices.Equal(e.triggers, f.triggers) {
				t.Fatalf("%s: %s: entry %s: description %q, triggers %q; fresh %q, %q", what, h.Name, e.Name, e.Description(), e.triggers, f.Description(), f.triggers)
			}
		}
		if h.Listing.Room() != want.Hosts[i].Listing.Room() {
			t.Fatalf("%s: %s: room %d, fresh %d", what, h.Name, h.Listing.Room(), want.Hosts[i].Listing.Room())
		}
	}
}

// mapStore is a Store in memory that counts the listings it gives.
type mapStore struct {
	m    map[[32]byte][]byte
	hits int
}

func (s *mapStore) Get(k [32]byte) ([]byte, bool) {
	v, ok := s.m[k]
	if ok {
		s.hits++
	}
	return v, ok
}

func (s *mapStore) Put(k [32]byte, v []byte) { s.m[k] = v }

// firstDiff shows where a and b first differ.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-80)
	return strings.Join([]string{string(a[lo:min(len(a), i+80)]), string(b[lo:min(len(b), i+80)])}, "\n---\n")
}

// generatedProject writes a project of n generated manuals (corpusgen,
// seed) under "p" in memory, with the extra files (path under "p" →
// content), and loads its lore.yaml.
func generatedProject(t *testing.T, n int, seed int64, extra map[string]string) (afero.Fs, *config.Config) {
	t.Helper()
	fs := afero.NewMemMapFs()
	if err := corpusgen.Write(fs, "p", n, seed); err != nil {
		t.Fatal(err)
	}
	for p, src := range extra {
		if err := afero.WriteFile(fs, path.Join("p", p), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := config.Load(fs, "p", "")
	if err != nil {
		t.Fatal(err)
	}
	return fs, cfg
}
