package manual

import (
	"slices"
	"testing"
)

func TestVisibilityAllows(t *testing.T) {
	for _, c := range []struct {
		v        Visibility
		audience string
		requires []string
		want     bool
	}{
		{Visibility{Engine: "arthur", Tools: []string{}}, "", nil, true},
		{Visibility{Engine: "arthur", Tools: []string{}}, "arthur", nil, true},
		{Visibility{Engine: "arthur", Tools: []string{}}, "eddie", nil, false},
		{Visibility{Engine: "arthur", Tools: []string{}}, "", []string{"web_fetch"}, false},
		{Visibility{Engine: "arthur", Tools: []string{"web_fetch"}}, "", []string{"web_fetch"}, true},
		{Visibility{Engine: "arthur", Tools: []string{"web_fetch"}}, "", []string{"web_fetch", "doc_create"}, false},
		{Visibility{Engine: "arthur", AnyTools: true}, "", []string{"never_heard_of"}, true},
		{Visibility{Engine: "arthur", AnyTools: true}, "eddie", nil, false},
		{Visibility{Tools: []string{}}, "eddie", nil, true}, // no engine: audience not checked
		{Visibility{Tools: []string{}}, "eddie", []string{"x"}, false},
		{Visibility{AnyTools: true}, "eddie", []string{"x"}, true},
	} {
		if got := c.v.Allows(c.audience, c.requires); got != c.want {
			t.Errorf("%+v allows audience %q requires %v = %v, want %v", c.v, c.audience, c.requires, got, c.want)
		}
	}
}

func TestAsking(t *testing.T) {
	if v := Asking("arthur", true, nil, nil, false); v.AnyTools || v.Tools == nil || len(v.Tools) != 0 {
		t.Errorf("an engine whose recipes list no tools has an empty allow-set, got %+v", v)
	}
	if v := Asking("arthur", true, []string{"a"}, []string{"b"}, true); !slices.Equal(v.Tools, []string{"b"}) {
		t.Errorf("--tools replaces the recipe tools, got %+v", v)
	}
	if v := Asking("arthur", false, nil, nil, false); !v.AnyTools || v.Engine != "arthur" {
		t.Errorf("an engine without recipes checks no tools, got %+v", v)
	}
	if v := Asking("", false, nil, []string{}, true); v.AnyTools || len(v.Tools) != 0 {
		t.Errorf("an empty --tools is an empty allow-set, got %+v", v)
	}
}

func TestCascadeForSkipsHidden(t *testing.T) {
	mk := func(p, audience string, tools ...string) *Manual {
		return &Manual{Path: p, Name: NameOf(p), Audience: audience, RequiresTools: tools}
	}
	eddie := mk("special/greeting.md", "eddie")
	tooled := mk("tools/greeting.md", "", "web_fetch")
	general := mk("manuals/greeting.md", "")
	late := mk("late/greeting.md", "eddie")
	other := mk("manuals/other.md", "eddie")
	s := &Set{Manuals: []*Manual{general, other, eddie, tooled, late}}
	paths := []string{"special/", "tools/", "manuals/", "late/"}

	c := s.CascadeFor(paths, Visibility{Engine: "arthur", Tools: []string{}})
	if w := c.Resolve("greeting"); w != general {
		t.Fatalf("arthur reads %v, want the general greeting", w)
	}
	if got := c.Hides("greeting"); !slices.Equal(got, []*Manual{eddie, tooled}) {
		t.Errorf("hides %v, want eddie's and the tooled greeting (not the later one)", got)
	}
	if got := c.Shadowed("greeting"); len(got) != 0 {
		t.Errorf("shadowed %v: hidden manuals are never shadowed", got)
	}
	if c.Resolve("other") != nil || len(c.Hides("other")) != 0 {
		t.Errorf("a hidden manual without a visible namesake resolves to nothing and hides nothing")
	}
	if got := c.Winners(); !slices.Equal(got, []*Manual{general}) {
		t.Errorf("winners %v, want only the general greeting", got)
	}
	if len(c.Order) != 5 {
		t.Errorf("order has %d manuals, want every one reached", len(c.Order))
	}

	c = s.CascadeFor(paths, Visibility{Engine: "arthur", Tools: []string{"web_fetch"}})
	if w := c.Resolve("greeting"); w != tooled || !slices.Equal(c.Shadowed("greeting"), []*Manual{general}) {
		t.Errorf("with web_fetch arthur reads %v shadowing %v, want the tooled greeting over the general one", w, c.Shadowed("greeting"))
	}

	c = s.CascadeFor(paths, Visibility{Engine: "eddie", Tools: []string{}})
	if w := c.Resolve("greeting"); w != eddie || !slices.Equal(c.Shadowed("greeting"), []*Manual{general, late}) {
		t.Errorf("eddie reads %v shadowing %v", w, c.Shadowed("greeting"))
	}

	if w := s.Cascade(paths).Resolve("greeting"); w != eddie {
		t.Errorf("an inspection sees every manual: %v, want the first in paths order", w)
	}
}

// A document in the folder of a skill hidden from the engine, and a skill
// nested in it, are hidden with it: manual_read, manual_list and the
// cascade must not reach them by name.
func TestSeesThroughEnclosingSkills(t *testing.T) {
	mk := func(p, audience string, tools ...string) *Manual {
		return &Manual{Path: p, Root: "manuals", Name: NameOf(p), Audience: audience, RequiresTools: tools}
	}
	hiddenSkill := mk("manuals/eddie-tool/SKILL.md", "eddie")
	guide := mk("manuals/eddie-tool/references/guide.md", "")
	nested := mk("manuals/eddie-tool/inner/SKILL.md", "")
	nestedDoc := mk("manuals/eddie-tool/inner/tips.md", "")
	toolSkill := mk("manuals/web/SKILL.md", "", "web_fetch")
	toolDoc := mk("manuals/web/how.md", "")
	open := mk("manuals/open/SKILL.md", "")
	openDoc := mk("manuals/open/notes.md", "")
	s := NewSet([]*Manual{hiddenSkill, guide, nested, nestedDoc, toolSkill, toolDoc, open, openDoc})
	if guide.Owner != hiddenSkill || nested.Owner != nil || nested.outer != hiddenSkill || nestedDoc.Owner != nested {
		t.Fatalf("owners: guide %v, nested %v/%v, tips %v", guide.Owner, nested.Owner, nested.outer, nestedDoc.Owner)
	}
	arthur := Visibility{Engine: "arthur", Tools: []string{}}
	for _, m := range []*Manual{hiddenSkill, guide, nested, nestedDoc, toolSkill, toolDoc} {
		if arthur.Sees(m) {
			t.Errorf("arthur sees %s, which lies in a skill hidden from him", m.Path)
		}
	}
	for _, m := range []*Manual{open, openDoc} {
		if !arthur.Sees(m) {
			t.Errorf("arthur does not see %s", m.Path)
		}
	}
	eddie := Visibility{Engine: "eddie", Tools: []string{"web_fetch"}}
	for _, m := range s.Manuals {
		if !eddie.Sees(m) {
			t.Errorf("eddie with web_fetch does not see %s", m.Path)
		}
	}
	c := s.CascadeFor([]string{"manuals/"}, arthur)
	for _, name := range []string{"guide", "tips", "how", "SKILL"} {
		if m := c.Resolve(name); m != nil && m != open {
			t.Errorf("arthur resolves %q to %s", name, m.Path)
		}
	}
}
