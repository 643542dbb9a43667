package capability

import (
	"bytes"
	"strings"
)

// fileExtensions are endings that make name@2x.png a file, not a mail
// address.
var fileExtensions = map[string]bool{"png": true, "jpg": true, "jpeg": true, "gif": true, "svg": true, "webp": true,
	"ico": true, "avif": true, "pdf": true, "js": true, "mjs": true, "ts": true, "tsx": true, "jsx": true, "css": true,
	"html": true, "md": true, "json": true, "yaml": true, "yml": true, "txt": true, "zip": true, "tgz": true, "gz": true,
	"py": true, "go": true, "rs": true, "java": true, "rb": true, "sh": true, "exe": true, "dll": true, "so": true,
	"lock": true, "toml": true, "xml": true, "mp4": true, "mp3": true, "wav": true}

// mailHosts returns the host of every mail address in src (name@host.tld,
// also after mailto:), and of the user@host of an ssh or scp command: a
// manual that tells the agent to send something to an address sends it to
// that host, and a pull request that adds one must be seen as one that
// adds a URL is. A host needs a dot and a top-level part of letters:
// pkg@1.2.3, actions/checkout@v4 and @scope/name are no addresses,
// icon@2x.png is a file, and x@Microsoft.KeyVault(…) a call. Linear: each '@' is read outwards once.
func mailHosts(src []byte) []HostRef {
	var out []HostRef
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '@')
		if j < 0 {
			break
		}
		at := i + j
		i = at + 1
		s := at
		for s > 0 && at-s < 64 && localByte(src[s-1]) {
			s--
		}
		if s == at {
			continue // no local part: @scope, a decorator, a mention
		}
		e := at + 1
		for e < len(src) && e-at < 254 && (isAlnum(src[e]) || src[e] == '.' || src[e] == '-') {
			e++
		}
		host := strings.ToLower(strings.TrimRight(string(src[at+1:e]), ".-"))
		dot := strings.LastIndexByte(host, '.')
		if dot <= 0 || !hostName(host) || !letters(host[dot+1:]) || fileExtensions[host[dot+1:]] || e < len(src) && src[e] == '(' {
			continue
		}
		out = append(out, HostRef{Host: host, Off: s})
		i = e
	}
	return out
}

// localByte reports whether c may be part of a mail address's local part
// as people write them (RFC 5322 allows more, which code uses for other
// things: `@decorator`, {{@value}}).
func localByte(c byte) bool {
	return isAlnum(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-'
}

// letters reports whether s is two or more ASCII letters.
func letters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isLetter(s[i]) {
			return false
		}
	}
	return len(s) >= 2
}
