package wall

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/spf13/afero"
)

// tree makes, under a temporary folder, proj/manuals/a.md, secret.txt
// beside proj, and the links of the test; it returns the folder and
// changes into proj.
func tree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "proj", "manuals", "sub"), 0o755))
	must(os.MkdirAll(filepath.Join(dir, "outside"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "proj", "manuals", "a.md"), []byte("# a\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "outside", "b.md"), []byte("# b\n"), 0o644))
	links := map[string]string{
		"proj/manuals/abs.md":      filepath.Join(dir, "secret.txt"),
		"proj/manuals/rel.md":      "../../secret.txt",
		"proj/manuals/inside.md":   "a.md",
		"proj/manuals/sub/up.md":   "../a.md",
		"proj/manuals/ext":         "../../outside",
		"proj/manuals/in":          "sub",
		"proj/manuals/chain.md":    "hop.md",
		"proj/manuals/hop.md":      "../../secret.txt",
		"proj/manuals/loop.md":     "loop2.md",
		"proj/manuals/loop2.md":    "loop.md",
		"proj/manuals/dangling.md": "nowhere.md",
		"proj/link-to-manuals":     "manuals",
	}
	for l, target := range links {
		must(os.Symlink(target, filepath.Join(dir, filepath.FromSlash(l))))
	}
	t.Chdir(filepath.Join(dir, "proj"))
	return dir
}

func TestCheckOsFs(t *testing.T) {
	tree(t)
	fsys := afero.NewOsFs()
	cases := []struct {
		root, path string
		escapes    bool
		link       string
	}{
		{"manuals", "manuals/a.md", false, ""},
		{"manuals", "manuals/inside.md", false, ""},
		{"manuals", "manuals/sub/up.md", false, ""},
		{"manuals", "manuals/in/up.md", false, ""},
		{"manuals", "manuals/dangling.md", false, ""},
		{"manuals", "manuals/abs.md", true, "manuals/abs.md"},
		{"manuals", "manuals/rel.md", true, "manuals/rel.md"},
		{"manuals", "manuals/chain.md", true, "manuals/chain.md"},
		{"manuals", "manuals/ext/b.md", true, "manuals/ext"},
		{"manuals", "manuals/ext", true, "manuals/ext"},
		{".", "manuals/rel.md", true, "manuals/rel.md"},
		{".", "manuals/a.md", false, ""},
		{"link-to-manuals", "link-to-manuals/a.md", false, ""},
		{"link-to-manuals", "link-to-manuals/rel.md", true, "link-to-manuals/rel.md"},
		{"manuals", "../secret.txt", true, ""},
		{"manuals", "link-to-manuals/a.md", false, ""},
	}
	for _, c := range cases {
		e, err := Check(fsys, c.root, c.path)
		if err != nil {
			t.Errorf("Check(%s, %s): %v", c.root, c.path, err)
			continue
		}
		if (e != nil) != c.escapes {
			t.Errorf("Check(%s, %s) = %+v, want escape %v", c.root, c.path, e, c.escapes)
			continue
		}
		if e != nil && e.Link != c.link {
			t.Errorf("Check(%s, %s).Link = %q, want %q", c.root, c.path, e.Link, c.link)
		}
	}
	if _, err := Check(fsys, "manuals", "manuals/loop.md"); err == nil {
		t.Errorf("a link loop resolved without error")
	}
}

func TestResolve(t *testing.T) {
	tree(t)
	fsys := afero.NewOsFs()
	for _, c := range []struct{ root, path, want string }{
		{"manuals", "manuals/a.md", "manuals/a.md"},
		{"manuals", "manuals/inside.md", "manuals/a.md"},
		{"manuals", "manuals/sub/up.md", "manuals/a.md"},
		{"manuals", "manuals/in/up.md", "manuals/a.md"},
		{"manuals", "manuals/in", "manuals/sub"},
		{"manuals", "link-to-manuals/inside.md", "manuals/a.md"},
		{"link-to-manuals", "link-to-manuals/inside.md", "link-to-manuals/a.md"},
		{".", "manuals/in/up.md", "manuals/a.md"},
		{"manuals", "manuals/dangling.md", "manuals/nowhere.md"},
	} {
		got, err := New(fsys, c.root).Resolve(c.path)
		if err != nil || got != c.want {
			t.Errorf("Resolve(%s, %s) = %q, %v; want %q", c.root, c.path, got, err, c.want)
		}
	}
	for _, p := range []string{"manuals/rel.md", "manuals/chain.md", "manuals/ext/b.md", "../secret.txt"} {
		var esc *Escape
		if _, err := New(fsys, "manuals").Resolve(p); !errors.As(err, &esc) {
			t.Errorf("Resolve(manuals, %s): %v, want an escape", p, err)
		}
	}
	if _, err := New(fsys, "manuals").Resolve("manuals/loop.md"); err == nil {
		t.Errorf("a link loop resolved without error")
	}
	mem := afero.NewMemMapFs()
	if got, err := New(mem, "manuals").Resolve("manuals/x/../a.md"); err != nil || got != "manuals/a.md" {
		t.Errorf("MemMapFs: %q, %v", got, err)
	}
}

func TestCheckBasePathFs(t *testing.T) {
	dir := tree(t)
	fsys := afero.NewBasePathFs(afero.NewOsFs(), filepath.Join(dir, "proj"))
	if e, err := Check(fsys, "/manuals", "/manuals/a.md"); e != nil || err != nil {
		t.Errorf("plain file: %+v, %v", e, err)
	}
	if e, err := Check(fsys, "/manuals", "/manuals/inside.md"); e != nil || err != nil {
		t.Errorf("link inside: %+v, %v", e, err)
	}
	if got, err := New(fsys, "/manuals").Resolve("/manuals/in/up.md"); got != "/manuals/a.md" || err != nil {
		t.Errorf("Resolve link inside: %q, %v", got, err)
	}
	for _, p := range []string{"/manuals/abs.md", "/manuals/rel.md", "/manuals/ext/b.md", "/manuals/chain.md"} {
		if e, err := Check(fsys, "/manuals", p); e == nil || err != nil {
			t.Errorf("%s: %+v, %v; want an escape", p, e, err)
		}
	}
	// A base folder of its own: the whole base is the root, links
	// beyond it escape.
	rel := afero.NewBasePathFs(afero.NewOsFs(), "manuals")
	if e, err := Check(rel, "/", "/rel.md"); e == nil || err != nil {
		t.Errorf("relative base: %+v, %v; want an escape", e, err)
	}
	if e, err := Check(rel, "/", "/sub/up.md"); e != nil || err != nil {
		t.Errorf("relative base, link inside: %+v, %v", e, err)
	}
}

func TestCheckMemMapFs(t *testing.T) {
	fsys := afero.NewMemMapFs()
	_ = afero.WriteFile(fsys, "manuals/a.md", []byte("# a\n"), 0o644)
	if e, err := Check(fsys, "manuals", "manuals/a.md"); e != nil || err != nil {
		t.Errorf("%+v, %v", e, err)
	}
	if e, _ := Check(fsys, "manuals", "other/a.md"); e == nil {
		t.Errorf("a path outside the root as written is an escape")
	}
}

func TestMessage(t *testing.T) {
	e := &Escape{Path: "manuals/ext/b.md", Root: "manuals", Link: "manuals/ext", Target: "../../outside"}
	want := "manuals/ext/b.md lies in symbolic link manuals/ext, which points to ../../outside, outside its root manuals: not read; " +
		"replace the link by the file itself, or configure the folder it points to as a root of its own"
	if got := e.Message(); got != want {
		t.Errorf("Message() =\n%s\nwant\n%s", got, want)
	}
}
