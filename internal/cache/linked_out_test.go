package cache

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

// TestLinkOutNotWritten: a cache folder that is a symbolic link out of
// the project (a committed .lore-cache -> ../elsewhere) is kept in memory:
// nothing is written to, or removed from, the folder it points to, and
// the problem says which link and what to do. lore clean removes the
// link only.
func TestLinkOutNotWritten(t *testing.T) {
	root := t.TempDir()
	proj, outside := filepath.Join(root, "proj"), filepath.Join(root, "elsewhere")
	for _, d := range []string{proj, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../elsewhere", filepath.Join(proj, ".lore-cache")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("symbolic links are required under CI=true: %v", err)
		}
		t.Skip("no symbolic links:", err)
	}
	fsys := afero.NewOsFs()
	dir := filepath.ToSlash(filepath.Join(proj, ".lore-cache"))
	c := Open(fsys, dir, "lore-1", testKeyFile)
	c.Table("tokens").Put(key("a"), []byte("42"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Table("tokens").Get(key("a")); string(got) != "42" {
		t.Errorf("the cache in memory lost a value: %q", got)
	}
	if entries, _ := os.ReadDir(outside); len(entries) > 0 {
		t.Errorf("wrote %d files through the link, want none (%s …)", len(entries), entries[0].Name())
	}
	if p := c.Problems(); len(p) != 1 || !strings.Contains(p[0], "is a symbolic link to") || !strings.Contains(p[0], "remove the link") {
		t.Errorf("problems = %q, want one naming the link and the fix", p)
	}
	removed, err := Remove(fsys, dir)
	if err != nil || !removed {
		t.Fatalf("Remove = %v, %v; want the link removed", removed, err)
	}
	if _, err := os.Lstat(filepath.Join(proj, ".lore-cache")); !os.IsNotExist(err) {
		t.Errorf("the link is still there: %v", err)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("the folder the link pointed to is gone: %v", err)
	}
}
