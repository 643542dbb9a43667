package build

import "path"

// Covers reports whether lore lint without paths checks file (a path as
// the file system names it): it lies in a manual root or the prompts
// folder, or the project has neither lore.yaml nor a manual root, so that
// its folder is a folder of manuals.
func (p *Project) Covers(file string) bool {
	q := path.Clean(file)
	if p.Config.File == "" && len(p.roots()) == 0 {
		return true
	}
	return p.inRoots(q) || p.inPrompts(q)
}

// PromptsDir returns the prompts folder as the file system names it.
func (p *Project) PromptsDir() string { return path.Clean(p.Config.Path(p.Config.Prompts)) }
