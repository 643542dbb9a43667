package build

import (
	"strings"
	"testing"

	"github.com/spf13/afero"
)

// The manifest of a large site is megabytes: its schema is read from the
// first members, not by decoding the whole file (a 1 MiB cut of it is no
// JSON), so that a build without its cache (a new lore, a deleted
// .lore-cache) still recognises its own output folder.
func TestManifestSchemaOfALargeManifest(t *testing.T) {
	big := `{"schema":"` + ManifestSchema + `","manuals":[` + strings.Repeat(`{"name":"x"},`, 300_000) + `{}]}`
	late := `{"manuals":[` + strings.Repeat(`{"name":"x"},`, 300_000) + `{}],"schema":"` + ManifestSchema + `"}`
	for _, tc := range []struct{ name, json, want string }{
		{"schema first, 3.9 MB", big, ManifestSchema},
		{"schema after 1 MiB", late, ""},
		{"nested schema only", `{"site":{"schema":"` + ManifestSchema + `"}}`, ""},
		{"not an object", `["schema"]`, ""},
		{"broken", `{"schema":`, ""},
		{"another schema", `{"title":"t","schema":"other/v1"}`, "other/v1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := afero.NewMemMapFs()
			afero.WriteFile(fsys, "/out/manifest.json", []byte(tc.json), 0o644)
			if got := manifestSchema(fsys, "/out/manifest.json"); got != tc.want {
				t.Errorf("manifestSchema = %q, want %q", got, tc.want)
			}
		})
	}
	if got := manifestSchema(afero.NewMemMapFs(), "/none/manifest.json"); got != "" {
		t.Errorf("no file: %q", got)
	}
}
