package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
)

var securityRemoteExec = securityRule(&Rule{
	ID: "security/remote-exec", Severity: diag.Warning,
	Summary: "a command that runs downloaded code, deletes home or root, uses sudo, skips TLS checks or sends secrets out",
	Doc: "An agent runs the commands its manuals show. The rule reports, in code blocks (fenced, indented, in a blockquote or an HTML " +
		"<pre>), inline code and shipped scripts (a skill's scripts/ and other code files), a command split over lines as the shell " +
		"joins them (a trailing backslash or pipe): downloading and running a script in one step (`curl … | sh`, `bash <(curl …)`, `iwr … | iex`), " +
		"deleting the root or home folder (`rm -rf /`, `rm -rf ~`), `sudo`, turning off TLS certificate checks (`curl -k`, " +
		"`verify=False`, `NODE_TLS_REJECT_UNAUTHORIZED=0`), and a line that reads ~/.ssh, ~/.aws, .env or the environment and talks to " +
		"the network. Pin what is downloaded (a checksum, a package manager), drop sudo, keep TLS checks on.",
}, "download to a file, check it and run it in a separate step, or drop the command", func(t *scanText) []scan.Hit {
	return scan.RemoteExec(t.src, t.kind)
})
