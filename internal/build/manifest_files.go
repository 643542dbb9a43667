package build

import (
	"encoding/hex"
	"slices"
	"strings"

	"github.com/lorekit/lore/build/bundle"
)

// manifestFiles lists every file of the new output written so far (all of
// it but manifest.json and a signature) with its SHA-256 and size, sorted
// by path: what manifest.json's files list, and lore sign signs, covers.
// The catalog's files are listed as published; the bleve index is not
// byte-for-byte reproducible, so these digests vary between builds of the
// same input (its inputs are hashed in catalog.inputsSha256).
func (o *output) manifestFiles() []bundle.ManifestFile {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]bundle.ManifestFile, 0, len(o.next))
	for p, e := range o.next {
		if p == bundle.ManifestFileName || p == bundle.SignatureFile || strings.HasSuffix(p, tempSuffix) {
			continue
		}
		out = append(out, bundle.ManifestFile{Path: p, SHA256: hex.EncodeToString(e.sum[:]), Bytes: e.size})
	}
	slices.SortFunc(out, func(a, b bundle.ManifestFile) int { return strings.Compare(a.Path, b.Path) })
	return out
}
