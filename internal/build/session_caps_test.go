package build

import (
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/site"
)

// TestSingleBuildKeepsCapabilities: a single build keeps the capability
// surface of every manual that stands alone in the build cache, and the
// next build takes an unchanged manual's surface from there instead of
// computing it (a value planted in the cache shows on its page).
func TestSingleBuildKeepsCapabilities(t *testing.T) {
	fs := newProject(t, map[string]string{
		"lore.yaml":        "title: Caps\nmanuals: [manuals]\n",
		"manuals/alpha.md": "---\ntriggers: alpha, Alpha\nsummary: Handle alpha requests in three steps.\n---\n# Alpha\n\nRun `make alpha` and read https://alpha.example/docs.\n",
		"manuals/beta.md":  "---\ntriggers: beta, Beta\nsummary: Handle beta requests in three steps.\n---\n# Beta\n\nRun:\n\n```sh\nmake beta\n```\n",
	})
	run(t, fs, false)
	p := load(t, fs)
	ids := manualIDs(p.Manuals.Manuals, nil)
	c := cache.Open(fs, p.Config.Path(CacheDir), buildIdentity(), "")
	if n := c.Table(capsTable).Len(); n != 2 {
		t.Fatalf("the cache keeps %d surfaces, want one per manual (2)", n)
	}
	for m, id := range ids {
		if m.Name == "alpha" {
			c.Table(capsTable).Put(id, encodeCaps(&site.Capabilities{Tools: []string{"planted_by_the_test"}}))
		}
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if err := afero.WriteFile(fs, "manuals/beta.md", []byte("---\ntriggers: beta, Beta\nsummary: Handle beta requests in three steps.\n---\n# Beta\n\nRun:\n\n```sh\nmake beta\ngit status\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := run(t, fs, false)
	page, err := afero.ReadFile(fs, res.Out+"/manuals/alpha.html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "planted_by_the_test") {
		t.Fatal("the second build computed alpha's surface again instead of taking it from the cache")
	}
	page, err = afero.ReadFile(fs, res.Out+"/manuals/beta.html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<code>git</code>") {
		t.Fatal("the edited manual's page does not show the command the edit added")
	}
}

// TestCapsCodec: a surface reads back as written, nil lists staying nil;
// a truncated one is refused.
func TestCapsCodec(t *testing.T) {
	for _, c := range []*site.Capabilities{
		{},
		{Tools: []string{"manual_read"}, Hosts: []string{}, Commands: []string{"make", "git"}, Suppressed: []string{"*"},
			Files: []site.CapabilityFile{{Path: "alpha.md", Digest: "sha256-x"}}},
		{Files: []site.CapabilityFile{}},
	} {
		b := encodeCaps(c)
		got, ok := decodeCaps(b)
		if !ok || !reflect.DeepEqual(got, c) {
			t.Fatalf("%+v read back as %+v (%v)", c, got, ok)
		}
		for n := range len(b) {
			if _, ok := decodeCaps(b[:n]); ok {
				t.Fatalf("%+v: the first %d of %d bytes decoded", c, n, len(b))
			}
		}
	}
}
