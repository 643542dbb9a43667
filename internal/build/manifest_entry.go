package build

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// appendManifestManual appends m as an element of manifest.json's manuals:
// "    " and json.MarshalIndent(m, "    ", "  "), byte for byte, without
// reflection (encoding every entry of a 10,000-manual manifest with
// encoding/json was a seventh of a second of every lore build, which
// keeps no entries between processes). A string that needs escaping is
// given to encoding/json (appendJSONString). TestAppendManifestManual
// checks it against MarshalIndent, field by field, also of a
// ManifestManual given a new field.
func appendManifestManual(b []byte, m *ManifestManual) []byte {
	const field, item = "\n      \"", "\n        "
	str := func(name, v string) {
		b = append(b, field...)
		b = append(b, name...)
		b = append(b, "\": "...)
		b = appendJSONString(b, v)
		b = append(b, ',')
	}
	num := func(name string, v int) {
		b = append(b, field...)
		b = append(b, name...)
		b = append(b, "\": "...)
		b = strconv.AppendInt(b, int64(v), 10)
		b = append(b, ',')
	}
	list := func(name string, vs []string) {
		b = append(b, field...)
		b = append(b, name...)
		b = append(b, "\": "...)
		switch {
		case vs == nil:
			b = append(b, "null"...)
		case len(vs) == 0:
			b = append(b, "[]"...)
		default:
			b = append(b, '[')
			for i, v := range vs {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, item...)
				b = appendJSONString(b, v)
			}
			b = append(b, "\n      ]"...)
		}
		b = append(b, ',')
	}
	b = append(b, "    {"...)
	str("name", m.Name)
	str("path", m.Path)
	str("url", m.URL)
	str("dialect", m.Dialect)
	str("audience", m.Audience)
	list("triggers", m.Triggers)
	str("summary", m.Summary)
	list("requiresTools", m.RequiresTools)
	num("lines", m.Lines)
	num("bytes", m.Bytes)
	num("tokens", m.Tokens)
	str("sha256", m.SHA256)
	str("source", m.Source)
	list("references", m.References)
	list("referencedBy", m.ReferencedBy)
	list("recipes", m.Recipes)
	b = b[:len(b)-1] // the last field's comma
	return append(b, "\n    }"...)
}

// appendJSONString appends s as encoding/json writes a string: copied as
// it is when nothing in it needs escaping, else through json.Marshal
// (which escapes quotes, backslashes, control characters, <, > and &,
// U+2028 and U+2029, and invalid UTF-8).
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 || r == '\u2028' || r == '\u2029' {
				return appendMarshalled(b, s)
			}
			i += n
			continue
		}
		if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return appendMarshalled(b, s)
		}
		i++
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

func appendMarshalled(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always encodes
	return append(b, q...)
}
