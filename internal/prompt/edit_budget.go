package prompt

import (
	"path"

	"github.com/spf13/afero"
)

// overBudget bakes every bundle as it is and as it would be with data in
// file p, without touching fsys, and returns the bundles the change would
// push over their budget: bundles it changes that end over budget and
// either were within it or grow further. A bundle over budget already
// may still shrink.
func (s *Set) overBudget(fsys afero.Fs, p, data string, o Options) ([]OverBudget, error) {
	before := map[string]int{}
	for _, b := range Bake(s, o).Bundles {
		before[b.SHA256+" "+b.ID] = b.Tokens
		before[b.ID] = b.Tokens
	}
	overlay := afero.NewCopyOnWriteFs(afero.NewReadOnlyFs(fsys), afero.NewMemMapFs())
	if err := overlay.MkdirAll(path.Dir(p), 0o755); err != nil {
		return nil, err
	}
	if err := afero.WriteFile(overlay, p, []byte(data), 0o644); err != nil {
		return nil, err
	}
	var out []OverBudget
	for _, b := range Bake(Load(overlay, s.Dir), o).Bundles {
		if _, same := before[b.SHA256+" "+b.ID]; same || !b.OverBudget() {
			continue
		}
		was, ok := before[b.ID]
		if !ok {
			was = -1
		}
		if ok && was > b.Budget && b.Tokens <= was {
			continue // over budget already, and not growing
		}
		out = append(out, OverBudget{Bundle: b, Before: was})
	}
	return out, nil
}
