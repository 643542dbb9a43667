package build

import (
	"github.com/lorekit/lore/internal/prompt"
	"github.com/lorekit/lore/internal/tokens"
)

// SetBlock writes one block of one layer as lore prompt set does
// (prompt.Set.SetBlock): never copying inherited text down, saying when
// the layer is untrusted, and refusing, with nothing written, a text that
// would push a bundle over its token budget (counted with the project's
// tokenizer).
func SetBlock(p *Project, layer, block, text string) (*prompt.SetResult, error) {
	counter := tokens.NewCounter(p.Config.Tokenizer)
	if _, err := counter.Count("lore"); err != nil {
		return nil, err
	}
	return LoadPrompts(p).SetBlock(p.FS, layer, block, text, p.promptOptions(counter))
}

// EditText is what lore prompt edit opens for one block of one layer
// (prompt.Set.EditText), with the project's trust settings.
func EditText(p *Project, layer, block string) (string, error) {
	return LoadPrompts(p).EditText(p.FS, layer, block, p.Config)
}
