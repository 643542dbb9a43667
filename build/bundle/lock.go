package bundle

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// LockFile is the conventional name of the lockfile, beside lore.yaml.
const LockFile = "prompts.lock"

// Lock is prompts.lock: the digest and size of every bundle, one line
// each, and the reason recorded when a bundle was allowed to grow.
type Lock struct {
	Entries []LockEntry
}

// LockEntry is one bundle's line.
type LockEntry struct {
	ID         string
	SHA256     string
	Bytes      int
	Tokens     int
	TailSHA256 string
	// GrewFrom and Reason are set when the bundle was allowed to grow from
	// GrewFrom bytes (lore lock --allow-growth REASON).
	GrewFrom int
	Reason   string
	// Line is the entry's line in the file it was read from.
	Line int
}

const lockHeader = `# prompts.lock: the frozen prompt bundles of this project, one per line.
# Written by 'lore lock'; 'lore build --locked' fails when a bundle differs.
# A bundle may only grow with 'lore lock --allow-growth "why"'; the reason is kept.
`

// LockError is a defect of a lockfile, at a line of it.
type LockError struct {
	Line int
	Msg  string
}

func (e *LockError) Error() string { return fmt.Sprintf("%s:%d: %s", LockFile, e.Line, e.Msg) }

// ParseLock reads a lockfile. Its errors are *LockError, naming the line.
func ParseLock(src []byte) (*Lock, error) {
	l := &Lock{}
	seen := map[string]int{}
	for n, line := range strings.Split(string(src), "\n") {
		n++
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		e, err := parseLockLine(t)
		if err != nil {
			return nil, &LockError{Line: n, Msg: err.Error() + "; run 'lore lock' to rewrite the file"}
		}
		if first, dup := seen[e.ID]; dup {
			return nil, &LockError{Line: n, Msg: fmt.Sprintf("duplicate entry: bundle %s is listed twice (first on line %d); delete one of the lines, or run 'lore lock' to rewrite the file", excerpt(e.ID), first)}
		}
		seen[e.ID] = n
		e.Line = n
		l.Entries = append(l.Entries, e)
	}
	return l, nil
}

func parseLockLine(t string) (LockEntry, error) {
	id, rest, _ := strings.Cut(t, " ")
	e := LockEntry{ID: id}
	for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimSpace(rest) {
		key, after, ok := strings.Cut(rest, "=")
		if !ok || strings.ContainsAny(key, " \t") {
			return e, fmt.Errorf("expected key=value, got %s", excerpt(rest))
		}
		var val string
		if strings.HasPrefix(after, `"`) {
			q, err := strconv.QuotedPrefix(after)
			if err != nil {
				return e, fmt.Errorf("%s: unterminated quoted value", excerpt(key))
			}
			val, _ = strconv.Unquote(q)
			rest = after[len(q):]
		} else {
			val, rest, _ = strings.Cut(after, " ")
		}
		var err error
		switch key {
		case "sha256":
			e.SHA256 = val
		case "tail":
			e.TailSHA256 = val
		case "bytes":
			e.Bytes, err = strconv.Atoi(val)
		case "tokens":
			e.Tokens, err = strconv.Atoi(val)
		case "grew-from":
			e.GrewFrom, err = strconv.Atoi(val)
		case "reason":
			e.Reason = val
		default:
			return e, fmt.Errorf("unknown key %s (keys: sha256, bytes, tokens, tail, grew-from, reason)", excerpt(key))
		}
		if err != nil {
			return e, fmt.Errorf("%s: %s is not a number", key, excerpt(val))
		}
	}
	if len(e.SHA256) != 64 {
		return e, fmt.Errorf("bundle %s: sha256= must be 64 hex digits", excerpt(e.ID))
	}
	return e, nil
}

// Format writes the lockfile, entries sorted by id.
func (l *Lock) Format() []byte {
	es := slices.Clone(l.Entries)
	slices.SortFunc(es, func(a, b LockEntry) int { return cmp.Compare(a.ID, b.ID) })
	var b strings.Builder
	b.WriteString(lockHeader)
	for _, e := range es {
		fmt.Fprintf(&b, "%s sha256=%s bytes=%d tokens=%d tail=%s", e.ID, e.SHA256, e.Bytes, e.Tokens, e.TailSHA256)
		if e.Reason != "" {
			fmt.Fprintf(&b, " grew-from=%d reason=%s", e.GrewFrom, strconv.Quote(e.Reason))
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// Entry returns the entry for bundle id, or nil.
func (l *Lock) Entry(id string) *LockEntry {
	for i := range l.Entries {
		if l.Entries[i].ID == id {
			return &l.Entries[i]
		}
	}
	return nil
}

// Mismatch is a difference between the bundles and the lock. Line is the
// entry's line in the lockfile (0 for a bundle the lock lacks).
type Mismatch struct {
	ID      string
	Line    int
	Message string
}

// Check compares bundles with the lock and returns every difference:
// bundles whose prefix or tail changed, bundles the lock lacks and locked
// bundles that are no longer built.
func (l *Lock) Check(bundles []*Bundle) []Mismatch {
	var out []Mismatch
	built := map[string]bool{}
	for _, b := range bundles {
		built[b.ID] = true
		e := l.Entry(b.ID)
		switch {
		case e == nil:
			out = append(out, Mismatch{ID: b.ID, Message: fmt.Sprintf("bundle %s is not in %s: run 'lore lock' and commit the lockfile", b.ID, LockFile)})
		case e.SHA256 != b.SHA256 || e.Bytes != b.Bytes:
			out = append(out, Mismatch{ID: b.ID, Line: e.Line, Message: fmt.Sprintf("bundle %s differs from %s: the prefix is now %d bytes (sha256 %.12s…), locked %d bytes (sha256 %.12s…); "+
				"review the change with 'lore prompt diff', then run 'lore lock'", b.ID, LockFile, b.Bytes, b.SHA256, e.Bytes, e.SHA256)})
		case e.TailSHA256 != b.TailSHA256:
			out = append(out, Mismatch{ID: b.ID, Line: e.Line, Message: fmt.Sprintf("bundle %s differs from %s: its per-turn tail changed; run 'lore lock'", b.ID, LockFile)})
		}
	}
	for _, e := range l.Entries {
		if !built[e.ID] {
			out = append(out, Mismatch{ID: e.ID, Line: e.Line, Message: fmt.Sprintf("bundle %s is locked but no longer built: run 'lore lock' to drop it", e.ID)})
		}
	}
	return out
}

// Growth is a bundle whose prefix grew against the lock.
type Growth struct {
	ID       string
	From, To int
}

// Update returns the lock for bundles. A bundle whose prefix grew in bytes
// is refused (returned in grown, and the lock is nil) unless allowGrowth
// gives the reason, which is then recorded on its entry. A recorded reason
// stays while the bundle keeps its size and goes when it changes again.
func (l *Lock) Update(bundles []*Bundle, allowGrowth string) (next *Lock, grown []Growth) {
	next = &Lock{}
	for _, b := range bundles {
		e := LockEntry{ID: b.ID, SHA256: b.SHA256, Bytes: b.Bytes, Tokens: b.Tokens, TailSHA256: b.TailSHA256}
		if old := l.Entry(b.ID); old != nil {
			switch {
			case b.Bytes > old.Bytes:
				grown = append(grown, Growth{ID: b.ID, From: old.Bytes, To: b.Bytes})
				e.GrewFrom, e.Reason = old.Bytes, allowGrowth
			case b.Bytes == old.Bytes && b.SHA256 == old.SHA256:
				e.GrewFrom, e.Reason = old.GrewFrom, old.Reason
			}
		}
		next.Entries = append(next.Entries, e)
	}
	if len(grown) > 0 && strings.TrimSpace(allowGrowth) == "" {
		return nil, grown
	}
	return next, grown
}

// excerpt quotes s for a message, escaped and cut after 80 characters
// (build/diag.Excerpt, which this standard-library-only package cannot
// import).
func excerpt(s string) string {
	if utf8.RuneCountInString(s) > 80 {
		s = string([]rune(s)[:80]) + "…"
	}
	return strconv.Quote(s)
}
