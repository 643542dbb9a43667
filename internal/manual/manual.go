// Package manual is the model of an agent manual: a Markdown file with an
// optional strict lore header or, in the Agent Skills dialect, YAML front
// matter; its name, sections and references; and the manualPaths cascade
// that decides which file manual_read('name') returns.
//
// Parsing never loses input: every section, reference and header field keeps
// its line, so every finding points at a source line.
package manual

import (
	"path"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/lorekit/lore/internal/diag"
)

// Dialect says which header convention a manual follows.
type Dialect string

// The dialects.
const (
	// Lore is a plain Markdown manual with the optional lore header.
	Lore Dialect = "lore"
	// Skill is an Agent Skills / Copilot document with YAML front matter:
	// SKILL.md, *.agent.md, *.instructions.md, *.prompt.md.
	Skill Dialect = "skill"
)

// Manual is one parsed manual.
type Manual struct {
	// Path identifies the file: slash-separated, relative to the project
	// (or to the working directory for files linted by path).
	Path string
	// Rel is the path relative to the manual root the file was found under.
	Rel string
	// Root is the manual root (a folder) the file was found under.
	Root string
	// Name is what manual_read takes.
	Name    string
	Dialect Dialect
	// Src is the file's text; a lone CR in it is read as LF (see Parse).
	Src []byte

	Header Header
	// Normalised header fields of both dialects.
	Audience string
	// Triggers are the first KeptTriggers triggers; TriggerCount is how
	// many the header lists (header/too-many-triggers reports the excess).
	Triggers      []string
	TriggerCount  int
	Summary       string
	RequiresTools []string

	// Title is the text of the first H1, if any.
	Title    string
	Sections []Section
	Refs     []Ref
	Fences   []Fence
	// Lines is the number of lines of the whole file.
	Lines int

	// Doc is the goldmark AST of the body; its segments are offsets into Body.
	Doc ast.Node
	// Unparsed is set when the body was too complex to parse (rule
	// file/too-complex): Doc is empty, Sections and links are missing.
	Unparsed bool
	// BodyStart is the byte offset of Body in Src.
	BodyStart int

	// Owner is the SKILL.md whose folder holds this document, if any.
	Owner *Manual
	// outer is, for a SKILL.md, the SKILL.md of the skill whose folder
	// holds its own (a nested skill), if any.
	outer *Manual

	// Problems are defects found while reading and parsing, each tagged
	// with the lint rule that reports it.
	Problems []Problem

	idx diag.Lines
}

// KeptTriggers bounds the triggers a manual routes by: a header that lists
// thousands would make the catalog, the site and the search index grow by
// a multiple of the header. The header's field keeps the whole value.
const KeptTriggers = 100

// Body returns the Markdown after the header.
func (m *Manual) Body() []byte { return m.Src[m.BodyStart:] }

// Pos returns the diagnostic position of byte offset off in Src.
func (m *Manual) Pos(off int) diag.Pos {
	off = max(0, min(off, len(m.Src)))
	l, c := m.idx.Pos(m.Src, off)
	return diag.Pos{File: m.Path, Line: l, Col: c, Offset: off}
}

// Positions returns Pos of each offset of offs, in one pass over each
// line however many of them it holds (diag.Lines.Positions).
func (m *Manual) Positions(offs []int) []diag.Pos {
	lc := m.idx.Positions(m.Src, offs)
	out := make([]diag.Pos, len(offs))
	for i, off := range offs {
		out[i] = diag.Pos{File: m.Path, Line: lc[i][0], Col: lc[i][1], Offset: max(0, min(off, len(m.Src)))}
	}
	return out
}

// LineOf returns the 1-based line that holds byte offset off, without
// the column Pos counts from the line's start.
func (m *Manual) LineOf(off int) int { return m.idx.Line(max(0, min(off, len(m.Src)))) }

// LinePos returns the position of column col on line n (line 0: the
// whole file).
func (m *Manual) LinePos(n, col int) diag.Pos {
	if n == 0 {
		return diag.Pos{File: m.Path, Col: col}
	}
	return diag.Pos{File: m.Path, Line: n, Col: col, Offset: m.Offset(n, col)}
}

// Offset returns the byte offset of line n, column col in Src (see
// diag.Lines.Offset).
func (m *Manual) Offset(n, col int) int { return m.idx.Offset(m.Src, n, col) }

// Line returns the text of 1-based line n without its line ending.
func (m *Manual) Line(n int) string { return string(m.idx.Text(m.Src, n)) }

// LineOffset returns the byte offset at which 1-based line n starts.
func (m *Manual) LineOffset(n int) int { return m.idx.Start(m.Src, n) }

// Section is a heading and the lines it spans: Src[Offset:EndOffset].
type Section struct {
	Level   int
	Title   string
	ID      string // anchor id
	Line    int    // line of the heading
	EndLine int    // last line before the next heading of the same or a higher level
	// Offset is where the heading's line starts; EndOffset where the line
	// after EndLine starts (or the end of the file).
	Offset, EndOffset int
}

// Fence is a fenced or indented code block: Src[Offset:EndOffset].
type Fence struct {
	Lang    string
	Line    int // first line (the opening fence; of an indented block, its first line)
	EndLine int
	// Indented is set for an indented code block, which has no fences.
	Indented bool
	// Offset is where Line starts; EndOffset where the line after EndLine
	// starts (or the end of the file).
	Offset, EndOffset int
}

// RefKind says what a reference points at.
type RefKind uint8

// The reference kinds.
const (
	// RefManual is a manual_read('name') call.
	RefManual RefKind = iota + 1
	// RefLink is a Markdown link or image to a relative path and/or anchor.
	RefLink
)

// Ref is a reference out of a manual.
type Ref struct {
	Kind RefKind
	// Target is the manual name (RefManual) or the link's path without its
	// anchor (RefLink; empty for a same-file anchor).
	Target string
	Anchor string
	Line   int
	Col    int
	EndCol int
	// Offset and EndOffset are the byte offsets of Col and EndCol: the
	// reference is Src[Offset:EndOffset] (of the text searched).
	Offset, EndOffset int
	// Image is true for an image link.
	Image bool
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// ValidName reports whether s is a valid manual name: it matches
// [A-Za-z0-9][A-Za-z0-9._-]* and contains no "..".
func ValidName(s string) bool {
	return nameRE.MatchString(s) && !strings.Contains(s, "..")
}

// skillSuffixes are the file name endings of the Agent Skills dialect.
var skillSuffixes = []string{".agent.md", ".instructions.md", ".prompt.md"}

// DialectOf returns the dialect a file name implies.
func DialectOf(file string) Dialect {
	base := path.Base(file)
	if base == "SKILL.md" {
		return Skill
	}
	for _, s := range skillSuffixes {
		if strings.HasSuffix(base, s) && len(base) > len(s) {
			return Skill
		}
	}
	return Lore
}

// NameOf returns the manual name the file name implies: the basename without
// its extension (and without .agent/.instructions/.prompt); for SKILL.md the
// folder name.
func NameOf(file string) string {
	base := path.Base(file)
	if base == "SKILL.md" {
		return path.Base(path.Dir(file))
	}
	for _, s := range skillSuffixes {
		if strings.HasSuffix(base, s) && len(base) > len(s) {
			return strings.TrimSuffix(base, s)
		}
	}
	return strings.TrimSuffix(base, path.Ext(base))
}

// IsOverview reports whether m is a routing overview: overview.md, or
// <family>-overview.md so that overview names stay unique across families
// (embedding/embed-overview.md → manual_read('embed-overview')). A
// <family>-overview.md without any manual_read route is a content page
// that happens to give an overview ("test-slices-overview.md"), not a
// routing overview.
func (m *Manual) IsOverview() bool {
	base := strings.ToLower(path.Base(m.Path))
	if base == "overview.md" {
		return true
	}
	if !strings.HasSuffix(base, "-overview.md") {
		return false
	}
	for _, r := range m.Refs {
		if r.Kind == RefManual {
			return true
		}
	}
	return false
}

// InSkill reports whether m is a resource of an Agent Skills folder: a
// document beside or below a SKILL.md (references, rules, templates), read
// through the skill's links rather than routed by manual_read.
func (m *Manual) InSkill() bool { return m.Owner != nil }

// enclosing returns the SKILL.md whose folder holds m's: its Owner for a
// document, its outer skill for a nested SKILL.md, nil at the top.
func (m *Manual) enclosing() *Manual {
	if m.Owner != nil {
		return m.Owner
	}
	return m.outer
}

// IsSkillEntry reports whether m is a SKILL.md.
func (m *Manual) IsSkillEntry() bool { return path.Base(m.Path) == "SKILL.md" }

// Dir returns the folder of the manual's path.
func (m *Manual) Dir() string { return path.Dir(m.Path) }

// HasSection reports whether m has a heading with anchor id.
func (m *Manual) HasSection(id string) bool {
	for _, s := range m.Sections {
		if s.ID == id {
			return true
		}
	}
	return false
}
