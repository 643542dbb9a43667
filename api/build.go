package api

import (
	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/guard"
)

// BuildOptions configure Build.
type BuildOptions struct {
	Project
	// Out is the output folder; "" is the project's (public/ unless
	// lore.yaml says otherwise).
	Out string
	// Locked fails the build when a bundle differs from prompts.lock.
	Locked bool
	// NoCache builds without reading or writing the build cache.
	NoCache bool
}

// BuildResult is what Build produced.
type BuildResult struct {
	// Findings are every lint finding of the build, sorted by file,
	// line and column.
	Findings []Finding
	// Failed is set when errors or a lock mismatch stopped the build: the
	// previous output is then untouched.
	Failed bool
	// Out is the output folder written ("" when Failed).
	Out string
	// Manuals counts the manuals; Bundles lists the ids of the prompt
	// bundles, sorted.
	Manuals int
	Bundles []string
}

// Build builds the project as lore build does: lint, catalog, bundles,
// site and manifest.json in the output folder. Findings, even errors, are
// part of the result; the error is for failures of lore itself (the
// project file cannot be read, the output folder cannot be written).
func Build(o BuildOptions) (BuildResult, error) {
	var res *build.Result
	err := guard.Do(func() (err error) {
		res, err = build.Run(build.RunOptions{Options: o.options(), Out: o.Out, Locked: o.Locked, NoCache: o.NoCache})
		return err
	})
	if err != nil {
		return BuildResult{}, err
	}
	out := BuildResult{Findings: findings(res.Lint.Diagnostics, res.Project.RelPath), Failed: res.Failed, Out: res.Out, Manuals: res.Manuals}
	if res.Baked != nil {
		for _, b := range res.Baked.Bundles {
			out.Bundles = append(out.Bundles, b.ID)
		}
	}
	return out, nil
}
