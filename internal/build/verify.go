package build

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/tokens"
)

// What lore verify reads is bounded: a bundle holds one prefix within its
// token budget and its recorded blocks, a manifest a line of JSON per
// manual and bundle, so these are far beyond real ones. A file of the
// folder that is no regular file (a named pipe, a link to /dev/zero) or
// larger is a problem of that file, never read.
const (
	maxBundleFile   = 64 << 20
	maxManifestFile = 256 << 20
)

// VerifyReport is the result of VerifyPath.
type VerifyReport struct {
	// Bundles lists the bundle files checked.
	Bundles []string
	// Problems holds "file: what differs" lines, one per mismatch.
	Problems []string
	// Lock is the lockfile the bundles were compared with; empty when
	// there was none. LockProblems counts the Problems it found.
	Lock         string
	LockProblems int
}

// VerifyOptions configure VerifyPath.
type VerifyOptions struct {
	// Lock is the lockfile to compare the bundles with; it must exist.
	// Empty looks for prompts.lock beside ConfigFile (lore.yaml of the
	// current folder when that is empty too) and compares with it when it
	// exists.
	Lock       string
	ConfigFile string
}

// VerifyPath recomputes the seal, digests, sizes and token counts of
// bundle files: one file, a folder of bundles, or a build output folder
// (then manifest.json's bundle entries are checked against their files
// too). With a lockfile, every bundle is compared with its line, and for a
// folder the locked bundles it lacks are reported. Only a path or a named
// lockfile that cannot be read, or a path that holds no bundle, is an
// error.
func VerifyPath(fsys afero.Fs, p string, o VerifyOptions) (*VerifyReport, error) {
	if p == "" {
		return nil, fmt.Errorf("no path to verify: name a bundle file, a folder of bundles or a build output folder (public)")
	}
	fi, err := fsys.Stat(p)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", p, unwrap(err))
	}
	lock, lockPath, err := verifyLock(fsys, o)
	if err != nil {
		return nil, err
	}
	r := &VerifyReport{Lock: lockPath}
	files, manifest, err := verifyFiles(fsys, p, fi.IsDir())
	if err != nil {
		return nil, err
	}
	count := counters{}
	byPath := map[string]*bundle.Bundle{}
	for _, f := range files {
		data, err := manual.ReadBounded(fsys, f, maxBundleFile, "a bundle file")
		if err != nil {
			if fi.IsDir() {
				r.Problems = append(r.Problems, fmt.Sprintf("%s: %v", f, unwrap(err)))
				continue
			}
			return nil, fmt.Errorf("cannot read %s: %w", f, unwrap(err))
		}
		counter := count.of(bundleTokenizer(data))
		b, msgs, err := bundle.VerifyFile(data, counter)
		if err != nil {
			if fi.IsDir() && manifest == "" && !strings.Contains(string(data), bundle.Schema) {
				continue // some other JSON file in a folder given by hand
			}
			r.Problems = append(r.Problems, fmt.Sprintf("%s: %v", f, err))
			continue
		}
		r.Bundles = append(r.Bundles, f)
		byPath[f] = b
		if counter == nil {
			// The tokenizer is sealed like every field, so a bundle sealed
			// again with a made-up one would otherwise turn the check off.
			msgs = append(msgs, fmt.Sprintf("it names tokenizer %q, which lore does not know: its token count cannot be checked", b.Tokenizer))
		}
		for _, msg := range msgs {
			r.Problems = append(r.Problems, fmt.Sprintf("%s: %s", f, msg))
		}
		if want := b.ID + ".json"; path.Base(f) != want {
			r.Problems = append(r.Problems, fmt.Sprintf("%s: holds bundle %s, whose file is %s", f, b.ID, want))
		}
	}
	if manifest != "" {
		r.Problems = append(r.Problems, verifyManifest(fsys, p, manifest, byPath)...)
	}
	if lock != nil {
		lp := compareLock(lock, lockPath, byPath, fi.IsDir())
		r.Problems = append(r.Problems, lp...)
		r.LockProblems = len(lp)
	}
	if len(r.Bundles) == 0 && len(r.Problems) == 0 {
		return nil, fmt.Errorf("no bundle under %s: give a bundle file, a folder of bundles or a build output folder", p)
	}
	return r, nil
}

// counters are the token counters of the encodings bundles name, made
// once each.
type counters map[string]*tokens.Counter

// of returns the count function of encoding enc, or nil when enc is empty
// or unknown.
func (cs counters) of(enc string) func(string) int {
	if enc == "" {
		return nil
	}
	c := cs[enc]
	if c == nil {
		c = tokens.NewCounter(enc)
		cs[enc] = c
	}
	if _, err := c.Count("lore"); err != nil {
		return nil
	}
	return c.MustCount
}

// verifyFiles lists the bundle files lore verify checks at p: p itself,
// or the JSON files under a folder (under its bundles/ in a build output,
// whose manifest.json is then returned too), sorted.
func verifyFiles(fsys afero.Fs, p string, dir bool) (files []string, manifest string, err error) {
	if !dir {
		return []string{p}, "", nil
	}
	root := p
	if st, err := fsys.Stat(path.Join(p, BundlesDir)); err == nil && st.IsDir() {
		root = path.Join(p, BundlesDir)
		if _, err := fsys.Stat(path.Join(p, "manifest.json")); err == nil {
			manifest = path.Join(p, "manifest.json")
		}
	}
	err = afero.Walk(fsys, root, func(f string, info fs.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if !info.IsDir() && strings.HasSuffix(f, ".json") {
			files = append(files, f)
		}
		return nil
	})
	if err != nil {
		return nil, "", fmt.Errorf("cannot read %s: %w", root, unwrap(err))
	}
	slices.Sort(files)
	return files, manifest, nil
}

// verifyManifest checks manifest.json's bundle entries against the files.
func verifyManifest(fsys afero.Fs, out, manifest string, byPath map[string]*bundle.Bundle) []string {
	data, err := manual.ReadBounded(fsys, manifest, maxManifestFile, "a manifest")
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", manifest, unwrap(err))}
	}
	var mf struct {
		Bundles []bundle.Entry `json:"bundles"`
	}
	if err := json.Unmarshal(data, &mf); err != nil {
		return []string{fmt.Sprintf("%s: %v", manifest, err)}
	}
	var out2 []string
	listed := map[string]bool{}
	for _, e := range mf.Bundles {
		f := path.Join(out, e.Path)
		listed[f] = true
		b := byPath[f]
		switch {
		case b == nil:
			out2 = append(out2, fmt.Sprintf("%s: lists bundle %s at %s, which does not exist", manifest, e.ID, e.Path))
		case b.SHA256 != e.SHA256 || b.Bytes != e.Bytes:
			out2 = append(out2, fmt.Sprintf("%s: bundle %s records sha256 %.12s… and %d bytes; its file has %.12s… and %d", manifest, e.ID, e.SHA256, e.Bytes, b.SHA256, b.Bytes))
		case b.BundleSHA256 != e.BundleSHA256:
			out2 = append(out2, fmt.Sprintf("%s: bundle %s records bundleSha256 %.12s…; its file has %.12s…", manifest, e.ID, e.BundleSHA256, b.BundleSHA256))
		}
	}
	for f, b := range byPath {
		if !listed[f] {
			out2 = append(out2, fmt.Sprintf("%s: bundle %s is not listed in %s", f, b.ID, manifest))
		}
	}
	slices.Sort(out2)
	return out2
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
