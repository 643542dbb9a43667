package bundle

import (
	"slices"
	"strings"
)

// The blocks with composition rules of their own (seed 001).
const (
	Identity           = "identity"
	OperatingRules     = "operating-rules"
	Guardrails         = "guardrails"
	SurfaceNote        = "surface-note"
	CapabilityContract = "capability-contract"
	// Addons is the block that holds addon fragments when the engine prompt
	// does not place {{ addonSections }} itself.
	Addons = "addons"
)

// Rule says how the layers of one block combine.
type Rule int

const (
	// Locked blocks come from the seed tier only (engine prompt, library
	// blocks, addon fragments); no layer can replace them.
	Locked Rule = iota
	// Narrowest blocks take the text of the narrowest layer that has them.
	Narrowest
	// Concatenated blocks join every layer's items, broadest first, and
	// drop repeated items.
	Concatenated
)

func (r Rule) String() string {
	switch r {
	case Narrowest:
		return "narrowest-wins"
	case Concatenated:
		return "concatenated"
	}
	return "locked"
}

// MarshalText writes the rule's wire name.
func (r Rule) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a rule's wire name.
func (r *Rule) UnmarshalText(b []byte) error {
	switch string(b) {
	case "narrowest-wins":
		*r = Narrowest
	case "concatenated":
		*r = Concatenated
	default:
		*r = Locked
	}
	return nil
}

// FloorBlocks returns the safety floor (seed 001: "you may stop inheriting
// who you are, never the floor"): the capability contract and the
// guardrails. Nothing removes them from a bundle — not lore.yaml
// disabled:, an empty layer file, trust demotion nor a role.
func FloorBlocks() []string { return []string{CapabilityContract, Guardrails} }

// Floor reports whether block name is part of the safety floor.
func Floor(name string) bool { return slices.Contains(FloorBlocks(), name) }

// RuleOf returns the composition rule of block name.
func RuleOf(name string) Rule {
	switch name {
	case Identity, OperatingRules:
		return Narrowest
	case Guardrails, SurfaceNote:
		return Concatenated
	}
	return Locked
}

// EditableBlocks returns the blocks a layer may write, in their usual
// order.
func EditableBlocks() []string { return []string{Identity, OperatingRules, Guardrails, SurfaceNote} }

// Editable reports whether a layer may write block name.
func Editable(name string) bool { return RuleOf(name) != Locked }

// Default priorities. Blocks render in ascending priority; the per-turn
// runtime context of seed 002 sits at 1720, after every static block.
const (
	PriorityIdentity           = 100
	PriorityCapabilityContract = 200
	PriorityOperatingRules     = 300
	PriorityGuardrails         = 400
	PriorityDefault            = 500
	PrioritySurfaceNote        = 1500
	PriorityAddons             = 1600
	PriorityDynamic            = 1720
)

// DefaultPriority is the priority of a block that does not set one.
func DefaultPriority(name string, dynamic bool) int {
	switch name {
	case Identity:
		return PriorityIdentity
	case CapabilityContract:
		return PriorityCapabilityContract
	case OperatingRules:
		return PriorityOperatingRules
	case Guardrails:
		return PriorityGuardrails
	case SurfaceNote:
		return PrioritySurfaceNote
	case Addons:
		return PriorityAddons
	}
	if dynamic {
		return PriorityDynamic
	}
	return PriorityDefault
}

// Block is one named piece of prompt text as a layer supplies it.
type Block struct {
	Name string
	// Text is the block's text, already rendered. An empty Text is a
	// deliberate nothing: the block is present and says nothing.
	Text string
	// Source names where the text came from (a path or a runtime key) and
	// Line the line its text starts on there (0 when unknown).
	Source string
	Line   int
	// Priority orders blocks; 0 takes the seed's or the default. Only
	// seed-tier blocks set it: a layer cannot reorder the prompt.
	Priority int
	// Dynamic blocks hold per-turn values and go to the tail.
	Dynamic bool
}

// ValidName reports whether s can name a block, layer, surface, role or
// provider: letters, digits, '.', '_' and '-', starting with a letter or
// digit.
func ValidName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case i > 0 && (c == '.' || c == '_' || c == '-'):
		default:
			return false
		}
	}
	return !strings.Contains(s, "..")
}
