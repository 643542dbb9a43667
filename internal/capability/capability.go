// Package capability computes the capability surface of every manual and
// skill — what an agent that loads it is told it may do — and freezes it
// in manuals.lock for review: the integrity digest of every file it
// consists of, its tools (requires-tools, allowed-tools), the hosts of
// the URLs and mail addresses it references, the commands of its code
// blocks and of the inline code
// spans that read as command lines, the scripts it ships
// and the security rules its inline directives turn off. Diff names what
// changed between a lock and the sources.
package capability

import (
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"path"
	"slices"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// Kind is what a fact records.
type Kind string

// The kinds of fact, in the order the lock lists them for a manual.
const (
	// Name is the name manual_read takes.
	Name Kind = "name"
	// File is a file the manual consists of, with its digest.
	File Kind = "file"
	// Tool is a tool it requires or allows (requires-tools, allowed-tools,
	// tools).
	Tool Kind = "tool"
	// Host is the host of a URL it references (links, code, scripts), or
	// of a mail address (name@host, ssh's user@host).
	Host Kind = "host"
	// Command is the first word of a command in a shell code block, in
	// the lines of another block that look run, in an inline code span
	// that reads as a command line, or in a shipped shell script.
	Command Kind = "command"
	// Script is a file it ships to be run (scripts/, a script extension,
	// a #! line or an executable bit).
	Script Kind = "script"
	// Suppress is a security rule an inline directive of the manual turns
	// off (<!-- lore-disable… -->): "security/injection", "security/*",
	// or "*" for a directive that names no rule; or a setting of
	// lore.yaml that weakens the security rules for the manual:
	// "lore.yaml:PATTERN=SEVERITY" for a lint.rules entry that turns them
	// off or below their default ("lore.yaml:security/*=off"), and
	// "lore.yaml:ignore" when lint.ignore covers a file of the manual. A
	// rendered diff hides the comment or setting; the lock makes it a
	// line a review sees.
	Suppress Kind = "suppress"
)

// kinds lists every kind in lock order.
var kinds = []Kind{Name, File, Tool, Host, Command, Script, Suppress}

func kindOrder(k Kind) int {
	if i := slices.Index(kinds, k); i >= 0 {
		return i
	}
	return len(kinds)
}

// Fact is one line of a manual's surface.
type Fact struct {
	Kind Kind
	// Value is the name, tool, host, command, or the path of a file or
	// script relative to the manual's folder.
	Value string
	// Digest is a file's integrity digest in SRI form (sha256-<base64>).
	Digest string
	// Pos is where the fact was first found (a file's first line); the
	// zero Pos for facts read from a lock.
	Pos diag.Pos
}

func compareFacts(a, b Fact) int {
	return cmp.Or(cmp.Compare(kindOrder(a.Kind), kindOrder(b.Kind)), cmp.Compare(a.Value, b.Value))
}

// Surface is the capability surface of one manual or skill.
type Surface struct {
	// Manual is the manual's file, relative to the project (SKILL.md for
	// a skill): the key of its lines in manuals.lock.
	Manual string
	// Name is what manual_read takes.
	Name string
	// Facts are sorted by kind (lock order), then value; one fact per
	// kind and value.
	Facts []Fact
}

// Of returns the facts of kind k.
func (s *Surface) Of(k Kind) []Fact {
	var out []Fact
	for _, f := range s.Facts {
		if f.Kind == k {
			out = append(out, f)
		}
	}
	return out
}

// Options configure All.
type Options struct {
	// FS is what the manuals were read from: a skill's other files are
	// read from it.
	FS afero.Fs
	// Rel turns a manual's path into the path the lock keys it by
	// (relative to the project); nil keeps it.
	Rel func(string) string
	// Sum returns the SHA-256 of a manual's source when the caller has it
	// already; nil computes it.
	Sum func(*manual.Manual) ([32]byte, bool)
	// Weakened returns the Suppress facts the project's settings add to
	// a manual made of files (their paths on FS): lore.yaml's lint
	// settings that turn its security rules off or lower them
	// (lint.Weakened). nil: none.
	Weakened func(files []string) []Fact
}

// All returns the surface of every manual of set that stands on its own:
// lore manuals, Agent Skills files and every SKILL.md with the documents
// and files of its folder. Documents inside a skill's folder are part of
// the skill's surface, not surfaces of their own. Sorted by Manual.
func All(set *manual.Set, o Options) []Surface {
	owned := map[*manual.Manual][]*manual.Manual{}
	var tops []*manual.Manual
	for _, m := range set.Manuals {
		if m.Owner != nil {
			owned[m.Owner] = append(owned[m.Owner], m)
			continue
		}
		tops = append(tops, m)
	}
	out := make([]Surface, len(tops))
	forEach(len(tops), func(i int) { out[i] = surfaceOf(tops[i], owned[tops[i]], o) })
	slices.SortFunc(out, func(a, b Surface) int { return cmp.Compare(a.Manual, b.Manual) })
	return out
}

// surfaceOf computes the surface of m and the documents it owns.
func surfaceOf(m *manual.Manual, docs []*manual.Manual, o Options) Surface {
	key := m.Path
	if o.Rel != nil {
		key = o.Rel(m.Path)
	}
	c := newCollector()
	c.add(Fact{Kind: Name, Value: m.Name, Pos: m.LinePos(1, 1)})
	for _, d := range append([]*manual.Manual{m}, docs...) {
		manualFacts(c, d)
	}
	if m.IsSkillEntry() && o.FS != nil {
		skillFiles(c, o.FS, m, docs)
	} else {
		c.add(Fact{Kind: File, Value: baseName(m.Path), Digest: sri(manualSum(m, o)), Pos: m.LinePos(1, 1)})
		if o.FS != nil {
			linkedFiles(c, o.FS, m)
		}
	}
	if o.Weakened != nil {
		for _, f := range o.Weakened(files(m, docs, c)) {
			c.add(f)
		}
	}
	return Surface{Manual: key, Name: m.Name, Facts: c.facts()}
}

// files returns the paths of the files of m's surface: m, the documents
// it owns and every file the collector c holds.
func files(m *manual.Manual, docs []*manual.Manual, c *collector) []string {
	out := []string{m.Path}
	for _, d := range docs {
		out = append(out, d.Path)
	}
	for _, f := range c.list {
		if f.Kind == File {
			out = append(out, path.Join(path.Dir(m.Path), f.Value))
		}
	}
	return out
}

func manualSum(m *manual.Manual, o Options) [32]byte {
	if o.Sum != nil {
		if s, ok := o.Sum(m); ok {
			return s
		}
	}
	return sha256.Sum256(m.Src)
}

// SRI returns the integrity digest of data: sha256-<base64>, the form of
// the Subresource Integrity specification.
func SRI(data []byte) string { return sri(sha256.Sum256(data)) }

func sri(sum [32]byte) string { return "sha256-" + base64.StdEncoding.EncodeToString(sum[:]) }

// collector keeps the first occurrence of every kind and value.
type collector struct {
	seen map[Kind]map[string]int
	list []Fact
}

func newCollector() *collector { return &collector{seen: map[Kind]map[string]int{}} }

func (c *collector) add(f Fact) {
	if f.Value == "" {
		return
	}
	byKind := c.seen[f.Kind]
	if byKind == nil {
		byKind = map[string]int{}
		c.seen[f.Kind] = byKind
	}
	if _, ok := byKind[f.Value]; ok {
		return
	}
	byKind[f.Value] = len(c.list)
	c.list = append(c.list, f)
}

func (c *collector) facts() []Fact {
	out := slices.Clone(c.list)
	slices.SortFunc(out, compareFacts)
	return out
}
