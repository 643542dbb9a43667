package manual

import (
	"fmt"

	"github.com/lorekit/lore/internal/guard"
)

// parseGuarded is parse (Parse) behind guard.Do: a panic in goldmark,
// goldmark-meta or yaml.v3 becomes a file/too-complex problem of the file
// and no manual, and the other files are still loaded.
func parseGuarded(p string, src []byte, parse func(string, []byte) *Manual) (*Manual, []FileProblem) {
	var m *Manual
	if err := guard.Do(func() error { m = parse(p, src); return nil }); err != nil {
		return nil, []FileProblem{{Path: p, Problem: Problem{Rule: RuleFileTooComplex,
			Message: fmt.Sprintf("the Markdown parser failed on this file (%s): it is not loaded; simplify its structure until it passes", err)}}}
	}
	return m, nil
}
