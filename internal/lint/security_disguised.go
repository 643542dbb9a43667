package lint

import (
	"cmp"
	"slices"

	"github.com/lorekit/lore/internal/lint/scan"
)

// withDisguised adds to hits, the hits of detect in t, what detect finds
// in the text as a model reads it past the disguises that hide a word from
// a matcher (Ig*nore*, &#73;gnore, a Cyrillic о, I g n o r e, &#96;curl …
// | sh&#96;): a disguise hides nothing from a model. Only the paragraphs
// that hold a disguise are matched again; a hit that overlaps one of hits
// is that hit. The result is sorted.
func withDisguised(t *scanText, hits []scan.Hit, detect func([]byte) []scan.Hit) []scan.Hit {
	src := t.src
	if r, ok := t.reading(); ok {
		for _, p := range r.Disguised(src) {
			for _, h := range detect(r.Text[p[0]:p[1]]) {
				off, end := r.Span(h.Off+p[0], h.End+p[0])
				if !overlapsAny(hits, off, end) {
					hits = append(hits, scan.Hit{Off: off, End: end, What: h.What + ", disguised (look-alike letters, hidden characters, " +
						"character references or markup inside words)"})
				}
			}
		}
	}
	slices.SortFunc(hits, func(a, b scan.Hit) int { return cmp.Compare(a.Off, b.Off) })
	return hits
}

// overlapsAny reports whether [off, end) overlaps a hit of hits.
func overlapsAny(hits []scan.Hit, off, end int) bool {
	for _, h := range hits {
		if off < h.End && h.Off < end {
			return true
		}
	}
	return false
}
