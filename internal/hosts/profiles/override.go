package profiles

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/internal/guard"
)

// Override is one entry of lore.yaml's hosts.profiles: fields set over the
// built-in profile of the same name, over its base, or a new profile.
type Override struct {
	Name string
	// Node is the entry's YAML mapping (positions are the file's).
	Node *yaml.Node
	// Line is the line of the entry's key.
	Line int
}

// Error is a defect of an override, at a line of the project file.
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return e.Msg }

func errAt(n *yaml.Node, format string, args ...any) *Error {
	return &Error{Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
}

// Check checks an override's keys and value types against Profile without
// applying it: an unknown key (with the keys it may be), a list where a
// value belongs, text where a number belongs.
func Check(o Override) error {
	if !ValidName(o.Name) {
		return &Error{Line: o.Line, Col: 1, Msg: fmt.Sprintf("hosts.profiles: %q is not a host name: use lowercase letters, digits and hyphens", o.Name)}
	}
	if o.Node == nil || o.Node.Kind == yaml.ScalarNode && o.Node.Tag == "!!null" {
		return nil
	}
	return checkNode(o.Node, reflect.TypeOf(Profile{}), "hosts.profiles."+o.Name)
}

func checkNode(n *yaml.Node, t reflect.Type, at string) error {
	if n.Kind == yaml.AliasNode {
		return errAt(n, "%s: YAML aliases are not supported here; write the value out", at)
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
			return nil
		}
		if n.Kind != yaml.MappingNode {
			return errAt(n, "%s must be a mapping of keys (%s)", at, strings.Join(yamlKeys(t), ", "))
		}
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if seen[k.Value] {
				return errAt(k, "%s: key %q is set twice: keep one", at, k.Value)
			}
			seen[k.Value] = true
			f, ok := fieldByTag(t, k.Value)
			if !ok {
				return errAt(k, "%s: unknown key %q; known keys: %s", at, k.Value, strings.Join(yamlKeys(t), ", "))
			}
			if err := checkNode(v, f.Type, at+"."+k.Value); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice:
		if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
			return nil
		}
		if n.Kind != yaml.SequenceNode {
			return errAt(n, "%s must be a list", at)
		}
		for _, e := range n.Content {
			if err := checkNode(e, t.Elem(), at+"[]"); err != nil {
				return err
			}
		}
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return errAt(n, "%s must be a single value", at)
	}
	v := reflect.New(t)
	if err := guard.Do(func() error { return n.Decode(v.Interface()) }); err != nil {
		want := map[reflect.Kind]string{reflect.Int: "a whole number", reflect.Float64: "a number", reflect.String: "text", reflect.Bool: "true or false"}[t.Kind()]
		return errAt(n, "%s must be %s, got %q", at, want, n.Value)
	}
	if t.Kind() == reflect.String && n.Tag != "!!str" && n.Tag != "!!null" {
		return errAt(n, "%s must be text, got %q: quote it", at, n.Value)
	}
	return nil
}

func fieldByTag(t reflect.Type, key string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		if tag, _, _ := strings.Cut(f.Tag.Get("yaml"), ","); tag == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func yamlKeys(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		out = append(out, tag)
	}
	return out
}

// Resolve returns every profile a project knows, sorted by name: the
// built-in ones with the overrides applied (fields set replace the
// built-in values, lists whole) and the project's own (starting from
// base: when it names one). Each result is validated.
func Resolve(overrides []Override) ([]*Profile, error) {
	builtin, err := Builtin()
	if err != nil {
		return nil, err
	}
	byName := map[string]*Profile{}
	for _, p := range builtin {
		byName[p.Name] = p
	}
	for _, o := range overrides {
		if err := Check(o); err != nil {
			return nil, err
		}
		var p Profile
		if b, ok := byName[o.Name]; ok {
			p = *b
		}
		if base := baseOf(o.Node); base != "" {
			b, ok := byName[base]
			if !ok {
				return nil, &Error{Line: o.Line, Col: 1, Msg: fmt.Sprintf("hosts.profiles.%s: base %q is no host profile; the built-in ones are %s", o.Name, base, strings.Join(BuiltinNames(), ", "))}
			}
			p = *b
		}
		if o.Node != nil {
			if err := guard.Do(func() error { return o.Node.Decode(&p) }); err != nil {
				return nil, &Error{Line: o.Line, Col: 1, Msg: fmt.Sprintf("hosts.profiles.%s: %v", o.Name, err)}
			}
		}
		if p.Name != "" && p.Name != o.Name && byName[o.Name] != nil {
			return nil, &Error{Line: o.Line, Col: 1, Msg: fmt.Sprintf("hosts.profiles.%s: name %q differs from the key: leave name out", o.Name, p.Name)}
		}
		p.Name = o.Name
		if err := p.Validate(); err != nil {
			return nil, &Error{Line: o.Line, Col: 1, Msg: "hosts.profiles." + err.Error()}
		}
		byName[o.Name] = &p
	}
	var out []*Profile
	for _, p := range byName {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b *Profile) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

func baseOf(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "base" {
			return n.Content[i+1].Value
		}
	}
	return ""
}
