package manual

import (
	"strings"
	"testing"
)

func TestSkillName(t *testing.T) {
	long := strings.Repeat("abcdefghij-", 8) // 88 characters
	for in, want := range map[string]string{
		"pdf-processing":          "pdf-processing",
		"PDF Processing":          "pdf-processing",
		"embed_images.v2":         "embed-images-v2",
		"--a--b--":                "a-b",
		"Bücher":                  "b-cher",
		"___":                     "skill",
		"":                        "skill",
		long:                      "abcdefghij-abcdefghij-abcdefghij-abcdefghij-abcdefghij",
		strings.Repeat("x", 100):  strings.Repeat("x", 64),
		"ÄÖÜ-x":                   "x",
		"v2.1_release":            "v2-1-release",
		strings.Repeat("ab-", 30): strings.TrimSuffix(strings.Repeat("ab-", 21), "-"),
	} {
		got := SkillName(in)
		if got != want {
			t.Errorf("SkillName(%q) = %q, want %q", in, got, want)
		}
		if !ValidSkillName(got) {
			t.Errorf("SkillName(%q) = %q is not a valid name", in, got)
		}
		if SkillName(got) != got {
			t.Errorf("SkillName(%q) = %q does not map to itself", got, SkillName(got))
		}
	}
	for _, bad := range []string{"", "-a", "a-", "a--b", "A", "a_b", strings.Repeat("a", 65)} {
		if ValidSkillName(bad) {
			t.Errorf("ValidSkillName(%q) = true", bad)
		}
	}
}
