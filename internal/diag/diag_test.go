package diag

import "testing"

func TestSortAndCount(t *testing.T) {
	l := List{
		{Pos: Pos{File: "b.md", Line: 1, Col: 1}, Severity: Error, Rule: "x/a", Message: "m"},
		{Pos: Pos{File: "a.md", Line: 10, Col: 1}, Severity: Warning, Rule: "x/a", Message: "m"},
		{Pos: Pos{File: "a.md", Line: 2, Col: 5}, Severity: Info, Rule: "x/b", Message: "m"},
		{Pos: Pos{File: "a.md", Line: 2, Col: 3}, Severity: Info, Rule: "x/b", Message: "m"},
		{Pos: Pos{File: "a.md", Line: 2, Col: 3}, Severity: Info, Rule: "x/b", Message: "m"}, // duplicate
		{Pos: Pos{File: "a.md"}, Severity: Error, Rule: "file/name", Message: "m"},
	}
	l.Sort()
	want := []string{"a.md: error: m [file/name]", "a.md:2:3: info: m [x/b]", "a.md:2:5: info: m [x/b]", "a.md:10:1: warning: m [x/a]", "b.md:1:1: error: m [x/a]"}
	if len(l) != len(want) {
		t.Fatalf("%d diagnostics after sort, want %d: %v", len(l), len(want), l)
	}
	for i, d := range l {
		if d.String() != want[i] {
			t.Errorf("%d: %s, want %s", i, d, want[i])
		}
	}
	if l.Count(Info) != 2 || l.Count(Error) != 2 || !l.AtLeast(Warning) || l.Summary() != "2 errors, 1 warning, 2 infos" {
		t.Errorf("count %s", l.Summary())
	}
	if (List{{Severity: Info}}).AtLeast(Warning) || (List{}).AtLeast(Info) {
		t.Error("AtLeast")
	}
	if (Pos{File: "f", Line: 3}).String() != "f:3" {
		t.Error("Pos without column")
	}
}

func TestParseSeverity(t *testing.T) {
	for in, want := range map[string]Severity{"error": Error, "Warning": Warning, "warn": Warning, "INFO": Info, "off": Off, "Off": Off} {
		if s, err := ParseSeverity(in); err != nil || s != want {
			t.Errorf("ParseSeverity(%q) = %v, %v", in, s, err)
		}
	}
	for _, in := range []string{"fatal", "", "none", "false", " info ", "warnings"} {
		if _, err := ParseSeverity(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
	if Severity(9).String() != "severity(9)" || Error.String() != "error" {
		t.Error("String")
	}
}
