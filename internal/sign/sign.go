package sign

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
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
	// Files counts the files manifest.json covers.
	Files int
	// Key is the public key that verifies it (a .pub line).
	Key string
}

// Dir signs the published output folder dir: it writes
// manifest.json.sig, the OpenSSH signature of manifest.json by key, and
// then checks the folder as a runtime would (bundle.VerifyManifest). A
// folder that does not match its manifest (a file changed, added or
// removed since the build) is not signed: the signature is removed again
// and the error names what differs.
func Dir(fsys afero.Fs, dir string, key ed25519.PrivateKey) (*Signed, error) {
	manifest, err := afero.ReadFile(fsys, path.Join(dir, bundle.ManifestFileName))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w: sign a folder lore build wrote", path.Join(dir, bundle.ManifestFileName), unwrap(err))
	}
	sigPath := path.Join(dir, bundle.SignatureFile)
	if err := afero.WriteFile(fsys, sigPath, bundle.SignManifest(key, manifest), 0o644); err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", sigPath, unwrap(err))
	}
	pub := bundle.AuthorizedKey(key.Public().(ed25519.PublicKey), "")
	err = bundle.VerifyManifest([]byte(pub), afero.NewIOFS(afero.NewBasePathFs(fsys, dir)))
	if err != nil {
		_ = fsys.Remove(sigPath)
		var me *bundle.ManifestError
		if errors.As(err, &me) {
			return nil, fmt.Errorf("not signed: %s changed since the build (%s): build again, then sign", dir, listDiff(me))
		}
		return nil, fmt.Errorf("not signed: %w", err)
	}
	n, _ := countFiles(fsys, dir)
	return &Signed{Signature: sigPath, Files: n, Key: pub}, nil
}

// countFiles counts the files of dir but the manifest and its signature.
func countFiles(fsys afero.Fs, dir string) (int, error) {
	n := 0
	err := afero.Walk(fsys, dir, func(p string, fi fs.FileInfo, err error) error {
		rel := strings.TrimPrefix(filepath.ToSlash(p), path.Clean(dir)+"/")
		if err == nil && !fi.IsDir() && rel != bundle.ManifestFileName && rel != bundle.SignatureFile {
			n++
		}
		return err
	})
	return n, err
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
