package lint

import (
	"fmt"
	"path"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/manual"
)

var hostName = &Rule{
	ID: "host/name", Severity: diag.Error,
	Summary: "a skill name a targeted host refuses or does not accept",
	Doc: "Hosts check skill names: Codex refuses a name over 64 characters and does not load the skill; Claude Code documents " +
		"lowercase letters, digits and hyphens, at most 64 characters. " +
		"The message names the host, its rule and what it does with a name that breaks it (where that is documented). Rename the " +
		"skill and its folder; `lore export` maps lore manual names onto the Agent Skills rules by itself.",
	Manual: func(p *Pass, m *manual.Manual) {
		if !m.IsSkillEntry() || p.In.Config == nil || len(p.In.Config.Hosts.Targets) == 0 {
			return
		}
		name := path.Base(path.Dir(m.Path))
		line := 1
		if f, ok := m.Header.Field("name"); ok {
			line = f.Line
			if v, ok := m.Header.Meta["name"]; ok && v != nil {
				name = strings.TrimSpace(fmt.Sprint(v))
			}
		}
		for _, t := range p.In.Config.Hosts.Targets {
			h := p.In.Config.Hosts.Profile(t)
			if h == nil {
				continue
			}
			why := hosts.NameProblem(h, name)
			if why == "" {
				continue
			}
			what := "refuses it: the skill is not loaded"
			if h.Skills.Name.OnInvalid != "reject" {
				what = fmt.Sprintf("documents the rule; what it does with a name that breaks it is not documented (%s confidence)", h.Skills.Name.Confidence)
			}
			p.Report(m, line, 1, "%s; %s %s", why, t, what)
		}
	},
}
