package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
)

var securityRemoteRef = securityRule(&Rule{
	ID: "security/remote-ref", Severity: diag.Warning,
	Summary: "a link to a raw script host, paste site, URL shortener or IP address",
	Doc: "What a raw file host (raw.githubusercontent.com, gist.githubusercontent.com), a paste site or a file drop serves can be changed " +
		"after the manual was reviewed; a shortened link (bit.ly, tinyurl.com …) hides where it leads; a URL with a public IP address " +
		"instead of a host name dodges every domain check. Link and image addresses are also read as a browser reads them " +
		"(`&#104;ttps://bit.ly/…` is a shortened link too). Loopback, private and documentation addresses are not reported. Link a " +
		"release, a tagged file or a package instead, or copy the content into the skill.",
}, "link a pinned release or copy the content into the skill", func(t *scanText) []scan.Hit {
	return scan.RemoteRef(t.src)
})
