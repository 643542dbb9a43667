package capability

import (
	"cmp"
	"encoding/base64"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/lorekit/lore/internal/diag"
)

// LockFile is the conventional name of the capability lock, beside
// lore.yaml (and prompts.lock).
const LockFile = "manuals.lock"

// Lock is manuals.lock: the surfaces of every manual and skill, as they
// were reviewed.
type Lock struct {
	// Surfaces are sorted by Manual; the Pos of every fact is its line in
	// the file.
	Surfaces []Surface
}

const lockHeader = `# manuals.lock: what every manual and skill lets an agent do, one fact a line:
#   MANUAL name NAME
#   MANUAL file PATH sha256-BASE64
#   MANUAL tool|host|command|script|suppress VALUE
# MANUAL is the manual's file (a skill's SKILL.md) relative to the project,
# PATH a file of it relative to its folder. Written by 'lore lock'; 'lore
# build --locked' fails when a manual differs from it, and 'lore diff' shows
# how. Lines are sorted, so branches that change different manuals merge.
`

// LockError is a defect of a lockfile, at a line of it.
type LockError struct {
	Line int
	Msg  string
}

func (e *LockError) Error() string { return fmt.Sprintf("%s:%d: %s", LockFile, e.Line, e.Msg) }

// NewLock returns the lock of surfaces.
func NewLock(surfaces []Surface) *Lock {
	l := &Lock{Surfaces: slices.Clone(surfaces)}
	slices.SortFunc(l.Surfaces, func(a, b Surface) int { return cmp.Compare(a.Manual, b.Manual) })
	return l
}

// Surface returns the locked surface of manual (its lock key), or nil.
func (l *Lock) Surface(manual string) *Surface {
	i, ok := slices.BinarySearchFunc(l.Surfaces, manual, func(s Surface, m string) int { return cmp.Compare(s.Manual, m) })
	if !ok {
		return nil
	}
	return &l.Surfaces[i]
}

// Format writes the lockfile: the header, then one line per fact, sorted
// by manual, kind and value. Equal locks format to equal bytes.
func (l *Lock) Format() []byte {
	var b strings.Builder
	b.WriteString(lockHeader)
	for _, s := range NewLock(l.Surfaces).Surfaces {
		facts := slices.Clone(s.Facts)
		slices.SortFunc(facts, compareFacts)
		for _, f := range facts {
			b.WriteString(quoteField(s.Manual))
			b.WriteByte(' ')
			b.WriteString(string(f.Kind))
			b.WriteByte(' ')
			b.WriteString(quoteField(f.Value))
			if f.Digest != "" {
				b.WriteByte(' ')
				b.WriteString(f.Digest)
			}
			b.WriteByte('\n')
		}
	}
	return []byte(b.String())
}

// quoteField writes s as it is when it is a plain word, else quoted with
// Go's escapes (so hidden characters show as \u200b).
func quoteField(s string) string {
	if s != "" && !strings.HasPrefix(s, "#") && !strings.ContainsFunc(s, func(r rune) bool {
		return r == '"' || r == '\\' || r > unicode.MaxASCII || !unicode.IsGraphic(r) || unicode.IsSpace(r)
	}) {
		return s
	}
	return strconv.QuoteToASCII(s)
}

// ParseLock reads a lockfile; file names it in the facts' positions. Its
// errors are *LockError, naming the line.
func ParseLock(file string, src []byte) (*Lock, error) {
	bySurface := map[string]*Surface{}
	var order []string
	seen := map[string]int{}
	for n, line := range strings.Split(string(src), "\n") {
		n++
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		fields, err := splitFields(t)
		if err != nil {
			return nil, &LockError{Line: n, Msg: err.Error() + "; run 'lore lock' to rewrite the file"}
		}
		f, key, err := parseFact(fields)
		if err != nil {
			return nil, &LockError{Line: n, Msg: err.Error() + "; run 'lore lock' to rewrite the file"}
		}
		id := key + "\x00" + string(f.Kind) + "\x00" + f.Value
		if first, dup := seen[id]; dup {
			return nil, &LockError{Line: n, Msg: fmt.Sprintf("duplicate line (first on line %d): delete one, or run 'lore lock' to rewrite the file", first)}
		}
		seen[id] = n
		f.Pos = diag.Pos{File: file, Line: n, Col: 1}
		s := bySurface[key]
		if s == nil {
			s = &Surface{Manual: key}
			bySurface[key] = s
			order = append(order, key)
		}
		if f.Kind == Name {
			s.Name = f.Value
		}
		s.Facts = append(s.Facts, f)
	}
	l := &Lock{}
	for _, k := range order {
		s := bySurface[k]
		slices.SortFunc(s.Facts, compareFacts)
		l.Surfaces = append(l.Surfaces, *s)
	}
	slices.SortFunc(l.Surfaces, func(a, b Surface) int { return cmp.Compare(a.Manual, b.Manual) })
	return l, nil
}

// kindList names the kinds of a lock line, in lock order.
func kindList() string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

// parseFact reads the fields of one line: MANUAL KIND VALUE [DIGEST].
func parseFact(fields []string) (Fact, string, error) {
	if len(fields) < 3 {
		return Fact{}, "", fmt.Errorf("expected MANUAL KIND VALUE, got %d fields", len(fields))
	}
	key, kind, value := fields[0], Kind(fields[1]), fields[2]
	f := Fact{Kind: kind, Value: value}
	if !slices.Contains(kinds, kind) {
		return f, key, fmt.Errorf("unknown kind %s (kinds: %s)", diag.Excerpt(string(kind)), kindList())
	}
	switch {
	case kind == File && len(fields) != 4:
		return f, key, fmt.Errorf("a file line needs its digest: MANUAL file PATH sha256-BASE64")
	case kind != File && len(fields) != 3:
		return f, key, fmt.Errorf("a %s line has three fields: MANUAL %s VALUE", kind, kind)
	case kind == File:
		f.Digest = fields[3]
		if !validSRI(f.Digest) {
			return f, key, fmt.Errorf("digest %s is not sha256-BASE64 of 32 bytes", diag.Excerpt(f.Digest))
		}
	}
	return f, key, nil
}

func validSRI(s string) bool {
	b64, ok := strings.CutPrefix(s, "sha256-")
	if !ok {
		return false
	}
	raw, err := base64.StdEncoding.DecodeString(b64)
	return err == nil && len(raw) == 32
}

// splitFields splits a line at spaces; a field may be quoted (Go syntax).
func splitFields(t string) ([]string, error) {
	var out []string
	for t = strings.TrimSpace(t); t != ""; t = strings.TrimSpace(t) {
		if t[0] == '"' {
			q, err := strconv.QuotedPrefix(t)
			if err != nil {
				return nil, fmt.Errorf("unterminated quoted field %s", diag.Excerpt(t))
			}
			v, _ := strconv.Unquote(q)
			out = append(out, v)
			t = t[len(q):]
			continue
		}
		i := strings.IndexAny(t, " \t")
		if i < 0 {
			i = len(t)
		}
		out = append(out, t[:i])
		t = t[i:]
	}
	return out, nil
}
