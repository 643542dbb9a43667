package bundle

import (
	"fmt"
	"strings"
)

// Kind is a tier of the layer chain. The values are wire strings: a bundle
// written today still reads after a build that adds a tier.
type Kind string

// The tiers, broadest first. Seed, Library and Addon share the seed tier.
const (
	Seed    Kind = "seed"
	Library Kind = "library"
	Addon   Kind = "addon"
	Shared  Kind = "shared"
	Project Kind = "project"
	Surface Kind = "surface"
	Bot     Kind = "bot"
	Chat    Kind = "chat"
	Agent   Kind = "agents"
)

// Rank orders the tiers: 0 for the seed tier up to 6 for a role. A
// narrower layer has a higher rank.
func (k Kind) Rank() int {
	switch k {
	case Seed, Library, Addon:
		return 0
	case Shared:
		return 1
	case Project:
		return 2
	case Surface:
		return 3
	case Bot:
		return 4
	case Chat:
		return 5
	case Agent:
		return 6
	}
	return -1
}

// seedTier reports whether k is part of the seed tier.
func (k Kind) seedTier() bool { return k.Rank() == 0 }

// named reports whether layers of kind k carry a name (surface/chat).
func (k Kind) named() bool { return k == Surface || k == Bot || k == Chat || k == Agent }

// Layer is one tier's blocks.
type Layer struct {
	Kind Kind
	// Name is the surface kind, bot, chat or role; empty for the others.
	Name string
	// Untrusted layers are demoted: only their guardrails apply.
	Untrusted bool
	Blocks    []Block
}

// ID is the layer's wire name: "seed", "project", "surface/chat",
// "agents/reviewer".
func (l *Layer) ID() string { return LayerID(l.Kind, l.Name) }

// LayerID joins a kind and a name into a layer id.
func LayerID(k Kind, name string) string {
	if k.named() {
		return string(k) + "/" + name
	}
	return string(k)
}

// ParseLayerID splits a layer id such as "surface/chat" or "shared". The
// seed tier is not a layer one can name: it is the engine's own prompt.
func ParseLayerID(id string) (Kind, string, error) {
	kind, name, _ := strings.Cut(id, "/")
	k := Kind(kind)
	switch {
	case k == Shared || k == Project:
		if name != "" {
			return "", "", fmt.Errorf("layer %q: %s takes no name; write %q", id, k, k)
		}
		return k, "", nil
	case k.named():
		if !ValidName(name) {
			return "", "", fmt.Errorf("layer %q: write %s/<name>, e.g. %s", id, k, example(k))
		}
		return k, name, nil
	}
	return "", "", fmt.Errorf("unknown layer %q: layers are shared, project, surface/<kind>, bot/<name>, chat/<name> and agents/<role>", id)
}

func example(k Kind) string {
	switch k {
	case Surface:
		return "surface/chat"
	case Agent:
		return "agents/reviewer"
	}
	return string(k) + "/support"
}
