package tokens

import (
	"strings"
	"sync"
	"testing"
)

func TestCountKnownValues(t *testing.T) {
	for _, tc := range []struct {
		enc, text string
		want      int
	}{
		{"", "", 0},
		{"", "hello world", 2},
		{"o200k_base", "hello world", 2},
		{"cl100k_base", "hello world", 2},
		{"", "\n", 1},
	} {
		c := NewCounter(tc.enc)
		got, err := c.Count(tc.text)
		if err != nil || got != tc.want {
			t.Errorf("%s: Count(%q) = %d, %v; want %d", c.Encoding(), tc.text, got, err, tc.want)
		}
	}
}

func TestDefaultEncoding(t *testing.T) {
	if got := NewCounter("").Encoding(); got != DefaultEncoding {
		t.Fatalf("Encoding() = %q, want %q", got, DefaultEncoding)
	}
}

func TestUnknownEncodingIsAnErrorNamingIt(t *testing.T) {
	c := NewCounter("nope_base")
	_, err := c.Count("hello")
	if err == nil || !strings.Contains(err.Error(), `"nope_base"`) || !strings.Contains(err.Error(), "o200k_base") {
		t.Fatalf("Count with an unknown encoding: %v", err)
	}
	if n := c.MustCount("hello"); n != 0 {
		t.Fatalf("MustCount = %d, want 0 on error", n)
	}
}

// The cache returns what counting returns, also under concurrent use.
func TestCachedCountsAgreeUnderConcurrency(t *testing.T) {
	texts := []string{"Guardrails come first.", "Ein Handbuch pro Aufgabe.", strings.Repeat("token ", 500)}
	want := make([]int, len(texts))
	for i, s := range texts {
		want[i] = NewCounter("").MustCount(s)
		if want[i] == 0 {
			t.Fatalf("no tokens counted in %q", s)
		}
	}
	c := NewCounter("")
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := 0; r < 20; r++ {
				for i, s := range texts {
					if got := c.MustCount(s); got != want[i] {
						t.Errorf("Count(%.20q) = %d, want %d", s, got, want[i])
					}
				}
			}
		}()
	}
	wg.Wait()
}
