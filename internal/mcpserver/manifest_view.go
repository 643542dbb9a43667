package mcpserver

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/prompt"
)

// manifestView returns the manifest (raw, as the build wrote it) as the
// server's asker may see it: lore://manifest must not tell an engine
// about a manual hidden from it, any more than manual_list does. Asked as
// no particular engine with no allow-set, it is raw unchanged. Otherwise
// it lists only the manuals the engine's cascade reaches and it sees,
// names only those in references and referencedBy, only the engine's
// recipes, and only the bundles and task templates the server serves.
func (snap *snapshot) manifestView(raw []byte) ([]byte, error) {
	if snap.who.Engine == "" && snap.who.AnyTools {
		return raw, nil
	}
	var mf build.Manifest
	if err := json.Unmarshal(raw, &mf); err != nil {
		return nil, fmt.Errorf("%s/%s: %v", snap.public, manifestFile, err)
	}
	paths, names := map[string]bool{}, map[string]bool{}
	for _, m := range snap.cascade.Order {
		if snap.cascade.Visibility.Sees(m) {
			paths[snap.project.RelPath(m.Path)] = true
			names[m.Name] = true
		}
	}
	var recipes []string
	for _, r := range snap.project.Config.Recipes {
		if snap.who.Engine == "" || r.Engine == snap.who.Engine {
			recipes = append(recipes, r.Name)
		}
	}
	keep := func(list []string, in func(string) bool) []string {
		return slices.DeleteFunc(list, func(s string) bool { return !in(s) })
	}
	mf.Manuals = slices.DeleteFunc(mf.Manuals, func(m build.ManifestManual) bool { return !paths[m.Path] })
	for i := range mf.Manuals {
		m := &mf.Manuals[i]
		m.References = keep(m.References, func(n string) bool { return names[n] })
		m.ReferencedBy = keep(m.ReferencedBy, func(n string) bool { return names[n] })
		m.Recipes = keep(m.Recipes, func(n string) bool { return slices.Contains(recipes, n) })
	}
	mf.Bundles = slices.DeleteFunc(mf.Bundles, func(e bundle.Entry) bool {
		return !slices.ContainsFunc(snap.bundles, func(b *bundle.Bundle) bool { return b.ID == e.ID })
	})
	mf.Templates = slices.DeleteFunc(mf.Templates, func(t build.ManifestTemplate) bool {
		return !slices.ContainsFunc(snap.templates, func(s *prompt.TaskTemplate) bool { return s.Name == t.Name })
	})
	b, err := json.MarshalIndent(&mf, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
