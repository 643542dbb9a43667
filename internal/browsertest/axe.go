package browsertest

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

//go:embed axe/axe.min.js
var axeSource string

// Violation is one rule axe-core reports as broken on a page, with the
// elements that break it.
type Violation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

func (v Violation) String() string {
	return fmt.Sprintf("%s (%s): %s at %v", v.ID, v.Impact, v.Help, v.Targets)
}

// Axe runs axe-core (axe/axe.min.js, 4.14.1) on the page of the tab and
// returns its violations of the WCAG 2.x A and AA rules and best
// practices, or of the given rules only (a page's dark palette, say, needs
// only "color-contrast" and "link-in-text-block" again). It is evaluated
// through the DevTools protocol, which the page's
// Content-Security-Policy does not restrict.
func Axe(t *testing.T, ctx context.Context, rules ...string) []Violation {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof axe !== "undefined" || (() => { `+axeSource+`; return true })()`)); err != nil {
		t.Fatalf("loading axe-core: %v", err)
	}
	only := `{type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}`
	if len(rules) > 0 {
		b, _ := json.Marshal(rules)
		only = `{type: "rule", values: ` + string(b) + `}`
	}
	run := `axe.run(document, {resultTypes: ["violations"], runOnly: ` + only + `})
		.then(r => r.violations.map(v => ({id: v.id, impact: v.impact || "", help: v.help,
			targets: v.nodes.slice(0, 5).map(n => n.target.join(" "))})))`
	vs, err := chromedp.Run(ctx, chromedp.Evaluate[[]Violation](run, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("running axe-core: %v", err)
	}
	return vs
}
