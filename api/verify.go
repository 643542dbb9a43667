package api

import (
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/guard"
)

// VerifyOptions configure Verify.
type VerifyOptions struct {
	// Lock is the lockfile to compare the bundles with; it must exist.
	// "" compares with prompts.lock beside ConfigFile (lore.yaml of the
	// working directory when that is "" too) when there is one.
	Lock       string
	ConfigFile string
}

// VerifyResult is what Verify checked and found.
type VerifyResult struct {
	// Bundles are the bundle files checked.
	Bundles []string
	// Problems are "file: what differs" lines, one per mismatch; none
	// means every bundle is intact (and matches the lockfile).
	Problems []string
	// Lock is the lockfile compared with ("" for none).
	Lock string
}

// Verify recomputes and checks what bundle files record, as lore verify
// does: the seal over every field, the digests, sizes and token counts,
// the id and the prefix rendered again from the recorded blocks, and,
// with a lockfile, each bundle against its line. path is a bundle file, a
// folder of bundles or a build output folder. Mismatches are Problems; the
// error is for a path or lockfile that cannot be read, or a path that
// holds no bundle.
func Verify(path string, o VerifyOptions) (VerifyResult, error) {
	var out VerifyResult
	err := guard.Do(func() error {
		r, err := build.VerifyPath(afero.NewOsFs(), path, build.VerifyOptions{Lock: o.Lock, ConfigFile: o.ConfigFile})
		if err != nil {
			return err
		}
		out = VerifyResult{Bundles: r.Bundles, Problems: r.Problems, Lock: r.Lock}
		return nil
	})
	return out, err
}
