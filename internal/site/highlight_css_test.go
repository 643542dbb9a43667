package site

import (
	"os"
	"testing"

	"github.com/alecthomas/chroma/v2/styles"
)

// highlight.css holds the palettes of the chroma styles the site uses, as
// the chroma the module requires defines them: an upgrade that changes
// them fails here until the file is written anew with -update.
func TestHighlightCSS(t *testing.T) {
	light, dark := styles.Get(lightStyle), styles.Get(darkStyle)
	if light.Name != lightStyle || dark.Name != darkStyle {
		t.Fatalf("chroma has no style %q or %q (got %q, %q)", lightStyle, darkStyle, light.Name, dark.Name)
	}
	want, err := paletteCSS(light, dark)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("highlight.css", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if highlightCSS() != want {
		t.Errorf("highlight.css is not the palettes of chroma's %s and %s: run go test ./internal/site -run TestHighlightCSS -update", lightStyle, darkStyle)
	}
}
