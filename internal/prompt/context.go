package prompt

import (
	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/config"
)

// renderContext returns the render context of one bundle (DESIGN §2.2): engine,
// recipe, surface, parentSurface, role, provider, style, lang, params,
// tools (a list of {name, description}) and addonSections; the baker adds
// sources (the manuals the engine can load, sources.go). A role bundle
// is a worker's prompt: its surface is WorkerSurface and parentSurface the
// surface of the agent that spawns it (empty for the recipe's own
// prompt). Per-turn values are not part of it: they are the turn.*
// placeholders of dynamic blocks.
func renderContext(cfg *config.Config, r *config.Recipe, surface, role, provider string, style bundle.Style, addonSections string) map[string]any {
	tools := make([]any, 0, len(r.Tools))
	for _, t := range r.Tools {
		tools = append(tools, map[string]any{"name": t, "description": cfg.Tools[t]})
	}
	params := map[string]any{}
	for k, v := range r.Params {
		params[k] = v
	}
	parent := ""
	if role != "" {
		surface, parent = workerSurface, surface
	}
	return map[string]any{
		"engine":        r.Engine,
		"recipe":        r.Name,
		"surface":       surface,
		"parentSurface": parent,
		"role":          role,
		"provider":      provider,
		"style":         string(style),
		"lang":          r.Lang,
		"params":        params,
		"tools":         tools,
		"addonSections": addonSections,
	}
}
