package bundle

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Stack is the input of a composition: the layers that apply to one bundle.
type Stack struct {
	// Layers in any order; they are composed broadest first (by Kind rank,
	// then in the order given).
	Layers []Layer
	// Roles are the admitted role names. A role layer (Kind Agent) that is
	// not admitted is refused.
	Roles []string
	// Disabled names blocks that are switched off, each with its reason;
	// they are left out and the reason is recorded. The blocks of the
	// safety floor (FloorBlocks) cannot be switched off: naming one is a
	// problem and the block stays.
	Disabled map[string]string
	// Priorities fix the priority of blocks whose seed-tier text is not
	// part of the stack (Overlay uses them to keep a baked bundle's order).
	Priorities map[string]int
}

// Part is one layer's contribution to a block.
type Part struct {
	Layer  string `json:"layer"`
	Source string `json:"source"`
	Line   int    `json:"line,omitempty"`
	Text   string `json:"text"`
}

// Composed is one block of the composition.
type Composed struct {
	Name     string `json:"name"`
	Rule     Rule   `json:"rule"`
	Priority int    `json:"priority"`
	Dynamic  bool   `json:"dynamic,omitempty"`
	// Parts are the contributing layers, broadest first: the winner alone
	// for a narrowest-wins block, every layer with text for a concatenated
	// one, the seed's for a locked one.
	Parts []Part `json:"parts"`
	// Text is the composed text; empty means the block renders nothing.
	Text string `json:"-"`
	// itemParts[i] is the index in Parts of the part the i-th item of a
	// concatenated block came from; itemTexts holds the items.
	itemParts []int
	itemTexts []string
}

// Absence records a configured block left out of a bundle, and why.
type Absence struct {
	Block  string `json:"block"`
	Reason string `json:"reason"`
}

// The lint rules lore reports composition problems under.
const (
	// RuleLayer: a block no layer may write, an invalid block name, a
	// block defined twice in the seed tier.
	RuleLayer = "prompt/layer"
	// RuleGuardrailInherit: a layer tries to stop inheriting guardrails
	// (an "inherit: false" line, or an empty guardrails file under
	// inherited guardrails).
	RuleGuardrailInherit = "prompt/guardrail-inherit"
	// RuleDisabledFloor: Stack.Disabled names a block of the safety floor.
	RuleDisabledFloor = "prompt/disabled-floor"
)

// Problem is a defect of the input found while composing. Rule is the lint
// rule id lore reports it under (RuleLayer, RuleGuardrailInherit or
// RuleDisabledFloor).
type Problem struct {
	Rule    string
	Layer   string
	Block   string
	Source  string
	Line    int
	Message string
}

func (p Problem) String() string {
	pos := p.Source
	if p.Line > 0 {
		pos = fmt.Sprintf("%s:%d", p.Source, p.Line)
	}
	return fmt.Sprintf("%s: %s [%s]", pos, p.Message, p.Rule)
}

// Composition is the result of Compose.
type Composition struct {
	// Blocks in render order: ascending priority, ties in order of first
	// appearance.
	Blocks []Composed
	// Disabled lists the switched-off blocks that the stack had.
	Disabled []Absence
	// Demoted lists the blocks of untrusted layers that were dropped.
	Demoted []Part
	// Problems are defects of the input; the composition went on without
	// the offending text.
	Problems []Problem
}

// ErrUnadmittedRole is wrapped by the error Compose returns for a role
// layer whose role is not admitted: it is refused, never ignored.
var ErrUnadmittedRole = errors.New("refused")

// Compose combines the layers of s block by block (see the package
// documentation for the rules). Defects of the input are reported as
// Problems and leave the offending text out; the only error is a role that
// is not admitted, which is refused rather than ignored.
func Compose(s Stack) (*Composition, error) {
	layers, err := s.ordered()
	if err != nil {
		return nil, err
	}
	c := &Composition{}
	index := map[string]int{} // block name → index in c.Blocks
	for _, l := range layers {
		id := l.ID()
		for _, b := range l.Blocks {
			c.add(&s, index, l, id, b)
		}
	}
	for i := range c.Blocks {
		c.Blocks[i].compose()
	}
	slices.SortStableFunc(c.Blocks, func(a, b Composed) int { return cmp.Compare(a.Priority, b.Priority) })
	return c, nil
}

// ordered returns the layers of s from the broadest kind to the narrowest
// (stable within a kind), or an error for a layer of unknown kind or a
// role that is not admitted.
func (s *Stack) ordered() ([]*Layer, error) {
	layers := make([]*Layer, 0, len(s.Layers))
	for i := range s.Layers {
		l := &s.Layers[i]
		if l.Kind.Rank() < 0 {
			return nil, fmt.Errorf("unknown layer kind %q", l.Kind)
		}
		if l.Kind == Agent && !slices.Contains(s.Roles, l.Name) {
			admitted := "none"
			if len(s.Roles) > 0 {
				admitted = strings.Join(s.Roles, ", ")
			}
			return nil, fmt.Errorf("%w: role %q is not admitted (admitted: %s)", ErrUnadmittedRole, l.Name, admitted)
		}
		layers = append(layers, l)
	}
	slices.SortStableFunc(layers, func(a, b *Layer) int { return cmp.Compare(a.Kind.Rank(), b.Kind.Rank()) })
	return layers, nil
}

// add composes block b of layer l (whose ID is id) into c: admitted, not
// switched off, it joins the block of its name by that block's rule.
func (c *Composition) add(s *Stack, index map[string]int, l *Layer, id string, b Block) {
	text, ok := c.admit(l, id, b)
	if !ok || c.switchedOff(s, b.Name) {
		return
	}
	part := Part{Layer: id, Source: b.Source, Line: b.Line, Text: text}
	cb := c.block(s, index, l, b)
	switch cb.Rule {
	case Narrowest:
		cb.Parts = append(cb.Parts[:0], part)
	case Concatenated:
		if text != "" {
			cb.Parts = append(cb.Parts, part)
		}
		if b.Name == Guardrails && !l.Kind.seedTier() && strings.TrimSpace(b.Text) == "" && len(cb.itemsSoFar()) > 0 {
			c.emptyGuardrails(l, b, cb)
		}
	case Locked:
		if len(cb.Parts) > 0 {
			c.problem(RuleLayer, l, b, fmt.Sprintf("block %q is defined twice in the seed tier (also %s): keep one", b.Name, cb.Parts[0].Source))
			return
		}
		cb.Parts = append(cb.Parts, part)
	}
}

// switchedOff reports whether Stack.Disabled switches block name off,
// recording the absence once. A floor block cannot be switched off: that
// is recorded as a problem and the block stays.
func (c *Composition) switchedOff(s *Stack, name string) bool {
	why, off := s.Disabled[name]
	if !off {
		return false
	}
	if Floor(name) {
		c.floorDisabled(name)
		return false
	}
	if !slices.ContainsFunc(c.Disabled, func(a Absence) bool { return a.Block == name }) {
		c.Disabled = append(c.Disabled, Absence{Block: name, Reason: why})
	}
	return true
}

// block returns the composed block that block b of layer l joins, made on
// its first appearance with its rule and priority: the seed tier's own
// priority, else the stack's, else the default.
func (c *Composition) block(s *Stack, index map[string]int, l *Layer, b Block) *Composed {
	if i, seen := index[b.Name]; seen {
		return &c.Blocks[i]
	}
	prio := b.Priority
	if prio == 0 || !l.Kind.seedTier() {
		prio = s.Priorities[b.Name]
	}
	if prio == 0 {
		prio = DefaultPriority(b.Name, b.Dynamic)
	}
	c.Blocks = append(c.Blocks, Composed{Name: b.Name, Rule: RuleOf(b.Name), Priority: prio,
		Dynamic: b.Dynamic && l.Kind.seedTier()})
	index[b.Name] = len(c.Blocks) - 1
	return &c.Blocks[len(c.Blocks)-1]
}

// admit applies the layer rules to block b of layer l: it returns the text
// the block contributes, or false when the block is refused or demoted.
func (c *Composition) admit(l *Layer, id string, b Block) (string, bool) {
	if !ValidName(b.Name) {
		c.problem(RuleLayer, l, b, fmt.Sprintf("%q is not a block name: use letters, digits, '.', '_' and '-'", b.Name))
		return "", false
	}
	text, directives := stripInherit(b.Text)
	for _, line := range directives {
		c.Problems = append(c.Problems, Problem{Rule: RuleGuardrailInherit, Layer: id, Block: b.Name, Source: b.Source,
			Line: lineOf(b, line),
			Message: fmt.Sprintf("layer %s tries to stop inheriting guardrails: there is no such switch, every layer inherits the full guardrail set; "+
				"delete the line (to change a narrower layer's own guardrails, edit its guardrails file)", id)})
	}
	if l.Kind.seedTier() {
		return text, true
	}
	if !Editable(b.Name) {
		msg := fmt.Sprintf("layer %s cannot write block %q: ", id, b.Name)
		if b.Name == CapabilityContract {
			msg += "the capability contract is locked to the engine's own prompt"
		} else {
			msg += "layers write only " + strings.Join(EditableBlocks(), ", ")
		}
		c.problem(RuleLayer, l, b, msg)
		return "", false
	}
	if l.Untrusted && b.Name != Guardrails {
		c.Demoted = append(c.Demoted, Part{Layer: id, Source: b.Source, Line: b.Line, Text: text})
		return "", false
	}
	return text, true
}

// floorDisabled records, once, that Stack.Disabled names floor block name.
func (c *Composition) floorDisabled(name string) {
	if slices.ContainsFunc(c.Problems, func(p Problem) bool { return p.Rule == RuleDisabledFloor && p.Block == name }) {
		return
	}
	c.Problems = append(c.Problems, Problem{Rule: RuleDisabledFloor, Block: name, Message: fmt.Sprintf(
		"block %q is part of the safety floor and cannot be disabled: it stays in every bundle; remove it from disabled:", name)})
}

// emptyGuardrails records that layer l's guardrails file is empty while
// broader layers have guardrails: an empty file says "nothing here" for
// its own layer and cannot remove what the layer inherits.
func (c *Composition) emptyGuardrails(l *Layer, b Block, cb *Composed) {
	var from []string
	for _, p := range cb.Parts {
		if strings.TrimSpace(p.Text) != "" && !slices.Contains(from, p.Layer) {
			from = append(from, p.Layer)
		}
	}
	n, what := len(cb.itemsSoFar()), "guardrails"
	if n == 1 {
		what = "guardrail"
	}
	c.problem(RuleGuardrailInherit, l, b, fmt.Sprintf("layer %s: the guardrails file is empty, which cannot remove the %d %s it inherits (from %s): "+
		"guardrails concatenate across every layer; delete the file, or write this layer's own guardrails in it",
		l.ID(), n, what, strings.Join(from, ", ")))
}

func (c *Composition) problem(rule string, l *Layer, b Block, msg string) {
	c.Problems = append(c.Problems, Problem{Rule: rule, Layer: l.ID(), Block: b.Name, Source: b.Source, Line: b.Line, Message: msg})
}

func lineOf(b Block, offset int) int {
	if b.Line == 0 {
		return 0
	}
	return b.Line + offset
}

// itemsSoFar returns the distinct item keys of a concatenated block's
// parts, before compose.
func (cb *Composed) itemsSoFar() []string {
	var keys []string
	for _, p := range cb.Parts {
		for _, it := range splitItems(p.Text) {
			if !slices.Contains(keys, it.key) {
				keys = append(keys, it.key)
			}
		}
	}
	return keys
}

// compose sets the block's Text from its parts.
func (cb *Composed) compose() {
	cb.itemParts, cb.itemTexts = nil, nil
	switch cb.Rule {
	case Concatenated:
		seen := map[string]bool{}
		var items []item
		for pi, p := range cb.Parts {
			for _, it := range splitItems(p.Text) {
				if seen[it.key] {
					continue
				}
				seen[it.key] = true
				items = append(items, it)
				cb.itemParts = append(cb.itemParts, pi)
				cb.itemTexts = append(cb.itemTexts, it.text)
			}
		}
		cb.Text = joinItems(items)
	default:
		cb.Text = ""
		if len(cb.Parts) > 0 {
			cb.Text = strings.TrimSpace(cb.Parts[len(cb.Parts)-1].Text)
		}
	}
}

// stripInherit removes lines that try to switch off inheritance
// ("inherit: false", "guardrails.inherit = false") and returns their
// 0-based line offsets.
func stripInherit(text string) (string, []int) {
	if !strings.Contains(text, "inherit") {
		return text, nil
	}
	lines := strings.Split(text, "\n")
	var kept []string
	var found []int
	for i, l := range lines {
		if isInheritOff(l) {
			found = append(found, i)
			continue
		}
		kept = append(kept, l)
	}
	if found == nil {
		return text, nil
	}
	return strings.Join(kept, "\n"), found
}

func isInheritOff(l string) bool {
	t := strings.ToLower(strings.TrimSpace(l))
	t = strings.TrimSpace(t[bulletLen(t):])
	t = strings.Trim(t, "`*_ ")
	for _, p := range []string{"guardrails.inherit", "guardrails-inherit", "inherit-guardrails", "inherit"} {
		if rest, ok := strings.CutPrefix(t, p); ok {
			rest = strings.TrimSpace(rest)
			if len(rest) == 0 || rest[0] != ':' && rest[0] != '=' {
				return false
			}
			v := strings.Trim(strings.TrimSpace(rest[1:]), `"'`)
			return v == "false" || v == "no" || v == "off" || v == "0" || v == "none"
		}
	}
	return false
}

// Digest returns the hex sha256 of s.
func Digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Descriptors returns one descriptor per contributing part in composition
// order: broadest layer first, and within a layer in render order. Tokens
// are counted with count (nil leaves them 0).
func (c *Composition) Descriptors(count func(string) int) []Descriptor {
	type ranked struct {
		rank, block, part int
		d                 Descriptor
	}
	var all []ranked
	for bi, b := range c.Blocks {
		for pi, p := range b.Parts {
			k, _, _ := strings.Cut(p.Layer, "/")
			d := Descriptor{Block: b.Name, Layer: p.Layer, Source: p.Source, Digest: Digest(p.Text), Bytes: len(p.Text), Priority: b.Priority}
			if count != nil {
				d.Tokens = count(p.Text)
			}
			all = append(all, ranked{rank: Kind(k).Rank(), block: bi, part: pi, d: d})
		}
	}
	slices.SortStableFunc(all, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(a.block, b.block), cmp.Compare(a.part, b.part))
	})
	out := make([]Descriptor, len(all))
	for i, r := range all {
		out[i] = r.d
	}
	return out
}

// Item is one item of a concatenated block and the index in Parts of the
// part it came from.
type Item struct {
	Text string
	Part int
}

// Items returns the items of a concatenated block in render order (nil
// for other blocks): which layer each guardrail or note came from.
func (cb *Composed) Items() []Item {
	out := make([]Item, len(cb.itemTexts))
	for i, t := range cb.itemTexts {
		out[i] = Item{Text: t, Part: cb.itemParts[i]}
	}
	return out
}

// Block returns the composed block called name, or nil.
func (c *Composition) Block(name string) *Composed {
	for i := range c.Blocks {
		if c.Blocks[i].Name == name {
			return &c.Blocks[i]
		}
	}
	return nil
}
