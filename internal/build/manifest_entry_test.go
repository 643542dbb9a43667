package build

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestAppendManifestManual: appendManifestManual writes what
// json.MarshalIndent does, for entries whose every field (found by
// reflection, so a field added to ManifestManual is covered) holds
// strings that need escaping or not, nil, empty and long lists.
func TestAppendManifestManual(t *testing.T) {
	pieces := []string{"", "plain", "Prüfung", "a <b> & c", `"quoted"`, `back\slash`, "tab\tnew\nline\r", "\b\f\x00\x1f\x7f",
		"line\u2028sep", "para\u2029sep", "bad \xff utf-8 \xe2\x82", "emoji 😀", "日本語", "</script>", "ü\xc3"}
	rng := rand.New(rand.NewPCG(1, 2))
	str := func() string {
		var b strings.Builder
		for range rng.IntN(4) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	for i := range 2000 {
		var m ManifestManual
		v := reflect.ValueOf(&m).Elem()
		for f := range v.NumField() {
			switch fv := v.Field(f); fv.Kind() {
			case reflect.String:
				fv.SetString(str())
			case reflect.Int:
				fv.SetInt(rng.Int64N(1<<40) - 1<<20)
			case reflect.Slice:
				if n := rng.IntN(5); n > 0 {
					list := make([]string, n-1) // n 1: empty, not nil
					for j := range list {
						list[j] = str()
					}
					fv.Set(reflect.ValueOf(list))
				}
			default:
				t.Fatalf("ManifestManual field %s of kind %s: teach this test and appendManifestManual", v.Type().Field(f).Name, fv.Kind())
			}
		}
		want, err := json.MarshalIndent(&m, "    ", "  ")
		if err != nil {
			t.Fatal(err)
		}
		want = append([]byte("    "), want...)
		if got := appendManifestManual(nil, &m); !bytes.Equal(got, want) {
			t.Fatalf("entry %d: got\n%s\nwant\n%s", i, got, want)
		}
	}
}
