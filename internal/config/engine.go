package config

import "slices"

// EngineView returns what engine's recipes give it: their manualPaths
// (relative to the project), de-duplicated in recipe order, and their
// tools, the engine's allow-set, de-duplicated and sorted (never nil when
// ok). ok is false when no recipe has that engine.
func (c *Config) EngineView(engine string) (paths, tools []string, ok bool) {
	for _, r := range c.Recipes {
		if r.Engine != engine {
			continue
		}
		ok = true
		for _, mp := range r.ManualPaths {
			if !slices.Contains(paths, mp) {
				paths = append(paths, mp)
			}
		}
		for _, t := range r.Tools {
			if !slices.Contains(tools, t) {
				tools = append(tools, t)
			}
		}
	}
	if ok && paths == nil {
		paths = []string{}
	}
	if ok && tools == nil {
		tools = []string{}
	}
	slices.Sort(tools)
	return paths, tools, ok
}
