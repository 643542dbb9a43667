package bundle

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func bundles(t *testing.T, extra string) []*Bundle {
	s := testStack()
	s.Layers[2].Blocks[0].Text += extra
	m := testMeta()
	a := bake(t, m, s)
	m.Role = ""
	s.Roles = nil
	s.Layers = s.Layers[:4]
	return []*Bundle{bake(t, m, s), a}
}

func TestLockRoundTrip(t *testing.T) {
	l, grown := (&Lock{}).Update(bundles(t, ""), "", "")
	if len(grown) != 0 {
		t.Fatalf("first lock refused: %v", grown)
	}
	l.History = []Grew{{ID: l.Entries[1].ID, From: 10, To: l.Entries[1].Bytes, Date: "2026-07-01", Reason: `the "reviewer" role needs it`},
		{ID: l.Entries[0].ID, From: 5, To: 9, Reason: "migrated"}}
	l.Entries[0].Disabled = []string{"voice-mode", "hooks"}
	src := l.Format()
	back, err := ParseLock(src)
	if err != nil {
		t.Fatal(err)
	}
	for i := range back.Entries {
		back.Entries[i].Line = 0
	}
	for i := range back.History {
		back.History[i].Line = 0
	}
	if !slices.EqualFunc(back.Entries, l.Entries, func(a, b LockEntry) bool {
		return a.ID == b.ID && a.SHA256 == b.SHA256 && a.Digest == b.Digest && a.Budget == b.Budget && slices.Equal(a.Disabled, b.Disabled) &&
			a.Bytes == b.Bytes && a.Tokens == b.Tokens && a.TailSHA256 == b.TailSHA256
	}) {
		t.Errorf("round trip:\n%+v\n%+v", back.Entries, l.Entries)
	}
	if len(back.History) != 2 || !slices.Contains(back.History, l.History[0]) || !slices.Contains(back.History, l.History[1]) {
		t.Errorf("history round trip:\n%+v\n%+v", back.History, l.History)
	}
	if string(back.Format()) != string(src) {
		t.Error("format is not stable")
	}
	l.Entries[0].Disabled = nil
	if len(l.Check(bundles(t, ""))) != 0 {
		t.Errorf("a fresh lock reports mismatches: %v", l.Check(bundles(t, "")))
	}
}

func TestLockParseErrorsNameTheLine(t *testing.T) {
	for src, want := range map[string]string{
		"# c\nx sha256=abc bytes=1\n":                                                   `prompts.lock:2: bundle "x": sha256= must be 64 hex digits`,
		"x sha256=" + strings.Repeat("a", 64) + " bytes=many":                           `prompts.lock:1: bytes: "many" is not a number`,
		"x sha256=" + strings.Repeat("a", 64) + " colour=red":                           `prompts.lock:1: unknown key "colour"`,
		"x sha256=" + strings.Repeat("a", 64) + "\nx sha256=" + strings.Repeat("a", 64): `prompts.lock:2: duplicate entry: bundle "x" is listed twice (first on line 1)`,
		"x sha256=" + strings.Repeat("a", 64) + " digest=abc":                           `prompts.lock:1: bundle "x": digest= must be 64 hex digits`,
		"x grew from=1 to=2":                             `prompts.lock:1: bundle "x": a growth record needs reason=`,
		"x grew from=1 to=2 date=yesterday reason=\"r\"": `prompts.lock:1: date: "yesterday" is not a date`,
		"x grew from=1 to=2 colour=red reason=\"r\"":     `prompts.lock:1: unknown key "colour" in a growth record`,
	} {
		_, err := ParseLock([]byte(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want %q", src, err, want)
		}
		var le *LockError
		if !errors.As(err, &le) || le.Line < 1 || strings.Contains(le.Msg, "prompts.lock:") {
			t.Errorf("%q: err %#v is not a *LockError with a line and one position", src, err)
		}
	}
}

// Seed 002's ratchet: a bundle may shrink freely; growth is refused unless
// a reason is given, and the reason is recorded.
func TestLockRatchetRefusesGrowth(t *testing.T) {
	l, _ := (&Lock{}).Update(bundles(t, ""), "", "")
	next, grown := l.Update(bundles(t, "\n- Never force-push to main."), "", "")
	if next != nil {
		t.Fatal("growth accepted without a reason")
	}
	if len(grown) != 2 || grown[0].To <= grown[0].From {
		t.Fatalf("grown = %+v", grown)
	}
	// Shrinking needs no reason.
	smaller := bundles(t, "")
	for _, b := range smaller {
		b.Bytes -= 5
	}
	if next, grown := l.Update(smaller, "", ""); next == nil || len(grown) != 0 {
		t.Errorf("shrinking refused: %v", grown)
	}
}

func TestLockRatchetAcceptsGrowthWithReason(t *testing.T) {
	l, _ := (&Lock{}).Update(bundles(t, ""), "", "")
	big := bundles(t, "\n- Never force-push to main.")
	next, grown := l.Update(big, "force-push incident", "2026-07-01")
	if next == nil || len(grown) != 2 {
		t.Fatalf("growth with a reason refused: %v", grown)
	}
	for _, e := range next.Entries {
		g := next.Growths(e.ID)
		if len(g) != 1 || g[0].Reason != "force-push incident" || g[0].From != l.Entry(e.ID).Bytes || g[0].To != e.Bytes || g[0].Date != "2026-07-01" {
			t.Errorf("entry %s: growth records %+v", e.ID, g)
		}
	}
	if !strings.Contains(string(next.Format()), `grew from=`) || !strings.Contains(string(next.Format()), `date=2026-07-01 reason="force-push incident"`) {
		t.Errorf("reason not written:\n%s", next.Format())
	}
	// The history stays while the bundle is unchanged, when it shrinks, and
	// when it grows again (the new record is added after the old one).
	again, _ := next.Update(big, "", "2026-07-02")
	after, _ := again.Update(bundles(t, ""), "", "2026-07-03")
	if len(after.History) != 2 {
		t.Fatalf("a plain lock dropped growth records: %+v", after.History)
	}
	bigger := bundles(t, "\n- Never force-push to main.\n- Never push on Fridays.")
	last, _ := after.Update(bigger, "friday incident", "2026-07-04")
	g := last.Growths(bigger[0].ID)
	if len(g) != 2 || g[0].Reason != "force-push incident" || g[1].Reason != "friday incident" {
		t.Errorf("history after a second growth: %+v", g)
	}
	// A bundle no longer built takes its history with it.
	if only, _ := last.Update(bigger[:1], "", ""); len(only.Growths(bigger[1].ID)) != 0 {
		t.Errorf("history of a dropped bundle kept: %+v", only.History)
	}
}

// A lock written by an older lore (grew-from= and reason= on the bundle's
// line) reads as one growth record, written back in the new form.
func TestLockReadsLegacyGrowth(t *testing.T) {
	sum := strings.Repeat("a", 64)
	l, err := ParseLock([]byte("x sha256=" + sum + " bytes=20 tokens=5 tail=" + sum + ` grew-from=10 reason="old reason"` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if g := l.Growths("x"); len(g) != 1 || g[0].From != 10 || g[0].To != 20 || g[0].Reason != "old reason" || g[0].Date != "" {
		t.Fatalf("legacy growth: %+v", l.History)
	}
	if out := string(l.Format()); !strings.Contains(out, "\nx grew from=10 to=20 reason=\"old reason\"\n") || strings.Contains(out, "grew-from") {
		t.Errorf("legacy growth written back as:\n%s", out)
	}
}

func TestLockCheckNamesEachDifference(t *testing.T) {
	l, _ := (&Lock{}).Update(bundles(t, ""), "", "")
	changed := bundles(t, "\n- One more.")
	ms := l.Check(changed[:1])
	if len(ms) != 2 {
		t.Fatalf("mismatches %+v", ms)
	}
	if !strings.Contains(ms[0].Message, "arthur.chat.openai differs from prompts.lock") || !strings.Contains(ms[1].Message, "arthur.chat.openai.reviewer is locked but no longer built") {
		t.Errorf("messages: %+v", ms)
	}
	ms = (&Lock{}).Check(changed[:1])
	if len(ms) != 1 || !strings.Contains(ms[0].Message, "is not in prompts.lock") {
		t.Errorf("missing entry: %+v", ms)
	}
}

// The lock holds the bundle digest, budget and disabled list: a change to
// any of them is named.
func TestLockCheckNamesFields(t *testing.T) {
	l, _ := (&Lock{}).Update(bundles(t, ""), "", "")
	fields := func(b *Bundle) []string {
		ms := l.Compare([]*Bundle{b})
		if len(ms) != 1 {
			t.Fatalf("mismatches %+v", ms)
		}
		return ms[0].Fields
	}
	b := bundles(t, "")[0]
	b.Budget = 999999
	b.Seal()
	if f := fields(b); !slices.Equal(f, []string{"budget"}) {
		t.Errorf("budget: %v", f)
	}
	b = bundles(t, "")[0]
	b.Disabled = append(b.Disabled, Absence{Block: "hooks", Reason: "none"})
	b.Seal()
	if f := fields(b); !slices.Equal(f, []string{"disabled"}) {
		t.Errorf("disabled: %v", f)
	}
	b = bundles(t, "")[0]
	b.Style = XML
	b.Seal()
	if f := fields(b); !slices.Equal(f, []string{"digest"}) {
		t.Errorf("style: %v", f)
	}
	old := *l
	old.Entries = slices.Clone(l.Entries)
	old.Entries[0].Digest = ""
	if ms := old.Compare(bundles(t, "")[:1]); len(ms) != 1 || !strings.Contains(ms[0].Message, "no bundle digest") {
		t.Errorf("a lock without digests: %+v", ms)
	}
}
