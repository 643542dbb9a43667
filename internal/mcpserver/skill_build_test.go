package mcpserver

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
)

// skillsOf builds the skills of the manuals under root on fsys, as no
// particular engine.
func skillsOf(fsys afero.Fs, root string) *skillSet {
	set := manual.Load(fsys, []string{root})
	return buildSkills(fsys, set, set.Cascade(nil).Winners(), manual.Visibility{AnyTools: true})
}

func TestSkillsOverTheLimitsAreNotServed(t *testing.T) {
	fs := afero.NewMemMapFs()
	entry := "---\nname: %s\ndescription: A skill.\n---\n# %s\n"
	afero.WriteFile(fs, "m/many/SKILL.md", fmt.Appendf(nil, entry, "many", "Many"), 0o644)
	for i := range maxSkillFiles {
		afero.WriteFile(fs, fmt.Sprintf("m/many/data/%03d.txt", i), []byte("x"), 0o644)
	}
	afero.WriteFile(fs, "m/big/SKILL.md", fmt.Appendf(nil, entry, "big", "Big"), 0o644)
	afero.WriteFile(fs, "m/big/assets/blob.bin", make([]byte, maxSkillBytes), 0o644)
	afero.WriteFile(fs, "m/fine/SKILL.md", fmt.Appendf(nil, entry, "fine", "Fine"), 0o644)
	ss := skillsOf(fs, "m")
	if len(ss.skills) != 1 || ss.skills[0].uri != "skill://fine/SKILL.md" {
		t.Errorf("skills = %v", ss.skills)
	}
	warns := strings.Join(ss.warnings, "\n")
	for _, want := range []string{"m/many/SKILL.md: not served as a skill: its folder holds more than 512 files",
		"m/big/SKILL.md: not served as a skill: its files hold more than 16777216 bytes"} {
		if !strings.Contains(warns, want) {
			t.Errorf("warnings %q lack %q", warns, want)
		}
	}
}

func TestSkillFilesStayInsideTheManualRoot(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "m")
	write := func(p, s string) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "s", "SKILL.md"), "---\nname: s\ndescription: A skill.\n---\n# S\n")
	write(filepath.Join(root, "shared.txt"), "inside the root\n")
	write(filepath.Join(dir, "secret.txt"), "outside the root\n")
	for link, target := range map[string]string{"in.txt": "../shared.txt", "out.txt": "../../secret.txt", "outdir": "../.."} {
		if err := os.Symlink(target, filepath.Join(root, "s", link)); err != nil {
			t.Skipf("symbolic links: %v", err)
		}
	}
	ss := skillsOf(afero.NewOsFs(), filepath.ToSlash(root))
	if len(ss.skills) != 1 {
		t.Fatalf("skills = %v, warnings %v", ss.skills, ss.warnings)
	}
	var got []string
	for _, f := range ss.skills[0].files {
		got = append(got, strings.TrimPrefix(f.uri, "skill://s/")+"="+strings.TrimSpace(string(f.data)))
	}
	if strings.Join(got, ",") != "SKILL.md=---\nname: s\ndescription: A skill.\n---\n# S,in.txt=inside the root" {
		t.Errorf("files = %q", got)
	}
}
