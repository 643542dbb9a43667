package hosts

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/manual"
)

// FuzzDescribeAndLost: any summary, triggers and cut give a description
// within the Agent Skills limit, and the lost trigger words are words of
// the description, without a panic.
func FuzzDescribeAndLost(f *testing.F) {
	f.Add("Deploys. Use when: helm upgrade, kubectl rollout.", "helm,İstanbul", 20)
	f.Add("", "", 0)
	f.Add("a. b; c! d? Use this skill when ÄÖÜ.", "ß,ẞ", 3)
	f.Fuzz(func(t *testing.T, summary, trig string, limit int) {
		if !utf8.ValidString(summary) || !utf8.ValidString(trig) {
			return
		}
		triggers := strings.Split(trig, ",")
		idf := newIDF([]string{summary, trig})
		d := Describe(summary, triggers, idf, limit%2000)
		if n := utf8.RuneCountInString(d); n > manual.MaxSkillDescription {
			t.Fatalf("%d characters", n)
		}
		shown := max(0, limit%(utf8.RuneCountInString(d)+1))
		for _, w := range lost(d, shown, triggers) {
			if !strings.Contains(strings.ToLower(d), strings.ToLower(strings.Join(strings.Fields(w), " "))) {
				t.Fatalf("lost %q is not in %q", w, d)
			}
		}
		for _, w := range lost(d, shown, nil) {
			if !strings.Contains(strings.ToLower(d), w) {
				t.Fatalf("lost %q is not in %q", w, d)
			}
		}
	})
}
