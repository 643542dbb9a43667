// Package routediff finds the route facts of lore diff --base: the
// requests whose answer from how_do_i changes between a git ref and the
// work tree (a manual whose summary or triggers take over another's
// requests), by routing each request on a catalog of either side built
// with the search package's builder, as lore howdoi would.
package routediff

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/par"
	"github.com/lorekit/lore/internal/search"
)

// Changes returns the route facts of the project p (loaded with o)
// against the project as it is at the git ref base: every probe whose
// loaded manual differs between the sides (capability.Route). The probes
// are every trigger and summary of a manual on either side, and the
// intents of the eval set in the file intents ("" for none). Only the
// probes that can change are routed (touches); see the package lore diff
// documents.
func Changes(p *build.Project, o build.Options, base, intents string) ([]capability.Change, error) {
	old, err := loadAt(o, base)
	if err != nil {
		return nil, fmt.Errorf("--base %s: route facts: %w", base, err)
	}
	probes, err := probesOf(p, old, intents)
	if err != nil {
		return nil, err
	}
	if len(probes) == 0 {
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
	now, err := routeAll(dir, probes)
	if err != nil {
		return nil, err
	}
	// The updated catalog answers as a fresh build of the base would.
	if _, err := w.Update(old.CatalogSource()); err != nil {
		return nil, err
	}
	was, err := routeAll(dir, probes)
	if err != nil {
		return nil, err
	}
	return changesOf(p, old, probes, was, now), nil
}

// routeAll routes every probe on the catalog in dir as lore howdoi does
// without --engine and --tools, and returns the path of the manual each
// loads ("" for alternatives or a hint).
func routeAll(dir string, probes []probe) ([]string, error) {
	c, err := search.Open(dir)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	v, err := c.VisibilityFor("", nil, false)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(probes))
	err = par.EachErr(len(probes), func(i int) error {
		a, err := c.HowDoI(probes[i].text, v)
		var long *search.IntentTooLongError
		switch {
		case errors.As(err, &long):
			return nil // no request: an agent cannot ask it either
		case err != nil:
			return err
		case a.Loaded != nil:
			out[i] = a.Loaded.Path
		}
		return nil
	})
	return out, err
}

// side indexes a project's manuals by their path relative to it.
type side struct {
	p  *build.Project
	by map[string]*manual.Manual
}

func sideOf(p *build.Project) side {
	s := side{p: p, by: map[string]*manual.Manual{}}
	for _, m := range p.Manuals.Manuals {
		s.by[p.RelPath(m.Path)] = m
	}
	return s
}

// probesOf lists the probes of both sides that can change: those whose
// terms touch a manual (or tool) that is not the same on both sides.
// When the routing vocabulary differs, every term is analysed anew and
// every probe is routed.
func probesOf(p, old *build.Project, intents string) ([]probe, error) {
	now, was := sideOf(p), sideOf(old)
	var texts []string
	for _, k := range slices.Sorted(maps.Keys(now.by)) {
		if m, ok := was.by[k]; !ok || !bytes.Equal(m.Src, now.by[k].Src) {
			texts = append(texts, manualText(now.by[k]))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(was.by)) {
		if m, ok := now.by[k]; !ok || !bytes.Equal(m.Src, was.by[k].Src) {
			texts = append(texts, manualText(was.by[k]))
		}
	}
	texts = append(texts, toolChanges(p.Config, old.Config)...)
	all := p.Vocabulary != old.Vocabulary
	an, err := search.NewAnalysis()
	if err != nil {
		return nil, err
	}
	changed := make([]termSet, len(texts))
	par.Each(len(texts), func(i int) { changed[i] = newTermSet(an, texts[i]) })

	// Every request of either side, once, with whose it is.
	at := map[string]int{}
	var out []probe
	add := func(text, of, owner string) {
		if text == "" {
			return
		}
		i, ok := at[text]
		if !ok {
			i = len(out)
			out = append(out, probe{text: text, owners: map[string]bool{}})
			at[text] = i
		}
		if !slices.Contains(out[i].of, of) {
			out[i].of = append(out[i].of, of)
		}
		if owner != "" {
			out[i].owners[owner] = true
		}
	}
	ws := weights{df: map[string]int{}}
	for _, s := range []side{now, was} {
		for _, k := range slices.Sorted(maps.Keys(s.by)) {
			m := s.by[k]
			for _, t := range m.Triggers {
				add(t, "trigger of "+m.Name, k)
			}
			add(m.Summary, "summary of "+m.Name, k)
		}
	}
	if intents != "" {
		cs, err := readIntents(p.FS, intents)
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			add(c.Intent, fmt.Sprintf("intent %s:%d", intents, c.Line), "")
		}
	}
	forms := make([][][]string, len(out))
	par.Each(len(out), func(i int) { forms[i] = wordForms(an, out[i].text) })
	// The words' weights, from the requests of the work tree's manuals.
	for _, m := range now.by {
		ws.n++
		seen := map[string]bool{}
		for _, t := range append(slices.Clone(m.Triggers), m.Summary, m.Name) {
			if i, ok := at[t]; ok {
				for _, g := range forms[i] {
					seen[g[0]] = true
				}
			}
		}
		for t := range seen {
			ws.df[t]++
		}
	}
	kept := out[:0]
	for i, pr := range out {
		if all || touches(changed, ws, forms[i]) {
			kept = append(kept, pr)
		}
	}
	return kept, nil
}

// manualText is everything of a manual the catalog indexes: its source
// (header and body) and the words of its name.
func manualText(m *manual.Manual) string {
	return string(m.Src) + "\n" + m.Name + "\n" + fmt.Sprint(search.NameWords(m.Name))
}

// toolChanges are the names and descriptions of the tools of the
// inventory that one side has and the other has not, or describes
// otherwise (tools are catalog entries too).
func toolChanges(now, was *config.Config) []string {
	var out []string
	for _, pair := range [][2]*config.Config{{now, was}, {was, now}} {
		for name, d := range pair[0].Tools {
			if od, ok := pair[1].Tools[name]; !ok || od != d {
				out = append(out, name+"\n"+d)
			}
		}
	}
	return out
}

func readIntents(fsys afero.Fs, name string) ([]search.Case, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("--intents: %w", err)
	}
	defer f.Close()
	return search.ParseCases(f, name)
}

// changesOf turns the probes whose loaded manual differs (was → now)
// into changes: under the manual that now loads the request, or, when
// none does, under the one that did.
func changesOf(p, old *build.Project, probes []probe, was, now []string) []capability.Change {
	nowS, wasS := sideOf(p), sideOf(old)
	name := func(s side, rel string) string {
		if m := s.by[rel]; m != nil {
			return m.Name
		}
		return rel // a tool's entry, or a skill's folder
	}
	var out []capability.Change
	for i, pr := range probes {
		if was[i] == now[i] || was[i] == "" && pr.own(now[i]) {
			continue // unchanged, or a manual's own new request
		}
		c := capability.Change{Kind: capability.Route, Value: pr.text, Probe: strings.Join(pr.of, "; ")}
		if was[i] != "" {
			c.Old = name(wasS, was[i])
		}
		switch {
		case now[i] != "":
			c.Manual, c.Name, c.New, c.Op = now[i], name(nowS, now[i]), name(nowS, now[i]), capability.Added
			if was[i] != "" {
				c.Op = capability.Changed
			}
			if m := nowS.by[now[i]]; m != nil {
				c.Pos = m.LinePos(1, 1)
			}
		default:
			c.Manual, c.Name, c.Op = was[i], c.Old, capability.Removed
			if m := nowS.by[was[i]]; m != nil {
				c.Pos = m.LinePos(1, 1)
			} else {
				c.Pos = diag.Pos{File: was[i]}
			}
		}
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b capability.Change) int {
		return cmp.Or(cmp.Compare(a.Manual, b.Manual), cmp.Compare(a.Value, b.Value))
	})
	return out
}

// Merge adds the route changes rs to the report's changes, each after
// the other changes of its manual (both are ordered by manual).
func Merge(cs, rs []capability.Change) []capability.Change {
	out := make([]capability.Change, 0, len(cs)+len(rs))
	i := 0
	for _, c := range cs {
		for i < len(rs) && rs[i].Manual < c.Manual {
			out = append(out, rs[i])
			i++
		}
		out = append(out, c)
	}
	return append(out, rs[i:]...)
}

// loadAt loads the project o selects as it is at the git ref: lore.yaml
// (or --config) at ref says the manual roots and vocabulary files, which
// are read from the tree into memory (git ls-tree, then one git cat-file
// --batch for the project file and one for the rest) under the names the
// work tree's files have, and loaded as lore build loads a project.
func loadAt(o build.Options, ref string) (*build.Project, error) {
	dir := cmp.Or(o.Dir, ".")
	realDir, err := real(dir)
	if err != nil {
		return nil, err
	}
	t, err := readTree(realDir, ref, func(p string) string {
		rel, err := filepath.Rel(realDir, p)
		if err != nil {
			return ""
		}
		return filepath.ToSlash(filepath.Join(dir, rel))
	})
	if err != nil {
		return nil, err
	}
	mem := afero.NewMemMapFs()
	bo := o
	bo.FS = mem
	cfgFile := o.ConfigFile
	if cfgFile == "" {
		cfgFile = path.Join(filepath.ToSlash(dir), config.FileName)
	}
	if err := t.copyTo(mem, realDir, t.under(cfgFile)); err != nil {
		return nil, err
	}
	cfg, err := config.Load(mem, filepath.ToSlash(dir), filepath.ToSlash(o.ConfigFile))
	if err != nil {
		return nil, err
	}
	roots := cfg.Manuals
	if len(o.Manuals) > 0 {
		roots = nil
		for _, m := range o.Manuals {
			roots = append(roots, filepath.ToSlash(m))
		}
	} else {
		for i, r := range roots {
			roots[i] = cfg.Path(r)
		}
	}
	var paths []string
	for _, r := range roots {
		paths = append(paths, t.under(r)...)
	}
	for _, v := range cfg.Vocabulary {
		paths = append(paths, t.under(cfg.Path(v))...)
	}
	if err := t.copyTo(mem, realDir, paths); err != nil {
		return nil, err
	}
	return build.Load(bo)
}

// real is p as an absolute path with its links resolved (as git names
// the work tree), or absolute when it does not exist.
func real(p string) (string, error) {
	a, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	if r, err := filepath.EvalSymlinks(a); err == nil {
		return r, nil
	}
	return a, nil
}
