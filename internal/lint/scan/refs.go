package scan

import (
	"bytes"
	"cmp"
	"net/netip"
	"slices"
	"strings"
)

// urlSpans returns the byte ranges of the URLs in src: what
// (?i)\b(?:https?|ftp)://[^\s<>"'\x60)\]}|\\]+ finds (TestURLSpans), found
// from each "://" outwards instead of by trying the expression at every
// byte.
func urlSpans(src []byte) [][2]int {
	var out [][2]int
	end := 0 // matches do not overlap
	for i := end; ; {
		j := bytes.Index(src[i:], []byte("://"))
		if j < 0 {
			return out
		}
		j += i
		i = j + 3
		start := -1
		for _, scheme := range []string{"https", "http", "ftp"} {
			s := j - len(scheme)
			if s >= end && s >= 0 && asciiFoldEqual(src[s:j], []byte(scheme)) && (s == 0 || !isWordByte(src[s-1])) {
				start = s
				break
			}
		}
		if start < 0 {
			continue
		}
		e := j + 3
		for e < len(src) && !urlStop[src[e]] {
			e++
		}
		if e == j+3 {
			continue
		}
		out = append(out, [2]int{start, e})
		end, i = e, e
	}
}

// urlStop are the bytes a URL does not contain: ASCII white space (\s),
// brackets, quotes, pipes and backslashes. Bytes of UTF-8 sequences (and
// invalid bytes) do not stop a URL.
var urlStop = func() (t [256]bool) {
	for _, c := range []byte("\t\n\f\r <>\"'`)]}|\\") {
		t[c] = true
	}
	return t
}()

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// rawHosts serve files as they were uploaded, with no page around them:
// what an agent downloads from there is whatever the uploader last put
// there.
var rawHosts = map[string]bool{
	"raw.githubusercontent.com": true, "gist.githubusercontent.com": true, "raw.github.com": true,
	"pastebin.com": false, "paste.ee": true, "hastebin.com": true, "hastebin.skyra.pw": true, "transfer.sh": true,
	"ghostbin.com": true, "ghostbin.co": true, "termbin.com": true, "ix.io": true, "sprunge.us": true, "0x0.st": true,
	"dpaste.com": true, "dpaste.org": true, "rentry.co": true, "rentry.org": true, "controlc.com": true, "bpa.st": true,
	"file.io": true, "temp.sh": true, "catbox.moe": true, "files.catbox.moe": true, "litter.catbox.moe": true,
}

// shorteners hide where a link leads.
var shorteners = map[string]bool{
	"bit.ly": true, "bitly.com": true, "tinyurl.com": true, "t.co": true, "goo.gl": true, "ow.ly": true, "is.gd": true,
	"buff.ly": true, "rebrand.ly": true, "cutt.ly": true, "shorturl.at": true, "tiny.cc": true, "rb.gy": true, "t.ly": true,
	"v.gd": true, "s.id": true, "shorte.st": true, "adf.ly": true, "bl.ink": true, "lnkd.in": true, "tiny.one": true,
	"qrco.de": true, "y2u.be": false, "trib.al": true, "short.io": true, "urlz.fr": true, "clck.ru": true, "u.to": true,
}

// RemoteRef finds references to hosts whose content cannot be reviewed
// where it is linked: raw file hosts and paste sites, URL shorteners, and
// URLs whose host is a public IP address. Loopback, private and
// documentation addresses (127.0.0.1, 10.x, 192.168.x, 192.0.2.x …) are
// the examples of local setups and are left alone. URLs are found as
// written, and link and image addresses also as a browser reads them
// (Links, ReadURL): `&#104;ttps://bit.ly/x` is a shortened link too.
func RemoteRef(src []byte) []Hit {
	var c collector
	spans := urlSpans(src)
	for _, m := range spans {
		h, path := urlHost(string(src[m[0]:m[1]]))
		if what := remoteWhat(h, path); what != "" {
			c.add(Hit{Off: m[0], End: m[1], What: what})
		}
	}
	for _, l := range Links(src) {
		i, _ := slices.BinarySearchFunc(spans, l.Off, func(s [2]int, off int) int { return cmp.Compare(s[1], off+1) })
		if i < len(spans) && spans[i][0] < l.End {
			continue // a URL as written there: checked above
		}
		if scheme, rest, ok := ReadURL(l.URL); ok && (scheme == "http" || scheme == "https" || scheme == "ftp") {
			if what := remoteWhat(urlHost("x://" + rest)); what != "" {
				c.add(Hit{Off: l.Off, End: l.End, What: what})
			}
		}
	}
	return c.result()
}

// remoteWhat says why a URL of host h with path is a remote reference
// RemoteRef reports, or returns "".
func remoteWhat(h, path string) string {
	switch {
	case rawHosts[h]:
		return "a link to a raw file host (" + h + "): what it serves can change after review"
	case h == "pastebin.com" && strings.HasPrefix(path, "/raw"):
		return "a link to a raw paste (pastebin.com): what it serves can change after review"
	case (h == "gitlab.com" || h == "bitbucket.org") && (strings.Contains(path, "/-/raw/") || strings.Contains(path, "/raw/")):
		return "a link to a raw file (" + h + "): what it serves can change after review"
	case shorteners[h]:
		return "a shortened link (" + h + ") that hides where it leads"
	}
	if a, err := netip.ParseAddr(h); err == nil && publicAddr(a) {
		return "a link to an IP address (" + h + ") instead of a named host"
	}
	return ""
}

// urlHost returns the host of the URL u (scheme://[user@]host[:port]…),
// lower case, without port, brackets or final dot, and what follows it.
func urlHost(u string) (host, path string) {
	rest := u[strings.Index(u, "://")+3:]
	raw := rest
	if i := strings.IndexAny(raw, "/?#"); i >= 0 {
		raw = raw[:i]
	}
	path = rest[len(raw):]
	if i := strings.LastIndexByte(raw, '@'); i >= 0 {
		raw = raw[i+1:]
	}
	h := strings.ToLower(raw)
	if strings.HasPrefix(h, "[") {
		if i := strings.IndexByte(h, ']'); i > 0 {
			h = h[1:i]
		}
	} else if i := strings.LastIndexByte(h, ':'); i >= 0 {
		h = h[:i]
	}
	return strings.TrimSuffix(h, "."), path
}

// publicAddr reports whether a is an address of the internet, not of a
// local network or of documentation examples.
func publicAddr(a netip.Addr) bool {
	a = a.Unmap()
	if a.IsLoopback() || a.IsPrivate() || a.IsUnspecified() || a.IsLinkLocalUnicast() || a.IsMulticast() {
		return false
	}
	if docAddr(a) {
		return false
	}
	for _, p := range []string{"100.64.0.0/10", "169.254.0.0/16"} {
		if netip.MustParsePrefix(p).Contains(a) {
			return false
		}
	}
	return true
}

// docAddr reports whether a is an address reserved for documentation
// (RFC 5737, RFC 3849).
func docAddr(a netip.Addr) bool {
	for _, p := range []string{"192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "2001:db8::/32"} {
		if netip.MustParsePrefix(p).Contains(a) {
			return true
		}
	}
	return false
}
