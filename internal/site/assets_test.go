package site

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/lorekit/lore/theme"
)

// TestSnowballNoticePublished: the browser search ships the Snowball
// stemmers, BSD-licensed, whose notice must travel with them: the
// published JavaScript carries the whole licence, once.
func TestSnowballNoticePublished(t *testing.T) {
	as, err := bundleAssets(theme.Default(), "")
	if err != nil {
		t.Fatal(err)
	}
	_, self, _, _ := runtime.Caller(0)
	copying := snowballCopying(t, filepath.Join(filepath.Dir(self), "..", "..", "THIRD_PARTY_NOTICES.md"))
	var js string
	for _, f := range as.Files {
		if f.Path == as.Entry["js/main.js"] {
			js = string(f.Contents)
		}
	}
	if js == "" {
		t.Fatal("no main.js in the bundle")
	}
	for _, line := range copying {
		if !strings.Contains(js, line) {
			t.Errorf("the published %s lacks the Snowball notice's line %q", as.Entry["js/main.js"], line)
		}
	}
	if n := strings.Count(js, copying[0]); n != 1 {
		t.Errorf("the notice is in the bundle %d times, want once", n)
	}
}

// snowballCopying returns the non-blank lines of the Snowball licence as
// THIRD_PARTY_NOTICES.md quotes it.
func snowballCopying(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "### Snowball\n\n```text\n")
	text, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("THIRD_PARTY_NOTICES.md quotes no Snowball licence")
	}
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) < 10 {
		t.Fatalf("the Snowball licence has %d lines", len(lines))
	}
	return lines
}
