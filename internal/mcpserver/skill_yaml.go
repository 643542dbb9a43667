package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"

	"gopkg.in/yaml.v3"
)

// maxYAMLNodes bounds the nodes a front matter may expand to (aliases
// included), so that a "billion laughs" header cannot exhaust memory.
const maxYAMLNodes = 10000

// frontMatter is a SKILL.md's YAML front matter as a mapping node, in the
// author's key order.
type frontMatter struct{ root *yaml.Node }

// parseFrontMatter decodes YAML front matter text; it must be a mapping.
func parseFrontMatter(text []byte) (*frontMatter, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(text, &doc); err != nil {
		return nil, fmt.Errorf("the front matter is not valid YAML: %v", err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, errors.New("the front matter is not a YAML mapping of fields")
	}
	return &frontMatter{root: doc.Content[0]}, nil
}

// newFrontMatter returns an empty front matter, written in block style.
func newFrontMatter() *frontMatter {
	return &frontMatter{root: &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}}
}

// get returns the value node of key, or nil.
func (f *frontMatter) get(key string) *yaml.Node {
	for i := 0; i+1 < len(f.root.Content); i += 2 {
		if k := f.root.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
			return f.root.Content[i+1]
		}
	}
	return nil
}

// text returns key's value when it is a YAML string.
func (f *frontMatter) text(key string) (string, bool) {
	n := f.get(key)
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return "", false
	}
	return n.Value, true
}

// set gives key a string value, replacing the value it has or adding the
// key after the fields before it.
func (f *frontMatter) set(key, value string) {
	v := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: value}
	for i := 0; i+1 < len(f.root.Content); i += 2 {
		if k := f.root.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
			f.root.Content[i+1] = v
			return
		}
	}
	f.root.Content = append(f.root.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, v)
}

// marshal renders the front matter as YAML text.
func (f *frontMatter) marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(f.root); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// json renders the front matter as a JSON object with the fields in the
// author's order, as YAML 1.2 reads them: `no` stays text, a timestamp
// stays the text written, a number that JSON cannot hold (.inf, .nan) is
// text too. A key written twice is an error, and so is a tree of more
// than maxYAMLNodes nodes.
func (f *frontMatter) json() (json.RawMessage, error) {
	var b bytes.Buffer
	budget := maxYAMLNodes
	if err := writeJSON(&b, f.root, &budget, 0); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func writeJSON(b *bytes.Buffer, n *yaml.Node, budget *int, depth int) error {
	if *budget--; *budget < 0 || depth > 100 {
		return errors.New("the front matter expands to too many values (aliases?)")
	}
	switch n.Kind {
	case yaml.AliasNode:
		return writeJSON(b, n.Alias, budget, depth+1)
	case yaml.MappingNode:
		b.WriteByte('{')
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			for k.Kind == yaml.AliasNode {
				k = k.Alias
			}
			if k.Kind != yaml.ScalarNode {
				return fmt.Errorf("line %d: a key that is not text", k.Line)
			}
			if seen[k.Value] {
				return fmt.Errorf("line %d: the key %q is written twice", k.Line, k.Value)
			}
			seen[k.Value] = true
			if i > 0 {
				b.WriteByte(',')
			}
			key, _ := json.Marshal(k.Value)
			b.Write(key)
			b.WriteByte(':')
			if err := writeJSON(b, n.Content[i+1], budget, depth+1); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case yaml.SequenceNode:
		b.WriteByte('[')
		for i, c := range n.Content {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeJSON(b, c, budget, depth+1); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	default:
		b.Write(scalarJSON(n))
	}
	return nil
}

// scalarJSON renders a scalar by its resolved YAML 1.2 tag.
func scalarJSON(n *yaml.Node) []byte {
	text := func(s string) []byte { b, _ := json.Marshal(s); return b }
	switch n.ShortTag() {
	case "!!null":
		return []byte("null")
	case "!!bool":
		var v bool
		if n.Decode(&v) == nil {
			return strconv.AppendBool(nil, v)
		}
	case "!!int":
		var v int64
		if n.Decode(&v) == nil {
			return strconv.AppendInt(nil, v, 10)
		}
	case "!!float":
		var v float64
		if n.Decode(&v) == nil && !math.IsInf(v, 0) && !math.IsNaN(v) {
			b, _ := json.Marshal(v)
			return b
		}
	}
	return text(n.Value)
}
