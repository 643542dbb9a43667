package search

import (
	"errors"
	"fmt"
	"strings"

	"github.com/lorekit/lore/internal/manual"
)

// ErrInvalidName is returned for a name manual_read refuses: one with '/',
// '\' or "..", or one that is not [A-Za-z0-9][A-Za-z0-9._-]*.
var ErrInvalidName = errors.New("invalid manual name")

// ErrNotFound is returned when no manual of the cascade visible to its
// asker has the name.
var ErrNotFound = errors.New("no such manual")

// Read answers manual_read(name) through the cascade c: the first manual
// called name in manualPaths order that is visible to c's asker, and its
// text (ReadText); a hidden manual is ErrNotFound, like an unknown name,
// so the answer never tells that it exists. set supplies
// the documents a skill owns; rel maps file paths to displayed paths (nil:
// unchanged).
func Read(set *manual.Set, c *manual.Cascade, name string, rel func(string) string) (*manual.Manual, string, error) {
	if strings.ContainsAny(name, `/\`) || strings.Contains(name, "..") || !manual.ValidName(name) {
		return nil, "", fmt.Errorf("%w %q: a name is a file's basename without extension, never a path", ErrInvalidName, name)
	}
	m := c.Resolve(name)
	if m == nil {
		return nil, "", fmt.Errorf("%w %q", ErrNotFound, name)
	}
	if rel == nil {
		rel = func(s string) string { return s }
	}
	var refs []Ref
	for _, o := range Owned(set)[m] {
		refs = append(refs, Ref{Name: o.Name, Summary: o.Summary, Path: rel(o.Path)})
	}
	return m, ReadText(m, refs), nil
}

// ReadText is what manual_read returns for m: its raw Markdown, and when m
// is a skill that holds further documents, a list of them after a rule, so
// the agent knows what else it can load.
func ReadText(m *manual.Manual, refs []Ref) string {
	if len(refs) == 0 {
		return string(m.Src)
	}
	var b strings.Builder
	b.Write(m.Src)
	if len(m.Src) > 0 && m.Src[len(m.Src)-1] != '\n' {
		b.WriteByte('\n')
	}
	b.WriteString("\n---\n\nReferences of this skill (load one with `manual_read('name')`):\n\n")
	for _, r := range refs {
		fmt.Fprintf(&b, "- `manual_read('%s')`", r.Name)
		if r.Summary != "" {
			fmt.Fprintf(&b, " — %s", r.Summary)
		}
		fmt.Fprintf(&b, " (%s)\n", r.Path)
	}
	return b.String()
}
