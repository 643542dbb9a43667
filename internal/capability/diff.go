package capability

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lorekit/lore/internal/diag"
)

// Manual is the kind of a change that adds or removes a whole manual; it
// is never a line of the lock.
const Manual Kind = "manual"

// Route is the kind of a route fact of lore diff --base (never a line of
// the lock): a request whose answer from how_do_i changed. Value is the
// request, Probe whose it is, Old the manual that loaded it before and New
// the one that loads it now ("" for none: alternatives or a hint). Op is
// Changed (Old → New), Added (nothing → New) or Removed (Old → nothing);
// the change is the manual's that loads it now, or did.
const Route Kind = "route"

// Op says how a fact changed.
type Op string

// The operations.
const (
	Added   Op = "added"
	Removed Op = "removed"
	Changed Op = "changed"
)

// Change is one difference between a lock and the surfaces now.
type Change struct {
	// Manual is the manual's lock key, Name its name (now, or as locked
	// for a manual that is gone).
	Manual string
	Name   string
	Kind   Kind
	Op     Op
	// Value is the fact's value (the name now, for a renamed manual; the
	// request, for a route).
	Value string
	// Old and New are the locked and current digest of a changed file,
	// or name of a renamed manual, or the manual that loads a route's
	// request before and now.
	Old, New string
	// Probe says whose request a route is: "trigger of NAME", "summary
	// of NAME" or "intent FILE:LINE".
	Probe string
	// Pos is where the change is: in the sources for what was added or
	// changed, in the lock for what was removed. Locked is the lock's
	// line for what changed or was removed (zero otherwise).
	Pos, Locked diag.Pos
}

// Diff returns what changed from the lock old to the surfaces cur, by
// manual, kind and value: manuals added (followed by each of their facts)
// and removed, files whose digest changed, renamed manuals, and every
// file, tool, host, command and script added or removed.
func Diff(old *Lock, cur []Surface) []Change {
	if old == nil {
		old = &Lock{}
	}
	now := NewLock(cur)
	var out []Change
	i, j := 0, 0
	for i < len(old.Surfaces) || j < len(now.Surfaces) {
		switch {
		case j == len(now.Surfaces) || i < len(old.Surfaces) && old.Surfaces[i].Manual < now.Surfaces[j].Manual:
			s := old.Surfaces[i]
			out = append(out, Change{Manual: s.Manual, Name: s.Name, Kind: Manual, Op: Removed, Value: s.Manual, Pos: firstPos(s), Locked: firstPos(s)})
			i++
		case i == len(old.Surfaces) || now.Surfaces[j].Manual < old.Surfaces[i].Manual:
			s := now.Surfaces[j]
			out = append(out, Change{Manual: s.Manual, Name: s.Name, Kind: Manual, Op: Added, Value: s.Manual, Pos: firstPos(s)})
			for _, f := range s.Facts {
				if f.Kind != Name {
					out = append(out, Change{Manual: s.Manual, Name: s.Name, Kind: f.Kind, Op: Added, Value: f.Value, New: f.Digest, Pos: f.Pos})
				}
			}
			j++
		default:
			out = append(out, diffSurface(old.Surfaces[i], now.Surfaces[j])...)
			i++
			j++
		}
	}
	return out
}

func firstPos(s Surface) diag.Pos {
	if len(s.Facts) == 0 {
		return diag.Pos{}
	}
	return s.Facts[0].Pos
}

// diffSurface compares the facts of one manual.
func diffSurface(old, now Surface) []Change {
	var out []Change
	name := now.Name
	if name == "" {
		name = old.Name
	}
	key := func(f Fact) string { return string(f.Kind) + "\x00" + f.Value }
	if old.Name != now.Name && old.Name != "" {
		var oldPos, newPos diag.Pos
		for _, f := range old.Facts {
			if f.Kind == Name {
				oldPos = f.Pos
			}
		}
		for _, f := range now.Facts {
			if f.Kind == Name {
				newPos = f.Pos
			}
		}
		out = append(out, Change{Manual: now.Manual, Name: name, Kind: Name, Op: Changed, Value: now.Name, Old: old.Name, New: now.Name, Pos: newPos, Locked: oldPos})
	}
	had := map[string]Fact{}
	for _, f := range old.Facts {
		if f.Kind != Name {
			had[key(f)] = f
		}
	}
	has := map[string]bool{}
	for _, f := range now.Facts {
		if f.Kind == Name {
			continue
		}
		has[key(f)] = true
		o, ok := had[key(f)]
		switch {
		case !ok:
			out = append(out, Change{Manual: now.Manual, Name: name, Kind: f.Kind, Op: Added, Value: f.Value, New: f.Digest, Pos: f.Pos})
		case o.Digest != f.Digest:
			out = append(out, Change{Manual: now.Manual, Name: name, Kind: f.Kind, Op: Changed, Value: f.Value, Old: o.Digest, New: f.Digest, Pos: f.Pos, Locked: o.Pos})
		}
	}
	for _, f := range old.Facts {
		if f.Kind != Name && !has[key(f)] {
			out = append(out, Change{Manual: old.Manual, Name: name, Kind: f.Kind, Op: Removed, Value: f.Value, Old: f.Digest, Pos: f.Pos, Locked: f.Pos})
		}
	}
	slices.SortStableFunc(out, func(a, b Change) int {
		return cmp.Or(cmp.Compare(kindOrder(a.Kind), kindOrder(b.Kind)), cmp.Compare(a.Value, b.Value), cmp.Compare(opOrder(a.Op), opOrder(b.Op)))
	})
	return out
}

func opOrder(o Op) int { return slices.Index([]Op{Changed, Added, Removed}, o) }

// Describe says what changed in a few words ("new command curl",
// "file run.sh changed"), input escaped.
func (c Change) Describe() string {
	v := diag.Clip(c.Value)
	switch {
	case c.Kind == Manual && c.Op == Added:
		return "new manual"
	case c.Kind == Manual:
		return "manual removed"
	case c.Kind == Name:
		return fmt.Sprintf("renamed from %s to %s", diag.Clip(c.Old), diag.Clip(c.New))
	case c.Kind == File && c.Op == Changed:
		return fmt.Sprintf("file %s changed (%s, locked %s)", v, short(c.New), short(c.Old))
	case c.Kind == Route:
		return c.route(diag.Clip, strconvQuote)
	case c.Op == Added:
		return fmt.Sprintf("new %s %s", c.Kind.noun(), c.value(diag.Clip))
	}
	return fmt.Sprintf("%s %s removed", c.Kind.noun(), c.value(diag.Clip))
}

// route says what a route fact changed: "route "deploy to staging"
// (trigger of deploy): loaded deploy, now phish", with the manual
// names quoted by name and the request by request.
func (c Change) route(name, request func(string) string) string {
	was, now := "alternatives or a hint", "alternatives or a hint"
	if c.Old != "" {
		was = "loaded " + name(c.Old)
	}
	if c.New != "" {
		now = "loads " + name(c.New)
	}
	return fmt.Sprintf("route %s (%s): %s before, now %s", request(c.Value), name(c.Probe), was, now)
}

// strconvQuote quotes a request for a text message, input escaped: a
// quote inside cannot end it and forge the rest of the line.
func strconvQuote(s string) string { return strconv.Quote(diag.Clip(s)) }

// noun is how a message names a fact of kind k before its value.
func (k Kind) noun() string {
	if k == Suppress {
		return "suppression of"
	}
	return string(k)
}

// value is c's value as a message gives it, input escaped with quote: a
// suppression says what it covers ("*" every rule) and whether lore.yaml
// made it ("lore.yaml:security/*=off", "lore.yaml:ignore").
func (c Change) value(quote func(string) string) string {
	if c.Kind != Suppress {
		return quote(c.Value)
	}
	if c.Value == "*" {
		return quote(c.Value) + " (every rule)"
	}
	set, ok := strings.CutPrefix(c.Value, "lore.yaml:")
	switch {
	case !ok:
		return quote(c.Value)
	case set == "ignore":
		return "every rule by lore.yaml (lint.ignore covers the manual)"
	}
	pat, sev, _ := strings.Cut(set, "=")
	return fmt.Sprintf("%s by lore.yaml (lint.rules sets it to %s)", quote(pat), quote(sev))
}

// short cuts a digest for messages: sha256-abcdefgh….
func short(d string) string {
	if len(d) > 15 {
		return d[:15] + "…"
	}
	return d
}
