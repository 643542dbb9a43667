package capability

import (
	"bytes"

	"github.com/lorekit/lore/internal/lint/scan"
)

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
			t := bytes.TrimLeft(src[off:end], " ")
			if end-off-len(t) > 3 || len(t) < 5 || !bytes.EqualFold(t[:4], []byte("<pre")) || t[4] != '>' && t[4] != ' ' && t[4] != '\t' {
				off = next
				continue
			}
			start := off + (end - off - len(t)) + bytes.IndexByte(t, '>') + 1
			if start <= off+(end-off-len(t)) { // a tag not closed on its line
				start = next
			}
			stop := s.End
			if i := indexFold(src[start:s.End], "</pre>"); i >= 0 {
				stop = start + i
			}
			out = append(out, [2]int{start, stop})
			_, off = lineEnd(src[:s.End], stop)
		}
	}
	return out
}

// hasPre reports whether src holds "<pre" in any case.
func hasPre(src []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '<')
		if j < 0 {
			return false
		}
		i += j + 1
		if i+3 <= len(src) && bytes.EqualFold(src[i:i+3], []byte("pre")) {
			return true
		}
	}
}

// indexFold returns the first index of key (lower-case ASCII) in s,
// ignoring ASCII case, or -1.
func indexFold(s []byte, key string) int {
	for i := 0; i+len(key) <= len(s); i++ {
		if bytes.EqualFold(s[i:i+len(key)], []byte(key)) {
			return i
		}
	}
	return -1
}
