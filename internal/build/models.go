package build

import (
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/manual"
)

// modelsTable keeps the model of every manual (manual.Manual.AppendModel:
// what parsing found, without the parsed Markdown) by the path, root and
// bytes it was parsed from: a build in a new process restores the
// manuals it read before instead of parsing them (manual.LoadWith).
const modelsTable = "manual-model"

// modelKey identifies the model of the file p under root whose text (as
// the manual holds it, Manual.Src) has the SHA-256 sum.
func modelKey(root, p string, sum cache.Key) cache.Key {
	return cache.NewHasher("manual-model").String(root).String(p).Key(sum).Sum()
}

// models is manual.Models over the cache. The SHA-256 of each source it
// computes is noted in sums (when not nil): the build needs it again
// (sums.of), and the manual holds the same bytes.
type models struct {
	t    *cache.Table
	sums *sums
}

func (m models) Get(root, p string, src []byte) ([]byte, bool) {
	sum := cache.Of(src)
	if m.sums != nil {
		m.sums.note(p, src, sum)
	}
	return m.t.Get(modelKey(root, p, sum))
}

func (m models) Put(root, p string, src, model []byte) {
	m.t.Put(modelKey(root, p, cache.Of(src)), model)
}

// keepModels keeps the models of the manuals of a build, also of those
// the session copied from its last build without asking the cache.
func keepModels(c *cache.Cache, ms []*manual.Manual, sums map[*manual.Manual]cache.Key) {
	t := c.Table(modelsTable)
	for _, m := range ms {
		t.Keep(modelKey(m.Root, m.Path, sums[m]))
	}
}
