package sign

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
)

// Report is what Check found in a signed folder.
type Report struct {
	// Problems are "DIR/path: what" lines: the signature first, then the
	// changed, removed and added files, each group sorted.
	Problems []string
	// Files counts the files the manifest lists.
	Files int
}

// Check verifies the published folder dir with the public key file pub,
// as a runtime does with bundle.VerifyManifest: the signature of
// manifest.json by one of its keys, and every file against its digest.
// What does not match is in the report; an error means the check could
// not be made (no key in pub, no manifest).
func Check(fsys afero.Fs, dir, pub string) (*Report, error) {
	keys, err := afero.ReadFile(fsys, pub)
	if err != nil {
		return nil, fmt.Errorf("cannot read the public key %s: %w", pub, unwrap(err))
	}
	if _, err := bundle.ParsePublicKeys(keys); err != nil {
		return nil, fmt.Errorf("%s: %w", pub, err)
	}
	r := &Report{}
	err = bundle.VerifyManifest(keys, afero.NewIOFS(afero.NewBasePathFs(fsys, dir)))
	var me *bundle.ManifestError
	switch {
	case errors.As(err, &me):
		if me.Signature != "" {
			r.Problems = append(r.Problems, fmt.Sprintf("%s/%s: %s", dir, bundle.SignatureFile, me.Signature))
		}
		for _, l := range []struct {
			what  string
			files []string
		}{
			{"changed after signing: its SHA-256 or size differs from manifest.json", me.Changed},
			{"removed: manifest.json lists it", me.Removed},
			{"added: manifest.json does not list it", me.Added},
		} {
			for _, f := range l.files {
				r.Problems = append(r.Problems, fmt.Sprintf("%s/%s: %s", dir, f, l.what))
			}
		}
	case err != nil:
		return nil, err
	}
	if mf, err := afero.ReadFile(fsys, dir+"/"+bundle.ManifestFileName); err == nil {
		var m struct {
			Files []json.RawMessage `json:"files"`
		}
		if json.Unmarshal(mf, &m) == nil {
			r.Files = len(m.Files)
		}
	}
	return r, nil
}
