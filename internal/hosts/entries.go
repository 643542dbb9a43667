package hosts

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/manual"
)

// Source is a manual as a host would find it: a SKILL.md as it is, a lore
// manual as `lore export` writes it.
type Source struct {
	M *manual.Manual
	// Name is the name the host reads; Manual the manual's own name when
	// the export maps it (a lore manual whose name breaks the Agent
	// Skills rules).
	Name   string
	Manual string
	// Export is the name lore export writes the manual under.
	Export string
	// Skill is true for a SKILL.md (read as it is).
	Skill bool
	// Triggers are the trigger words the manual declares.
	Triggers []string
}

// listable reports whether a host lists m as a skill: a SKILL.md, or a
// lore manual outside any skill folder that is not an instruction file
// some host loads whole (AGENTS.md, GEMINI.md, …). Copilot's own kinds
// (.instructions.md, .agent.md, .prompt.md) are not skills.
func listable(m *manual.Manual, chainFiles []string) bool {
	if m.InSkill() {
		return false
	}
	if m.IsSkillEntry() {
		return true
	}
	return m.Dialect == manual.Lore && !slices.Contains(chainFiles, path.Base(m.Path))
}

// chainFileNames returns the base names of every chain file of ps.
func chainFileNames(ps []*profiles.Profile) []string {
	var out []string
	for _, p := range ps {
		for _, c := range p.Chains {
			for _, f := range c.Files {
				if b := path.Base(f); !strings.Contains(b, "*") && !slices.Contains(out, b) {
					out = append(out, b)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// findSources returns the listable manuals of set in path order, with the
// names a host reads: a SKILL.md's front-matter name (its folder's when
// absent), a lore manual's exported name. Export is the name lore export
// writes every source under: valid under the Agent Skills rules
// (manual.SkillName) and unique in the project; a name an earlier source (in
// path order) already has gets a suffix from the hash of the path.
// Files in skip (an earlier export's copies) are left out.
func findSources(set *manual.Set, chainFiles []string, skip map[string]bool) []*Source {
	var out []*Source
	var originals []string
	for _, m := range set.Manuals {
		if !listable(m, chainFiles) || skip[m.Path] {
			continue
		}
		s := &Source{M: m, Skill: m.IsSkillEntry(), Triggers: m.Triggers, Name: m.Name}
		if s.Skill {
			s.Name = path.Base(path.Dir(m.Path))
			if v, ok := m.Header.Meta["name"]; ok && v != nil {
				s.Name = strings.TrimSpace(fmt.Sprint(v))
			}
		}
		originals = append(originals, s.Name)
		out = append(out, s)
	}
	mapped := skillNames(originals)
	taken := map[string]bool{}
	for _, s := range out {
		name := mapped[s.Name]
		if taken[name] {
			name = hashSuffixed(name, s.M.Path)
		}
		taken[name] = true
		s.Export = name
		if !s.Skill {
			if name != s.Name {
				s.Manual = s.Name
			}
			s.Name = name
		}
	}
	return out
}

// metaText returns front-matter field key of m as one line of text.
func metaText(m *manual.Manual, key string) string {
	v, ok := m.Header.Meta[key]
	if !ok || v == nil {
		return ""
	}
	return strings.Join(strings.Fields(fmt.Sprint(v)), " ")
}

// corpusText is what the IDF of a source is counted over.
func corpusText(s *Source) string {
	return strings.Join(append([]string{s.Name, s.M.Summary, s.M.Title}, s.Triggers...), " ")
}

// summaryOf is the text a lore manual's description starts from: its
// summary, else its title, else its name.
func summaryOf(m *manual.Manual) string {
	switch {
	case m.Summary != "":
		return m.Summary
	case m.Title != "":
		return m.Title
	}
	return m.Name
}
