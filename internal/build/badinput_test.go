package build_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
)

// lintDir loads and lints the project in dir on fsys, failing the test if
// that panics or takes longer than a minute.
func lintDir(t *testing.T, fsys afero.Fs, dir string) diag.List {
	t.Helper()
	type result struct {
		l   diag.List
		err error
		p   any
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			r.p = recover()
			done <- r
		}()
		p, err := build.Load(build.Options{FS: fsys, Dir: dir})
		if err != nil {
			r.err = err
			return
		}
		r.l = build.Lint(p, nil).Diagnostics
	}()
	select {
	case r := <-done:
		if r.p != nil {
			t.Fatalf("lint panicked: %v", r.p)
		}
		if r.err != nil {
			t.Fatal(r.err)
		}
		return r.l
	case <-time.After(time.Minute):
		t.Fatal("lint did not finish within a minute")
	}
	return nil
}

// expect checks that l holds a finding of rule for file (at line, unless
// line is -1) whose message contains msg.
func expect(t *testing.T, l diag.List, file, rule string, line int, msg string) {
	t.Helper()
	for _, d := range l {
		if d.Pos.File == file && d.Rule == rule && (line < 0 || d.Pos.Line == line) && strings.Contains(d.Message, msg) {
			return
		}
	}
	t.Errorf("no %s finding for %s at line %d containing %q in:\n%s", rule, file, line, msg, dump(l))
}

func dump(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.String() + "\n")
	}
	return b.String()
}

func memProject(t *testing.T, files map[string][]byte) afero.Fs {
	t.Helper()
	fsys := afero.NewMemMapFs()
	for p, b := range files {
		if err := afero.WriteFile(fsys, p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fsys
}

func TestBadInputInMemory(t *testing.T) {
	head := "---\ntriggers: x\nsummary: X.\n---\n"
	fsys := memProject(t, map[string][]byte{
		"p/manuals/latin1.md":     []byte(head + "# Größe\n\nGr\xf6\xdfe\n"),
		"p/manuals/nul.md":        []byte("# Binary\n\nab\x00cd\n"),
		"p/manuals/open.md":       []byte("---\ntriggers: open\nsummary: never closed\n# Open\n"),
		"p/manuals/dashes.md":     []byte("---"),
		"p/manuals/dashesnl.md":   []byte("---\n"),
		"p/manuals/empty.md":      nil,
		"p/manuals/passwd.md":     []byte(head + "# P\n\n`manual_read('../../etc/passwd')` and manual_read('a/b')\n"),
		"p/manuals/deep.md":       []byte(head + "# Deep\n\n" + strings.Repeat(">", 200000) + "\n"),
		"p/manuals/links.md":      []byte(head + "# Links\n\n" + strings.Repeat("[a](", 200000) + "\n"),
		"p/manuals/refdefs.md":    []byte(head + "# Defs\n\n" + strings.Repeat("[r]: #x\n", 20000)),
		"p/manuals/headings.md":   []byte(head + strings.Repeat("# a\n", 100000)),
		"p/manuals/crlf-bom.md":   []byte("\xef\xbb\xbf---\r\ntriggers: crlf\r\nsummary: CRLF.\r\n---\r\n# CRLF\r\n\r\nText.\r\n"),
		"p/manuals/invalid-hd.md": []byte("---\ntriggers: \xff\xfe\nsummary: s\n---\n# T\n"),
	})
	l := lintDir(t, fsys, "p")
	expect(t, l, "p/manuals/latin1.md", "file/encoding", 7, "invalid UTF-8 at byte")
	expect(t, l, "p/manuals/nul.md", "file/encoding", 3, "NUL byte")
	expect(t, l, "p/manuals/open.md", "header/unterminated", 1, "never closes")
	expect(t, l, "p/manuals/dashes.md", "header/unterminated", 1, "never closes")
	expect(t, l, "p/manuals/dashesnl.md", "header/unterminated", 1, "never closes")
	expect(t, l, "p/manuals/empty.md", "header/missing", 1, "no header")
	expect(t, l, "p/manuals/passwd.md", "ref/unknown-manual", 7, "manual_read('../../etc/passwd') is not a valid manual name")
	expect(t, l, "p/manuals/passwd.md", "ref/unknown-manual", 7, "manual_read('a/b') is not a valid manual name")
	expect(t, l, "p/manuals/deep.md", "file/too-complex", 7, "nested 200000 levels")
	expect(t, l, "p/manuals/links.md", "file/too-complex", 7, "200000 link destinations")
	expect(t, l, "p/manuals/refdefs.md", "file/too-complex", -1, "link reference definitions")
	expect(t, l, "p/manuals/invalid-hd.md", "file/encoding", 2, "invalid UTF-8")
	for _, d := range l {
		if d.Pos.File == "p/manuals/crlf-bom.md" {
			t.Errorf("CRLF and BOM: %s", d)
		}
	}
}

// failOpen is a file system on which opening the paths in fail fails with
// a permission error (root can read any file, so chmod cannot test this).
type failOpen struct {
	afero.Fs
	fail map[string]bool
}

func (f failOpen) Open(name string) (afero.File, error) {
	if f.fail[filepath.ToSlash(name)] {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return f.Fs.Open(name)
}

func (f failOpen) OpenFile(name string, flag int, perm os.FileMode) (afero.File, error) {
	if f.fail[filepath.ToSlash(name)] {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return f.Fs.OpenFile(name, flag, perm)
}

func TestUnreadable(t *testing.T) {
	ok := []byte("---\ntriggers: ok\nsummary: OK.\n---\n# OK\n\nText.\n")
	base := memProject(t, map[string][]byte{"p/manuals/secret.md": ok, "p/manuals/ok.md": ok, "p/manuals/locked/inner.md": ok})
	fsys := failOpen{base, map[string]bool{"p/manuals/secret.md": true, "p/manuals/locked": true}}
	l := lintDir(t, fsys, "p")
	expect(t, l, "p/manuals/secret.md", "file/unreadable", 0, "cannot read p/manuals/secret.md: permission denied")
	expect(t, l, "p/manuals/locked", "file/unreadable", 0, "cannot list folder p/manuals/locked: permission denied")
	if len(l) != 2 {
		t.Errorf("findings:\n%s", dump(l))
	}
}

func TestBadInputOnDisk(t *testing.T) {
	dir := t.TempDir()
	write := func(p string, b []byte) {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("manuals/ok.md", []byte("---\ntriggers: ok\nsummary: OK.\n---\n# OK\n\nText.\n"))
	write("manuals/family/member.md", []byte("---\ntriggers: member\nsummary: M.\n---\n# Member\n\nText.\n"))
	write("manuals/huge.md", bytes.Repeat([]byte("0123456789 abcdefghi\n"), 10<<20/21+1)) // 10 MB
	symlink := func(target, link string) {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("symbolic links are required under CI=true: %v", err)
			}
			t.Skipf("symbolic links unsupported: %v", err)
		}
	}
	symlink("..", "manuals/family/up")     // a link to its own parent folder
	symlink("self.md", "manuals/self.md")  // a link to itself
	symlink("loop-b", "manuals/loop-a")    // two links to each other
	symlink("loop-a", "manuals/loop-b")    //
	symlink(".", "manuals/family/here")    // a link to its own folder
	symlink("../manuals", "manuals/again") // a link to the root by another path

	l := lintDir(t, afero.NewOsFs(), dir)
	rel := func(p string) string { return filepath.ToSlash(filepath.Join(dir, p)) }
	expect(t, l, rel("manuals/huge.md"), "file/too-large", 0, "larger than 2 MiB")
	expect(t, l, rel("manuals/family/up"), "file/symlink-loop", 0, "leads back into a folder above it")
	expect(t, l, rel("manuals/family/here"), "file/symlink-loop", 0, "leads back")
	expect(t, l, rel("manuals/again"), "file/symlink-loop", 0, "leads back")
	expect(t, l, rel("manuals/self.md"), "file/unreadable", 0, "too many levels of symbolic links")
	expect(t, l, rel("manuals/loop-a"), "file/unreadable", 0, "too many levels of symbolic links")
	for _, d := range l {
		if strings.Contains(d.Pos.File, "/up/") || strings.Contains(d.Pos.File, "/here/") {
			t.Errorf("followed a loop: %s", d)
		}
	}
}
