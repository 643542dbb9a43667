package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// The header rules whose findings the header parser makes.

var headerNotYAML = problemRule(manual.RuleHeaderNotYAML, diag.Error,
	"a header line is not `key: value` (YAML-isms named)",
	"The lore header is not YAML: between the two `---` lines stand only `key: value` lines, one per key, "+
		"each value running to the end of its line. Lists, quotes, nesting, multi-line values, comments and blank lines "+
		"are errors, because a runtime reads the header without a YAML parser and would keep the quotes or brackets as part of the value. "+
		"The message shows the plain form to write instead, for example `triggers: chart, Diagramm` for `triggers: [chart, Diagramm]`. "+
		"The header rules do not apply to resources of an Agent Skills folder, whose front matter is the skill's YAML.")

var headerUnterminated = problemRule(manual.RuleHeaderUnterminated, diag.Error,
	"the header's opening `---` has no closing `---`",
	"A file that starts with `---` opens a header, and the header ends at the next line that is exactly `---`. "+
		"Without that line the whole file would be read as header. Add the closing `---` after the last `key: value` line, "+
		"or remove the opening `---` if the file has no header.")

var headerDuplicateKey = problemRule(manual.RuleHeaderDuplicateKey, diag.Error,
	"a header key appears twice",
	"Each header key may appear once. Two `triggers:` lines usually mean a list was split by mistake; "+
		"merge the values into one comma-separated line.")

var headerEmptyValue = problemRule(manual.RuleHeaderEmptyValue, diag.Error,
	"a header key has no value",
	"A header line with a key and nothing after the colon says nothing, and readers cannot tell whether a value was lost. "+
		"Give the key a value or delete the line; a missing key already means \"not set\".")
