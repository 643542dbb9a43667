package scan

import "strings"

// remoteURL returns the host and the rest (path, query, fragment) of the
// address u when a browser would fetch it from another host over http or
// https, reading u as the WHATWG URL standard does: spaces and control
// characters around it dropped, tabs and line breaks inside it removed,
// the scheme in any case (`HTTPS:`), and any run of / or \ after it
// (`https:\\host`, `https:host`); an address without a scheme is remote
// when it starts with two of them (`//host`). ok is false for every other
// address: a relative path, or another scheme.
func remoteURL(u string) (host, rest string, ok bool) {
	u = strings.TrimFunc(u, func(r rune) bool { return r <= ' ' })
	u = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(u)
	after, slashes := u, 2
	if i := strings.IndexByte(u, ':'); i > 0 && isScheme(u[:i]) {
		if s := strings.ToLower(u[:i]); s != "http" && s != "https" {
			return "", "", false
		}
		after, slashes = u[i+1:], 0
	}
	n := 0
	for n < len(after) && (after[n] == '/' || after[n] == '\\') {
		n++
	}
	if n < slashes {
		return "", "", false
	}
	host, rest = urlHost("https://" + after[n:])
	return host, rest, true
}

// isScheme reports whether s is a URL scheme: a letter, then letters,
// digits, +, - and '.'.
func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && (i == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}
