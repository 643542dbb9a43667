package config

import (
	"testing"

	"github.com/lorekit/lore/internal/precompress"
)

// TestPrecompressValuesAreTheModes keeps the values lore.yaml accepts for
// precompress: and the modes the build knows the same.
func TestPrecompressValuesAreTheModes(t *testing.T) {
	for _, m := range precompress.Modes() {
		cfg, err := load(t, "precompress: "+string(m)+"\n")
		if err != nil {
			t.Fatalf("precompress: %s: %v", m, err)
		}
		if cfg.Precompress != string(m) {
			t.Errorf("precompress: %s read as %q", m, cfg.Precompress)
		}
	}
	if _, err := load(t, "precompress: maybe\n"); err == nil {
		t.Error("precompress: maybe is accepted")
	}
	if d := precompress.Modes()[0]; keyDefault("precompress") != string(d) {
		t.Errorf("the documented default %q is not the build's %q", keyDefault("precompress"), d)
	}
}

func keyDefault(path string) string {
	for _, k := range Keys() {
		if k.Path == path {
			return k.Default
		}
	}
	return ""
}
