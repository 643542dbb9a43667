package lint

import (
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
)

// configPrefix starts the value of a Suppress fact that a setting of
// lore.yaml makes.
const configPrefix = "lore.yaml:"

// Weakened returns what lore.yaml of cfg (nil: nothing) does to the
// security rules of a manual made of files, as Suppress facts of its
// capability surface (capability.Options.Weakened), each at its setting:
// "lore.yaml:PATTERN=SEVERITY" for each lint.rules entry that decides the
// severity of a security rule and sets it off or below its default
// ("lore.yaml:security/*=off"), and "lore.yaml:ignore" when lint.ignore
// covers one of the files. A disable comment is such a fact too: a
// setting that switches the gate off must show in the lock as well.
func Weakened(cfg *config.Config) func(files []string) []capability.Fact {
	if cfg == nil {
		return nil
	}
	rules := weakenedRules(cfg)
	globs := ignoreGlobs(cfg)
	if len(rules) == 0 && len(globs) == 0 {
		return nil
	}
	in := &Input{Config: cfg}
	return func(files []string) []capability.Fact {
		out := rules
		for _, f := range files {
			if i := ignoredBy(in, f, globs); i >= 0 {
				pos := diag.Pos{File: cfg.File, Line: 1, Col: 1}
				if i < len(cfg.Lint.IgnorePos) {
					pos.Line, pos.Col = max(1, cfg.Lint.IgnorePos[i].Line), max(1, cfg.Lint.IgnorePos[i].Col)
				}
				return append(out[:len(out):len(out)], capability.Fact{Kind: capability.Suppress, Value: configPrefix + "ignore", Pos: pos})
			}
		}
		return out
	}
}

// weakenedRules returns a fact for each lint.rules entry of cfg that
// decides the severity of a security rule (an exact id beats "group/*",
// which beats "*") and lowers it below the rule's default.
func weakenedRules(cfg *config.Config) []capability.Fact {
	var out []capability.Fact
	seen := map[string]bool{}
	for _, r := range registry() {
		if r.Group() != "security" {
			continue
		}
		s, by := r.Severity, ""
		for _, pat := range []string{"*", r.Group() + "/*", r.ID} {
			if v, ok := cfg.Lint.Rules[pat]; ok {
				if p, err := diag.ParseSeverity(v); err == nil {
					s, by = p, pat
				}
			}
		}
		if by == "" || s >= r.Severity || seen[by] {
			continue
		}
		seen[by] = true
		pos := cfg.Lint.RulePos[by]
		out = append(out, capability.Fact{Kind: capability.Suppress, Value: configPrefix + by + "=" + s.String(),
			Pos: diag.Pos{File: cfg.File, Line: max(1, pos[0]), Col: max(1, pos[1])}})
	}
	return out
}
