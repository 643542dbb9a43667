package manual

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/guard"
)

// duplicateKey finds a key given twice in one mapping of YAML front
// matter text, whose first line is file line first. goldmark-meta (yaml.v2)
// keeps the last silently; js-yaml refuses the file and other parsers keep
// the first, so what lore checks and locks (allowed-tools, description)
// and what an agent host applies could differ. Every mapping counts, a
// quoted key too; an alias is not followed (its anchor's mapping is
// checked where it stands). nil when there is none, or when yaml.v3
// cannot read what yaml.v2 read (the text is then left to it).
func duplicateKey(text []byte, first int) *Problem {
	var doc yaml.Node
	if guard.Do(func() error { return yaml.Unmarshal(text, &doc) }) != nil {
		return nil
	}
	k, prev := firstDuplicate(&doc)
	if k == nil {
		return nil
	}
	return &Problem{Rule: RuleSkillYAML, Line: first + k.Line - 1, Col: k.Column,
		Message: fmt.Sprintf("invalid YAML front matter: key %s is given twice (first on line %d); YAML parsers disagree about which "+
			"one counts (lore takes the last, others the first or refuse the file): keep one", diag.Excerpt(k.Value), first+prev.Line-1)}
}

// firstDuplicate returns the first key node (in document order) whose
// value an earlier key of the same mapping has, and that earlier key.
func firstDuplicate(n *yaml.Node) (dup, prev *yaml.Node) {
	if n == nil || n.Kind == yaml.AliasNode {
		return nil, nil
	}
	if n.Kind == yaml.MappingNode {
		seen := map[string]*yaml.Node{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind == yaml.ScalarNode && k.Tag != "!!merge" {
				if p, ok := seen[k.Value]; ok {
					return k, p
				}
				seen[k.Value] = k
			}
			if d, p := firstDuplicate(n.Content[i+1]); d != nil {
				return d, p
			}
		}
		return nil, nil
	}
	for _, c := range n.Content {
		if d, p := firstDuplicate(c); d != nil {
			return d, p
		}
	}
	return nil, nil
}
