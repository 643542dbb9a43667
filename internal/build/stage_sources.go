package build

import (
	"io/fs"
	"path"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/par"
)

// SourcesDir is where the Markdown of every manual is published inside
// the output folder, at its path in the project: what a runtime serves for
// manual_read, covered by the signed manifest like every other file.
const SourcesDir = "lore/sources"

// SourcePath is where the manual whose project-relative path is rel is
// published, or "" for a manual outside the project (a --manuals folder
// beside it), which is not.
func SourcePath(rel string) string {
	if !fs.ValidPath(rel) || rel == "." {
		return ""
	}
	return path.Join(SourcesDir, rel)
}

// writeSources publishes the text of every manual under SourcesDir, each
// made from its source sum (an unchanged manual is carried over), on
// every core: a file each, 10,000 at 10,000 manuals, which one core
// written or linked one after the other in 1.3 s of a cold build and of
// the first edited one after it (the build with no spare to update).
func writeSources(p *Project, o *output, sums map[*manual.Manual]cache.Key) error {
	ms := p.Manuals.Manuals
	return par.EachErr(len(ms), func(i int) error {
		m := ms[i]
		dst := SourcePath(p.RelPath(m.Path))
		if dst == "" {
			return nil
		}
		key, ok := sums[m]
		if !ok {
			key = cache.Of(m.Src)
		}
		if o.Fresh(dst, key) {
			return nil
		}
		return o.Write(dst, key, m.Src)
	})
}
