package build

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/lorekit/lore/build/bundle"
)

// TestManifestJSON: manifest.json as manifestEntries writes it is
// json.MarshalIndent's bytes, with a newline, whatever the session kept
// from the builds before: with no manuals, with one, with many, after an
// entry changed, a manual was removed or added, and in a single build
// (nil).
func TestManifestJSON(t *testing.T) {
	entry := func(i int) ManifestManual {
		return ManifestManual{Name: fmt.Sprintf("m%d", i), Path: fmt.Sprintf("manuals/m%d.md", i), URL: fmt.Sprintf("manuals/m%d.html", i),
			Dialect: "lore", Triggers: []string{"a <b> & c", "Prüfung"}, Summary: "Says \"what\" it does.\u2028",
			RequiresTools: []string{}, Lines: i, Bytes: 10 * i, Tokens: 3 * i, SHA256: "ab", Source: "lore/sources/x.md",
			References: []string{}, ReferencedBy: nil, Recipes: []string{"r"}}
	}
	mf := &Manifest{Schema: ManifestSchema, Title: `A "title" with "manuals": [],`, BaseURL: "/", Manuals: []ManifestManual{},
		Bundles: []bundle.Entry{}, Templates: []ManifestTemplate{{Name: "t", Placeholders: []string{}}}, Lint: LintSummary{Files: 3}}
	var e manifestEntries
	check := func(what string) {
		t.Helper()
		want, err := json.MarshalIndent(mf, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, '\n')
		for _, kept := range []*manifestEntries{nil, &e} {
			got, err := kept.marshal(mf)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s (kept %v): got\n%s\nwant\n%s", what, kept != nil, got, want)
			}
		}
	}
	check("no manuals")
	mf.Manuals = []ManifestManual{entry(1)}
	check("one manual")
	for i := 2; i <= 5; i++ {
		mf.Manuals = append(mf.Manuals, entry(i))
	}
	check("five manuals")
	mf.Manuals[2].Summary = "Changed."
	mf.Manuals[3].ReferencedBy = []string{"m1"}
	check("two entries changed")
	mf.Manuals = append(mf.Manuals[:1], mf.Manuals[2:]...)
	check("a manual removed")
	mf.Manuals = append(mf.Manuals, entry(9))
	check("a manual added")
}

// TestSameManifestManual: two entries that differ in any one field are
// not the same (a field added to ManifestManual and not compared would
// keep a stale entry in the manifest).
func TestSameManifestManual(t *testing.T) {
	base := ManifestManual{Triggers: []string{"a"}, RequiresTools: []string{"a"}, References: []string{"a"},
		ReferencedBy: []string{"a"}, Recipes: []string{"a"}}
	if !sameManifestManual(base, base) {
		t.Fatal("an entry is not the same as itself")
	}
	typ := reflect.TypeOf(base)
	for i := range typ.NumField() {
		other := base
		f := reflect.ValueOf(&other).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("changed")
		case reflect.Int:
			f.SetInt(7)
		case reflect.Slice:
			f.Set(reflect.ValueOf([]string{"b"}))
		default:
			t.Fatalf("field %s of kind %s: add it to this test", typ.Field(i).Name, f.Kind())
		}
		if sameManifestManual(base, other) {
			t.Errorf("entries that differ in %s are the same", typ.Field(i).Name)
		}
		if f.Kind() == reflect.Slice {
			f.Set(reflect.Zero(f.Type()))
			if sameManifestManual(base, other) {
				t.Errorf("entries that differ in %s (nil) are the same", typ.Field(i).Name)
			}
			empty, nilled := base, other
			reflect.ValueOf(&empty).Elem().Field(i).Set(reflect.ValueOf([]string{}))
			if sameManifestManual(empty, nilled) {
				t.Errorf("%s: an empty list and null are the same", typ.Field(i).Name)
			}
		}
	}
}
