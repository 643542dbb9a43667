package lint

import (
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var headerUnknownAudience = &Rule{
	ID: "header/unknown-audience", Severity: diag.Error,
	Summary: "audience is not a configured engine",
	Doc: "`audience` names the one engine a manual is for; `how_do_i` and `manual_list` hide the manual from every other engine. " +
		"An audience that no recipe in lore.yaml uses hides the manual from everyone. Fix the spelling, add a recipe for the engine, " +
		"or delete the line so the manual applies to every engine. The rule is silent in projects without recipes.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Audience == "" || p.In.Config == nil {
			return
		}
		engines := p.In.Config.Engines()
		if len(engines) == 0 || slices.Contains(engines, m.Audience) {
			return
		}
		line, col := audienceLine(m)
		hint := "configured engines: " + strings.Join(engines, ", ")
		if s := config.Closest(m.Audience, engines); s != "" {
			hint = "did you mean `" + s + "`?"
		}
		p.Report(m, line, col, "audience %s is not a configured engine, so no engine sees this manual: %s", diag.Excerpt(m.Audience), hint)
	},
}

var headerAudienceMarker = &Rule{
	ID: "header/audience-marker", Severity: diag.Warning,
	Summary: "a manual under `<engine>/manuals/` has no audience",
	Doc: "Engine-specific manuals (under `<engine>/manuals/`, or `manuals/<engine>/`) should carry `audience: <engine>` in their header " +
		"(seed 000 §3): training and documentation pipelines read the marker, and the folder convention alone is not reliable. " +
		"The rule knows the engines of lore.yaml's recipes.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Audience != "" || p.In.Config == nil {
			return
		}
		engines := p.In.Config.Engines()
		segs := strings.Split(m.Path, "/")
		for i := 0; i+1 < len(segs)-1; i++ {
			eng := ""
			switch {
			case segs[i+1] == "manuals" && slices.Contains(engines, segs[i]):
				eng = segs[i]
			case segs[i] == "manuals" && slices.Contains(engines, segs[i+1]):
				eng = segs[i+1]
			}
			if eng != "" {
				line := 1
				if m.Header.Present {
					line = m.Header.Start
				}
				p.Report(m, line, 1, "this manual lies in %s's folder but has no audience marker: add `audience: %s` to its header", eng, eng)
				return
			}
		}
	},
}

func audienceLine(m *manual.Manual) (int, int) {
	if f, ok := m.Header.Field(manual.KeyAudience); ok {
		return f.Line, f.Col
	}
	if m.Header.Present {
		return m.Header.Start, 1
	}
	return 1, 1
}
