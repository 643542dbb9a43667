package capability

import "github.com/lorekit/lore/internal/lint/scan"

// preBlocks returns the byte ranges of the text of HTML <pre> blocks in
// the prose of Markdown src (not inside a fenced block): from after the
// opening tag to the closing one, or to the end of the prose.
func preBlocks(src []byte) [][2]int {
	if !hasPre(src) {
		return nil // most manuals: not worth splitting into segments
	}
	var out [][2]int
	for _, s := range scan.Segments(src, scan.Markdown) {
		if s.Code {
			continue
		}
		for off := s.Off; off < s.End; {
			end, next := lineEnd(src[:s.End], off)
			at, ok := scan.PreOpen(src[off:end])
			if !ok {
				off = next
				continue
			}
			start := next // the tag goes on past its line
			if at >= 0 {
				start = off + at
			}
			stop := s.End
			if i := scan.IndexFold(src[start:s.End], "</pre>"); i >= 0 {
				stop = start + i
			}
			out = append(out, [2]int{start, stop})
			_, off = lineEnd(src[:s.End], stop)
		}
	}
	return out
}

// hasPre reports whether src holds "<pre" in any case.
func hasPre(src []byte) bool { return scan.IndexFold(src, "<pre") >= 0 }
