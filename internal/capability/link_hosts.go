package capability

import "github.com/lorekit/lore/internal/lint/scan"

// linkHosts returns the hosts of the link and image addresses of the
// Markdown or HTML text src as a browser reads them (scan.Links,
// scan.ReadURL). Hosts reads URLs as written; an address written so that
// it does not see one — `&#104;ttps://host`, `https&#58;//host`,
// `HTTPS:\\host`, `https:host`, `//host` — still leads to its host, and
// a pull request must not add one unseen.
func linkHosts(src []byte) []HostRef {
	var out []HostRef
	for _, l := range scan.Links(src) {
		scheme, rest, ok := scan.ReadURL(l.URL)
		if !ok || !urlSchemes[scheme] {
			continue
		}
		if h := hostAt([]byte(rest)); h != "" {
			out = append(out, HostRef{Host: h, Off: l.Off})
		}
	}
	return out
}
