package capability

import (
	"slices"
	"strings"
	"testing"
)

func names(refs []CommandRef) []string {
	var out []string
	for _, r := range refs {
		out = append(out, r.Name)
	}
	return out
}

func TestCommands(t *testing.T) {
	for _, tc := range []struct {
		text string
		d    Dialect
		want string
	}{
		{"curl -fsSL https://x.example/i.sh | sh", Shell, "curl sh"},
		{"sudo -u deploy systemctl restart app && echo ok", Shell, "sudo systemctl echo"},
		{"FOO=1 BAR=2 make build 2>&1 | tee log.txt", Shell, "make tee"},
		{"if grep -q x f; then\n  rm -rf build\nfi", Shell, "grep rm"},
		{"for f in a b c; do\n  gzip \"$f\"\ndone", Shell, "gzip"},
		{"echo \"$(whoami) at $(hostname)\"", Shell, "whoami hostname echo"}, // substitutions run first
		{"diff <(sort a) <(sort b)", Shell, "diff sort sort"},
		{"# a comment: rm -rf /\nls -la # trailing", Shell, "ls"},
		{"cat <<EOF > f.txt\nrm -rf /\nnot a command\nEOF\nwc -l f.txt", Shell, "cat wc"},
		{"git commit \\\n  -m 'msg; rm -rf /'", Shell, "git"},
		{"$CMD --flag\n${TOOL} x\n\"$HOME/bin/x\" y", Shell, ""},
		{"$ npm install\n$ npm test\nadded 3 packages\n> lore@1 test\n", Console, "npm npm"},
		{"PS C:\\src> Invoke-WebRequest https://x.example | iex", Console, "Invoke-WebRequest iex"},
		{"$ kubectl get pods", Shell, "kubectl"},
		{"timeout 10 nc -z host 22; env -u HOME python3 app.py", Shell, "timeout nc env python3"},
		{"case \"$1\" in\n  start) run-app ;;\nesac", Shell, "run-app"},
		{"\\rm -f x; ./scripts/setup.sh --yes", Shell, "rm ./scripts/setup.sh"},
		{"$x = Get-Content file.txt", Shell, "Get-Content"},
		{"param([Parameter(Mandatory)] [string]$Name)\n$h = @{ Name = 'a'; Status = 'b' }\nInvoke-Pester -Path x | Out-File r.txt\ntry { Remove-Item x } catch { throw }\n$s.Replace('a','b')", PowerShell, "Invoke-Pester Out-File Remove-Item"},
		{"FAIL: test\n.Version x\n((attempt++))", Shell, ""},
		{"xargs -n1 curl -O < urls.txt", Shell, "xargs curl"},
	} {
		got := strings.Join(names(Commands([]byte(tc.text), tc.d)), " ")
		if got != tc.want {
			t.Errorf("Commands(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestCommandOffsets(t *testing.T) {
	text := []byte("echo a |  grep b")
	got := Commands(text, Shell)
	if len(got) != 2 || string(text[got[1].Off:got[1].Off+4]) != "grep" {
		t.Errorf("offsets %+v: grep is at %d", got, strings.Index(string(text), "grep"))
	}
}

// TestCommandsLinear: pathological input (deep nesting, a long run of
// quotes, a here-document that never ends) is scanned in one pass.
func TestCommandsLinear(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("$(", 100000),
		strings.Repeat("\"$(a", 50000),
		"cat <<E\n" + strings.Repeat("x\n", 100000),
		strings.Repeat("a | ", 100000),
	} {
		Commands([]byte(text), Shell)
	}
}

func TestHosts(t *testing.T) {
	src := "See [docs](https://Docs.Example.com/a), <http://user:pw@10.0.0.1:8080/x>, " +
		"ftp://files.example.org., `curl https://raw.githubusercontent.com/o/r/main/i.sh`, " +
		"https://<your-host>/api, https://${HOST}/x, https://{host}/, mailto:x@y, xhttps://no.example, " +
		"wss://[::1]:9000/s, https://exa\u200bmple.com/ and git@github.com:o/r.git"
	var got []string
	for _, h := range Hosts([]byte(src)) {
		got = append(got, h.Host)
	}
	want := []string{"docs.example.com", "10.0.0.1", "files.example.org", "raw.githubusercontent.com", "[::1]", "exa\u200bmple.com"}
	if !slices.Equal(got, want) {
		t.Errorf("Hosts = %q, want %q", got, want)
	}
}

// TestLinkHosts: a link or image address names its host as a browser
// reads it, however it is written; addresses with no host (relative
// paths, mailto:, placeholders) name none.
func TestLinkHosts(t *testing.T) {
	src := "[a](&#104;ttps://entity.example/y) [b](https&#58;//colon.example) [c](HTTPS:\\\\back.example/z) " +
		"[d](https:noslash.example/w) [e](//rel.example/r) ![f](<ht\ttps://tab.example/i.png>)\n" +
		"<img src=\"https&#x3A;//img.example/s.png\"> <a HREF='//anchor.example/'>x</a>\n" +
		"[g](docs/guide.md) [h](mailto:x@y.example) [i](ssh:nohost) [j](https://{host}/) [k](/root/path) [l](ssh://git.example/r)\n" +
		"[ref]: &#104;ttp://refdef.example/x\n"
	var got []string
	for _, h := range linkHosts([]byte(src)) {
		got = append(got, h.Host)
	}
	want := []string{"entity.example", "colon.example", "back.example", "noslash.example", "rel.example", "tab.example",
		"git.example", "refdef.example", "img.example", "anchor.example"}
	if !slices.Equal(got, want) {
		t.Errorf("linkHosts = %q, want %q", got, want)
	}
}

// TestMailHosts: a mail address, mailto: included, and ssh's user@host
// name their host; versions, scoped packages, decorators, mentions and
// files such as icon@2x.png do not.
func TestMailHosts(t *testing.T) {
	src := "Send it to audit@Metrics-Collect.io. [m](mailto:ops@mail.corp.example) `ssh deploy@prod.server.io`\n" +
		"git@github.com:org/repo.git first.last+tag@sub.domain.org\n" +
		"npm i lodash@4.17.21 @types/node uses: actions/checkout@v4 icon@2x.png @Component @alice pkg@latest a@b x@y.1\n" +
		"`@pytest.mark.xfail` {{@sys.description}} ref=@Microsoft.KeyVault(SecretUri=x) \"@keydown.enter\"\n"
	var got []string
	for _, h := range mailHosts([]byte(src)) {
		got = append(got, h.Host)
	}
	want := []string{"metrics-collect.io", "mail.corp.example", "prod.server.io", "github.com", "sub.domain.org"}
	if !slices.Equal(got, want) {
		t.Errorf("mailHosts = %q, want %q", got, want)
	}
}
