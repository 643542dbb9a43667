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
	var back []int
	for i := range n {
		if was.decisive[i] && !now.routed[i] {
			back = append(back, i)
		}
	}
	if len(back) > 0 {
		if _, err := w.Update(p.CatalogSource()); err != nil {
			return nil, err
		}
		if err := now.route(dir, ps.probes, ps.changedNow, func(i int) bool { return was.decisive[i] && !now.routed[i] }); err != nil {
			return nil, err
		}
	}
	return changesOf(p, old, ps.probes, was, now), nil
}

// answers are the answers of one side's catalog to the probes routed
// there.
type answers struct {
	routed   []bool
	loaded   []string // the path of the manual loaded; "": none
	decisive []bool   // a changed manual of the side is decisive
}

func newAnswers(n int) *answers {
	return &answers{routed: make([]bool, n), loaded: make([]string, n), decisive: make([]bool, n)}
}

// decisiveRanks is how many of the first candidates count as decisive:
// the loaded one, the competitor that blocks a load (the runner-up, or
// the one after overviews that route to the best) and the one a load
// would fall to when the best is gone.
const decisiveRanks = 4

// route routes the probes that want says on the catalog in dir as lore
// howdoi does without --engine and --tools, noting for each the manual
// it loads and whether a manual of changed (paths) is decisive.
func (a *answers) route(dir string, probes []probe, changed map[string]bool, want func(int) bool) error {
	c, err := search.Open(dir)
	if err != nil {
		return err
	}
	defer c.Close()
	v, err := c.VisibilityFor("", nil, false)
	if err != nil {
		return err
	}
	var which []int
	for i := range probes {
		if want(i) {
			which = append(which, i)
		}
	}
	return par.EachErr(len(which), func(j int) error {
		i := which[j]
		ans, err := c.HowDoI(probes[i].text, v)
		var long *search.IntentTooLongError
		switch {
		case errors.As(err, &long):
			return nil // no request: an agent cannot ask it either
		case err != nil:
			return err
		}
		a.routed[i] = true
		if ans.Loaded != nil {
			a.loaded[i] = ans.Loaded.Path
			a.decisive[i] = changed[ans.Loaded.Path]
		}
		for k, h := range ans.Ranked {
			if k == decisiveRanks {
				break
			}
			a.decisive[i] = a.decisive[i] || changed[h.Path]
		}
		return nil
	})
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

// probeSet is the probes of both sides that can change, and the paths of
// the manuals that changed on each side.
type probeSet struct {
	probes                 []probe
	changedNow, changedWas map[string]bool
	// all is set when every answer may change (the vocabulary or the
	// tools differ): every probe is routed on both sides and compared.
	all bool
}

// probesOf lists the probes of both sides that can change: those whose
// terms touch a manual that is not the same on both sides, on the side
// where it is. When the routing vocabulary or the tools (catalog entries
// too) differ, every probe is routed on both sides.
func probesOf(p, old *build.Project, intents string) (*probeSet, error) {
	now, was := sideOf(p), sideOf(old)
	ps := &probeSet{changedNow: map[string]bool{}, changedWas: map[string]bool{}}
	var nowTexts, wasTexts []string
	for _, k := range slices.Sorted(maps.Keys(now.by)) {
		if m, ok := was.by[k]; !ok || !bytes.Equal(m.Src, now.by[k].Src) {
			nowTexts = append(nowTexts, manualText(now.by[k]))
			ps.changedNow[k] = true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(was.by)) {
		if m, ok := now.by[k]; !ok || !bytes.Equal(m.Src, was.by[k].Src) {
			wasTexts = append(wasTexts, manualText(was.by[k]))
			ps.changedWas[k] = true
		}
	}
	all := p.Vocabulary != old.Vocabulary || len(toolChanges(p.Config, old.Config)) > 0
	ps.all = all
	an, err := search.NewAnalysis()
	if err != nil {
		return nil, err
	}
	texts := append(slices.Clone(nowTexts), wasTexts...)
	changed := make([]termSet, len(texts))
	par.Each(len(texts), func(i int) { changed[i] = newTermSet(an, texts[i]) })
	changedNow, changedWas := changed[:len(nowTexts)], changed[len(nowTexts):]

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
	for i, pr := range out {
		pr.now = all || touches(changedNow, ws, forms[i])
		pr.was = all || touches(changedWas, ws, forms[i])
		if pr.now || pr.was {
			ps.probes = append(ps.probes, pr)
		}
	}
	return ps, nil
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
func changesOf(p, old *build.Project, probes []probe, wasA, nowA *answers) []capability.Change {
	was, now := wasA.loaded, nowA.loaded
	nowS, wasS := sideOf(p), sideOf(old)
	name := func(s side, rel string) string {
		if m := s.by[rel]; m != nil {
			return m.Name
		}
		return rel // a tool's entry, or a skill's folder
	}
	var out []capability.Change
	for i, pr := range probes {
		if !wasA.decisive[i] && !nowA.decisive[i] || was[i] == now[i] || was[i] == "" && pr.own(now[i]) {
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
// work tree's files have, and loaded as lore build loads a project (a
// manual the same as p's is not parsed again).
func loadAt(o build.Options, ref string, p *build.Project) (*build.Project, error) {
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
	return build.LoadAgain(bo, p)
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
