package hosts

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/manual"
)

// TestDescribeKeepsNaturalOrderWhenItFits: a description within the
// host's cut is the summary and then the triggers it does not name.
func TestDescribeKeepsNaturalOrderWhenItFits(t *testing.T) {
	idf := newIDF([]string{"a b", "c d"})
	got := Describe("Embed images in a reply.", []string{"image", "embed", "picture"}, idf, 200)
	if want := "Embed images in a reply. Use when: picture."; got != want {
		// "image" and "embed" are in the summary already.
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestDescribeDistinctiveFirst: over the cut, the part with the rarest
// words leads, and inside the trigger clause the rarest trigger leads;
// the rarity comes from the corpus, not from a list.
func TestDescribeDistinctiveFirst(t *testing.T) {
	corpus := []string{
		"Use this when you write a manual for the agent.",
		"Use this when you schedule a job for the agent.",
		"Use this when you read a file for the agent.",
		"kubectl rollout for the agent",
	}
	idf := newIDF(corpus)
	got := Describe("Use this when you deploy for the agent. Rolls out kubectl manifests.", []string{"agent", "kubectl"}, idf, 40)
	if !strings.HasPrefix(got, "Rolls out kubectl manifests.") {
		t.Errorf("the distinctive sentence does not lead: %q", got)
	}
	got = Describe("Deploys.", []string{"agent work", "helm", "rollout"}, idf, 10)
	if !strings.Contains(got, "Use when: helm, rollout, agent work.") {
		t.Errorf("triggers not ordered by rarity: %q", got)
	}
}

// TestDescribeBounded: the result never passes the Agent Skills limit.
func TestDescribeBounded(t *testing.T) {
	var trig []string
	for i := range 300 {
		trig = append(trig, strings.Repeat("x", i%7+3)+"q")
	}
	got := Describe(strings.Repeat("Long sentence here. ", 80), trig, newIDF(nil), 100)
	if n := utf8.RuneCountInString(got); n > manual.MaxSkillDescription || n < 500 {
		t.Errorf("%d characters", n)
	}
}
