package lint

import (
	"slices"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
)

var securityRemoteExec = securityRule(&Rule{
	ID: "security/remote-exec", Severity: diag.Warning,
	Summary: "a command that runs downloaded code, deletes home or root, opens the system to every user, uses sudo, skips TLS, hook or signature checks, sends secrets out, changes the registry, erases history and logs or runs a command hidden in base64",
	Doc: "An agent runs the commands its manuals show. The rule reports, in code blocks (fenced, indented, in a blockquote or an HTML " +
		"<pre>), inline code and shipped scripts (a skill's scripts/ and other code files), a command split over lines as the shell " +
		"joins them (a trailing backslash or pipe): downloading and running a script in one step (`curl … | sh`, `bash <(curl …)`, `iwr … | iex`), " +
		"deleting the root or home folder (`rm -rf /`, `rm -rf ~`), opening the whole system to every user (a world-writable mode " +
		"such as `chmod -R 777 /` or `chmod a+rwx ~` on the root, the home folder or a top-level system folder, `chown -R` of the " +
		"root, `icacls C:\\ /grant Everyone:F`), turning off the checks of a commit or a package (`--no-verify` skips git's hooks, " +
		"`--no-gpg-sign`, `commit.gpgsign=false`, `--nogpgcheck`), `sudo`, turning off TLS certificate checks (`curl -k`, " +
		"`verify=False`, `NODE_TLS_REJECT_UNAUTHORIZED=0`), a line that reads ~/.ssh, ~/.aws, .env or the environment and talks to " +
		"the network, a program downloaded and run in one line (`wget … && chmod +x p && ./p`), downloaded code " +
		"passed to `exec`/`eval`, and a package manager pointed at another registry (`npm config set registry`, " +
		"`--extra-index-url`, `gem sources --add`), pip's `--trusted-host` (TLS checks off for that host), a global git hooks " +
		"folder (`git config --global core.hooksPath`: every repository on the machine runs its hooks), and a command that erases " +
		"the record of what was done (`unset HISTFILE`, `history -c`, shell history or system logs under /var/log removed, " +
		"`wevtutil cl`), a force-push over main or master (`git push --force origin main`, `git push origin +main`), a merge past branch " +
		"protection (`gh pr merge --admin`), and the machine's protection turned off (`setenforce 0`, `ufw disable`, the " +
		"firewall or auditd stopped, `Set-MpPreference -Disable… $true`, `netsh advfirewall … state off`, `spctl " +
		"--master-disable`), and a command hidden in base64 or hex and handed to a shell or interpreter (`echo … | base64 -d | sh`, " +
		"`eval \"$(echo … | base64 -d)\"`, `powershell -enc …`, `exec(base64.b64decode(…))`: the reviewer cannot read what runs); reverse shells, keys written into authorized_keys and the other ways into a machine are " +
		"security/backdoor's, an error. A model reads a command written anywhere, so the rule also reads inline code that goes on over the lines of its " +
		"paragraph, the text of HTML code elements (<code>, <kbd>, <samp>, <tt>), and prose, where it reports what a sentence cannot " +
		"mean otherwise: a download with its address piped into a shell or iex (\"curl | sh\" named without one is the practice, not a " +
		"command), the other download-and-run forms, `rm -rf` of the root or home folder, `chmod -R 777 /` and its kin, the checks of a commit or package turned off, sudo before a path, an option or a program " +
		"run as root (not \"sudo access\"), and TLS checks turned off, each within one clause of one paragraph (its line " +
		"breaks read as spaces; a table is not one; a quoted command counts) and not forbidden by one of the three words before " +
		"it (\"never run curl https://… | sh\", \"do not use curl -k\"), nor the subject of its sentence (\"rm -rf / is fatal\", " +
		"\"sudo apt is not needed\"). The text is also read past the disguises security/injection reads past (character " +
		"references such as `&#96;`, invisible characters, look-alike letters, markup inside words); what only that reading finds is " +
		"reported as disguised. Each finding says what to do instead of its command: pin what is downloaded (a checksum, a package manager), drop sudo, " +
		"keep TLS checks on, give a folder the permissions it needs, push to a branch.",
}, "download to a file, check it and run it in a separate step, or drop the command", func(t *scanText) []scan.Hit {
	return execHits(t, false)
})

// execHits returns the hits of scan.RemoteExec in t that are backdoors
// (security/backdoor) or that are not (security/remote-exec), also in the
// text as a model reads it: &#96;curl … | sh&#96; is a code span, c&#117;rl
// is curl.
func execHits(t *scanText, backdoor bool) []scan.Hit {
	keep := func(hits []scan.Hit) []scan.Hit {
		return slices.DeleteFunc(slices.Clone(hits), func(h scan.Hit) bool { return scan.Backdoor(h) != backdoor })
	}
	hits := keep(t.remoteExec())
	if t.kind != scan.Markdown {
		return hits
	}
	return withDisguised(t, hits, func(text []byte) []scan.Hit { return keep(scan.RemoteExec(text, scan.Markdown)) })
}
