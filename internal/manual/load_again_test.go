package manual

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

// TestLoadAgainReusesOnlyUnchangedBytes: a load given an earlier set
// takes a manual of it again exactly when the file's bytes (line breaks
// normalised) are the same, and every manual it parses anew holds its own
// file's bytes — not those of another file read into the same buffer
// after it.
func TestLoadAgainReusesOnlyUnchangedBytes(t *testing.T) {
	fs := afero.NewMemMapFs()
	write := func(name, body string) {
		if err := afero.WriteFile(fs, "m/"+name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	body := func(i int, extra string) string {
		return fmt.Sprintf("---\nsummary: Manual %d.\n---\n# Manual %d\n\n%s%s\n", i, i, strings.Repeat("Some words of the body. ", i*37%400), extra)
	}
	const n = 60
	for i := range n {
		b := body(i, "")
		if i%7 == 0 {
			b = strings.ReplaceAll(b, "\n", "\r\n")
		}
		write(fmt.Sprintf("a%02d.md", i), b)
	}
	first := Load(fs, []string{"m"})
	if len(first.Manuals) != n {
		t.Fatalf("%d manuals, want %d", len(first.Manuals), n)
	}
	// Same length, other bytes; shorter; longer; a CR line break more.
	changed := map[string]string{
		"m/a03.md": strings.Replace(body(3, ""), "Manual 3.", "Manuel 3.", 1),
		"m/a10.md": body(10, "")[:40] + "\n",
		"m/a11.md": body(11, strings.Repeat(" Much more.", 300)),
		"m/a12.md": strings.Replace(body(12, ""), "\n", "\r\n", 1),
	}
	for name, b := range changed {
		write(strings.TrimPrefix(name, "m/"), b)
	}
	again := LoadAgain(fs, []string{"m"}, first)
	if len(again.Manuals) != n {
		t.Fatalf("%d manuals loaded again, want %d", len(again.Manuals), n)
	}
	for _, m := range again.Manuals {
		disk, err := afero.ReadFile(fs, m.Path)
		if err != nil {
			t.Fatal(err)
		}
		if want := NormalizeCR(disk); !bytes.Equal(m.Src, want) {
			t.Errorf("%s holds %d bytes that are not its file's %d", m.Path, len(m.Src), len(want))
		}
		old := first.ByPath(m.Path)
		_, isChanged := changed[m.Path]
		reused := len(m.Src) > 0 && len(old.Src) > 0 && &m.Src[0] == &old.Src[0]
		if reused == isChanged {
			t.Errorf("%s: taken again %v, want %v (changed %v)", m.Path, reused, !isChanged, isChanged)
		}
	}
}
