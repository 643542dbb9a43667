package site

import (
	"strings"
	"testing"

	"github.com/spf13/afero"
)

// A content page's file name becomes the name of a published file and a
// URL of the sitemap: one holding a control character (content/a\nb.md,
// an ANSI escape, invalid UTF-8) was published as public/docs/a\nb.html,
// and its sitemap entry did not match it. It is refused, naming the file
// and the character, as a manual's name is (file/name).
func TestContentNameControlRefused(t *testing.T) {
	for _, name := range []string{"a\nb.md", "sub\x1b[2J/x.md", "c\r.md", "d\xff.md"} {
		fs := afero.NewMemMapFs()
		_ = afero.WriteFile(fs, "content/ok.md", []byte("# OK\n"), 0o644)
		_ = afero.WriteFile(fs, "content/"+name, []byte("# Page\n"), 0o644)
		docs, err := loadContent(fs, "content")
		if err == nil || !strings.Contains(err.Error(), "rename it") {
			t.Errorf("%q: %d pages, error %v; want the name refused", name, len(docs), err)
		}
	}
	fs := afero.NewMemMapFs()
	_ = afero.WriteFile(fs, "content/Über uns.md", []byte("# Über\n"), 0o644)
	if docs, err := loadContent(fs, "content"); err != nil || len(docs) != 1 {
		t.Errorf("a name with a space and a letter beyond ASCII: %v, %v", docs, err)
	}
}
