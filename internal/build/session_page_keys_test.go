package build

import (
	"bytes"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/site"
)

// TestSingleBuildKeepsPageKeys: a single build keeps its manual pages'
// keys in the build cache (site.PageKeys), read back by the next build,
// which keeps them anew after an edit.
func TestSingleBuildKeepsPageKeys(t *testing.T) {
	fs := newProject(t, map[string]string{
		"lore.yaml":        "title: Keys\nmanuals: [manuals]\n",
		"manuals/alpha.md": "---\ntriggers: alpha, Alpha\nsummary: Handle alpha requests in three steps.\n---\n# Alpha\n\nAsk first.\n",
		"manuals/beta.md":  "---\ntriggers: beta, Beta\nsummary: Handle beta requests in three steps.\n---\n# Beta\n\nAsk twice.\n",
	})
	kept := func(step string) {
		t.Helper()
		p := load(t, fs)
		c := cache.Open(fs, p.Config.Path(CacheDir), buildIdentity(), "")
		b, ok := c.Table(pageKeysTable).Get(pageKeysKey)
		if !ok {
			t.Fatalf("%s: the build cache keeps no page keys", step)
		}
		if _, ok := site.ReadPageKeys(b); !ok {
			t.Fatalf("%s: the page keys kept do not read back", step)
		}
		for _, page := range []string{"manuals/alpha.html", "manuals/beta.html"} {
			if !bytes.Contains(b, []byte(page)) {
				t.Errorf("%s: no key kept for %s", step, page)
			}
		}
	}
	run(t, fs, false)
	kept("first build")
	if err := afero.WriteFile(fs, "manuals/beta.md", []byte("---\ntriggers: beta, Beta\nsummary: Handle beta requests in three steps.\n---\n# Beta\n\nAsk three times.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, fs, false)
	kept("after an edit")
}
