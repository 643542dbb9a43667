package export

import (
	"bytes"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/internal/guard"

	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/manual"
)

// frontMatter writes it's front matter for the host. A SKILL.md exported
// as a skill keeps its own front matter (key order, other fields, comments)
// with the name and description replaced; every other export gets the
// fields the profile lists, from the lore header: name, description,
// allowed-tools (requires-tools), and for a Cursor rule alwaysApply:
// false (an Agent Requested rule).
func frontMatter(p *profiles.Profile, it *item) ([]byte, error) {
	m := it.m
	if m.IsSkillEntry() && p.Export.Format == "skill" && m.Header.Meta != nil {
		if fm, ok := manual.SplitFrontMatter(m.Src); ok && fm.Closed {
			var doc yaml.Node
			if err := guard.Do(func() error { return yaml.Unmarshal(fm.Text, &doc) }); err == nil && len(doc.Content) == 1 && doc.Content[0].Kind == yaml.MappingNode {
				root := doc.Content[0]
				set(root, "name", it.name, true)
				set(root, "description", it.desc, false)
				return encode(&doc)
			}
		}
	}
	root := &yaml.Node{Kind: yaml.MappingNode}
	for _, f := range p.Export.Fields {
		switch f {
		case "name":
			add(root, f, str(it.name))
		case "description":
			add(root, f, str(it.desc))
		case "allowed-tools":
			if len(m.RequiresTools) > 0 {
				add(root, f, str(strings.Join(m.RequiresTools, " ")))
			}
		case "alwaysApply":
			add(root, f, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "false"})
		}
	}
	return encode(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}})
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func add(m *yaml.Node, k string, v *yaml.Node) {
	m.Content = append(m.Content, str(k), v)
}

// set replaces key's value in mapping m, or adds it (first when first).
func set(m *yaml.Node, key, value string, first bool) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			v := str(value)
			v.LineComment = m.Content[i+1].LineComment
			m.Content[i+1] = v
			return
		}
	}
	if first {
		m.Content = slices.Insert(m.Content, 0, str(key), str(value))
		return
	}
	add(m, key, str(value))
}

func encode(doc *yaml.Node) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("---\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := guard.Do(func() error { return enc.Encode(doc) }); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	b.WriteString("---\n")
	return b.Bytes(), nil
}
