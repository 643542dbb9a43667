package sign

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/build"
)

// listFiles returns every file of the output folder dir but the manifest
// and its signature, with its SHA-256 and size, sorted by path.
func listFiles(fsys afero.Fs, dir string) ([]bundle.ManifestFile, error) {
	var out []bundle.ManifestFile
	root := path.Clean(filepath.ToSlash(dir))
	err := afero.Walk(fsys, dir, func(p string, fi fs.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(filepath.ToSlash(p), root+"/")
		if fi.IsDir() || rel == bundle.ManifestFileName || rel == bundle.SignatureFile {
			return nil
		}
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file: a published folder holds files only", p)
		}
		f, err := fsys.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New()
		n, err := io.Copy(h, f)
		if err != nil {
			return err
		}
		out = append(out, bundle.ManifestFile{Path: rel, SHA256: hex.EncodeToString(h.Sum(nil)), Bytes: n})
		return nil
	})
	slices.SortFunc(out, func(a, b bundle.ManifestFile) int { return strings.Compare(a.Path, b.Path) })
	return out, err
}

// completeManifest reads the build's manifest.json, checks what the
// build recorded against the files (each manual's published source and
// each bundle against its digests) and returns the manifest with its files
// list set to files, formatted as lore build formats it.
func completeManifest(fsys afero.Fs, dir string, data []byte, files []bundle.ManifestFile) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var mf build.Manifest
	if err := dec.Decode(&mf); err != nil {
		return nil, fmt.Errorf("%s: %v: sign a folder this lore built", bundle.ManifestFileName, err)
	}
	if mf.Schema != build.ManifestSchema {
		return nil, fmt.Errorf("%s: schema %q, want %s", bundle.ManifestFileName, mf.Schema, build.ManifestSchema)
	}
	sums := map[string]string{}
	for _, f := range files {
		sums[f.Path] = f.SHA256
	}
	var problems []string
	for _, m := range mf.Manuals {
		if m.Source != "" && sums[m.Source] != m.SHA256 {
			problems = append(problems, fmt.Sprintf("%s differs from the source of manual %s the build recorded", m.Source, m.Name))
		}
	}
	for _, e := range mf.Bundles {
		b, err := afero.ReadFile(fsys, path.Join(dir, e.Path))
		if err != nil {
			problems = append(problems, fmt.Sprintf("bundle %s: %v", e.Path, unwrap(err)))
			continue
		}
		got, msgs, err := bundle.VerifyFile(b, nil)
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("bundle %s: %v", e.Path, err))
		case len(msgs) > 0:
			problems = append(problems, fmt.Sprintf("bundle %s: %s", e.Path, msgs[0]))
		case got.BundleSHA256 != e.BundleSHA256:
			problems = append(problems, fmt.Sprintf("bundle %s differs from the manifest's bundleSha256", e.Path))
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("not signed: %s changed since the build (%s): build again, then sign", dir, strings.Join(clip(problems, 5), "; "))
	}
	mf.Files = files
	out, err := json.MarshalIndent(mf, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

func clip(s []string, n int) []string {
	if len(s) <= n {
		return s
	}
	return append(slices.Clone(s[:n]), fmt.Sprintf("and %d more", len(s)-n))
}
