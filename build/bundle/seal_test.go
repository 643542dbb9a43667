package bundle

import (
	"bytes"
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func bakedJSON(t *testing.T) (*Bundle, map[string]any) {
	t.Helper()
	s := testStack()
	s.Disabled = map[string]string{"tooluse.default": "no tools yet"}
	meta := testMeta()
	meta.Sources = &Sources{Budget: 500, Tokens: 120, Listed: 6, Available: 9}
	b := bake(t, meta, s)
	data, err := b.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return b, m
}

// Every field of the bundle file but the seal itself is sealed, including
// any field added later.
func TestSealCoversEveryField(t *testing.T) {
	b, _ := bakedJSON(t)
	if got := Verify(b, count); len(got) != 0 {
		t.Fatalf("a fresh bundle does not verify: %q", got)
	}
	for f := range reflect.TypeFor[Bundle]().Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == sealField || name == fieldsField {
			continue
		}
		if _, ok := b.FieldSHA256[name]; !ok {
			t.Errorf("field %s is not sealed", name)
		}
	}
	if len(b.BundleSHA256) != 64 {
		t.Errorf("bundleSha256 %q", b.BundleSHA256)
	}
}

// A change to any one field is detected and the field named.
func TestVerifyNamesEveryChangedField(t *testing.T) {
	_, m := bakedJSON(t)
	for _, name := range slices.Sorted(maps.Keys(m)) {
		if name == sealField || name == fieldsField {
			continue
		}
		c := maps.Clone(m)
		switch v := c[name].(type) {
		case string:
			c[name] = v + "x"
		case float64:
			c[name] = v + 1
		case []any:
			c[name] = v[:len(v)-1]
		case map[string]any: // sources
			c[name] = map[string]any{"budget": 10000, "tokens": v["tokens"], "listed": v["listed"], "available": v["available"]}
		default:
			t.Fatalf("field %s: no mutation for %T", name, v)
		}
		data, _ := json.Marshal(c)
		b, err := Unmarshal(data)
		if err != nil {
			if name != "schema" {
				t.Errorf("%s: %v", name, err)
			}
			continue // a foreign schema is refused outright
		}
		got := Verify(b, count)
		if !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "field "+name+" was changed after the build") }) {
			t.Errorf("%s changed: not named in %q", name, got)
		}
	}
}

func TestVerifyNamesTheBudget(t *testing.T) {
	b, _ := bakedJSON(t)
	b.Budget = 999999
	got := Verify(b, count)
	if len(got) != 1 || !strings.Contains(got[0], "field budget was changed after the build (it is 999999 now)") {
		t.Errorf("budget raised: %q", got)
	}
	b, _ = bakedJSON(t)
	b.Disabled = []Absence{}
	got = Verify(b, count)
	if len(got) != 1 || !strings.Contains(got[0], "field disabled was changed after the build (it lists 0 blocks now: )") {
		t.Errorf("disabled emptied: %q", got)
	}
}

// Re-sealing after an edit makes the bundle self-consistent again (only
// the lock catches that); editing the seal alone is caught.
func TestVerifySealEdits(t *testing.T) {
	b, _ := bakedJSON(t)
	b.BundleSHA256 = strings.Repeat("0", 64)
	if got := Verify(b, count); len(got) != 1 || !strings.Contains(got[0], "the seal was edited") {
		t.Errorf("edited bundle digest: %q", got)
	}
	b, _ = bakedJSON(t)
	delete(b.FieldSHA256, "budget")
	b.FieldSHA256["colour"] = strings.Repeat("0", 64)
	got := Verify(b, count)
	if len(got) != 2 || !strings.Contains(got[0], "field budget is not sealed") || !strings.Contains(got[1], `seals "colour"`) {
		t.Errorf("edited field digests: %q", got)
	}
	b, _ = bakedJSON(t)
	b.BundleSHA256, b.FieldSHA256 = "", nil
	if got := Verify(b, count); len(got) != 1 || !strings.Contains(got[0], "records no bundleSha256") {
		t.Errorf("no seal: %q", got)
	}
}

// The canonical encoding ignores white space, member order and escapes.
func TestCanonicalIsIndependentOfTheWriter(t *testing.T) {
	a, err := Canonical([]byte(`{"b": [1, "x<y"], "a": {"z": true, "y": null}}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Canonical([]byte("{\"a\":{\"y\":null,\"z\":true},\n\"b\":[1,\"x\\u003cy\"]}"))
	if !bytes.Equal(a, b) {
		t.Errorf("%s != %s", a, b)
	}
	if want := `{s1:a{s1:yzs1:zt}s1:b[n1;s3:x<y]}`; string(a) != want {
		t.Errorf("canonical %s, want %s", a, want)
	}
}

// What a lenient JSON reader would apply without the seal seeing it is
// reported: a case variant of a field, a member given twice, an unknown
// member.
func TestVerifyFileIsStrict(t *testing.T) {
	b, _ := bakedJSON(t)
	data, _ := b.Marshal()
	if _, got, err := VerifyFile(data, count); err != nil || len(got) != 0 {
		t.Fatalf("clean file: %q %v", got, err)
	}
	for edit, want := range map[string]string{
		`"budget": 1500,`: `member Budget is not a field of lore.bundle/v1: names are case-sensitive, the field is "budget"`,
		`"tail": `:        "member tail is given twice",
		`"layers": [`:     "member tools is not a field of lore.bundle/v1",
	} {
		var repl string
		switch {
		case strings.HasPrefix(edit, `"budget"`):
			repl = edit + ` "Budget": 999999,`
		case strings.HasPrefix(edit, `"tail"`):
			repl = `"tail": "x", ` + edit
		default:
			repl = `"tools": ["web_fetch"], ` + edit
		}
		got := bytes.Replace(data, []byte(edit), []byte(repl), 1)
		if bytes.Equal(got, data) {
			t.Fatalf("edit %q not applied", edit)
		}
		_, msgs, err := VerifyFile(got, count)
		if err != nil || !slices.ContainsFunc(msgs, func(s string) bool { return strings.Contains(s, want) }) {
			t.Errorf("%s: %q %v, want %q", edit, msgs, err, want)
		}
	}
}
