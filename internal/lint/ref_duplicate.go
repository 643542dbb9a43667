package lint

import (
	"crypto/sha256"
	"unicode"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var refDuplicate = &Rule{
	ID: "ref/duplicate", Severity: diag.Error,
	Summary: "two manuals with the same body",
	Doc: "The same content under two names (seed 000 §8) drifts apart on the first edit and splits the routing signal between two manuals. " +
		"Keep one source and point at it with `manual_read('…')`. Bodies are compared after the header, ignoring whitespace differences.",
	Project: func(p *Pass) {
		first := map[[32]byte]*manual.Manual{}
		var norm []byte
		for _, m := range p.In.Manuals.Manuals {
			h := p.In.digest(m, "ref/duplicate", func() [32]byte {
				norm = appendFields(norm[:0], m.Body())
				if len(norm) < 64 {
					return [32]byte{} // too small to be a meaningful copy
				}
				return sha256.Sum256(norm)
			})
			if h == ([32]byte{}) {
				continue
			}
			if o, ok := first[h]; ok {
				p.Report(m, bodyLine(m), 1, "same body as %s: keep one source and refer to it with manual_read('%s')", o.Path, o.Name)
				continue
			}
			first[h] = m
		}
	},
}

// appendFields appends the whitespace-separated fields of b to dst, joined
// by single spaces (bytes.Join(bytes.Fields(b), " ") without the garbage).
// ASCII is classified by a table and copied in runs; only bytes past ASCII
// are decoded (Unicode has white space there too). Every build runs it
// over every manual's body.
func appendFields(dst, b []byte) []byte {
	start := len(dst)
	for i := 0; i < len(b); {
		// Skip white space.
		for i < len(b) {
			size, space := spaceAt(b, i)
			if !space {
				break
			}
			i += size
		}
		// Copy one field.
		j := i
		for j < len(b) {
			if c := b[j]; c < utf8.RuneSelf {
				if asciiSpace[c] {
					break
				}
				j++
				continue
			}
			size, space := spaceAt(b, j)
			if space {
				break
			}
			j += size
		}
		if j > i {
			if len(dst) > start {
				dst = append(dst, ' ')
			}
			dst = append(dst, b[i:j]...)
		}
		i = j
	}
	return dst
}

// asciiSpace marks the ASCII white space unicode.IsSpace reports.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// spaceAt returns the size of the character at b[i] and whether it is
// white space.
func spaceAt(b []byte, i int) (int, bool) {
	if c := b[i]; c < utf8.RuneSelf {
		return 1, asciiSpace[c]
	}
	r, size := utf8.DecodeRune(b[i:])
	return size, unicode.IsSpace(r)
}
