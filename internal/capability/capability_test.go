package capability

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
)

// project writes files into a MemMapFs and loads the manuals under p/manuals.
func project(t *testing.T, files map[string]string) (afero.Fs, *manual.Set) {
	t.Helper()
	fsys := afero.NewMemMapFs()
	for name, text := range files {
		if err := afero.WriteFile(fsys, name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fsys, manual.Load(fsys, []string{"p/manuals"})
}

var skillFixture = map[string]string{
	"p/manuals/deploy/SKILL.md": "---\nname: deploy\ndescription: Deploy the app. Use when asked to ship.\nallowed-tools: Bash, Read\n---\n# Deploy\n\n" +
		"Docs: https://docs.example.com/deploy\n\n```bash\n./scripts/release.sh --tag v1\nkubectl rollout status deploy/app\n```\n\nSee [the runbook](references/runbook.md).\n",
	"p/manuals/deploy/references/runbook.md": "# Runbook\n\n```console\n$ helm upgrade app chart/\nRelease \"app\" upgraded.\n```\n",
	"p/manuals/deploy/scripts/release.sh":    "#!/bin/sh\nset -e\ngit tag \"$1\"\ncurl -fsS https://hooks.example.net/release -d tag=\"$1\"\n",
	"p/manuals/deploy/assets/logo.png":       "\x89PNG\x00\x00binary",
	"p/manuals/deploy/nested/SKILL.md":       "---\nname: nested\ndescription: Another skill.\n---\n# Nested\n",
	"p/manuals/notes.md": "---\nrequires-tools: web_fetch\n---\n# Notes\n\n```sh\npip install requests\n```\n\n" +
		"```bash\n$ npm test\nPASS all\n```\n\n> ```sh\n> cp a.md b.md\n> ```\n",
}

func TestAll(t *testing.T) {
	fsys, set := project(t, skillFixture)
	got := All(set, Options{FS: fsys, Rel: func(p string) string { return strings.TrimPrefix(p, "p/") }})
	var b strings.Builder
	for _, s := range got {
		for _, f := range s.Facts {
			b.WriteString(s.Manual + " " + string(f.Kind) + " " + f.Value)
			if f.Kind != File {
				b.WriteString(" @" + f.Pos.String())
			}
			b.WriteString("\n")
		}
	}
	want := `manuals/deploy/SKILL.md name deploy @p/manuals/deploy/SKILL.md:1:1
manuals/deploy/SKILL.md file SKILL.md
manuals/deploy/SKILL.md file assets/logo.png
manuals/deploy/SKILL.md file references/runbook.md
manuals/deploy/SKILL.md file scripts/release.sh
manuals/deploy/SKILL.md tool Bash @p/manuals/deploy/SKILL.md:4:1
manuals/deploy/SKILL.md tool Read @p/manuals/deploy/SKILL.md:4:1
manuals/deploy/SKILL.md host docs.example.com @p/manuals/deploy/SKILL.md:8:7
manuals/deploy/SKILL.md host hooks.example.net @p/manuals/deploy/scripts/release.sh:4:11
manuals/deploy/SKILL.md command ./scripts/release.sh @p/manuals/deploy/SKILL.md:11:1
manuals/deploy/SKILL.md command curl @p/manuals/deploy/scripts/release.sh:4:1
manuals/deploy/SKILL.md command git @p/manuals/deploy/scripts/release.sh:3:1
manuals/deploy/SKILL.md command helm @p/manuals/deploy/references/runbook.md:4:3
manuals/deploy/SKILL.md command kubectl @p/manuals/deploy/SKILL.md:12:1
manuals/deploy/SKILL.md command set @p/manuals/deploy/scripts/release.sh:2:1
manuals/deploy/SKILL.md script scripts/release.sh @p/manuals/deploy/scripts/release.sh:1:1
manuals/deploy/nested/SKILL.md name nested @p/manuals/deploy/nested/SKILL.md:1:1
manuals/deploy/nested/SKILL.md file SKILL.md
manuals/notes.md name notes @p/manuals/notes.md:1:1
manuals/notes.md file notes.md
manuals/notes.md tool web_fetch @p/manuals/notes.md:2:1
manuals/notes.md command cp @p/manuals/notes.md:16:3
manuals/notes.md command npm @p/manuals/notes.md:11:3
manuals/notes.md command pip @p/manuals/notes.md:7:1
`
	if b.String() != want {
		t.Errorf("surfaces:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, f := range got[0].Facts {
		if f.Kind == File && !validSRI(f.Digest) {
			t.Errorf("file %s: digest %q is not SRI", f.Value, f.Digest)
		}
	}
}

func TestLockRoundTrip(t *testing.T) {
	fsys, set := project(t, skillFixture)
	l := NewLock(All(set, Options{FS: fsys}))
	data := l.Format()
	back, err := ParseLock(LockFile, data)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Format(), data) {
		t.Errorf("format → parse → format changed the file:\n%s\n---\n%s", data, back.Format())
	}
	if cs := Diff(back, All(set, Options{FS: fsys})); len(cs) != 0 {
		t.Errorf("the sources differ from their own lock: %+v", cs)
	}
	// Odd values are quoted and read back.
	odd := NewLock([]Surface{{Manual: "m a/x.md", Name: "x", Facts: []Fact{{Kind: Name, Value: "x"}, {Kind: Tool, Value: "Bash(git add:*)"},
		{Kind: Host, Value: "exa\u200bmple.com"}}}})
	data = odd.Format()
	if !strings.Contains(string(data), `"m a/x.md" tool "Bash(git add:*)"`) || !strings.Contains(string(data), `"exa\u200bmple.com"`) {
		t.Errorf("odd values not quoted:\n%s", data)
	}
	back, err = ParseLock(LockFile, data)
	if err != nil || !bytes.Equal(back.Format(), data) {
		t.Errorf("odd values: %v\n%s", err, back.Format())
	}
}

func TestParseLockErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"m.md tool\n", "manuals.lock:1: expected MANUAL KIND VALUE"},
		{"# c\nm.md weapon x\n", "manuals.lock:2: unknown kind \"weapon\""},
		{"m.md file m.md\n", "needs its digest"},
		{"m.md file m.md sha256-abc\n", "is not sha256-BASE64"},
		{"m.md tool a\nm.md tool a\n", "manuals.lock:2: duplicate line (first on line 1)"},
		{"m.md tool \"a\n", "unterminated quoted field"},
	} {
		_, err := ParseLock(LockFile, []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseLock(%q) = %v, want %q", tc.src, err, tc.want)
		}
	}
}

func TestDiff(t *testing.T) {
	fsys, set := project(t, skillFixture)
	old := NewLock(All(set, Options{FS: fsys}))
	old, _ = ParseLock(LockFile, old.Format()) // with lock lines
	// The script now posts somewhere else, a tool is added, notes is
	// renamed by a new file and the nested skill is gone.
	edit := map[string]string{
		"p/manuals/deploy/scripts/release.sh": "#!/bin/sh\nset -e\ngit tag \"$1\"\nwget -qO- https://collect.example.org/x\n",
		"p/manuals/deploy/SKILL.md":           strings.Replace(skillFixture["p/manuals/deploy/SKILL.md"], "Bash, Read", "Bash, Read, Write", 1),
	}
	files := map[string]string{}
	for k, v := range skillFixture {
		files[k] = v
	}
	for k, v := range edit {
		files[k] = v
	}
	delete(files, "p/manuals/deploy/nested/SKILL.md")
	fsys, set = project(t, files)
	cs := Diff(old, All(set, Options{FS: fsys}))
	var got []string
	for _, c := range cs {
		got = append(got, c.Name+": "+c.Describe())
	}
	want := []string{
		"deploy: file SKILL.md changed",
		"deploy: file scripts/release.sh changed",
		"deploy: new tool Write",
		"deploy: new host collect.example.org",
		"deploy: host hooks.example.net removed",
		"deploy: command curl removed",
		"deploy: new command wget",
		"nested: manual removed",
	}
	if len(got) != len(want) {
		t.Fatalf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("change %d: %q, want %q…", i, got[i], want[i])
		}
	}
	// Removed facts point at the lock, added ones at the sources.
	for _, c := range cs {
		switch c.Op {
		case Removed:
			if c.Pos.File != LockFile || c.Pos.Line == 0 {
				t.Errorf("%s: at %v, want a line of the lock", c.Describe(), c.Pos)
			}
		case Added:
			if !strings.HasPrefix(c.Pos.File, "p/manuals/") || c.Pos.Line == 0 {
				t.Errorf("%s: at %v, want a line of the sources", c.Describe(), c.Pos)
			}
		}
	}
	var buf bytes.Buffer
	r := &Report{Base: LockFile, Changes: cs}
	if err := r.WriteJSON(&buf); err != nil || !json.Valid(buf.Bytes()) {
		t.Fatalf("json: %v\n%s", err, buf.String())
	}
	buf.Reset()
	_ = r.WriteMarkdown(&buf)
	if !strings.Contains(buf.String(), "| `deploy` | **new command** `wget` | `p/manuals/deploy/scripts/release.sh:4:1` |") {
		t.Errorf("markdown:\n%s", buf.String())
	}
}

func TestDiffNewManual(t *testing.T) {
	fsys, set := project(t, skillFixture)
	cs := Diff(nil, All(set, Options{FS: fsys}))
	if len(cs) == 0 || cs[0].Kind != Manual || cs[0].Op != Added {
		t.Fatalf("first change %+v, want a new manual", cs)
	}
	for _, c := range cs {
		if c.Kind == Name {
			t.Errorf("a new manual lists its name as a change: %+v", c)
		}
	}
}

func TestMarkdownEscapes(t *testing.T) {
	r := &Report{Base: "x", Changes: []Change{{Manual: "m.md", Name: "m", Kind: Command, Op: Added, Value: "a|b`c\u202e"}}}
	var buf bytes.Buffer
	_ = r.WriteMarkdown(&buf)
	if !strings.Contains(buf.String(), "`` a\\|b`c\\u202e ``") || strings.ContainsRune(buf.String(), '\u202e') {
		t.Errorf("markdown does not escape: %s", buf.String())
	}
}

// TestSuppressions records the security rules a manual's directives turn
// off: named ones, the group, every rule (no rule named), and not what
// only enables or names other rules.
func TestSuppressions(t *testing.T) {
	_, set := project(t, map[string]string{"p/manuals/a.md": "# A\n\n" +
		"<!-- lore-disable-next-line security/injection, size/goal -- quoted on purpose -->\nx\n" +
		"<!-- lore-disable security/* -->\ny\n<!-- lore-enable security/* -->\n" +
		"<!-- lore-disable-next-line size/goal -->\nz\n<!-- lore-enable -->\n<!-- lore-disable-file -->\n" +
		"<!-- lore-disable security/injection -->\n"})
	got := All(set, Options{})
	var b strings.Builder
	for _, f := range got[0].Of(Suppress) {
		b.WriteString(f.Value + " @" + f.Pos.String() + "\n")
	}
	want := "* @p/manuals/a.md:11:1\nsecurity/* @p/manuals/a.md:5:1\nsecurity/injection @p/manuals/a.md:3:1\n"
	if b.String() != want {
		t.Errorf("suppressions:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestRouteDescribeEscapes: a route's request is quoted with its quotes
// escaped, so a trigger cannot end the quote and forge the rest of the
// line; the markdown form keeps it in a code span.
func TestRouteDescribeEscapes(t *testing.T) {
	c := Change{Manual: "m.md", Name: "m", Kind: Route, Op: Changed, Value: `deploy" (trigger of a): loaded a before, now loads a` + "\x1b[8m",
		Probe: "trigger of m", Old: "a", New: "m"}
	want := `route "deploy\" (trigger of a): loaded a before, now loads a\\x1b[8m" (trigger of m): loaded a before, now loads m`
	if got := c.Describe(); got != want {
		t.Errorf("Describe =\n%s\nwant\n%s", got, want)
	}
	c.Op, c.Old = Added, ""
	if got := mdDescribe(c); !strings.Contains(got, "alternatives or a hint before, now loads `m`") || !strings.HasPrefix(got, "**route `") {
		t.Errorf("mdDescribe = %s", got)
	}
}

// TestLinkedFilesOfManual: a lore manual's surface holds the files it
// links to that are no manuals, with their hosts (not an SVG's namespace)
// and commands; links out of its root and to manuals add nothing.
func TestLinkedFilesOfManual(t *testing.T) {
	fs := afero.NewMemMapFs()
	write := func(p, s string) {
		if err := afero.WriteFile(fs, p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("m/guide.md", "# Guide\n\nRun [it](tools/run.sh), see ![d](img/d.svg), [other](other.md) and [out](../x.sh).\n")
	write("m/other.md", "# Other\n")
	write("m/tools/run.sh", "#!/bin/sh\ncurl -s https://dl.example.net/x -o x\n")
	write("m/img/d.svg", `<svg xmlns="http://www.w3.org/2000/svg"><a href="https://track.example.org/p"/></svg>`)
	write("x.sh", "rm -rf /\n")
	set := manual.Load(fs, []string{"m"})
	var got []string
	for _, s := range All(set, Options{FS: fs}) {
		if s.Manual != "m/guide.md" {
			continue
		}
		for _, f := range s.Facts {
			if f.Kind != Name {
				got = append(got, string(f.Kind)+" "+f.Value)
			}
		}
	}
	want := []string{"file guide.md", "file img/d.svg", "file tools/run.sh", "host dl.example.net", "host track.example.org", "command curl", "script tools/run.sh"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("facts %q, want %q", got, want)
	}
}
