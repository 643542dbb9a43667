package scan

import "strings"

// ReadURL reads the address u as a browser does (the WHATWG URL
// standard) and returns its scheme, lower case, and what follows the
// slashes that introduce its authority (host, port, path, query):
// spaces and control characters around u are dropped and tabs and line
// breaks inside it removed; after a special scheme (http, https, ftp, ws,
// wss, file) any run of / or \ introduces the authority, none included
// (`HTTPS:\\host`, `https:host`); after another scheme it takes "//". An
// address without a scheme has an authority when it starts with two of /
// or \ (`//host`, relative to an http page: its scheme is "https"). ok is
// false for an address without an authority: a relative path, `mailto:`.
func ReadURL(u string) (scheme, rest string, ok bool) {
	u = strings.TrimFunc(u, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(u, "\t\n\r") {
		u = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, u)
	}
	scheme, rest, need := "https", u, 2
	if i := strings.IndexByte(u, ':'); i > 0 && isScheme(u[:i]) {
		scheme, rest, need = strings.ToLower(u[:i]), u[i+1:], 0
		if !specialScheme[scheme] {
			after, found := strings.CutPrefix(rest, "//")
			return scheme, after, found
		}
	}
	n := 0
	for n < len(rest) && (rest[n] == '/' || rest[n] == '\\') {
		n++
	}
	return scheme, rest[n:], n >= need
}

// specialScheme are the schemes whose authority a browser finds after
// any slashes or backslashes.
var specialScheme = map[string]bool{"http": true, "https": true, "ftp": true, "ws": true, "wss": true, "file": true}

// remoteURL returns the host and the rest (path, query, fragment) of the
// address u when a browser would fetch it from another host over http or
// https (ReadURL); ok is false for every other address.
func remoteURL(u string) (host, rest string, ok bool) {
	scheme, after, ok := ReadURL(u)
	if !ok || scheme != "http" && scheme != "https" {
		return "", "", false
	}
	host, rest = urlHost("https://" + after)
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
