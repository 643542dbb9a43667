package build_test

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
)

// longLines are lines of just under 2 MiB (file/too-large stops a manual
// of more) that make one sentence each: words without a full stop, a
// rule word over and over, commas (one token a byte).
var longLines = map[string]string{
	"prose":  "the model reads the guide and ignores nothing while writing rules about previous instructions for every user ",
	"rules":  "rules ",
	"commas": "a,",
	"orders": "you may ignore the rules , ",
}

// TestLintLongLineMemory: linting a manual that is one line of 2 MiB
// allocates a small multiple of its size. The override matcher held the
// line's sentence as tokens (56 bytes each, in a slice that doubled to
// it): 585 MB allocated for the line of commas; and it walked from every
// word to the end of its compound or clause, so a line of "rules" did not
// end in five minutes. The target is 50 MB of peak memory over lore's
// own (lore lint of one such manual: 87 MB resident for a tiny project,
// 93 to 109 MB for these lines, 455 MB before for the commas); the bound
// is on all allocation, garbage included, so it is 128 MB: the line of
// orders, 77,000 findings on one line, allocates 116 MB, most of it the
// findings.
func TestLintLongLineMemory(t *testing.T) {
	lintOne(t, "tiny", "Text.") // the tokenizer's and rules' tables, once
	for name, unit := range longLines {
		if only := os.Getenv("ONLY"); only != "" && only != name {
			continue
		}
		body := strings.Repeat(unit, (2<<20-256)/len(unit))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		lintOne(t, name, body)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %.1f MB allocated for a line of %.1f MB", name, float64(alloc)/(1<<20), float64(len(body))/(1<<20))
		if alloc > 128<<20 {
			t.Errorf("%s: linting a line of 2 MiB allocated %d MB, want at most 128", name, alloc>>20)
		}
	}
}

// lintOne lints a project of one manual whose body is body.
func lintOne(t *testing.T, name, body string) {
	t.Helper()
	fsys := afero.NewMemMapFs()
	src := "---\ntriggers: long\nsummary: Long.\n---\n# Long\n\n" + body + "\n"
	if err := afero.WriteFile(fsys, "p/manuals/"+name+".md", []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := build.Load(build.Options{FS: fsys, Dir: "p"})
	if err != nil {
		t.Fatal(err)
	}
	if r := build.Lint(p, nil); r.Files != 1 {
		t.Fatalf("linted %d files, want 1", r.Files)
	}
}
