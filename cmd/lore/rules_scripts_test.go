package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lorekit/lore/internal/lint"
)

// TestEveryRuleHasScripts keeps the rule set and the end-to-end scripts in
// step: each rule (except the prompt rules, tested with the prompt
// pipeline) has a script where it fires and one where a near miss stays
// silent, and each of them names the rule.
func TestEveryRuleHasScripts(t *testing.T) {
	for _, r := range lint.Rules() {
		if r.Group() == "prompt" {
			continue
		}
		base := "lint_" + strings.NewReplacer("/", "_", "-", "_").Replace(r.ID)
		for _, kind := range []string{"fires", "silent"} {
			f := filepath.Join("..", "..", "testdata", "script", base+"_"+kind+".txtar")
			src, err := os.ReadFile(f)
			if err != nil {
				t.Errorf("rule %s has no %s script: %v", r.ID, kind, err)
				continue
			}
			if !strings.Contains(string(src), r.ID) {
				t.Errorf("%s never names %s", f, r.ID)
			}
		}
		if r.Doc == "" || r.Summary == "" {
			t.Errorf("rule %s lacks a summary or doc paragraph", r.ID)
		}
	}
}
