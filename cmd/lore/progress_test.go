package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 4210: "4,210", 10000: "10,000", 1234567: "1,234,567", -4210: "-4,210"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// The progress line shows the stage and the counts with separators,
// redraws counts at most once per interval (and always the last), and is
// cleared at the end.
func TestProgressThrottlesCounts(t *testing.T) {
	var b bytes.Buffer
	clock := time.Unix(0, 0)
	p := newProgress(&b)
	p.now = func() time.Time { return clock }
	p.Stage("lint")
	for i := 1; i <= 10000; i++ {
		if i%1000 == 0 {
			clock = clock.Add(150 * time.Millisecond)
		}
		p.Count("render", i, 10000)
	}
	p.Clear()
	out := b.String()
	if !strings.Contains(out, "\r\033[Klint… render 4,000/10,000") {
		t.Errorf("no count line for 4,000: %q", out)
	}
	if n := strings.Count(out, "render "); n < 5 || n > 11 {
		t.Errorf("%d count lines for 10,000 calls over 1.5 s at 100 ms: not throttled (%q)", n, out)
	}
	if strings.Contains(out, "10,000/10,000") {
		t.Error("a completed count stays on the line")
	}
	if !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("the line is not cleared at the end: %q", out)
	}
}
