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
	l, grown := (&Lock{}).Update(bundles(t, ""), "")
	if len(grown) != 0 {
		t.Fatalf("first lock refused: %v", grown)
	}
	l.Entries[1].GrewFrom, l.Entries[1].Reason = 10, `the "reviewer" role needs it`
	src := l.Format()
	back, err := ParseLock(src)
	if err != nil {
		t.Fatal(err)
	}
	for i := range back.Entries {
		back.Entries[i].Line = 0
	}
	if !slices.Equal(back.Entries, l.Entries) {
		t.Errorf("round trip:\n%+v\n%+v", back.Entries, l.Entries)
	}
	if string(back.Format()) != string(src) {
		t.Error("format is not stable")
	}
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
	l, _ := (&Lock{}).Update(bundles(t, ""), "")
	next, grown := l.Update(bundles(t, "\n- Never force-push to main."), "")
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
	if next, grown := l.Update(smaller, ""); next == nil || len(grown) != 0 {
		t.Errorf("shrinking refused: %v", grown)
	}
}

func TestLockRatchetAcceptsGrowthWithReason(t *testing.T) {
	l, _ := (&Lock{}).Update(bundles(t, ""), "")
	big := bundles(t, "\n- Never force-push to main.")
	next, grown := l.Update(big, "force-push incident 2026-07-01")
	if next == nil || len(grown) != 2 {
		t.Fatalf("growth with a reason refused: %v", grown)
	}
	for _, e := range next.Entries {
		if e.Reason != "force-push incident 2026-07-01" || e.GrewFrom != l.Entry(e.ID).Bytes {
			t.Errorf("entry %+v lacks the reason", e)
		}
	}
	if !strings.Contains(string(next.Format()), `reason="force-push incident 2026-07-01"`) {
		t.Errorf("reason not written:\n%s", next.Format())
	}
	// The reason stays while the bundle is unchanged …
	again, _ := next.Update(big, "")
	if again.Entries[0].Reason == "" {
		t.Error("an unchanged bundle lost its recorded reason")
	}
	// … and goes when it changes without growing.
	after, _ := next.Update(bundles(t, ""), "")
	if after.Entries[0].Reason != "" {
		t.Error("a shrunk bundle kept the growth reason")
	}
}

func TestLockCheckNamesEachDifference(t *testing.T) {
	l, _ := (&Lock{}).Update(bundles(t, ""), "")
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
