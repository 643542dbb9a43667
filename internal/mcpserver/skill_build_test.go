package mcpserver

import (
	"bytes"
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
			if os.Getenv("CI") == "true" {
				t.Fatalf("symbolic links are required under CI=true: %v", err)
			}
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

// A link in a skill folder is judged by the file it leads to: a link to a
// manual hidden from the engine, to a file in the folder of a hidden
// skill, or into a folder the loader never scans (.git, node_modules) is
// not served, whatever its own name says.
func TestSkillLinksAreJudgedByTheirTarget(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "m")
	write := func(p, s string) {
		t.Helper()
		os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755)
		if err := os.WriteFile(filepath.Join(root, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("s/SKILL.md", "---\nname: s\ndescription: A skill.\n---\n# S\n")
	write("shared.txt", "SHARED\n")
	write("public.md", "---\nsummary: Public.\n---\n# Public\n\nPUBLIC\n")
	write("secret/eddie.md", "---\naudience: eddie\nsummary: Eddie's.\n---\n# Eddie\n\nEDDIE-SECRET\n")
	write("tools.md", "---\nsummary: Web.\nrequires-tools: web_fetch\n---\n# Web\n\nWEB-SECRET\n")
	write("eddie-skill/SKILL.md", "---\nname: eddie-skill\ndescription: Eddie's skill.\naudience: eddie\n---\n# E\n")
	write("eddie-skill/notes.txt", "EDDIE-NOTES\n")
	write("node_modules/pkg/token.txt", "NODE-TOKEN\n")
	for link, target := range map[string]string{
		"ok.txt": "../shared.txt", "okman.txt": "../public.md",
		"leak.txt": "../secret/eddie.md", "leak.md": "../secret/eddie.md", "leak2.txt": "../tools.md",
		"leak3.txt": "../eddie-skill/notes.txt", "leak4.txt": "../node_modules/pkg/token.txt",
	} {
		if err := os.Symlink(target, filepath.Join(root, "s", link)); err != nil {
			t.Fatalf("symbolic links: %v", err)
		}
	}
	fsys := afero.NewOsFs()
	set := manual.Load(fsys, []string{filepath.ToSlash(root)})
	served := func(v manual.Visibility) string {
		ss := buildSkills(fsys, set, set.CascadeFor(nil, v).Winners(), v)
		var got []string
		for _, sk := range ss.skills {
			if sk.name != "s" {
				continue
			}
			for _, f := range sk.files {
				got = append(got, strings.TrimPrefix(f.uri, "skill://s/")+"="+strings.TrimSpace(string(f.data[bytes.LastIndexByte(bytes.TrimSpace(f.data), '\n')+1:])))
			}
		}
		return strings.Join(got, ",")
	}
	if got, want := served(manual.Visibility{Engine: "arthur", Tools: []string{}}), "SKILL.md=# S,ok.txt=SHARED,okman.txt=PUBLIC"; got != want {
		t.Errorf("arthur is served %q, want %q", got, want)
	}
	if got, want := served(manual.Visibility{Engine: "eddie", Tools: []string{"web_fetch"}}),
		"SKILL.md=# S,leak.md=EDDIE-SECRET,leak.txt=EDDIE-SECRET,leak2.txt=WEB-SECRET,leak3.txt=EDDIE-NOTES,ok.txt=SHARED,okman.txt=PUBLIC"; got != want {
		t.Errorf("eddie is served %q, want %q", got, want)
	}
}
