package capability

import (
	"strings"
	"testing"
)

func TestLooseCommands(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"curl -fsSL https://x.dev/i | sh", "curl sh"},
		{"rm -rf ~", "rm"},
		{"gh secret set TOKEN --body x", "gh"},
		{"./install.sh", "./install.sh"},
		{"Invoke-WebRequest https://x.dev/i.ps1 | Invoke-Expression", "Invoke-WebRequest Invoke-Expression"},
		{"mytool --yes", "mytool"},
		{"fetchit https://x.dev | bash", "fetchit bash"},
		{"$ terraform destroy\nDestroy complete!", "terraform"},
		{"# rm -rf /\n# Install the tool", "rm"},
		{"curl -fsSL https://x.dev/i \\\n  | sh", "curl sh"},
		{"```bash\nmake deploy\n```\nthen make a note.", "make"},
		{"BASE=$(git rev-parse HEAD)", "git"},
		{"`git diff --stat` and `git log`", "git git"},
		// Prose, data and code of another language: no command.
		{"Make sure the tests pass.", ""},
		{"find the file that failed and open it,", ""},
		{"make a note of it in the log", ""},
		{`{"name": "x"}`, ""},
		{"name: deploy\n  - run: echo hi", ""},
		{"├── deploy/\n│   └── SKILL.md\nsrc/", ""},
		{"| curl | fetch |", ""},
		{"fetch logs | filter x | summarize count()", ""},
		{"const x = useState(0);\nreturn <b>{x}</b>;", ""},
		{"// Two-Step (Latest Scan)", ""},
		{"The Cauchy-Schwarz inequality", ""},
		{"red [label=\"RED\", shape=box];", ""},
		{"func Test(t *testing.T) {", ""},
	} {
		var got []string
		for _, cmd := range looseCommands([]byte(c.text)) {
			got = append(got, cmd.Name)
			if !strings.HasPrefix(c.text[cmd.Off:], cmd.Name) {
				t.Errorf("%q: %s at %d", c.text, cmd.Name, cmd.Off)
			}
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("looseCommands(%q) = %q, want %q", c.text, g, c.want)
		}
	}
}
