package build

import (
	"fmt"
	"os"
	"path"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/lint"
	"github.com/lorekit/lore/build/tokens"
)

// RunOptions configure a full build.
type RunOptions struct {
	Options
	// Out is the output folder; "" means the project's (public/).
	Out string
	// Locked fails the build when a bundle differs from prompts.lock.
	Locked bool
	// Progress, when set, is told when each stage starts.
	Progress func(stage string)
}

// Result is what a build produced. Failed builds leave the previous output
// untouched.
type Result struct {
	Project *Project
	Lint    lint.Report
	Baked   *Baked
	Catalog *CatalogInfo
	// Failed is set when lint errors or a lock mismatch stopped the build.
	Failed bool
	// Out is the output folder written (empty when Failed).
	Out      string
	Duration time.Duration
}

// Run builds the project: load → bake → lint → index → render, then
// publishes the output by writing it aside and swapping it into place.
func Run(o RunOptions) (*Result, error) {
	start := time.Now()
	step := func(s string) {
		if o.Progress != nil {
			o.Progress(s)
		}
	}
	step("load")
	p, err := Load(o.Options)
	if err != nil {
		return nil, err
	}
	res := &Result{Project: p}
	counter := tokens.NewCounter(p.Config.Tokenizer)

	step("bake")
	res.Baked, err = bake(p, counter)
	if err != nil {
		return nil, err
	}
	step("lint")
	if o.Locked {
		res.Baked.Facts.Lock = p.lockFacts()
	}
	in := p.lintInput(p.Manuals, nil)
	in.Prompts = res.Baked.Facts
	res.Lint = lint.Report{Diagnostics: lint.Run(in), Files: countFiles(p.Manuals, nil) + len(res.Baked.Prompts.Files)}
	if res.Lint.Diagnostics.AtLeast(diag.Error) {
		res.Failed = true
		res.Duration = time.Since(start)
		return res, nil
	}

	out := o.Out
	if out == "" {
		out = p.Config.Path(p.Config.Out)
	}
	stage := fmt.Sprintf("%s.tmp-%d", path.Clean(out), os.Getpid())
	if err := p.FS.RemoveAll(stage); err != nil {
		return nil, err
	}
	if err := p.FS.MkdirAll(stage, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create the output folder %s: %w", stage, err)
	}
	staged := afero.NewBasePathFs(p.FS, stage)
	fail := func(err error) (*Result, error) {
		_ = p.FS.RemoveAll(stage)
		return nil, err
	}

	step("index")
	if res.Catalog, err = index(p, staged); err != nil {
		return fail(err)
	}
	step("bundles")
	if err := res.Baked.write(staged); err != nil {
		return fail(err)
	}
	step("render")
	if err := render(p, res, staged, counter); err != nil {
		return fail(err)
	}
	step("publish")
	if err := publish(p.FS, stage, out); err != nil {
		return fail(err)
	}
	res.Out = out
	res.Duration = time.Since(start)
	return res, nil
}

// publish swaps the staged folder into place: the old output is moved
// aside, the new one renamed in, the old one removed.
func publish(fs afero.Fs, stage, out string) error {
	old := stage + ".old"
	_ = fs.RemoveAll(old)
	if _, err := fs.Stat(out); err == nil {
		if err := fs.Rename(out, old); err != nil {
			return fmt.Errorf("cannot move the previous output %s aside: %w", out, err)
		}
	}
	if err := fs.Rename(stage, out); err != nil {
		_ = fs.Rename(old, out)
		return fmt.Errorf("cannot publish %s: %w", out, err)
	}
	return fs.RemoveAll(old)
}
