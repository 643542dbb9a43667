package build

import (
	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/tokens"
)

// Baked is the output of the bake stage: the prompt bundles and the
// findings made while composing them.
type Baked struct {
	Diagnostics diag.List
}

// bake composes every recipe's prompt bundles. (Filled in by the bundle
// work: prompts/, templates, layers, lock.)
func bake(p *Project, counter *tokens.Counter) (*Baked, error) {
	return &Baked{}, nil
}

// lockDiagnostics compares the bundles with prompts.lock (build --locked).
func (b *Baked) lockDiagnostics(p *Project) diag.List { return nil }

// write stores the bundles under lore/bundles/ of out.
func (b *Baked) write(out afero.Fs) error { return nil }
