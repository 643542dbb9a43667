package manual

import (
	"bytes"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
)

// NormalizeCR returns src with every lone CR replaced by LF, so that the
// Markdown parser (which breaks lines at LF only) sees the lines the line
// index sees. Offsets do not change; src itself is returned when it has no
// lone CR.
func NormalizeCR(src []byte) []byte {
	first := bytes.IndexByte(src, '\r')
	if first < 0 {
		return src // most files: no byte-by-byte pass over every source
	}
	var out []byte
	for i := first; i < len(src); i++ {
		if c := src[i]; c == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			if out == nil {
				out = append([]byte(nil), src...)
			}
			out[i] = '\n'
		}
	}
	if out == nil {
		return src
	}
	return out
}

// ParsedFrom reports whether src, as read from m's file, is the text m was
// parsed from: equal but for each lone CR, which m.Src holds as LF at the
// same offset. A fix computed on m applies to src at the same offsets.
func (m *Manual) ParsedFrom(src []byte) bool {
	return string(m.Src) == string(NormalizeCR(src))
}

// cursor computes positions for increasing offsets in time proportional to
// the distance from the previous one, so a file with thousands of
// references on one long line is still scanned in linear time.
type cursor struct {
	idx            diag.Lines
	src            []byte
	off, line, col int // the last position computed; line 0: none yet
}

func (c *cursor) pos(off int) (line, col int) {
	off = max(0, min(off, len(c.src)))
	if c.line > 0 && off >= c.off && (c.line == len(c.idx) || off < c.idx[c.line]) {
		c.col += utf8.RuneCount(c.src[c.off:off])
	} else {
		c.line, c.col = c.idx.Pos(c.src, off)
	}
	c.off = off
	return c.line, c.col
}
