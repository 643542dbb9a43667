package build_test

import (
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
)

// A build replaces its output folder whole, so an output folder that is
// the project, holds it, is or touches a folder lore reads, lies in .git,
// or holds files lore did not write is refused before anything is
// written, and what was there stays; an empty folder and a previous
// output are built into.
func TestOutputFolderMustBeItsOwn(t *testing.T) {
	manual := "---\ntriggers: x\nsummary: X.\n---\n# X\n\nText.\n"
	for _, tc := range []struct {
		name, yaml, out, want string
	}{
		{"the manual folder", "out: manuals\n", "", "lore.yaml:1:6: out: the output folder manuals is the manual folder manuals"},
		{"inside the manual folder", "out: manuals/site\n", "", "lies in the manual folder manuals"},
		{"a folder holding a manual root", "manuals: [docs/manuals]\nout: docs\n", "", "lore.yaml:2:6: out: the output folder docs holds the manual folder docs/manuals"},
		{"the prompts folder", "out: prompts\n", "", "is the prompts folder prompts"},
		{"the project folder", "out: .\n", "", "is the project folder"},
		{"the project folder by its name", "out: ../proj\n", "", "is the project folder"},
		{"above the project", "out: ..\n", "", "holds the project folder"},
		{"the root", "out: /\n", "", "holds the project folder"},
		{".git", "out: .git/site\n", "", "lies in .git"},
		{"a folder of someone else's", "out: /home/victim\n", "", "holds files lore did not write (keep.txt; no manifest.json of lore)"},
		{"--out a manual folder", "", "/proj/manuals", "the output folder /proj/manuals is the manual folder manuals"},
		{"--out a foreign folder", "", "/home/victim", "holds files lore did not write"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := afero.NewMemMapFs()
			for p, s := range map[string]string{
				"/proj/lore.yaml": tc.yaml, "/proj/manuals/x.md": manual, "/proj/docs/manuals/y.md": manual,
				"/proj/prompts/arthur.md": "<!-- block: identity -->\nYou are Arthur.\n", "/proj/.git/HEAD": "ref\n", "/home/victim/keep.txt": "keep\n",
			} {
				afero.WriteFile(fsys, p, []byte(s), 0o644)
			}
			// AllowOutside: the guard is the last wall, also for an out
			// the CI owner lets lore.yaml put outside the project.
			_, err := build.Run(build.RunOptions{Options: build.Options{FS: fsys, Dir: "/proj", AllowOutside: true}, Out: tc.out})
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "replaces its output folder entirely") {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
			for _, p := range []string{"/proj/manuals/x.md", "/proj/docs/manuals/y.md", "/proj/prompts/arthur.md", "/proj/.git/HEAD", "/home/victim/keep.txt"} {
				if ok, _ := afero.Exists(fsys, p); !ok {
					t.Errorf("%s was deleted", p)
				}
			}
		})
	}
	// An empty folder, and the previous output (also after its manifest
	// was deleted by hand), are built into.
	fsys := afero.NewMemMapFs()
	afero.WriteFile(fsys, "/proj/manuals/x.md", []byte(manual), 0o644)
	fsys.MkdirAll("/proj/site", 0o755)
	o := build.RunOptions{Options: build.Options{FS: fsys, Dir: "/proj"}, Out: "/proj/site"}
	mustBuild(t, o)
	mustBuild(t, o)
	fsys.Remove("/proj/site/manifest.json")
	mustBuild(t, o)
}
