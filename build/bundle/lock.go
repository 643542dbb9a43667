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

// Lock is prompts.lock: the digests and size of every bundle, one line
// each, and the history of the growth each bundle was allowed.
type Lock struct {
	Entries []LockEntry
	// History holds the growth records (lore lock --allow-growth), in the
	// order of the file; Format writes each after its bundle's line.
	History []Grew
}

// LockEntry is one bundle's line.
type LockEntry struct {
	ID string
	// SHA256, Bytes and Tokens describe the prefix; TailSHA256 is the
	// digest of the tail.
	SHA256     string
	Bytes      int
	Tokens     int
	TailSHA256 string
	// Digest is the bundle's seal (Bundle.BundleSHA256): it changes with
	// any field of the bundle. Budget and Disabled (the block names) are
	// kept in the clear so that a review sees them change.
	Digest   string
	Budget   int
	Disabled []string
	// Line is the entry's line in the file it was read from.
	Line int
}

const lockHeader = `# prompts.lock: the frozen prompt bundles of this project, one line each:
#   ID sha256=PREFIX bytes=N tokens=N tail=TAIL digest=BUNDLE budget=N [disabled=a,b]
# and, after it, one line per growth the bundle was allowed, oldest first:
#   ID grew from=N to=N date=YYYY-MM-DD reason="why"
# Written by 'lore lock'; 'lore build --locked' and 'lore verify' fail when a
# bundle differs. A bundle may only grow with 'lore lock --allow-growth "why"';
# every reason is kept.
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
		if g, ok, err := parseGrowthLine(t); ok {
			if err != nil {
				return nil, &LockError{Line: n, Msg: err.Error() + "; run 'lore lock' to rewrite the file"}
			}
			g.Line = n
			l.History = append(l.History, g)
			continue
		}
		e, legacy, err := parseLockLine(t)
		if err != nil {
			return nil, &LockError{Line: n, Msg: err.Error() + "; run 'lore lock' to rewrite the file"}
		}
		if first, dup := seen[e.ID]; dup {
			return nil, &LockError{Line: n, Msg: fmt.Sprintf("duplicate entry: bundle %s is listed twice (first on line %d); delete one of the lines, or run 'lore lock' to rewrite the file", excerpt(e.ID), first)}
		}
		seen[e.ID] = n
		e.Line = n
		l.Entries = append(l.Entries, e)
		if legacy != nil {
			legacy.Line = n
			l.History = append(l.History, *legacy)
		}
	}
	return l, nil
}

// parseLockLine reads a bundle's line. A line written by an older lore may
// carry one growth record (grew-from=N reason="why"); it is returned apart.
func parseLockLine(t string) (LockEntry, *Grew, error) {
	id, rest, _ := strings.Cut(t, " ")
	e := LockEntry{ID: id}
	var legacy *Grew
	err := lockFields(rest, func(key, val string) error {
		var err error
		switch key {
		case "sha256":
			e.SHA256 = val
		case "tail":
			e.TailSHA256 = val
		case "digest":
			e.Digest = val
		case "bytes":
			e.Bytes, err = strconv.Atoi(val)
		case "tokens":
			e.Tokens, err = strconv.Atoi(val)
		case "budget":
			e.Budget, err = strconv.Atoi(val)
		case "disabled":
			e.Disabled = strings.Split(val, ",")
		case "grew-from":
			if legacy == nil {
				legacy = &Grew{ID: id}
			}
			legacy.From, err = strconv.Atoi(val)
		case "reason":
			if legacy == nil {
				legacy = &Grew{ID: id}
			}
			legacy.Reason = val
		default:
			return fmt.Errorf("unknown key %s (keys: sha256, bytes, tokens, tail, digest, budget, disabled)", excerpt(key))
		}
		if err != nil {
			return fmt.Errorf("%s: %s is not a number", key, excerpt(val))
		}
		return nil
	})
	if err != nil {
		return e, nil, err
	}
	if len(e.SHA256) != 64 {
		return e, nil, fmt.Errorf("bundle %s: sha256= must be 64 hex digits", excerpt(e.ID))
	}
	if e.Digest != "" && len(e.Digest) != 64 {
		return e, nil, fmt.Errorf("bundle %s: digest= must be 64 hex digits", excerpt(e.ID))
	}
	if legacy != nil {
		legacy.To = e.Bytes
	}
	return e, legacy, nil
}

// lockFields calls f for every key=value of rest; a value may be quoted.
func lockFields(rest string, f func(key, val string) error) error {
	for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimSpace(rest) {
		key, after, ok := strings.Cut(rest, "=")
		if !ok || strings.ContainsAny(key, " \t") {
			return fmt.Errorf("expected key=value, got %s", excerpt(rest))
		}
		var val string
		if strings.HasPrefix(after, `"`) {
			q, err := strconv.QuotedPrefix(after)
			if err != nil {
				return fmt.Errorf("%s: unterminated quoted value", excerpt(key))
			}
			val, _ = strconv.Unquote(q)
			rest = after[len(q):]
		} else {
			val, rest, _ = strings.Cut(after, " ")
		}
		if err := f(key, val); err != nil {
			return err
		}
	}
	return nil
}

// Format writes the lockfile: entries sorted by id, each followed by its
// growth records (oldest first; records of the same date in file order).
// Equal locks format to equal bytes.
func (l *Lock) Format() []byte {
	es := slices.Clone(l.Entries)
	slices.SortFunc(es, func(a, b LockEntry) int { return cmp.Compare(a.ID, b.ID) })
	hist := slices.Clone(l.History)
	slices.SortStableFunc(hist, func(a, b Grew) int { return cmp.Or(cmp.Compare(a.ID, b.ID), cmp.Compare(a.Date, b.Date)) })
	var b strings.Builder
	b.WriteString(lockHeader)
	written := map[string]bool{}
	for _, e := range es {
		fmt.Fprintf(&b, "%s sha256=%s bytes=%d tokens=%d tail=%s digest=%s budget=%d", e.ID, e.SHA256, e.Bytes, e.Tokens, e.TailSHA256, e.Digest, e.Budget)
		if len(e.Disabled) > 0 {
			fmt.Fprintf(&b, " disabled=%s", strings.Join(e.Disabled, ","))
		}
		b.WriteByte('\n')
		for _, g := range hist {
			if g.ID == e.ID {
				b.WriteString(g.format())
			}
		}
		written[e.ID] = true
	}
	// Records of a bundle without a line (a hand-edited file) are kept.
	for _, g := range hist {
		if !written[g.ID] {
			b.WriteString(g.format())
		}
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
	ID   string
	Line int
	// Fields names what differs, as the lock names it: sha256 (with bytes
	// and tokens), tail, budget, disabled, digest (any other field);
	// "missing" for a bundle the lock lacks and "unbuilt" for a locked
	// bundle that is not built.
	Fields []string
	// Detail says what differs; Message adds the fix ('lore lock').
	Detail  string
	Message string
}

// Check compares bundles with the lock and returns every difference:
// bundles whose prefix, tail, budget, disabled list or any other field
// (the bundle digest) changed, bundles the lock lacks and locked bundles
// that are no longer built.
func (l *Lock) Check(bundles []*Bundle) []Mismatch {
	out := l.Compare(bundles)
	built := map[string]bool{}
	for _, b := range bundles {
		built[b.ID] = true
	}
	for _, e := range l.Entries {
		if !built[e.ID] {
			out = append(out, Mismatch{ID: e.ID, Line: e.Line, Fields: []string{"unbuilt"}, Detail: fmt.Sprintf("bundle %s is locked but no longer built", e.ID),
				Message: fmt.Sprintf("bundle %s is locked but no longer built: run 'lore lock' to drop it", e.ID)})
		}
	}
	return out
}

// Compare is Check without the locked bundles that are not among bundles:
// what a check of some of the bundles reports.
func (l *Lock) Compare(bundles []*Bundle) []Mismatch {
	var out []Mismatch
	for _, b := range bundles {
		e := l.Entry(b.ID)
		if e == nil {
			out = append(out, Mismatch{ID: b.ID, Fields: []string{"missing"}, Detail: fmt.Sprintf("bundle %s is not in %s", b.ID, LockFile),
				Message: fmt.Sprintf("bundle %s is not in %s: run 'lore lock' and commit the lockfile", b.ID, LockFile)})
			continue
		}
		if m := e.compare(b); m != nil {
			out = append(out, *m)
		}
	}
	return out
}

// compare names what differs between b and its entry, or returns nil.
func (e *LockEntry) compare(b *Bundle) *Mismatch {
	var fields, what []string
	diff := func(field, format string, args ...any) {
		fields = append(fields, field)
		what = append(what, fmt.Sprintf(format, args...))
	}
	if e.SHA256 != b.SHA256 || e.Bytes != b.Bytes {
		diff("sha256", "the prefix is now %d bytes (sha256 %.12s…), locked %d bytes (sha256 %.12s…)", b.Bytes, b.SHA256, e.Bytes, e.SHA256)
	} else if e.Tokens != b.Tokens {
		diff("tokens", "the prefix is now %d tokens, locked %d", b.Tokens, e.Tokens)
	}
	if e.TailSHA256 != b.TailSHA256 {
		diff("tail", "its per-turn tail changed (sha256 %.12s…, locked %.12s…)", b.TailSHA256, e.TailSHA256)
	}
	if e.Budget != b.Budget {
		diff("budget", "its budget is now %d tokens, locked %d", b.Budget, e.Budget)
	}
	if got := disabledNames(b); !slices.Equal(got, e.Disabled) {
		diff("disabled", "its disabled blocks are now %s, locked %s", namesOrNone(got), namesOrNone(e.Disabled))
	}
	switch {
	case e.Digest == "":
		diff("digest", "the lock records no bundle digest (it was written by an older lore), so fields beyond the prefix and tail are not locked")
	case e.Digest != b.BundleSHA256 && len(fields) == 0:
		diff("digest", "the prefix, tail, budget and disabled list are as locked, but another field changed (bundle digest %.12s…, locked %.12s…): "+
			"its style, role, descriptors or recorded blocks", b.BundleSHA256, e.Digest)
	}
	if len(fields) == 0 {
		return nil
	}
	detail := strings.Join(what, "; ")
	return &Mismatch{ID: b.ID, Line: e.Line, Fields: fields, Detail: fmt.Sprintf("bundle %s differs from %s: %s", b.ID, LockFile, detail),
		Message: fmt.Sprintf("bundle %s differs from %s: %s; review the change with 'lore prompt diff', then run 'lore lock'", b.ID, LockFile, detail)}
}

func disabledNames(b *Bundle) []string {
	var out []string
	for _, a := range b.Disabled {
		out = append(out, a.Block)
	}
	return out
}

func namesOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// Growth is a bundle whose prefix grew against the lock.
type Growth struct {
	ID       string
	From, To int
}

// Update returns the lock for bundles. A bundle whose prefix grew in bytes
// is refused (returned in grown, and the lock is nil) unless allowGrowth
// gives the reason; each growth accepted is added to the history with
// date (YYYY-MM-DD, or empty). The history of every bundle still built is
// kept, whatever its size does later.
func (l *Lock) Update(bundles []*Bundle, allowGrowth, date string) (next *Lock, grown []Growth) {
	next = &Lock{}
	built := map[string]bool{}
	var added []Grew
	for _, b := range bundles {
		built[b.ID] = true
		e := LockEntry{ID: b.ID, SHA256: b.SHA256, Bytes: b.Bytes, Tokens: b.Tokens, TailSHA256: b.TailSHA256, Digest: b.BundleSHA256,
			Budget: b.Budget, Disabled: disabledNames(b)}
		if old := l.Entry(b.ID); old != nil && b.Bytes > old.Bytes {
			grown = append(grown, Growth{ID: b.ID, From: old.Bytes, To: b.Bytes})
			added = append(added, Grew{ID: b.ID, From: old.Bytes, To: b.Bytes, Date: date, Reason: allowGrowth})
		}
		next.Entries = append(next.Entries, e)
	}
	if len(grown) > 0 && strings.TrimSpace(allowGrowth) == "" {
		return nil, grown
	}
	for _, g := range l.History {
		if built[g.ID] {
			g.Line = 0
			next.History = append(next.History, g)
		}
	}
	next.History = append(next.History, added...)
	return next, grown
}

// excerpt quotes s, cut to 80 characters: a message never carries a whole
// hostile line (build/bundle imports the standard library only, so this is
// its own small copy of diag.Excerpt).
func excerpt(s string) string {
	if utf8.RuneCountInString(s) > 80 {
		s = string([]rune(s)[:80]) + "…"
	}
	return strconv.Quote(s)
}
