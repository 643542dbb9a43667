package build

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
)

// verifyLock reads the lockfile VerifyPath compares with: the one named,
// or prompts.lock beside the project file when there is one.
func verifyLock(fsys afero.Fs, o VerifyOptions) (*bundle.Lock, string, error) {
	p, named := o.Lock, o.Lock != ""
	if !named {
		dir := "."
		if o.ConfigFile != "" {
			dir = path.Dir(o.ConfigFile)
		}
		p = path.Join(dir, bundle.LockFile)
	}
	src, err := readLockFile(fsys, p)
	if err != nil {
		if !named && errors.Is(err, fs.ErrNotExist) {
			return nil, "", nil
		}
		return nil, "", fmt.Errorf("cannot read the lockfile %s: %w", p, unwrap(err))
	}
	l, err := bundle.ParseLock(src)
	if err != nil {
		return nil, "", fmt.Errorf("%s (the lockfile %s): fix or rewrite it with 'lore lock'", err, p)
	}
	return l, p, nil
}

// compareLock compares the verified bundles with the lock: bundles that
// differ from their line or that the lock lacks, and, for a folder, locked
// bundles it does not hold.
func compareLock(l *bundle.Lock, lockPath string, byPath map[string]*bundle.Bundle, folder bool) []string {
	fileOf := map[string]string{}
	var bundles []*bundle.Bundle
	for _, f := range slices.Sorted(maps.Keys(byPath)) {
		b := byPath[f]
		fileOf[b.ID] = f
		bundles = append(bundles, b)
	}
	ms := l.Compare(bundles)
	if folder {
		ms = l.Check(bundles)
	}
	var out []string
	for _, m := range ms {
		switch {
		case slices.Contains(m.Fields, "unbuilt"):
			out = append(out, fmt.Sprintf("%s:%d: bundle %s is locked, but there is no such bundle here: it was deleted, or the lock is stale "+
				"('lore lock' drops bundles no longer built)", lockPath, m.Line, m.ID))
		case slices.Contains(m.Fields, "missing"):
			out = append(out, fmt.Sprintf("%s: bundle %s is not in %s: it was added after the lock, or built from prompts nobody locked; "+
				"run 'lore lock' if it is meant to be there", fileOf[m.ID], m.ID, lockPath))
		default:
			out = append(out, fmt.Sprintf("%s: %s (%s:%d): the bundle changed after the lock, or the lock after the build; "+
				"rebuild with 'lore build --locked', or review the change and run 'lore lock'", fileOf[m.ID], m.Detail, lockPath, m.Line))
		}
	}
	return out
}

// bundleTokenizer returns the tokenizer a bundle file names ("" when it
// names none or is not JSON).
func bundleTokenizer(data []byte) string {
	var b struct {
		Tokenizer string `json:"tokenizer"`
	}
	_ = json.Unmarshal(data, &b)
	return b.Tokenizer
}
