package routediff

import (
	"bytes"
	"fmt"
	"maps"
	"slices"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/par"
	"github.com/lorekit/lore/internal/search"
)

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
	ps := &probeSet{all: p.Vocabulary != old.Vocabulary || toolsDiffer(p.Config, old.Config)}
	var nowTexts, wasTexts []string
	ps.changedNow, nowTexts = changedIn(now, was)
	ps.changedWas, wasTexts = changedIn(was, now)
	if len(nowTexts)+len(wasTexts) == 0 && !ps.all {
		return ps, nil // nothing that routes changed
	}
	an, err := newAnalyser()
	if err != nil {
		return nil, err
	}
	texts := append(slices.Clone(nowTexts), wasTexts...)
	changed := make([]termSet, len(texts))
	par.Each(len(texts), func(i int) { changed[i] = an.termSet(texts[i]) })
	changedNow, changedWas := changed[:len(nowTexts)], changed[len(nowTexts):]

	var c collector
	c.sides(now, was)
	if intents != "" {
		cs, err := readIntents(p.FS, intents)
		if err != nil {
			return nil, err
		}
		for _, k := range cs {
			c.add(k.Intent, fmt.Sprintf("intent %s:%d", intents, k.Line), "")
		}
	}
	forms := make([][][]string, len(c.out))
	par.Each(len(c.out), func(i int) { forms[i] = an.forms(c.out[i].text) })
	ws := c.weights(now, forms)
	for i, pr := range c.out {
		pr.now = ps.all || touches(changedNow, ws, forms[i])
		pr.was = ps.all || touches(changedWas, ws, forms[i])
		if pr.now || pr.was {
			ps.probes = append(ps.probes, pr)
		}
	}
	return ps, nil
}

// changedIn returns the paths of the manuals of s that other has not or
// has with other bytes, and the text of each (manualText).
func changedIn(s, other side) (map[string]bool, []string) {
	paths := map[string]bool{}
	var texts []string
	for _, k := range slices.Sorted(maps.Keys(s.by)) {
		if m, ok := other.by[k]; !ok || !bytes.Equal(m.Src, s.by[k].Src) {
			texts = append(texts, manualText(s.by[k]))
			paths[k] = true
		}
	}
	return paths, texts
}

// collector gathers the requests of both sides, each once, with whose it
// is.
type collector struct {
	at  map[string]int // by text
	out []probe
}

func (c *collector) add(text, of, owner string) {
	if text == "" {
		return
	}
	if c.at == nil {
		c.at = map[string]int{}
	}
	i, ok := c.at[text]
	if !ok {
		i = len(c.out)
		c.out = append(c.out, probe{text: text, owners: map[string]bool{}})
		c.at[text] = i
	}
	if !slices.Contains(c.out[i].of, of) {
		c.out[i].of = append(c.out[i].of, of)
	}
	if owner != "" {
		c.out[i].owners[owner] = true
	}
}

// sides adds every trigger and summary of the manuals of ss.
func (c *collector) sides(ss ...side) {
	for _, s := range ss {
		for _, k := range slices.Sorted(maps.Keys(s.by)) {
			m := s.by[k]
			for _, t := range m.Triggers {
				c.add(t, "trigger of "+m.Name, k)
			}
			c.add(m.Summary, "summary of "+m.Name, k)
		}
	}
}

// weights counts each word of the requests of s's manuals once per
// manual: the words' weights (forms are those of c.out).
func (c *collector) weights(s side, forms [][][]string) weights {
	ws := weights{df: map[string]int{}}
	for _, m := range s.by {
		ws.n++
		seen := map[string]bool{}
		for _, t := range append(slices.Clone(m.Triggers), m.Summary) {
			if i, ok := c.at[t]; ok {
				for _, g := range forms[i] {
					seen[g[0]] = true
				}
			}
		}
		for t := range seen {
			ws.df[t]++
		}
	}
	return ws
}

// manualText is everything of a manual the catalog indexes: its source
// (header and body) and the words of its name.
func manualText(m *manual.Manual) string {
	return string(m.Src) + "\n" + m.Name + "\n" + fmt.Sprint(search.NameWords(m.Name))
}

// toolsDiffer reports whether the tool inventories differ (tools are
// catalog entries too).
func toolsDiffer(now, was *config.Config) bool { return !maps.Equal(now.Tools, was.Tools) }

func readIntents(fsys afero.Fs, name string) ([]search.Case, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("--intents: %w", err)
	}
	defer f.Close()
	return search.ParseCases(f, name)
}
