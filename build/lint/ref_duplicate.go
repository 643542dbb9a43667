package lint

import (
	"bytes"
	"crypto/sha256"

	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/manual"
)

var refDuplicate = &Rule{
	ID: "ref/duplicate", Severity: diag.Error,
	Summary: "two manuals with the same body",
	Doc: "The same content under two names (seed 000 §8) drifts apart on the first edit and splits the routing signal between two manuals. " +
		"Keep one source and point at it with `manual_read('…')`. Bodies are compared after the header, ignoring whitespace differences.",
	Project: func(p *Pass) {
		first := map[[32]byte]*manual.Manual{}
		for _, m := range p.In.Manuals.Manuals {
			norm := bytes.Join(bytes.Fields(m.Body()), []byte(" "))
			if len(norm) < 64 {
				continue // too small to be a meaningful copy
			}
			h := sha256.Sum256(norm)
			if o, ok := first[h]; ok {
				p.Report(m, m.Header.End+1, 1, "same body as %s: keep one source and refer to it with manual_read('%s')", o.Path, o.Name)
				continue
			}
			first[h] = m
		}
	},
}
