package export

import (
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/manual"
)

// item is one manual to export.
type item struct {
	m    *manual.Manual
	name string // exported name
	file string // exported file, relative to Out
	desc string
}

// plan computes every file of the export, relative to Out.
func plan(in hosts.Input, p *profiles.Profile, window int) (map[string][]byte, *Result, error) {
	res := &Result{}
	sim := hosts.NewSimulator(in)
	h := sim.Host(p, window)
	srcs := sim.Sources()

	byManual := map[*manual.Manual]*item{}
	var items []*item
	for _, s := range srcs {
		it := &item{m: s.M, name: s.Export, file: fileOf(p, s.Export)}
		own := s.Manual
		if s.Skill {
			own = s.Name
		}
		if own != "" && own != s.Export {
			res.Renamed = append(res.Renamed, Rename{Manual: own, Name: s.Export, Source: in.Config.Rel(s.M.Path)})
		}
		items = append(items, it)
		byManual[s.M] = it
	}
	// Descriptions: a lore manual's as the simulation wrote it for the
	// host's room; a skill's own, with its declared triggers folded in
	// and reordered when it is longer than the room.
	for _, e := range h.Listing.Entries {
		it := byManual[e.Doc()]
		if it == nil {
			continue
		}
		if e.Doc().IsSkillEntry() {
			it.desc = hosts.Describe(metaString(e.Doc(), "description"), e.Doc().Triggers, sim.IDF(), h.Listing.Room())
		} else {
			it.desc = e.Description()
		}
	}
	for _, m := range in.Manuals.Manuals {
		if byManual[m] == nil && !m.InSkill() && !in.Exported[m.Path] {
			why := "an instruction file the host loads by its name, not a skill"
			if m.Dialect == manual.Skill {
				why = "a Copilot " + strings.TrimPrefix(path.Ext(strings.TrimSuffix(path.Base(m.Path), ".md")), ".") + " file, not a skill: keep it in .github/"
			}
			res.Skipped = append(res.Skipped, Skip{Source: in.Config.Rel(m.Path), Why: "not exported: " + why})
		}
	}

	files := map[string][]byte{}
	for _, it := range items {
		body, copies, skips := rewrite(in, p, it, byManual)
		res.Skipped = append(res.Skipped, skips...)
		fm, err := frontMatter(p, it)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", it.m.Path, err)
		}
		files[it.file] = append(fm, body...)
		for dst, src := range copies {
			b, err := afero.ReadFile(in.FS, src)
			if err != nil {
				res.Skipped = append(res.Skipped, Skip{Source: in.Config.Rel(src), Why: "not copied: " + unwrap(err)})
				continue
			}
			files[dst] = b
		}
	}
	return files, res, nil
}

func unwrap(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// metaString returns a front-matter field as one line of text.
func metaString(m *manual.Manual, key string) string {
	v, ok := m.Header.Meta[key]
	if !ok || v == nil {
		return ""
	}
	return strings.Join(strings.Fields(fmt.Sprint(v)), " ")
}
