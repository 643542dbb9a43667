// Package routediff finds the route facts of lore diff --base: the
// requests whose answer from how_do_i changes between a git ref and the
// work tree (a manual whose summary or triggers take over another's
// requests), by routing each request on a catalog of either side built
// with the search package's builder, as lore howdoi would.
package routediff

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/search"
)

// Changes returns the route facts of the project p (loaded with o)
// against the project as it is at the git ref base: every probe whose
// loaded manual differs between the sides (capability.Route). The probes
// are every trigger and summary of a manual on either side, and the
// intents of the eval set in the file intents ("" for none).
//
// Only the probes that can change are routed. A probe is routed on a side
// when a manual that changed on that side (added, edited or removed)
// holds enough of its weight (touches); its answer there differs from
// the other side's only when such a manual is decisive for it there: the
// manual loaded, or one of the first candidates (which block a load or
// are loaded once it is gone). Only then is the probe routed on the other
// side too, and the answers compared. A changed manual that is not
// decisive on either side leaves the answer as it is, but for the shift
// of every word's weight it makes.
func Changes(p *build.Project, o build.Options, base, intents string) ([]capability.Change, error) {
	old, err := loadAt(o, base, p)
	if err != nil {
		return nil, fmt.Errorf("--base %s: route facts: %w", base, err)
	}
	ps, err := probesOf(p, old, intents)
	if err != nil {
		return nil, err
	}
	if len(ps.probes) == 0 {
		return nil, nil
	}
	tmp, err := os.MkdirTemp("", "lore-diff-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "catalog.bleve")
	w, _, err := search.Create(dir, p.CatalogSource())
	if err != nil {
		return nil, err
	}
	n := len(ps.probes)
	now, was := newAnswers(n), newAnswers(n)
	if err := now.route(dir, ps.probes, ps.changedNow, func(i int) bool { return ps.probes[i].now }); err != nil {
		return nil, err
	}
	// The updated catalog answers as a fresh build of the base would.
	if _, err := w.Update(old.CatalogSource()); err != nil {
		return nil, err
	}
	if err := was.route(dir, ps.probes, ps.changedWas, func(i int) bool { return ps.probes[i].was || now.decisive[i] }); err != nil {
		return nil, err
	}
	if ps.all {
		for i := range n {
			now.decisive[i], was.decisive[i] = true, true
		}
	}
	// A probe a manual of the base is decisive for, not routed on the
	// work tree's catalog yet: back to it.
	back := func(i int) bool { return was.decisive[i] && !now.routed[i] }
	if anyOf(n, back) {
		if _, err := w.Update(p.CatalogSource()); err != nil {
			return nil, err
		}
		if err := now.route(dir, ps.probes, ps.changedNow, back); err != nil {
			return nil, err
		}
	}
	return changesOf(p, old, ps.probes, was, now), nil
}

// anyOf reports whether f holds for some i < n.
func anyOf(n int, f func(int) bool) bool {
	for i := range n {
		if f(i) {
			return true
		}
	}
	return false
}
