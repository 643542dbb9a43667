package manual

import (
	"reflect"
	"testing"
)

// TestSetWith: a set With an edited manual is the set NewSet makes of the
// same manuals (the same order, names, manuals by name and owners), and
// the set it was made from is as it was; a SKILL.md, a new path or a new
// name gives nil.
func TestSetWith(t *testing.T) {
	paths := []string{"manuals/a.md", "manuals/dup/b.md", "manuals/b.md", "manuals/tool/SKILL.md", "manuals/tool/references/c.md",
		"manuals/tool/inner/SKILL.md", "manuals/tool/inner/d.md", "manuals/z.md"}
	mk := func() []*Manual {
		var ms []*Manual
		for _, p := range paths {
			ms = append(ms, &Manual{Path: p, Root: "manuals", Name: NameOf(p)})
		}
		return ms
	}
	type view struct {
		Paths  []string
		Names  []string
		ByName map[string][]string
		Owners map[string]string
	}
	viewOf := func(s *Set) view {
		v := view{Names: s.Names(), ByName: map[string][]string{}, Owners: map[string]string{}}
		for _, m := range s.Manuals {
			v.Paths = append(v.Paths, m.Path)
			for _, x := range s.ByName(m.Name) {
				if x == m {
					v.ByName[m.Name] = append(v.ByName[m.Name], m.Path)
				}
			}
			if m.Owner != nil {
				v.Owners[m.Path] = m.Owner.Path
			}
			if m.outer != nil {
				v.Owners[m.Path] = "outer " + m.outer.Path
			}
		}
		return v
	}
	for _, p := range paths {
		s := NewSet(mk())
		before := viewOf(s)
		edited := &Manual{Path: p, Root: "manuals", Name: NameOf(p), Summary: "edited"}
		got := s.With(edited)
		if edited.IsSkillEntry() {
			if got != nil {
				t.Errorf("%s: With a SKILL.md made a set", p)
			}
			continue
		}
		if got == nil {
			t.Fatalf("%s: With made no set", p)
		}
		ms := mk()
		for i := range ms {
			if ms[i].Path == p {
				ms[i] = &Manual{Path: p, Root: "manuals", Name: NameOf(p)}
			}
		}
		want := viewOf(NewSet(ms))
		if g := viewOf(got); !reflect.DeepEqual(g, want) {
			t.Errorf("%s: With made\n%+v\nwant\n%+v", p, g, want)
		}
		if !containsManual(got.ByName(edited.Name), edited) || containsManual(s.ByName(edited.Name), edited) {
			t.Errorf("%s: the edited manual is not in the new set by name, or is in the old one", p)
		}
		if after := viewOf(s); !reflect.DeepEqual(after, before) {
			t.Errorf("%s: With changed the set it was made from", p)
		}
	}
	s := NewSet(mk())
	if s.With(&Manual{Path: "manuals/new.md", Name: "new"}) != nil || s.With(&Manual{Path: "manuals/a.md", Name: "renamed"}) != nil {
		t.Error("With a new path or a new name made a set")
	}
}

func containsManual(ms []*Manual, m *Manual) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
