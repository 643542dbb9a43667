package manual

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

func TestSlug(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"When to use", "when-to-use"},
		{"Größe & Form", "größe--form"},
		{"Größe ändern", "größe-ändern"},
		{"  Trimmed  ", "trimmed"},
		{"Inline form (fence)", "inline-form-fence"},
		{"API: v2.1 — what's new?", "api-v21--whats-new"},
		{"snake_case and kebab-case", "snake_case-and-kebab-case"},
		{"Ελληνικά και русский", "ελληνικά-και-русский"},
		{"日本語の見出し", "日本語の見出し"},
		{"Hello 👋 World", "hello--world"},
		{"x² ≥ 3", "x²--3"}, // numbers of every kind stay, symbols go
		{"Café (é as e + ́)", "café-é-as-e--\u0301"},
		{"???", "section"},
	} {
		if got := Slug(c.in); got != c.want {
			t.Errorf("Slug(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSections(t *testing.T) {
	src := "---\ntriggers: a\n---\n# Title\n\nIntro.\n\n## Setup\n\nx\n\n### Details\n\ny\n\n## Setup\n\nz\n\nSetext two\n----------\n\nw\n"
	m := Parse("m.md", []byte(src))
	want := []Section{
		{Level: 1, Title: "Title", ID: "title", Line: 4, EndLine: 23},
		{Level: 2, Title: "Setup", ID: "setup", Line: 8, EndLine: 15},
		{Level: 3, Title: "Details", ID: "details", Line: 12, EndLine: 15},
		{Level: 2, Title: "Setup", ID: "setup-1", Line: 16, EndLine: 19},
		{Level: 2, Title: "Setext two", ID: "setext-two", Line: 20, EndLine: 23},
	}
	for i := range want {
		want[i].Offset = offsetOf([]byte(src), want[i].Line, 1)
		want[i].EndOffset = len(src)
		if want[i].EndLine < 23 {
			want[i].EndOffset = offsetOf([]byte(src), want[i].EndLine+1, 1)
		}
	}
	if !slices.Equal(m.Sections, want) {
		t.Errorf("sections\n%+v\nwant\n%+v", m.Sections, want)
	}
	if s := m.Sections[3]; src[s.Offset:s.EndOffset] != "## Setup\n\nz\n\n" {
		t.Errorf("section 4 spans %q", src[s.Offset:s.EndOffset])
	}
	if m.Title != "Title" || m.Lines != 23 || !m.HasSection("setup-1") || m.HasSection("nope") {
		t.Errorf("title %q lines %d", m.Title, m.Lines)
	}
	if m.Doc == nil || m.BodyStart != strings.Index(src, "# Title") {
		t.Errorf("body start %d", m.BodyStart)
	}
}

func TestFences(t *testing.T) {
	src := "# T\n\n```go\nx := 1\n```\n\n~~~\nplain\n~~~\n\n    indented\n    code\n\n```\n```\n"
	m := Parse("m.md", []byte(src))
	want := []Fence{{Lang: "go", Line: 3, EndLine: 5}, {Lang: "", Line: 7, EndLine: 9}, {Line: 11, EndLine: 12, Indented: true}, {Line: 14, EndLine: 15}}
	texts := []string{"```go\nx := 1\n```\n", "~~~\nplain\n~~~\n", "    indented\n    code\n", "```\n```\n"}
	for i := range want {
		want[i].Offset = strings.Index(src, texts[i])
		want[i].EndOffset = want[i].Offset + len(texts[i])
	}
	if !slices.Equal(m.Fences, want) {
		t.Errorf("fences %+v, want %+v", m.Fences, want)
	}
}

func TestRefs(t *testing.T) {
	src := strings.Join([]string{
		"---",
		"summary: manual_read('in-header') is not a reference",
		"---",
		"# Refs",
		"",
		"Load `manual_read('images')` or manual_read(\"fences\") or manual_read( name = 'docs' ).",
		"Not: my_manual_read('x'), manual_read(name), manual_read('unclosed), manual_read('a'.",
		"Größe: `manual_read('größe')`",
		"",
		"```",
		"manual_read('in-code')",
		"```",
		"",
		"[img](images.md) ![pic](img/a%20b.png \"t\") [anchor](#refs) [both](fences.md#stored-form) [q](x.md?raw=1#top)",
		"[web](https://example.com) [mail](mailto:a@b.c) [abs](/x.md) [proto](//cdn/x.md) [empty]()",
		"",
		"[ref]: other.md#sec",
		"See [ref].",
	}, "\n") + "\n"
	m := Parse("dir/m.md", []byte(src))
	var got []string
	for _, r := range m.Refs {
		got = append(got, fmt.Sprintf("%d:%d-%d %v %q#%q img=%v", r.Line, r.Col, r.EndCol, r.Kind, r.Target, r.Anchor, r.Image))
		// The offsets are those of the line and columns, and the
		// reference is written there.
		if r.Offset != offsetOf(m.Src, r.Line, r.Col) || r.EndOffset != offsetOf(m.Src, r.Line, r.EndCol) {
			t.Errorf("%v at %d:%d-%d has offsets %d-%d", r, r.Line, r.Col, r.EndCol, r.Offset, r.EndOffset)
		}
		if at := string(m.Src[r.Offset:r.EndOffset]); r.Kind == RefManual && (!strings.HasPrefix(at, "manual_read(") || !strings.Contains(at, r.Target)) ||
			r.Kind == RefLink && r.Target != "" && !strings.Contains(at, strings.ReplaceAll(r.Target, " ", "%20")) && at != "[ref]" {
			t.Errorf("%v: %q is written at its offsets", r, at)
		}
	}
	want := []string{
		`6:7-28 1 "images"#"" img=false`,
		`6:33-54 1 "fences"#"" img=false`,
		`6:58-86 1 "docs"#"" img=false`,
		`8:9-29 1 "größe"#"" img=false`,
		`14:7-16 2 "images.md"#"" img=false`,
		`14:25-38 2 "img/a b.png"#"" img=true`,
		`14:53-58 2 ""#"refs" img=false`,
		`14:67-88 2 "fences.md"#"stored-form" img=false`,
		`14:94-108 2 "x.md"#"top" img=false`,
		`18:5-10 2 "other.md"#"sec" img=false`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("refs\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, r := range m.Refs {
		if r.Kind == RefManual && r.String() != "manual_read('"+r.Target+"')" {
			t.Errorf("String() = %q", r.String())
		}
	}
}

func TestManualReadsSkip(t *testing.T) {
	src := []byte("manual_read('a') manual_read('b')\nmanual_read('c')")
	refs := ManualReads(src, [][2]int{{17, 34}})
	var names []string
	for _, r := range refs {
		names = append(names, fmt.Sprintf("%s@%d:%d", r.Target, r.Line, r.Col))
	}
	if strings.Join(names, " ") != "a@1:1 c@2:1" {
		t.Errorf("got %v", names)
	}
}

func TestNames(t *testing.T) {
	for _, c := range []struct {
		path, name string
		dialect    Dialect
	}{
		{"manuals/embedding/images.md", "images", Lore},
		{"manuals/v1.2_notes-x.md", "v1.2_notes-x", Lore},
		{"skills/pdf-tools/SKILL.md", "pdf-tools", Skill},
		{".github/agents/reviewer.agent.md", "reviewer", Skill},
		{"x/style.instructions.md", "style", Skill},
		{"x/fix.prompt.md", "fix", Skill},
		{"x/.prompt.md", ".prompt", Lore},
		{"x/skill.md", "skill", Lore},
	} {
		if n, d := NameOf(c.path), DialectOf(c.path); n != c.name || d != c.dialect {
			t.Errorf("%s: name %q dialect %s, want %q %s", c.path, n, d, c.name, c.dialect)
		}
	}
	for s, want := range map[string]bool{"images": true, "a.b_c-d": true, "9x": true, "": false, "_x": false, "-x": false,
		"a/b": false, `a\b`: false, "a..b": false, "..": false, "my manual": false, "größe": false} {
		if ValidName(s) != want {
			t.Errorf("ValidName(%q) = %v", s, !want)
		}
	}
}

func memSet(t *testing.T, files map[string]string, roots ...string) *Set {
	t.Helper()
	fsys := afero.NewMemMapFs()
	for p, s := range files {
		if err := afero.WriteFile(fsys, p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Load(fsys, roots)
}

func TestCascade(t *testing.T) {
	s := memSet(t, map[string]string{
		"manuals/images.md":           "# shared images\n",
		"manuals/embedding/images.md": "# embedding images\n",
		"manuals/embedding/fences.md": "# fences\n",
		"manuals/eddie/images.md":     "# eddie images\n",
		"manuals/zeta.md":             "# zeta\n",
	}, "manuals")
	c := s.Cascade([]string{"manuals/embedding/", "manuals"})
	if w := c.Resolve("images"); w == nil || w.Path != "manuals/embedding/images.md" {
		t.Fatalf("images resolves to %v", w)
	}
	var lost []string
	for _, m := range c.Shadowed("images") {
		lost = append(lost, m.Path)
	}
	// Within the fallback folder, files are taken in path order.
	if strings.Join(lost, " ") != "manuals/eddie/images.md manuals/images.md" {
		t.Errorf("shadowed %v", lost)
	}
	var order []string
	for _, m := range c.Winners() {
		order = append(order, m.Path)
	}
	if strings.Join(order, " ") != "manuals/embedding/fences.md manuals/embedding/images.md manuals/zeta.md" {
		t.Errorf("winners %v", order)
	}
	if c.Resolve("nope") != nil || len(c.Order) != 5 {
		t.Errorf("order %d", len(c.Order))
	}
	// The order of manualPaths decides; "manuals/" and "manuals" are one folder.
	c = s.Cascade([]string{"manuals/eddie", "manuals/embedding/"})
	if w := c.Resolve("images"); w.Path != "manuals/eddie/images.md" || c.Resolve("zeta") != nil {
		t.Errorf("eddie first: %v", w.Path)
	}
	// A folder whose name only starts like another is not inside it.
	c = s.Cascade([]string{"manuals/embed"})
	if len(c.Order) != 0 {
		t.Errorf("manuals/embed matched %d manuals", len(c.Order))
	}
	// Without paths, every manual in path order.
	c = s.Cascade(nil)
	if w := c.Resolve("images"); w.Path != "manuals/eddie/images.md" {
		t.Errorf("no paths: %v", w.Path)
	}
	if got := s.Names(); strings.Join(got, " ") != "fences images zeta" {
		t.Errorf("names %v", got)
	}
	if len(s.ByName("images")) != 3 || s.ByPath("manuals/zeta.md") == nil || s.ByPath("manuals/none.md") != nil {
		t.Errorf("lookups")
	}
}

func TestOwner(t *testing.T) {
	s := memSet(t, map[string]string{
		"skills/pdf/SKILL.md":                   "---\nname: pdf\ndescription: PDFs.\n---\n# PDF\n",
		"skills/pdf/references/forms.md":        "# Forms\n",
		"skills/pdf/references/deep/x.md":       "# X\n",
		"skills/pdf/inner/SKILL.md":             "---\nname: inner\ndescription: Inner.\n---\n",
		"skills/pdf/inner/notes.md":             "# Notes\n",
		"skills/other/references/orphan.md":     "# Orphan\n",
		"skills/pdf/reviewer.agent.md":          "---\ndescription: Reviews.\n---\n",
		"manuals/unrelated.md":                  "# Unrelated\n",
		"skills/pdfx/references/not-pdf-too.md": "# Not pdf\n",
	}, "skills", "manuals")
	owner := func(p string) string {
		m := s.ByPath(p)
		if m == nil {
			t.Fatalf("%s not loaded", p)
		}
		if m.Owner == nil {
			return ""
		}
		return m.Owner.Path
	}
	for p, want := range map[string]string{
		"skills/pdf/SKILL.md":                   "",
		"skills/pdf/references/forms.md":        "skills/pdf/SKILL.md",
		"skills/pdf/references/deep/x.md":       "skills/pdf/SKILL.md",
		"skills/pdf/inner/SKILL.md":             "", // a skill owns itself
		"skills/pdf/inner/notes.md":             "skills/pdf/inner/SKILL.md",
		"skills/pdf/reviewer.agent.md":          "skills/pdf/SKILL.md",
		"skills/other/references/orphan.md":     "",
		"manuals/unrelated.md":                  "",
		"skills/pdfx/references/not-pdf-too.md": "",
	} {
		if got := owner(p); got != want {
			t.Errorf("owner of %s = %q, want %q", p, got, want)
		}
	}
}

func TestSkillFrontMatter(t *testing.T) {
	m := Parse("skills/pdf-tools/SKILL.md", []byte("---\nname: pdf-tools\ndescription: >-\n  Fill PDF forms;\n  use when asked.\nallowed-tools: Read Grep\ntriggers: [pdf, Formular]\nmetadata:\n  v: 1\n---\n# PDF\n"))
	if len(m.Problems) != 0 {
		t.Fatalf("problems %+v", m.Problems)
	}
	if m.Dialect != Skill || m.Name != "pdf-tools" || m.Summary != "Fill PDF forms; use when asked." ||
		strings.Join(m.RequiresTools, "|") != "Read|Grep" || strings.Join(m.Triggers, "|") != "pdf|Formular" || m.Header.End != 10 || m.Title != "PDF" {
		t.Errorf("model %+v", m)
	}
	var keys []string
	for _, f := range m.Header.Fields {
		keys = append(keys, fmt.Sprintf("%s@%d", f.Key, f.Line))
	}
	if strings.Join(keys, " ") != "name@2 description@3 allowed-tools@6 triggers@7 metadata@8" {
		t.Errorf("fields %v", keys)
	}
	// A display name is no manual name: the file's name stays.
	m = Parse("x/review.agent.md", []byte("---\nname: Code Review\ndescription: Reviews.\n---\n"))
	if m.Name != "review" {
		t.Errorf("name %q", m.Name)
	}
	// Broken YAML is reported at its line and keeps the body.
	m = Parse("skills/x/SKILL.md", []byte("---\nname: x\ndescription: Use when: asked\n---\n# X\n"))
	if len(m.Problems) != 1 || m.Problems[0].Rule != "skill/yaml" || m.Problems[0].Line != 3 || m.Title != "X" {
		t.Errorf("broken YAML: %+v title %q", m.Problems, m.Title)
	}
	m = Parse("skills/x/SKILL.md", []byte("---\nname: x\n"))
	if len(m.Problems) != 1 || m.Problems[0].Rule != "skill/yaml" || m.Problems[0].Line != 1 {
		t.Errorf("unclosed: %+v", m.Problems)
	}
}

func TestPos(t *testing.T) {
	m := Parse("m.md", []byte("ab\nГрöße x\n\n"))
	for off, want := range map[int][2]int{0: {1, 1}, 2: {1, 3}, 3: {2, 1}, len("ab\nГрö"): {2, 4}, len("ab\nГрöße x\n"): {3, 1}, 1000: {4, 1}} {
		p := m.Pos(off)
		if p.Line != want[0] || p.Col != want[1] {
			t.Errorf("Pos(%d) = %d:%d, want %d:%d", off, p.Line, p.Col, want[0], want[1])
		}
	}
	if m.Line(2) != "Größe x" && m.Line(2) != "Грöße x" || m.Line(0) != "" || m.Line(99) != "" || m.LineOffset(2) != 3 {
		t.Errorf("Line(2) = %q", m.Line(2))
	}
}

func TestIsOverview(t *testing.T) {
	for _, c := range []struct {
		path, src string
		want      bool
	}{
		{"m/overview.md", "# O\n\nJust text.\n", true},
		{"m/Overview.md", "# O\n", true},
		{"m/embed-overview.md", "- images → `manual_read('images')`\n", true},
		{"m/test-slices-overview.md", "# Test slices\n\nAn overview of the slices; see [x](x.md).\n", false},
		{"m/embed-overview.md", "```\nmanual_read('in-code')\n```\n", false},
		{"m/overviews.md", "`manual_read('x')`\n", false},
	} {
		if got := Parse(c.path, []byte(c.src)).IsOverview(); got != c.want {
			t.Errorf("%s %q: IsOverview = %v", c.path, c.src, got)
		}
	}
}
