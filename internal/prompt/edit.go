package prompt

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/config"
)

// The layer verbs of seed 001: set writes one layer's file, reset deletes
// it so inheritance resumes, edit is set's $EDITOR round-trip. None of
// them ever copies inherited text into the narrower layer.

// layerFilePath returns prompts/layers/<layer>/<block>.md, checking the
// layer id and that layers may write the block.
func layerFilePath(dir, layer, block string) (string, error) {
	k, name, err := bundle.ParseLayerID(layer)
	if err != nil {
		return "", err
	}
	if !bundle.Editable(block) {
		if block == bundle.CapabilityContract {
			return "", fmt.Errorf("block %q is locked to the engine's own prompt: no layer can replace it", block)
		}
		return "", fmt.Errorf("layers write only %s; %q is not one of them", strings.Join(bundle.EditableBlocks(), ", "), block)
	}
	return path.Join(dir, "layers", bundle.LayerID(k, name), block+".md"), nil
}

// SetResult says what SetBlock did.
type SetResult struct {
	Path string
	// Written is false when nothing was written (the text is inherited, or
	// the write was refused).
	Written bool
	// Dropped are the items left out because a broader tier already has
	// them; Note explains a decision in one sentence.
	Dropped []string
	Note    string
	// Untrusted is set when the layer is untrusted (lore.yaml trust:):
	// only its guardrails apply, every other block it has is demoted.
	// TrustKey is the trust: key that says so.
	Untrusted bool
	TrustKey  string
	// OverBudget lists the bundles the text would push over their token
	// budget; when there are any, nothing was written.
	OverBudget []OverBudget
}

// OverBudget is a bundle a write would push over its token budget: the
// bundle as it would be, and its tokens now (-1 for a bundle not baked
// before).
type OverBudget struct {
	Bundle *bundle.Bundle
	Before int
}

// isDemoted reports whether a block of layer is demoted: the layer is
// untrusted and the block is not guardrails.
func isDemoted(cfg *config.Config, layer, block string) bool {
	return block != bundle.Guardrails && !isTrusted(cfg, layer)
}

// trustKey returns the lore.yaml trust: key that makes layer id
// untrusted, or "".
func trustKey(cfg *config.Config, id string) string {
	if cfg == nil || isTrusted(cfg, id) {
		return ""
	}
	if _, ok := cfg.Trust[id]; ok {
		return id
	}
	kind, _, _ := strings.Cut(id, "/")
	return kind
}

// Inherited returns what layer would inherit for block: per broader tier
// (the seed tier as the engine prompts and library blocks have it), its
// raw text, broadest first. The texts of broader untrusted layers that are
// demoted for block (every block but guardrails) are returned apart: they
// apply to no bundle. A nil cfg trusts every layer.
func (s *Set) Inherited(layer, block string, cfg *config.Config) (inherited, demoted []bundle.Part) {
	k, _, err := bundle.ParseLayerID(layer)
	if err != nil {
		return nil, nil
	}
	var out []bundle.Part
	for _, e := range s.Engines {
		for _, b := range e.Blocks {
			if b.Name == block && strings.TrimSpace(b.T.Src) != "" {
				out = append(out, bundle.Part{Layer: "seed", Source: e.Path, Text: strings.TrimSpace(b.T.Src)})
			}
		}
	}
	for _, l := range s.Layers {
		if l.Block != block || l.Kind.Rank() >= k.Rank() {
			continue
		}
		pt := bundle.Part{Layer: l.Layer, Source: l.Path, Text: strings.TrimSpace(l.T.Src)}
		if cfg != nil && isDemoted(cfg, l.Layer, block) {
			demoted = append(demoted, pt)
		} else {
			out = append(out, pt)
		}
	}
	byRank := func(a, b bundle.Part) int { return rankOf(a.Layer) - rankOf(b.Layer) }
	slices.SortStableFunc(out, byRank)
	slices.SortStableFunc(demoted, byRank)
	return out, demoted
}

func rankOf(layer string) int {
	k, _, _ := strings.Cut(layer, "/")
	return bundle.Kind(k).Rank()
}

// SetBlock writes text as block of layer. It never writes inherited text
// down: for identity and operating-rules, text equal to what the layer
// inherits from the nearest broader tier is not written (the layer keeps
// inheriting); for guardrails and surface-note, items a broader tier
// already has are dropped. An empty text is written: a deliberate nothing.
// Text that tries to stop inheriting guardrails is refused.
//
// With o.Config, the result says whether the layer is untrusted (then only
// its guardrails apply), and every bundle is baked with and without the
// new text (o configures the bake): a text that would push a bundle it
// changes over its token budget, or further over it, is refused and
// nothing is written (SetResult.OverBudget names the bundles).
func (s *Set) SetBlock(fsys afero.Fs, layer, block, text string, o Options) (*SetResult, error) {
	p, err := layerFilePath(s.Dir, layer, block)
	if err != nil {
		return nil, err
	}
	res := &SetResult{Path: p, TrustKey: trustKey(o.Config, layer)}
	res.Untrusted = res.TrustKey != ""
	text = strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n"))
	c, _ := bundle.Compose(bundle.Stack{Layers: []bundle.Layer{{Kind: bundle.Shared, Blocks: []bundle.Block{{Name: block, Text: text, Source: p}}}}})
	for _, pr := range c.Problems {
		if pr.Rule == bundle.RuleGuardrailInherit {
			return nil, fmt.Errorf("%s: there is no way to stop inheriting guardrails; remove the line that tries to", block)
		}
	}
	inherited, _ := s.Inherited(layer, block, o.Config)
	if text != "" {
		var done bool
		switch bundle.RuleOf(block) {
		case bundle.Narrowest:
			done = sameAsInherited(res, layer, text, inherited)
		case bundle.Concatenated:
			text, done = newItems(res, layer, text, inherited)
		}
		if done {
			return res, nil
		}
	}
	if err := s.guard(fsys, p); err != nil {
		return nil, err // never write through a link out of prompts/
	}
	data := text
	if data != "" {
		data += "\n"
	}
	if o.Config != nil {
		over, err := s.overBudget(fsys, p, data, o)
		if err != nil {
			return nil, err
		}
		if len(over) > 0 {
			res.OverBudget = over
			return res, nil
		}
	}
	if err := fsys.MkdirAll(path.Dir(p), 0o755); err != nil {
		return nil, err
	}
	if err := afero.WriteFile(fsys, p, []byte(data), 0o644); err != nil {
		return nil, err
	}
	res.Written = true
	if text == "" {
		res.Note = fmt.Sprintf("wrote an empty %s: a deliberate nothing in layer %s", block, layer)
	}
	return res, nil
}

// sameAsInherited reports whether text is what a narrowest-wins block
// already inherits — from the nearest broader layer that has the block,
// else from the engines' own prompts — and notes it in res: nothing is
// written then.
func sameAsInherited(res *SetResult, layer, text string, inherited []bundle.Part) bool {
	var from []bundle.Part
	for i := len(inherited) - 1; i >= 0 && from == nil; i-- {
		if rankOf(inherited[i].Layer) > 0 {
			from = inherited[i : i+1]
		}
	}
	if from == nil {
		from = inherited
	}
	for _, pt := range from {
		if normalise(pt.Text) == normalise(text) {
			res.Note = fmt.Sprintf("this is the text %s already gives (%s): nothing written, layer %s keeps inheriting", pt.Layer, pt.Source, layer)
			return true
		}
	}
	return false
}

// newItems keeps the items of a concatenated block's text that no
// broader layer gives already, noting the others in res.Dropped; done is
// true (with a note) when every item is inherited and nothing is written.
func newItems(res *SetResult, layer, text string, inherited []bundle.Part) (kept string, done bool) {
	var items []string
	have := map[string]bool{}
	for _, pt := range inherited {
		for _, it := range bundle.SplitItems(pt.Text) {
			have[bundle.ItemKey(it)] = true
		}
	}
	for _, it := range bundle.SplitItems(text) {
		if have[bundle.ItemKey(it)] {
			res.Dropped = append(res.Dropped, it)
			continue
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		res.Note = fmt.Sprintf("every item is already inherited: nothing written to layer %s", layer)
		return text, true
	}
	return bundle.JoinItems(items), false
}

// ResetBlock deletes block's file from layer so inheritance resumes, and
// the layer's folder when it is left empty. It reports whether there was a
// file.
func (s *Set) ResetBlock(fsys afero.Fs, layer, block string) (string, bool, error) {
	p, err := layerFilePath(s.Dir, layer, block)
	if err != nil {
		return "", false, err
	}
	if err := fsys.Remove(p); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return p, false, nil
		}
		return p, false, err
	}
	if left, err := afero.ReadDir(fsys, path.Dir(p)); err == nil && len(left) == 0 {
		_ = fsys.Remove(path.Dir(p))
	}
	return p, true, nil
}

// editHeader starts the comment lore prompt edit puts above the text.
const editHeader = "<!-- lore prompt edit:"

var editCommentRE = regexp.MustCompile(`(?s)\A\s*<!-- lore prompt edit:.*?-->\n?`)

// EditText returns what lore prompt edit opens: a comment naming the layer
// (and whether it is untrusted), what it inherits and what broader
// untrusted layers have that is demoted (never written back), then the
// layer's own text, or nothing when the layer has no file for the block.
// A nil cfg trusts every layer.
func (s *Set) EditText(fsys afero.Fs, layer, block string, cfg *config.Config) (string, error) {
	p, err := layerFilePath(s.Dir, layer, block)
	if err != nil {
		return "", err
	}
	if err := s.guard(fsys, p); err != nil {
		return "", err
	}
	own, err := afero.ReadFile(fsys, p)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s layer %s, block %s (%s).\n", editHeader, layer, block, bundle.RuleOf(block))
	if key := trustKey(cfg, layer); key != "" {
		fmt.Fprintf(&b, "     Layer %s is untrusted (lore.yaml trust: %s: false): only its guardrails apply.\n", layer, key)
		if block != bundle.Guardrails {
			fmt.Fprintf(&b, "     This %s is demoted: no bundle uses what you write here while the layer is untrusted.\n", block)
		}
	}
	inherited, demoted := s.Inherited(layer, block, cfg)
	if len(inherited) == 0 {
		b.WriteString("     Nothing is inherited.\n")
	} else {
		b.WriteString("     Inherited, read-only (not written back):\n")
		writeParts(&b, inherited)
	}
	if len(demoted) > 0 {
		b.WriteString("     Demoted, not applied (untrusted layers keep only their guardrails):\n")
		writeParts(&b, demoted)
	}
	b.WriteString("     Save an empty text for a deliberate nothing; 'lore prompt reset' inherits again. -->\n")
	b.Write(own)
	return b.String(), nil
}

func writeParts(b *strings.Builder, parts []bundle.Part) {
	for _, pt := range parts {
		for _, l := range strings.Split(strings.ReplaceAll(pt.Text, "--", "- -"), "\n") {
			fmt.Fprintf(b, "       %-12s %s\n", pt.Layer, l)
		}
	}
}

// StripEditComment removes the comment EditText added.
func StripEditComment(text string) string { return editCommentRE.ReplaceAllString(text, "") }

func normalise(s string) string { return strings.Join(strings.Fields(s), " ") }
