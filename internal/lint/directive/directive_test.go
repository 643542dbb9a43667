package directive

import (
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	src := "# T\n\nÄ <!-- lore-disable size/goal, security/* -- a reason -->\n<!--lore-enable-->\n" +
		"<!-- lore-disable-next-line -->\n<!-- lore-disable-file security/secret -->\n<!-- lore-disabled x -->\n"
	got := Parse([]byte(src))
	want := []Directive{
		{Kind: "disable", Rules: []string{"size/goal", "security/*"}, Line: 3, Col: 3, Off: 8},
		{Kind: "enable", Line: 4, Col: 1, Off: 64},
		{Kind: "disable-next-line", Line: 5, Col: 1, Off: 83},
		{Kind: "disable-file", Rules: []string{"security/secret"}, Line: 6, Col: 1, Off: 115},
	}
	if !slices.EqualFunc(got, want, func(a, b Directive) bool {
		return a.Kind == b.Kind && slices.Equal(a.Rules, b.Rules) && a.Line == b.Line && a.Col == b.Col && a.Off == b.Off
	}) {
		t.Fatalf("Parse:\n got %+v\nwant %+v", got, want)
	}
	for _, d := range got {
		if d.Silences() != (d.Kind != "enable") {
			t.Errorf("%s: Silences = %v", d.Kind, d.Silences())
		}
		if src[d.Off:d.Off+4] != "<!--" {
			t.Errorf("%s: Off %d is not the comment's start", d.Kind, d.Off)
		}
	}
	if Parse(nil) != nil || Parse([]byte("no directives")) != nil {
		t.Error("directives found in text without any")
	}
}
