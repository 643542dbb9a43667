package lint

import (
	"slices"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var skillYAML = problemRule(manual.RuleSkillYAML, diag.Error,
	"Agent Skills front matter is not valid YAML",
	"SKILL.md, `.agent.md`, `.instructions.md` and `.prompt.md` files start with YAML front matter between `---` lines. "+
		"Invalid YAML hides the name and description from every agent; the message gives the YAML parser's complaint and its line. "+
		"The usual cause is an unquoted value containing `: ` or starting with `*`, `&`, `[` or `{`: quote it. "+
		"A key given twice in one mapping is an error too (as in a lore header): YAML parsers disagree about which one counts, "+
		"so lore's checks and an agent host could read different `allowed-tools` or descriptions.")

// skillBodyLines is the recommended maximum length of an Agent Skills body.
const skillBodyLines = 500

var skillBodySize = &Rule{
	ID: "skill/body-size", Severity: diag.Warning,
	Summary: "an Agent Skills body over 500 lines",
	Doc: "The Agent Skills guidance keeps a SKILL.md body under 500 lines: the body is loaded whole when the skill triggers. " +
		"Move reference material into separate files in the skill's folder and link to them from the body.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Skill {
			return
		}
		body := m.Lines - m.Header.End
		if body > skillBodyLines {
			p.Report(m, m.Header.End+skillBodyLines+1, 1, "body has %d lines, over the recommended %d: move reference material into files beside it and link them", body, skillBodyLines)
		}
	},
}

// skillKeys are the front matter keys of the Agent Skills specification,
// plus those lore reads.
var skillKeys = []string{"name", "description", "license", "allowed-tools", "metadata", "compatibility",
	"triggers", "audience", "requires-tools"}

var skillUnknownKey = &Rule{
	ID: "skill/unknown-key", Severity: diag.Warning,
	Summary: "a SKILL.md front matter key outside the Agent Skills specification",
	Doc: "The Agent Skills specification allows `name`, `description`, `license`, `allowed-tools`, `metadata` and `compatibility` in a " +
		"SKILL.md front matter (lore also reads `triggers`, `audience` and `requires-tools`). Other keys are ignored by agents; " +
		"put custom data under `metadata:`.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if !m.IsSkillEntry() || m.Header.Meta == nil {
			return
		}
		for _, f := range m.Header.Fields {
			if slices.Contains(skillKeys, f.Key) {
				continue
			}
			hint := "move it under `metadata:`"
			if c := config.Closest(f.Key, skillKeys); c != "" {
				hint = "did you mean `" + c + "`? Otherwise move it under `metadata:`"
			}
			p.ReportRange(m, f.Line, 1, f.Line, len([]rune(f.Key))+1, "front matter key %s is not part of the Agent Skills specification: %s", diag.Excerpt(f.Key), hint)
		}
	},
}
