package bundle

// Strict reading of a bundle file: what a JSON decoder would quietly
// accept but the seal cannot cover.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// VerifyFile decodes a bundle file and verifies it (Verify), adding one
// message per member the seal cannot vouch for: a name that is not a field
// of the format (encoding/json matches names case-insensitively, so
// "Budget" would set the budget while another reader ignores it), and a
// name given twice in one object (readers differ on which one wins). Only
// a file that is not a lore bundle at all is an error.
func VerifyFile(data []byte, count func(string) int) (*Bundle, []string, error) {
	b, err := Unmarshal(data)
	if err != nil {
		return nil, nil, err
	}
	out := strictMembers(data)
	return b, append(out, Verify(b, count)...), nil
}

// strictMembers walks the JSON document along the Bundle type and reports
// unknown and repeated member names, with their path.
func strictMembers(data []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out []string
	walkStrict(dec, reflect.TypeFor[Bundle](), "", &out)
	return out
}

// walkStrict reads one value from dec; t is the Go type it decodes into
// (nil when unknown, then only repeated names are reported).
func walkStrict(dec *json.Decoder, t reflect.Type, path string, out *[]string) bool {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok, err := dec.Token()
	if err != nil {
		return false
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return true
	}
	switch d {
	case '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; dec.More(); i++ {
			if !walkStrict(dec, elem, fmt.Sprintf("%s[%d]", path, i), out) {
				return false
			}
		}
	case '{':
		fields := jsonFields(t)
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return false
			}
			name, _ := kt.(string)
			p := name
			if path != "" {
				p = path + "." + name
			}
			if seen[name] {
				*out = append(*out, fmt.Sprintf("member %s is given twice: readers differ on which one counts; keep one", p))
			}
			seen[name] = true
			var ft reflect.Type
			switch {
			case t != nil && t.Kind() == reflect.Map:
				ft = t.Elem()
			case fields != nil:
				f, known := fields[name]
				if !known {
					*out = append(*out, unknownMember(p, name, fields))
				}
				ft = f
			}
			if !walkStrict(dec, ft, p, out) {
				return false
			}
		}
	}
	_, err = dec.Token() // the closing delimiter
	return err == nil
}

// jsonFields maps the JSON names of struct t to their types; nil when t
// is not a struct.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

func unknownMember(path, name string, fields map[string]reflect.Type) string {
	for f := range fields {
		if strings.EqualFold(f, name) {
			return fmt.Sprintf("member %s is not a field of %s: names are case-sensitive, the field is %q; a JSON reader that ignores case would apply it unsealed", path, Schema, f)
		}
	}
	return fmt.Sprintf("member %s is not a field of %s: the seal does not cover it, and a runtime must not act on it; remove it or rebuild the bundle", path, Schema)
}
