package lint

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
)

func sample() Report {
	l := diag.List{
		{Pos: diag.Pos{File: "manuals/a.md", Line: 2, Col: 11, Offset: 14}, End: diag.Pos{File: "manuals/a.md", Line: 2, Col: 17, Offset: 20}, Severity: diag.Error, Rule: "header/not-yaml", Message: "not yaml"},
		{Pos: diag.Pos{File: "manuals/a.md", Line: 9, Col: 1}, Severity: diag.Warning, Rule: "ref/prose-reference", Message: "prose, 100% bad\nreally"},
		{Pos: diag.Pos{File: "manuals/b.md"}, Severity: diag.Info, Rule: "header/missing", Message: "legacy"},
		{Pos: diag.Pos{File: "manuals/b.md", Line: 3, Col: 1}, Severity: diag.Warning, Rule: "ref/prose-reference", Message: "again"},
	}
	return Report{Diagnostics: l, Files: 2, Version: "v1.0.0"}
}

// TestSARIF checks the log against the SARIF 2.1.0 requirements lore relies
// on: version, one driver with uniquely identified rules, results pointing
// at an existing rule by id and index, valid levels, 1-based regions.
func TestSARIF(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "sarif", sample()); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			ColumnKind string `json:"columnKind"`
			Tool       struct {
				Driver struct {
					Name, Version, InformationURI string
					Rules                         []struct {
						ID                   string `json:"id"`
						Name                 string `json:"name"`
						ShortDescription     struct{ Text string }
						FullDescription      struct{ Text string }
						Help                 struct{ Text, Markdown string }
						DefaultConfiguration struct{ Level string }
					}
				}
			}
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           *struct {
							StartLine, StartColumn, EndLine, EndColumn, ByteLength int
							ByteOffset                                             *int
						}
					}
				}
			}
		}
	}
	dec := json.NewDecoder(&b)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") || len(log.Runs) != 1 {
		t.Fatalf("log header %+v", log)
	}
	run := log.Runs[0]
	d := run.Tool.Driver
	if run.ColumnKind != "unicodeCodePoints" || d.Name != "lore" || d.Version != "v1.0.0" || len(d.Rules) != 3 {
		t.Fatalf("driver %+v", d)
	}
	seen := map[string]bool{}
	for _, r := range d.Rules {
		rule := Lookup(r.ID)
		if seen[r.ID] || rule == nil || r.ShortDescription.Text != rule.Summary || r.FullDescription.Text != rule.Doc || r.Help.Text != rule.Doc || r.Help.Markdown == "" {
			t.Errorf("rule entry %+v", r)
		}
		seen[r.ID] = true
		if r.DefaultConfiguration.Level != sarifLevel(rule.Severity) {
			t.Errorf("%s default level %s", r.ID, r.DefaultConfiguration.Level)
		}
	}
	if len(run.Results) != 4 {
		t.Fatalf("%d results", len(run.Results))
	}
	for i, res := range run.Results {
		if res.RuleIndex < 0 || res.RuleIndex >= len(d.Rules) || d.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %d points at rule %d for %s", i, res.RuleIndex, res.RuleID)
		}
		if res.Level != "error" && res.Level != "warning" && res.Level != "note" || res.Message.Text == "" || len(res.Locations) != 1 {
			t.Errorf("result %d: %+v", i, res)
		}
		if r := res.Locations[0].PhysicalLocation.Region; r != nil && (r.StartLine < 1 || r.StartColumn < 1 || r.EndLine != 0 && r.EndLine < r.StartLine) {
			t.Errorf("result %d region %+v", i, r)
		}
	}
	if r := run.Results[0].Locations[0].PhysicalLocation.Region; r.EndColumn != 17 || r.EndLine != 2 || r.ByteOffset == nil || *r.ByteOffset != 14 || r.ByteLength != 6 {
		t.Errorf("end of the first result: %+v", r)
	}
	// A region without an end runs to the end of its line: no bytes.
	if r := run.Results[1].Locations[0].PhysicalLocation.Region; r.ByteOffset != nil || r.ByteLength != 0 {
		t.Errorf("a region without an end has bytes: %+v", r)
	}
	if run.Results[2].Locations[0].PhysicalLocation.Region != nil {
		t.Error("a whole-file finding has a region")
	}
}

func TestJSONShape(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "json", sample()); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Diagnostics []map[string]any
		Summary     map[string]int
	}
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	for _, d := range out.Diagnostics {
		if len(d) != 10 {
			t.Errorf("fields %v", d)
		}
		for _, k := range []string{"rule", "severity", "file", "line", "column", "endLine", "endColumn", "offset", "endOffset", "message"} {
			if _, ok := d[k]; !ok {
				t.Errorf("missing %s in %v", k, d)
			}
		}
	}
	if d := out.Diagnostics[0]; d["offset"] != float64(14) || d["endOffset"] != float64(20) {
		t.Errorf("offsets of the first finding: %v", d)
	}
	if out.Summary["files"] != 2 || out.Summary["errors"] != 1 || out.Summary["warnings"] != 2 || out.Summary["infos"] != 1 || len(out.Summary) != 4 {
		t.Errorf("summary %v", out.Summary)
	}
	// Field order is part of the contract.
	if !regexpOrder(b.String(), `"rule"`, `"severity"`, `"file"`, `"line"`, `"column"`, `"endLine"`, `"endColumn"`, `"offset"`, `"endOffset"`, `"message"`) {
		t.Errorf("field order: %s", b.String())
	}
}

func regexpOrder(s string, keys ...string) bool {
	at := 0
	for _, k := range keys {
		i := strings.Index(s[at:], k)
		if i < 0 {
			return false
		}
		at += i
	}
	return true
}

func TestTextAndColor(t *testing.T) {
	var plain, color bytes.Buffer
	r := sample()
	if err := Write(&plain, "text", r); err != nil {
		t.Fatal(err)
	}
	if err := WriteColor(&color, r); err != nil {
		t.Fatal(err)
	}
	strip := strings.NewReplacer("\x1b[1;31m", "", "\x1b[33m", "", "\x1b[36m", "", "\x1b[0m", "", "\x1b[2m", "")
	if strip.Replace(color.String()) != plain.String() {
		t.Errorf("coloured text differs from plain text:\n%s\n%s", color.String(), plain.String())
	}
	if !strings.Contains(color.String(), "\x1b[1;31merror\x1b[0m") || strings.Contains(plain.String(), "\x1b") {
		t.Error("colours")
	}
	if err := Write(&plain, "xml", r); err == nil {
		t.Error("unknown format accepted")
	}
}

// A file name or message that holds a newline or an ANSI escape prints as
// one line of plain text in the text formats: in a CI log a forged line
// "::error …" is a workflow command, and an escape could erase the lines
// before it.
func TestTextIsOneLinePerFinding(t *testing.T) {
	r := Report{Diagnostics: diag.List{
		{Pos: diag.Pos{File: "manuals/c\n::error file=x::pwn.md", Line: 1, Col: 1}, Severity: diag.Error, Rule: "file/name", Message: "m\x1b[1A\x1b[2K"},
		{Pos: diag.Pos{File: "manuals/d\x1b[2J\u202e.md"}, Severity: diag.Info, Rule: "header/missing", Message: "a\rb"},
	}}
	for _, write := range []func(*bytes.Buffer) error{
		func(b *bytes.Buffer) error { return Write(b, "text", r) },
		func(b *bytes.Buffer) error { return WriteColor(b, r) },
	} {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		out := strings.NewReplacer("\x1b[1;31m", "", "\x1b[36m", "", "\x1b[0m", "", "\x1b[2m", "").Replace(b.String())
		if strings.Count(out, "\n") != 2 || strings.ContainsAny(out, "\x1b\r\u202e") || !strings.Contains(out, `manuals/c\n::error file=x::pwn.md:1:1: `) ||
			!strings.Contains(out, `m\x1b[1A\x1b[2K`) || !strings.Contains(out, `manuals/d\x1b[2J\u202e.md: `) {
			t.Errorf("not one plain line per finding:\n%q", b.String())
		}
	}
}

func TestGitHubEscaping(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "github", sample()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 4 || lines[1] != "::warning file=manuals/a.md,line=9,col=1,title=ref/prose-reference::prose, 100%25 bad%0Areally" ||
		lines[2] != "::notice file=manuals/b.md,title=header/missing::legacy" {
		t.Errorf("github:\n%s", b.String())
	}
}

// TestGitHubControlCharacters checks that no control character but the
// line end reaches the log raw: a file name or message holding an ANSI
// escape, a bidi override or a bare carriage return is written escaped.
func TestGitHubControlCharacters(t *testing.T) {
	name := "manuals/a\x1b[2Jb\u202ec\x00d.md"
	r := Report{Diagnostics: diag.List{
		{Pos: diag.Pos{File: name, Line: 1, Col: 1}, Severity: diag.Error, Rule: "file/name", Message: "bad \x1b]0;title\x07 name\rx\u2028y"},
	}}
	var b bytes.Buffer
	if err := Write(&b, "github", r); err != nil {
		t.Fatal(err)
	}
	got := strings.TrimSuffix(b.String(), "\n")
	want := `::error file=manuals/a\x1b[2Jb\u202ec\x00d.md,line=1,col=1,title=file/name::bad \x1b]0;title\a name%0Dx\u2028y`
	if got != want {
		t.Errorf("github:\n got %q\nwant %q", got, want)
	}
	for _, r := range got {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			t.Errorf("control character U+%04X written raw", r)
		}
	}
}

func TestGlob(t *testing.T) {
	for _, c := range []struct {
		glob, path string
		want       bool
	}{
		{"manuals/legacy/**", "manuals/legacy/a.md", true},
		{"manuals/legacy/**", "manuals/legacy/x/y/a.md", true},
		{"manuals/legacy/**", "manuals/legacyx/a.md", false},
		{"manuals/legacy/", "manuals/legacy/x/a.md", true},
		{"manuals/*.md", "manuals/a.md", true},
		{"manuals/*.md", "manuals/x/a.md", false},
		{"**/draft-*.md", "draft-a.md", true},
		{"**/draft-*.md", "a/b/draft-a.md", true},
		{"./manuals/a?.md", "manuals/ab.md", true},
		{"manuals/a?.md", "manuals/a/.md", false},
		{"manuals/a+b (1).md", "manuals/a+b (1).md", true},
		{"manuals/[ab].md", "manuals/[ab].md", true}, // brackets and braces stand for themselves
		{"manuals/[ab].md", "manuals/a.md", false},
		{"manuals/{a,b}.md", "manuals/{a,b}.md", true},
		{"manuals/{a,b}.md", "manuals/a.md", false},
		{`manuals\x.md`, `manuals\x.md`, true},
		{"manuals/**/*.md", "manuals/a.md", true},
		{"manuals/**/*.md", "manuals/x/y/a.md", true},
		{"manuals/**/*.md", "other/a.md", false},
		{"*", "a.md", true},
		{"*", "x/a.md", false},
		{"**", "x/y/a.md", true},
		// Paths are clean and relative: ".." and absolute patterns match
		// no file (they widen nothing).
		{"**/../**", "manuals/a.md", false},
		{"manuals/../**", "a.md", false},
		{"/abs/p/manuals/a.md", "manuals/a.md", false},
		{"[", "manuals/a.md", false},
		{"manuals/a.md\\", "manuals/a.md", false},
	} {
		if got := newGlob(c.glob).match(c.path); got != c.want {
			t.Errorf("Glob(%q) on %q = %v", c.glob, c.path, got)
		}
	}
}

func TestSeverityPrecedence(t *testing.T) {
	cfg := config.Default(".")
	cfg.Lint.Rules = map[string]string{"*": "info", "size/*": "error", "size/goal": "off", "bogus": "nonsense"}
	s := severities(&Input{Config: cfg})
	if s["size/goal"] != diag.Off || s["size/split"] != diag.Error || s["ref/duplicate"] != diag.Info {
		t.Errorf("severities: goal %v split %v dup %v", s["size/goal"], s["size/split"], s["ref/duplicate"])
	}
	for _, r := range effective(&Input{Config: cfg}) {
		if r.ID == "size/goal" {
			t.Error("a rule set to off still runs")
		}
	}
	if s := severities(&Input{}); s["header/missing"] != diag.Info || s["size/hard-limit"] != diag.Error {
		t.Error("defaults")
	}
}

func TestDirectives(t *testing.T) {
	src := []byte(strings.Join([]string{
		"<!-- lore-disable-file header/missing -->", // 1
		"<!-- lore-disable size/* -->",              // 2
		"x",                                         // 3
		"<!-- lore-enable size/* -->",               // 4
		"<!-- lore-disable-next-line -->",           // 5
		"y",                                         // 6
		"<!-- lore-disable ref/bogus -->",           // 7
		"<!--lore-disable   ref/duplicate,ref/shadowed   -- why -->", // 8
	}, "\n"))
	d := parseDirectives(src)
	for _, c := range []struct {
		rule string
		line int
		want bool
	}{
		{"header/missing", 0, true}, {"header/missing", 50, true}, {"header/missing-summary", 1, false},
		{"size/goal", 2, true}, {"size/split", 3, true}, {"size/goal", 4, true}, {"size/goal", 5, false},
		{"ref/unknown-manual", 6, true}, {"ref/unknown-manual", 7, false},
		{"ref/broken-link", 9, false}, // an unknown rule silences nothing
		{"ref/duplicate", 9, true}, {"ref/shadowed", 100, true}, {"ref/prose-reference", 100, false},
		{"ref/duplicate", 0, false}, // a line range never covers whole-file findings
	} {
		if got := d.disabled(c.rule, c.line); got != c.want {
			t.Errorf("disabled(%s, %d) = %v", c.rule, c.line, got)
		}
	}
	if len(d.unknown) != 1 || d.unknown[0].line != 7 || !strings.Contains(d.unknown[0].msg, "ref/bogus") {
		t.Errorf("unknown %+v", d.unknown)
	}
}

func TestRuleRegistry(t *testing.T) {
	idForm := regexp.MustCompile(`^[a-z]+/[a-z0-9]+(-[a-z0-9]+)*$`)
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("duplicate rule %s", r.ID)
		}
		seen[r.ID] = true
		if !idForm.MatchString(r.ID) {
			t.Errorf("id %q is not group/name in lower case", r.ID)
		}
		if r.Manual == nil && r.Project == nil && r.ID != lintUnknownRule.ID && r.ID != lintFloor.ID { // reported while filtering
			t.Errorf("%s checks nothing", r.ID)
		}
		if r.Severity < diag.Info || r.Severity > diag.Error {
			t.Errorf("%s default severity %v", r.ID, r.Severity)
		}
		if strings.TrimSpace(r.Summary) == "" || strings.TrimSpace(r.Doc) == "" {
			t.Errorf("%s has no summary or no doc", r.ID)
		}
		got := Lookup(r.ID)
		if got == nil || got.ID != r.ID || got.Severity != r.Severity || got.Summary != r.Summary || got.Doc != r.Doc || got.Floor != r.Floor {
			t.Errorf("Lookup(%q) = %+v, want the rule Rules lists", r.ID, got)
		}
	}
	if len(seen) < 50 {
		t.Errorf("only %d rules registered", len(seen))
	}
	for _, id := range []string{"", "size", "size/*", "size/goal/x", "Size/Goal", "size/goals"} {
		if Lookup(id) != nil {
			t.Errorf("Lookup(%q) found a rule", id)
		}
	}
	if !matchesRule("size/*", "size/goal") || matchesRule("size/*", "sizes/goal") || !matchesRule("*", "x/y") || matchesRule("size/goal", "size/split") {
		t.Error("Matches")
	}
}

// Rules and Lookup hand out copies: changing one leaves the registry, and
// so every later lint run, as it was.
func TestRulesAreCopies(t *testing.T) {
	r := Rules()[0]
	want := r.Severity
	r.Severity, r.Doc = diag.Off, "changed"
	if got := Rules()[0]; got.Severity != want || got.Doc == "changed" {
		t.Errorf("changing a rule from Rules changed the registry: %+v", got)
	}
	l := Lookup(r.ID)
	l.Severity = diag.Off
	if got := Lookup(r.ID); got.Severity != want {
		t.Errorf("changing a rule from Lookup changed the registry: %v", got.Severity)
	}
}

// Every rule the package declares (a package-level variable made by &Rule{…}
// or by a function returning *Rule) is in the registry: a rule that is
// written but not registered would never run.
func TestEveryDeclaredRuleIsRegistered(t *testing.T) {
	fset := gotoken.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	makers := map[string]bool{} // functions returning *Rule
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Type.Results != nil && len(fn.Type.Results.List) == 1 {
				if star, ok := fn.Type.Results.List[0].Type.(*ast.StarExpr); ok {
					if id, ok := star.X.(*ast.Ident); ok && id.Name == "Rule" && fn.Name.Name != "lookup" && fn.Name.Name != "Lookup" {
						makers[fn.Name.Name] = true
					}
				}
			}
		}
	}
	declared := map[string]bool{}
	registered := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					vs, ok := spec.(*ast.ValueSpec)
					if !ok || d.Tok != gotoken.VAR {
						continue
					}
					for i, v := range vs.Values {
						if isRuleValue(v, makers) {
							declared[vs.Names[i].Name] = true
						}
					}
				}
			case *ast.FuncDecl:
				if d.Name.Name != "registry" {
					continue
				}
				ast.Inspect(d.Body, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						registered[id.Name] = true
					}
					return true
				})
			}
		}
	}
	if len(declared) < 50 {
		t.Fatalf("found only %d rule declarations: the walk is broken", len(declared))
	}
	for name := range declared {
		if !registered[name] {
			t.Errorf("rule %s is declared but not in registry()", name)
		}
	}
}

// isRuleValue reports whether e makes a rule: &Rule{…} or a call of a
// function returning *Rule.
func isRuleValue(e ast.Expr, makers map[string]bool) bool {
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if cl, ok := e.X.(*ast.CompositeLit); ok && e.Op == gotoken.AND {
			id, ok := cl.Type.(*ast.Ident)
			return ok && id.Name == "Rule"
		}
	case *ast.CallExpr:
		id, ok := e.Fun.(*ast.Ident)
		return ok && makers[id.Name]
	}
	return false
}
