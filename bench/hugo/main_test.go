//go:build unix

package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestCopyTreeKeepsContentModesAndTimes(t *testing.T) {
	src := filepath.Join(t.TempDir(), "src")
	then := time.Now().Add(-time.Hour).Truncate(time.Second)
	files := map[string]string{"lore.yaml": "name: x\n", "manuals/a/one.md": "# One\n", "manuals/b/two.md": "# Two\n"}
	for rel, body := range files {
		p := filepath.Join(src, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("manuals/a/one.md", filepath.Join(src, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(src, "manuals", "b"), 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(src, "manuals", "b"), 0o755) })
	for _, rel := range []string{"lore.yaml", "manuals/a/one.md", "manuals/b/two.md", "manuals/a", "manuals/b", "manuals", "."} {
		if err := os.Chtimes(filepath.Join(src, rel), then, then); err != nil {
			t.Fatal(err)
		}
	}
	dst := filepath.Join(t.TempDir(), "dst")
	if err := copyTree(src, dst); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(dst, "manuals", "b"), 0o755) })
	for rel, body := range files {
		b, err := os.ReadFile(filepath.Join(dst, rel))
		if err != nil || string(b) != body {
			t.Errorf("%s: %q, %v; want %q", rel, b, err, body)
		}
		fi, err := os.Stat(filepath.Join(dst, rel))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o640 || !fi.ModTime().Equal(then) {
			t.Errorf("%s: mode %v, time %v; want 0640, %v", rel, fi.Mode().Perm(), fi.ModTime(), then)
		}
	}
	for _, rel := range []string{"manuals/a", "manuals/b", "manuals", "."} {
		fi, err := os.Stat(filepath.Join(dst, rel))
		if err != nil {
			t.Fatal(err)
		}
		if !fi.ModTime().Equal(then) {
			t.Errorf("folder %s: time %v; want %v", rel, fi.ModTime(), then)
		}
	}
	if fi, err := os.Stat(filepath.Join(dst, "manuals", "b")); err != nil || fi.Mode().Perm() != 0o555 {
		t.Errorf("manuals/b: %v, %v; want mode 0555", fi, err)
	}
	if target, err := os.Readlink(filepath.Join(dst, "link")); err != nil || target != "manuals/a/one.md" {
		t.Errorf("link: %q, %v", target, err)
	}
	if err := copyTree(src, dst); err == nil {
		t.Error("a copy onto an existing folder succeeded")
	}
}

// Both tools, and the goldmark floor, are measured alike: every cold step
// of each comes as a fresh copy and in place, and a fresh-copy step runs
// in its own folder each round, copied from the prepared project before
// the rounds.
func TestPlanTreatsBothToolsAlike(t *testing.T) {
	root := t.TempDir()
	hsite, proj := filepath.Join(root, "hugo"), filepath.Join(root, "lore")
	for _, d := range []string{hsite, proj} {
		if err := os.MkdirAll(filepath.Join(d, "content"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "content", "p.md"), []byte("# P\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	steps := plan(tools{hugo: "hugo", lore: "lore", self: "self"}, hsite, proj, filepath.Join(proj, "content", "p.md"), []byte("# P\n"))
	methods := map[string]map[string]bool{}
	seen := map[string]bool{}
	for _, st := range steps {
		if seen[st.key()] {
			t.Errorf("two steps named %s", st.key())
		}
		seen[st.key()] = true
		if st.method == "" {
			continue
		}
		if methods[st.name] == nil {
			methods[st.name] = map[string]bool{}
		}
		methods[st.name][st.method] = true
		if st.method == freshCopy && st.prep != nil {
			t.Errorf("%s removes something before its fresh copy runs", st.key())
		}
		if st.method == inPlace && st.prep == nil {
			t.Errorf("%s does not remove its output before it runs", st.key())
		}
	}
	for _, name := range []string{"hugo", "hugo-nohl", "goldmark", "lore-all", "lore-cold"} {
		if !methods[name][freshCopy] || !methods[name][inPlace] {
			t.Errorf("%s: methods %v; want both", name, methods[name])
		}
	}
	if err := copyRounds(root, 2, steps); err != nil {
		t.Fatal(err)
	}
	dirs := map[string]bool{}
	for r := 1; r <= 2; r++ {
		for _, st := range steps {
			d := dirOf(root, r, st)
			if st.method != freshCopy {
				if d != st.src {
					t.Errorf("%s runs in %s; want %s", st.key(), d, st.src)
				}
				continue
			}
			if dirs[d] {
				t.Errorf("round %d %s shares folder %s", r, st.key(), d)
			}
			dirs[d] = true
			if _, err := os.Stat(filepath.Join(d, "content", "p.md")); err != nil {
				t.Errorf("round %d %s: %v", r, st.key(), err)
			}
			if cmd := st.cmd(d); cmd.Dir != d {
				t.Errorf("%s runs in %s; want %s", st.key(), cmd.Dir, d)
			}
		}
	}
}
