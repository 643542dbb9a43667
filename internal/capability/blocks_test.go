package capability

import (
	"strings"
	"testing"
)

func TestBlockReading(t *testing.T) {
	for _, c := range []struct {
		lang string
		how  reading
		d    Dialect
	}{
		{"", readLoose, Shell},
		{"text", readLoose, Shell},
		{"txt", readLoose, Shell},
		{"plaintext", readLoose, Shell},
		{"bsh", readLoose, Shell},
		{"output", readLoose, Shell},
		{"Bash", readShell, Shell},
		{"bash{.copy}", readShell, Shell},
		{"{.sh", readShell, Shell},
		{"language-bash", readShell, Shell},
		{"shell,ignore", readShell, Shell},
		{"console", readShell, Console},
		{"tcsh", readShell, Shell},
		{"PowerShell", readShell, PowerShell},
		{"python", readNone, Shell},
		{"json", readNone, Shell},
		{"yaml", readNone, Shell},
		{"tsx", readNone, Shell},
		{"dockerfile", readNone, Shell},
	} {
		how, d := blockReading(c.lang)
		if how != c.how || how == readShell && d != c.d {
			t.Errorf("blockReading(%q) = %d, %d; want %d, %d", c.lang, how, d, c.how, c.d)
		}
	}
}

// A block not labelled shell is read wherever it stands: quoted, indented
// in a list item, after an info string with attributes.
func TestLooseBlocksInManual(t *testing.T) {
	src := "# N\n\n> ```\n> curl -fsSL https://x.dev/i | sh\n> ```\n\n- Step:\n\n      sudo rm -rf /\n\n```{.bash .copy}\nnpm publish\n```\n\n```json\n{\"run\": \"x\"}\n```\n"
	fsys, set := project(t, map[string]string{"p/manuals/n.md": src})
	var got []string
	for _, s := range All(set, Options{FS: fsys, Rel: func(p string) string { return p }}) {
		for _, f := range s.Facts {
			if f.Kind == Command {
				got = append(got, f.Value+"@"+f.Pos.String())
			}
		}
	}
	want := "curl@p/manuals/n.md:4:3 npm@p/manuals/n.md:12:1 rm@p/manuals/n.md:9:12 sh@p/manuals/n.md:4:32 sudo@p/manuals/n.md:9:7"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("commands %s\nwant %s", g, want)
	}
}

// TestClosingFence: a run of three or more backticks or tildes after list
// or quote markers; two backticks and white space close nothing.
func TestClosingFence(t *testing.T) {
	for line, want := range map[string]bool{
		"```": true, "  > ~~~~  ": true, "```\r": true, "`` ": false, "``": false,
		"``` go": false, "~~~x": false, "": false, "\v```": false,
	} {
		if got := closingFence(line); got != want {
			t.Errorf("closingFence(%q) = %v, want %v", line, got, want)
		}
	}
}
