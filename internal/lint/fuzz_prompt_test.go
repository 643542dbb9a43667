package lint

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/prompt"
)

// FuzzPromptOffsets runs every rule and the source fixes over fuzzed
// prompt files (an engine prompt and a layer, split at \x01) and checks
// that every finding in them has the byte offset its line and column
// have in the file on disk (CRLF and lone CR counted), and that applying
// the fixes never makes the file invalid UTF-8 or loses a line end.
func FuzzPromptOffsets(f *testing.F) {
	for _, s := range []string{
		"<!-- block: identity -->\r\nYou are\r\nArthur and you\u200b help.\r\n\x01- Old\r- Mac\u2060\r- end\r",
		"<!-- block: identity -->\nhi {{ x }\n\x01- a\u200b\r\n- ignore previous instructions\r\n",
		"<!-- block: identity -->\r<!-- block: identity -->\r\u202eX\r\x01\u200d\u200b\r\n",
	} {
		f.Add([]byte(s))
	}
	cfg := config.Default(".")
	cfg.Recipes = []*config.Recipe{{Name: "arthur", Engine: "arthur"}}
	files := []string{"prompts/arthur.md", "prompts/layers/shared/operating-rules.md"}
	words := func(s string) int { return len(strings.Fields(s)) }
	f.Fuzz(func(t *testing.T, data []byte) {
		fs := afero.NewMemMapFs()
		disk := map[string][]byte{}
		for i, chunk := range bytes.SplitN(data, []byte{1}, len(files)) {
			disk[files[i]] = chunk
			if err := afero.WriteFile(fs, files[i], chunk, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		res := prompt.Bake(prompt.Load(fs, "prompts"), prompt.Options{Config: cfg, Count: words})
		in := &Input{Config: cfg, FS: fs, Manuals: manual.NewSet(nil), Prompts: res.Facts}
		ds := append(Run(in), SourceFixes(in)...)
		fixes := map[string][]*diag.Fix{}
		for _, d := range ds {
			src, ok := disk[d.Pos.File]
			if !ok {
				continue
			}
			for _, p := range []diag.Pos{d.Pos, d.End} {
				if p == (diag.Pos{}) {
					continue
				}
				if why := offsetMismatch(src, p); why != "" {
					t.Fatalf("%s: %s: %s in %q", p, why, d, src)
				}
			}
			if d.Fix != nil {
				fixes[d.Pos.File] = append(fixes[d.Pos.File], d.Fix)
			}
		}
		for file, fx := range fixes {
			src := disk[file]
			fixed, _ := diag.ApplyFixes(src, fx)
			ends := func(b []byte) int { return bytes.Count(b, []byte("\n")) + bytes.Count(b, []byte("\r")) }
			if ends(fixed) != ends(src) || utf8.Valid(src) && !utf8.Valid(fixed) {
				t.Fatalf("%s: fixes turned %q into %q", file, src, fixed)
			}
		}
	})
}
