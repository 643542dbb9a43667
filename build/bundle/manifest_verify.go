package bundle

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
)

// ManifestFileName is the manifest of a published output folder.
const ManifestFileName = "manifest.json"

// ManifestFile is one entry of manifest.json's files list: every file of
// the published output but the manifest and its signature, sorted by path.
type ManifestFile struct {
	// Path is relative to the output folder, slash-separated.
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes"`
}

// ManifestError is what VerifyManifest found wrong with a published
// folder.
type ManifestError struct {
	// Signature says why manifest.json.sig does not verify manifest.json
	// with the trusted keys; empty when it does.
	Signature string
	// Changed lists the files whose bytes differ from their digest in
	// manifest.json, Removed the files it lists that are missing, Added
	// the files it does not list; each sorted.
	Changed, Removed, Added []string
}

func (e *ManifestError) Error() string {
	var parts []string
	if e.Signature != "" {
		parts = append(parts, SignatureFile+": "+e.Signature)
	}
	for _, l := range []struct {
		what  string
		files []string
	}{{"changed", e.Changed}, {"removed", e.Removed}, {"added", e.Added}} {
		if len(l.files) > 0 {
			parts = append(parts, fmt.Sprintf("%d %s (%s)", len(l.files), l.what, strings.Join(clipList(l.files, 5), ", ")))
		}
	}
	return "the published output does not match its signed manifest: " + strings.Join(parts, "; ")
}

func clipList(s []string, n int) []string {
	if len(s) <= n {
		return s
	}
	return append(slices.Clone(s[:n]), fmt.Sprintf("and %d more", len(s)-n))
}

// VerifyManifest checks a published output folder before a runtime trusts
// it: manifest.json must carry a valid signature (manifest.json.sig, an
// OpenSSH SSHSIG signature in namespace lore-manifest) by one of the
// ed25519 keys in pub (the text of a .pub, authorized_keys or
// allowed_signers file), and every file of fsys must be listed in its
// files list with the SHA-256 and size it has — pages, bundles, task
// templates, manual sources, the catalog's files as published. A tampered
// folder yields a *ManifestError naming the signature problem and the
// changed, removed and added files; other errors (no key in pub, an
// unreadable manifest) are failures to check at all. Only regular files
// are read (a named pipe or device where a listed file belongs is
// changed), each no further than its listed size and one byte more;
// manifest.json is read up to 256 MiB, its signature up to 64 KiB.
func VerifyManifest(pub []byte, fsys fs.FS) error {
	keys, err := ParsePublicKeys(pub)
	if err != nil {
		return err
	}
	manifest, err := readRegular(fsys, ManifestFileName, maxManifest)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", ManifestFileName, err)
	}
	e := &ManifestError{Signature: checkSignature(fsys, keys, manifest)}
	files, err := manifestFiles(manifest)
	if err != nil {
		if e.Signature != "" {
			return e
		}
		return err
	}
	listed := map[string]bool{}
	for _, f := range files {
		listed[f.Path] = true
		sum, n, err := fileSum(fsys, f.Path, f.Bytes)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			e.Removed = append(e.Removed, f.Path)
		case err != nil || sum != f.SHA256 || n != f.Bytes:
			e.Changed = append(e.Changed, f.Path)
		}
	}
	err = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && !listed[p] && p != ManifestFileName && p != SignatureFile {
			e.Added = append(e.Added, p)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("cannot list the published folder: %w", err)
	}
	for _, l := range [][]string{e.Changed, e.Removed, e.Added} {
		slices.Sort(l)
	}
	if e.Signature == "" && len(e.Changed)+len(e.Removed)+len(e.Added) == 0 {
		return nil
	}
	return e
}

// checkSignature returns why manifest.json's signature does not verify
// with keys, or "".
func checkSignature(fsys fs.FS, keys []ed25519.PublicKey, manifest []byte) string {
	raw, err := readRegular(fsys, SignatureFile, maxSignature)
	if errors.Is(err, fs.ErrNotExist) {
		return "missing: the output is not signed (lore sign)"
	}
	if err != nil {
		return fmt.Sprintf("cannot read it: %v", err)
	}
	sig, err := parseSSHSig(raw)
	if err != nil {
		return err.Error()
	}
	if !slices.ContainsFunc(keys, func(k ed25519.PublicKey) bool { return k.Equal(sig.pub) }) {
		return fmt.Sprintf("signed by %s, which is not a trusted key", AuthorizedKey(sig.pub, ""))
	}
	if err := sig.verify(SignatureNamespace, manifest); err != nil {
		return err.Error()
	}
	return ""
}

// manifestFiles reads the files list of manifest.json.
func manifestFiles(manifest []byte) ([]ManifestFile, error) {
	var mf struct {
		Schema string          `json:"schema"`
		Files  *[]ManifestFile `json:"files"`
	}
	if err := json.Unmarshal(manifest, &mf); err != nil {
		return nil, fmt.Errorf("%s: %v", ManifestFileName, err)
	}
	if mf.Schema != "lore.manifest/v1" {
		return nil, fmt.Errorf("%s: schema %q, want lore.manifest/v1", ManifestFileName, mf.Schema)
	}
	if mf.Files == nil {
		return nil, fmt.Errorf("%s lists no files: it was written by a lore without signed publishing; build again", ManifestFileName)
	}
	seen := map[string]bool{}
	for _, f := range *mf.Files {
		if !fs.ValidPath(f.Path) || f.Path == "." || f.Path == ManifestFileName || f.Path == SignatureFile {
			return nil, fmt.Errorf("%s: files lists %s, which is not a file of the output", ManifestFileName, excerpt(f.Path))
		}
		if seen[f.Path] {
			return nil, fmt.Errorf("%s: files lists %s twice", ManifestFileName, excerpt(f.Path))
		}
		seen[f.Path] = true
	}
	return *mf.Files, nil
}

// What VerifyManifest reads is bounded: manifest.json holds a line of JSON
// per published file (256 MiB is far beyond 10,000 manuals), its SSHSIG
// signature a few hundred bytes.
const (
	maxManifest  = 256 << 20
	maxSignature = 64 << 10
)

// errNotRegular is the error of a file that is no regular file: a named
// pipe (opening it waits for a writer), a device (/dev/zero never ends),
// a socket.
var errNotRegular = errors.New("not a regular file")

// openRegular opens p when it is a regular file, after a Stat: it is
// never opened otherwise.
func openRegular(fsys fs.FS, p string) (fs.File, error) {
	fi, err := fs.Stat(fsys, p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w (%s)", p, errNotRegular, fi.Mode().Type())
	}
	return fsys.Open(p)
}

// readRegular reads p, a regular file of at most max bytes.
func readRegular(fsys fs.FS, p string, max int64) ([]byte, error) {
	f, err := openRegular(fsys, p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s: larger than %d MiB", p, max>>20)
	}
	return b, nil
}

// fileSum returns the hex SHA-256 and size of a regular file of fsys,
// read no further than listed bytes and one more: a longer file differs
// from its entry whatever follows.
func fileSum(fsys fs.FS, p string, listed int64) (string, int64, error) {
	f, err := openRegular(fsys, p)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, max(listed, 0)+1))
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}
