package build

import "github.com/lorekit/lore/internal/manual"

// LoadAgain is Load for a project whose manuals are mostly those of prev
// (nil: none): a manual whose file has the bytes of prev's at the same
// path and root is copied, not parsed again (manual.LoadAgain). lore diff
// --base loads the project as it is at the base this way.
func LoadAgain(o Options, prev *Project) (*Project, error) {
	p, err := loadConfig(o)
	if err != nil {
		return nil, err
	}
	var set *manual.Set
	if prev != nil {
		set = prev.Manuals
	}
	p.Manuals = manual.LoadAgain(p.FS, p.roots(), set)
	return p, nil
}
