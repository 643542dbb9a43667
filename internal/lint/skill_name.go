package lint

import (
	"fmt"
	"path"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var skillName = &Rule{
	ID: "skill/name", Severity: diag.Error,
	Summary: "an Agent Skills name breaks the limits",
	Doc: "A SKILL.md needs `name:` in its front matter: 1–64 characters of lowercase letters, digits and hyphens, no leading, trailing or " +
		"doubled hyphen, and equal to the folder that holds it (the Agent Skills specification). In `.agent.md` and `.prompt.md` files " +
		"the name is optional, but must be text when present. YAML 1.1 reads `no`, `yes`, `on` and `off` as booleans: quote such names.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Skill {
			return
		}
		line := m.Header.Start
		if f, ok := m.Header.Field("name"); ok {
			line = f.Line
		}
		if line == 0 {
			line = 1
		}
		if !m.IsSkillEntry() {
			if v, ok := m.Header.Meta["name"]; ok && v != nil {
				if _, isStr := v.(string); !isStr {
					p.Report(m, line, 1, "name %s is not text (YAML read it as %T): quote it", diag.Clip(fmt.Sprint(v)), v)
				}
			}
			return
		}
		if !m.Header.Present {
			p.Report(m, 1, 1, "SKILL.md has no front matter: start it with `---`, `name: %s`, `description: …`, `---`", path.Base(m.Dir()))
			return
		}
		if m.Header.Meta == nil {
			return // invalid YAML; skill/yaml reports it
		}
		if msg := skillNameProblem(m); msg != "" {
			p.Report(m, line, 1, "%s", msg)
		}
	},
}

func skillNameProblem(m *manual.Manual) string {
	folder := path.Base(m.Dir())
	v, ok := m.Header.Meta["name"]
	if !ok || v == nil {
		return fmt.Sprintf("SKILL.md has no `name:`: add `name: %s` (the folder's name)", folder)
	}
	name, isStr := v.(string)
	if !isStr {
		return fmt.Sprintf("name %s is not text (YAML 1.1 read it as %T): quote it, `name: \"%s\"`", diag.Clip(fmt.Sprint(v)), v, diag.Clip(fmt.Sprint(v)))
	}
	n := len([]rune(name))
	switch {
	case n == 0:
		return "name is empty: set it to the folder's name, `name: " + folder + "`"
	case n > 64:
		return fmt.Sprintf("name has %d characters, over the limit of 64: shorten it (and rename the folder to match)", n)
	case strings.HasPrefix(name, "-") || strings.HasSuffix(name, "-"):
		return fmt.Sprintf("name %s starts or ends with a hyphen: remove it", diag.Excerpt(name))
	case strings.Contains(name, "--"):
		return fmt.Sprintf("name %s has a doubled hyphen: use single hyphens", diag.Excerpt(name))
	case !manual.ValidSkillName(name):
		return fmt.Sprintf("name %s may hold only lowercase letters, digits and hyphens: write %s", diag.Excerpt(name), diag.Excerpt(manual.SkillName(name)))
	case name != folder:
		return fmt.Sprintf("name %s differs from its folder %s: rename one so they match", diag.Excerpt(name), diag.Excerpt(folder))
	}
	return ""
}
