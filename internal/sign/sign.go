package sign

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
)

// Keygen writes a new key pair: the private key at file (mode 0600) and
// the public key at file.pub. It never overwrites: an existing file is an
// error and nothing is written.
func Keygen(fsys afero.Fs, random io.Reader, file, comment string) (pubFile string, err error) {
	pubFile = file + ".pub"
	for _, f := range []string{file, pubFile} {
		if _, err := fsys.Stat(f); err == nil {
			return "", fmt.Errorf("%s exists: lore keygen never overwrites a key; choose another name with --out, or delete it", f)
		}
	}
	priv, pub, err := Generate(random, comment)
	if err != nil {
		return "", err
	}
	if err := afero.WriteFile(fsys, file, priv, 0o600); err != nil {
		return "", fmt.Errorf("cannot write %s: %w", file, err)
	}
	if err := afero.WriteFile(fsys, pubFile, []byte(pub+"\n"), 0o644); err != nil {
		_ = fsys.Remove(file)
		return "", fmt.Errorf("cannot write %s: %w", pubFile, err)
	}
	return pubFile, nil
}

// ReadPrivateKey reads the private key file.
func ReadPrivateKey(fsys afero.Fs, file string) (ed25519.PrivateKey, error) {
	data, err := afero.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("cannot read the key %s: %w", file, unwrap(err))
	}
	key, err := ParsePrivateKey(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return key, nil
}

// Signed is what Dir signed.
type Signed struct {
	// Signature is the signature file written.
	Signature string
	// Files counts the files manifest.json lists.
	Files int
	// Key is the public key that verifies it (a .pub line).
	Key string
}

// Dir signs the published output folder dir that lore build wrote. It
// completes manifest.json with the files list — every other file of the
// folder with its SHA-256 and size, as published now (the catalog's
// index files are not reproducible, so the build's manifest cannot list
// them) — after checking what the build recorded (each manual's source,
// each bundle's seal and digest) against the files, and writes
// manifest.json.sig, the OpenSSH signature of the completed manifest by
// key. It then checks the folder as a runtime would
// (bundle.VerifyManifest) and removes the signature again if that fails.
func Dir(fsys afero.Fs, dir string, key ed25519.PrivateKey) (*Signed, error) {
	mfPath := path.Join(dir, bundle.ManifestFileName)
	data, err := afero.ReadFile(fsys, mfPath)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w: sign a folder lore build wrote", mfPath, unwrap(err))
	}
	files, err := listFiles(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("cannot list %s: %w", dir, unwrap(err))
	}
	manifest, err := completeManifest(fsys, dir, data, files)
	if err != nil {
		return nil, err
	}
	if err := afero.WriteFile(fsys, mfPath, manifest, 0o644); err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", mfPath, unwrap(err))
	}
	sigPath := path.Join(dir, bundle.SignatureFile)
	if err := afero.WriteFile(fsys, sigPath, bundle.SignManifest(key, manifest), 0o644); err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", sigPath, unwrap(err))
	}
	pub := bundle.AuthorizedKey(key.Public().(ed25519.PublicKey), "")
	if err := bundle.VerifyManifest([]byte(pub), afero.NewIOFS(afero.NewBasePathFs(fsys, dir))); err != nil {
		_ = fsys.Remove(sigPath)
		var me *bundle.ManifestError
		if errors.As(err, &me) {
			return nil, fmt.Errorf("not signed: %s changed while it was signed (%s)", dir, listDiff(me))
		}
		return nil, fmt.Errorf("not signed: %w", err)
	}
	return &Signed{Signature: sigPath, Files: len(files), Key: pub}, nil
}

func unwrap(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// listDiff says which files differ: "1 added (extra.txt); 2 changed (a, b)".
func listDiff(me *bundle.ManifestError) string {
	var parts []string
	for _, l := range []struct {
		what  string
		files []string
	}{{"changed", me.Changed}, {"removed", me.Removed}, {"added", me.Added}} {
		if len(l.files) == 0 {
			continue
		}
		shown := l.files
		more := ""
		if len(shown) > 5 {
			shown, more = shown[:5], fmt.Sprintf(", and %d more", len(l.files)-5)
		}
		parts = append(parts, fmt.Sprintf("%d %s: %s%s", len(l.files), l.what, strings.Join(shown, ", "), more))
	}
	return strings.Join(parts, "; ")
}
