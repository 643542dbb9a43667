package bundle

// The seal: digests over every field of the bundle file, so that a change
// to any field a runtime acts on (budget, disabled list, style, role, the
// recorded blocks, …) is detected and named, not only a change to the
// prefix text.

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The fields of the bundle file that hold the seal itself; every other
// field is sealed.
const (
	sealField   = "bundleSha256"
	fieldsField = "fieldSha256"
)

// Seal sets b.FieldSHA256 and b.BundleSHA256 from b's other fields. Bake
// and Overlay seal the bundles they return; call it again after changing a
// bundle on purpose.
//
// Every field of the bundle file except the two seal fields is sealed:
// FieldSHA256[name] is the hex sha256 of the canonical encoding of that
// field's JSON value (see Canonical), and BundleSHA256 is the hex sha256 of
// the lines "NAME HEX\n" of FieldSHA256, sorted by name. A field added to
// the format later is sealed without further ado.
func (b *Bundle) Seal() {
	b.FieldSHA256 = b.fieldDigests()
	b.BundleSHA256 = sealOf(b.FieldSHA256)
}

// fieldDigests returns the digest of every sealed field of b.
func (b *Bundle) fieldDigests() map[string]string {
	c := *b
	c.BundleSHA256, c.FieldSHA256 = "", nil
	data, err := json.Marshal(&c)
	if err != nil {
		// A Bundle holds strings, numbers and lists only; this cannot
		// happen, and an empty seal never verifies.
		return map[string]string{}
	}
	var fields map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&fields); err != nil {
		return map[string]string{}
	}
	out := make(map[string]string, len(fields))
	h := sha256.New()
	w := bufio.NewWriter(h)
	for name, v := range fields {
		if name == sealField || name == fieldsField {
			continue
		}
		// Hashed as it is encoded: a field holding a long prefix is not
		// copied into a buffer, then a string, then a byte slice.
		h.Reset()
		canonical(w, v)
		_ = w.Flush() // a hash takes every write
		out[name] = hex.EncodeToString(h.Sum(nil))
	}
	return out
}

// canonWriter is where canonical writes: a bytes.Buffer, or a bufio.Writer
// in front of a hash.
type canonWriter interface {
	io.Writer
	io.ByteWriter
	io.StringWriter
}

// sealOf is the bundle digest of the field digests.
func sealOf(fields map[string]string) string {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		b.WriteString(name + " " + fields[name] + "\n")
	}
	return Digest(b.String())
}

// Canonical returns the canonical encoding of a JSON document: the bytes
// field digests are taken over. It is independent of white space, member
// order and string escapes, so a runtime in any language can reproduce it
// from the parsed file:
//
//	object  '{' then its members sorted by name (bytewise), each as the
//	        name's string encoding followed by the value, then '}'
//	array   '[' then the elements in order, then ']'
//	string  's' byte length in decimal ':' the UTF-8 bytes
//	number  'n' the number as written ';'
//	true 't', false 'f', null 'z'
func Canonical(doc []byte) ([]byte, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	canonical(&buf, v)
	return buf.Bytes(), nil
}

func canonical(w canonWriter, v any) {
	switch v := v.(type) {
	case map[string]any:
		w.WriteByte('{')
		for _, k := range slices.Sorted(maps.Keys(v)) {
			canonicalString(w, k)
			canonical(w, v[k])
		}
		w.WriteByte('}')
	case []any:
		w.WriteByte('[')
		for _, e := range v {
			canonical(w, e)
		}
		w.WriteByte(']')
	case string:
		canonicalString(w, v)
	case json.Number:
		w.WriteString("n" + v.String() + ";")
	case bool:
		if v {
			w.WriteByte('t')
		} else {
			w.WriteByte('f')
		}
	default:
		w.WriteByte('z')
	}
}

func canonicalString(w canonWriter, s string) {
	w.WriteString("s" + strconv.Itoa(len(s)) + ":")
	w.WriteString(s)
}

// verifySeal checks b's seal: one message per field whose value no longer
// matches its recorded digest, naming the field; a message for a seal
// whose field digests match but whose bundle digest does not.
func verifySeal(b *Bundle) []string {
	if b.BundleSHA256 == "" && len(b.FieldSHA256) == 0 {
		return []string{"the bundle records no bundleSha256 or fieldSha256: nothing seals its budget, disabled list, style and other fields " +
			"(it was baked by an older lore, or the seal was removed); rebuild it with 'lore build'"}
	}
	var out []string
	got := b.fieldDigests()
	for _, name := range slices.Sorted(maps.Keys(got)) {
		rec, ok := b.FieldSHA256[name]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("field %s is not sealed: fieldSha256 has no digest for it; rebuild the bundle with 'lore build'", name))
		case rec != got[name]:
			out = append(out, fmt.Sprintf("field %s was changed after the build%s: its sha256 is %.12s…, fieldSha256 records %.12s…",
				name, b.valueNote(name), got[name], rec))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(b.FieldSHA256)) {
		if _, ok := got[name]; !ok {
			out = append(out, fmt.Sprintf("fieldSha256 seals %q, which is not a field of %s", name, Schema))
		}
	}
	if len(out) == 0 {
		if want := sealOf(got); want != b.BundleSHA256 {
			out = append(out, fmt.Sprintf("bundleSha256 is %.12s…, its field digests give %.12s…: the seal was edited", b.BundleSHA256, want))
		}
	}
	return out
}

// valueNote shows the current value of a short scalar field.
func (b *Bundle) valueNote(name string) string {
	var v any
	switch name {
	case "budget":
		v = b.Budget
	case "tokens":
		v = b.Tokens
	case "tailTokens":
		v = b.TailTokens
	case "bytes":
		v = b.Bytes
	case "style":
		v = string(b.Style)
	case "role", "surface", "provider", "recipe", "engine", "id", "tokenizer", "schema":
		v = map[string]string{"role": b.Role, "surface": b.Surface, "provider": b.Provider, "recipe": b.Recipe,
			"engine": b.Engine, "id": b.ID, "tokenizer": b.Tokenizer, "schema": b.Schema}[name]
	case "disabled":
		names := make([]string, len(b.Disabled))
		for i, a := range b.Disabled {
			names[i] = a.Block
		}
		return fmt.Sprintf(" (it lists %d blocks now: %s)", len(names), strings.Join(names, ", "))
	default:
		return ""
	}
	return fmt.Sprintf(" (it is %s now)", jsonText(v))
}

func jsonText(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}
