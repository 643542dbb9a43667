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
)

// The layer verbs of seed 001: set writes one layer's file, reset deletes
// it so inheritance resumes, edit is set's $EDITOR round-trip. None of
// them ever copies inherited text into the narrower layer.

// LayerFilePath returns prompts/layers/<layer>/<block>.md, checking the
// layer id and that layers may write the block.
func LayerFilePath(dir, layer, block string) (string, error) {
	k, name, err := bundle.ParseLayerID(layer)
	if err != nil {
		return "", err
	}
	if !bundle.Editable(block) {
		if block == bundle.CapabilityContract {
			return "", fmt.Errorf("block %q is locked to the engine's own prompt: no layer can replace it", block)
		}
		return "", fmt.Errorf("layers write only %s; %q is not one of them", strings.Join(bundle.EditableBlocks, ", "), block)
	}
	return path.Join(dir, "layers", bundle.LayerID(k, name), block+".md"), nil
}

// SetResult says what SetBlock did.
type SetResult struct {
	Path string
	// Written is false when nothing was written (the text is inherited).
	Written bool
	// Dropped are the items left out because a broader tier already has
	// them; Note explains a decision in one sentence.
	Dropped []string
	Note    string
}

// Inherited returns what layer would inherit for block: per broader tier
// (the seed tier as the engine prompts and library blocks have it), its
// raw text, broadest first.
func (s *Set) Inherited(layer, block string) []bundle.Part {
	k, _, err := bundle.ParseLayerID(layer)
	if err != nil {
		return nil
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
		if l.Block == block && l.Kind.Rank() < k.Rank() {
			out = append(out, bundle.Part{Layer: l.Layer, Source: l.Path, Text: strings.TrimSpace(l.T.Src)})
		}
	}
	slices.SortStableFunc(out, func(a, b bundle.Part) int { return rankOf(a.Layer) - rankOf(b.Layer) })
	return out
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
func (s *Set) SetBlock(fsys afero.Fs, layer, block, text string) (*SetResult, error) {
	p, err := LayerFilePath(s.Dir, layer, block)
	if err != nil {
		return nil, err
	}
	res := &SetResult{Path: p}
	text = strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n"))
	c, _ := bundle.Compose(bundle.Stack{Layers: []bundle.Layer{{Kind: bundle.Shared, Blocks: []bundle.Block{{Name: block, Text: text, Source: p}}}}})
	for _, pr := range c.Problems {
		if pr.Rule == bundle.RuleGuardrailInherit {
			return nil, fmt.Errorf("%s: there is no way to stop inheriting guardrails; remove the line that tries to", block)
		}
	}
	inherited := s.Inherited(layer, block)
	if text != "" {
		switch bundle.RuleOf(block) {
		case bundle.Narrowest:
			// The layer inherits from the nearest broader layer that has
			// the block, else from the engines' own prompts.
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
					return res, nil
				}
			}
		case bundle.Concatenated:
			var kept []string
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
				kept = append(kept, it)
			}
			if len(kept) == 0 {
				res.Note = fmt.Sprintf("every item is already inherited: nothing written to layer %s", layer)
				return res, nil
			}
			text = bundle.JoinItems(kept)
		}
	}
	if err := s.guard(fsys, p); err != nil {
		return nil, err // never write through a link out of prompts/
	}
	if err := fsys.MkdirAll(path.Dir(p), 0o755); err != nil {
		return nil, err
	}
	data := text
	if data != "" {
		data += "\n"
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

// ResetBlock deletes block's file from layer so inheritance resumes, and
// the layer's folder when it is left empty. It reports whether there was a
// file.
func (s *Set) ResetBlock(fsys afero.Fs, layer, block string) (string, bool, error) {
	p, err := LayerFilePath(s.Dir, layer, block)
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
// and what it inherits (never written back), then the layer's own text, or
// nothing when the layer has no file for the block.
func (s *Set) EditText(fsys afero.Fs, layer, block string) (string, error) {
	p, err := LayerFilePath(s.Dir, layer, block)
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
	inherited := s.Inherited(layer, block)
	if len(inherited) == 0 {
		b.WriteString("     Nothing is inherited.\n")
	} else {
		b.WriteString("     Inherited, read-only (not written back):\n")
		for _, pt := range inherited {
			for _, l := range strings.Split(strings.ReplaceAll(pt.Text, "--", "- -"), "\n") {
				fmt.Fprintf(&b, "       %-12s %s\n", pt.Layer, l)
			}
		}
	}
	b.WriteString("     Save an empty text for a deliberate nothing; 'lore prompt reset' inherits again. -->\n")
	b.Write(own)
	return b.String(), nil
}

// StripEditComment removes the comment EditText added.
func StripEditComment(text string) string { return editCommentRE.ReplaceAllString(text, "") }

func normalise(s string) string { return strings.Join(strings.Fields(s), " ") }
