package scan

import (
	"bytes"
	"net/netip"
	"strings"
)

// URLPasswords finds passwords written into the address of a service,
// scheme://user:password@host (a database connection string, a clone
// URL with a token), which gitleaks' rule set does not look for. A
// password that is a placeholder ({…}, <…>, $VAR, ***, a word such as
// "password" or "changeme") and addresses of documentation or of this
// machine (example.com, *.test, localhost, 192.0.2.x) are examples and
// not reported; so is a password too plain to be a real one (fewer than
// 8 characters, or of fewer than three kinds of lower case, upper case,
// digits and symbols below 16 characters). A line with gitleaks:allow is
// not reported, as with the rest of the rule.
func URLPasswords(src []byte) []Hit {
	var c collector
	lineEnd, allowed := -1, false // the line of the last password found
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("://"))
		if j < 0 {
			break
		}
		at := i + j + 3
		i = at
		end := at
		for end < len(src) && !authorityStop(src[end]) {
			end++
		}
		authority := src[at:end]
		i = max(i, end)
		amp := bytes.LastIndexByte(authority, '@')
		colon := bytes.IndexByte(authority, ':')
		if amp < 0 || colon < 0 || colon > amp {
			continue
		}
		host, _ := urlHost("x://" + string(authority))
		host = strings.TrimRight(host, ",;") // the punctuation of the sentence
		password := string(authority[colon+1 : amp])
		if !realPassword(password) || exampleHost(host) {
			continue
		}
		if at >= lineEnd { // each line is looked at once
			var ls int
			ls, lineEnd = lineAt(src, at)
			allowed = bytes.Contains(src[ls:lineEnd], []byte("gitleaks:allow"))
		}
		if allowed {
			continue
		}
		c.add(Hit{Off: at + colon + 1, End: at + amp, Redact: true, What: "a password in the address of " + host})
	}
	return c.result()
}

// authorityStop reports whether b ends the authority of a URL (user:password@
// host:port) in text.
func authorityStop(b byte) bool {
	return b <= ' ' || strings.IndexByte("/?#\"'`<>()[]{}|\\", b) >= 0
}

// exampleHost reports whether host names no service of the internet or a
// network: a documentation name or address, this machine, or none.
func exampleHost(host string) bool {
	if host == "" || host == "localhost" || !strings.ContainsAny(host, ".:") {
		return true // localhost, a name of the local network's search path
	}
	if a, err := netip.ParseAddr(host); err == nil {
		a = a.Unmap()
		return a.IsLoopback() || a.IsUnspecified() || docAddr(a)
	}
	for _, tld := range []string{".example", ".test", ".invalid", ".localhost", ".local"} {
		if strings.HasSuffix(host, tld) {
			return true
		}
	}
	for _, d := range []string{"example.com", "example.org", "example.net"} {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return false
}

// placeholderWords are what the letters of a placeholder password spell
// (Password123!, changeme, <your-token>).
var placeholderWords = map[string]bool{"password": true, "passwort": true, "passwd": true, "pass": true, "pwd": true,
	"secret": true, "geheim": true, "changeme": true, "example": true, "dummy": true, "sample": true, "placeholder": true,
	"redacted": true, "token": true, "test": true, "admin": true, "root": true, "user": true, "guest": true}

// realPassword reports whether p looks like a password someone uses:
// no placeholder, and long and mixed enough.
func realPassword(p string) bool {
	if len(p) < 8 || strings.ContainsAny(p, "{}<>$*[]%") && !percentEncoded(p) {
		return false
	}
	var letters []byte
	for i := 0; i < len(p); i++ {
		if c := p[i] | 0x20; c >= 'a' && c <= 'z' {
			letters = append(letters, c)
		}
	}
	word := strings.TrimPrefix(strings.TrimPrefix(string(letters), "my"), "your")
	if placeholderWords[word] || len(letters) > 2 && strings.Count(string(letters), string(letters[:1])) == len(letters) {
		return false // Password1!, yourtoken, xxxxxxxx
	}
	var lower, upper, digit, other int
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c >= 'a' && c <= 'z':
			lower = 1
		case c >= 'A' && c <= 'Z':
			upper = 1
		case c >= '0' && c <= '9':
			digit = 1
		default:
			other = 1
		}
	}
	kinds := lower + upper + digit + other
	return kinds >= 3 || kinds >= 2 && len(p) >= 16
}

// percentEncoded reports whether every % of p starts a %XX escape and p
// holds no other placeholder character.
func percentEncoded(p string) bool {
	if strings.ContainsAny(p, "{}<>$*[]") {
		return false
	}
	for i := 0; i < len(p); i++ {
		if p[i] == '%' && !(i+2 < len(p) && hexDigit(p[i+1]) && hexDigit(p[i+2])) {
			return false
		}
	}
	return true
}

func hexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
