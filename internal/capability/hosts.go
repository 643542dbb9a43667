package capability

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// HostRef is a URL host found in a text, at byte Off.
type HostRef struct {
	Host string
	Off  int
}

// urlSchemes are the schemes whose URLs name a host an agent may reach.
var urlSchemes = map[string]bool{"http": true, "https": true, "ftp": true, "ftps": true, "ws": true, "wss": true,
	"git": true, "ssh": true, "sftp": true}

// Hosts returns the host of every URL in src (http, https, ftp, ws, git,
// ssh and their secure forms), lower-cased, without user, port or a
// trailing dot, in order of appearance. Placeholders (https://<host>/,
// https://${HOST}/, https://{host}/) name no host. The scan looks for
// "://" and reads outwards from it: linear in src.
func Hosts(src []byte) []HostRef {
	var out []HostRef
	for i := 0; i < len(src); {
		j := bytes.Index(src[i:], []byte("://"))
		if j < 0 {
			break
		}
		at := i + j
		i = at + 3
		s := at
		for s > 0 && schemeByte(src[s-1]) {
			s--
		}
		for s < at && !isLetter(src[s]) { // a scheme starts with a letter
			s++
		}
		if s == at || s > 0 && (isAlnum(src[s-1]) || src[s-1] >= utf8.RuneSelf) {
			continue
		}
		if !urlSchemes[strings.ToLower(string(src[s:at]))] {
			continue
		}
		if h := hostAt(src[at+3:]); h != "" {
			out = append(out, HostRef{Host: h, Off: s})
		}
	}
	return out
}

// hostAt reads the authority at the start of rest and returns its host,
// or "" when there is none or it is a placeholder.
func hostAt(rest []byte) string {
	auth := authority(rest)
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		auth = auth[i+1:]
	}
	if strings.HasPrefix(auth, "[") { // an IPv6 literal
		i := strings.IndexByte(auth, ']')
		if i < 0 {
			return ""
		}
		return strings.ToLower(auth[:i+1])
	}
	if i := strings.IndexByte(auth, ':'); i >= 0 {
		auth = auth[:i]
	}
	auth = strings.TrimRight(auth, ".")
	if !hostName(auth) {
		return ""
	}
	return strings.ToLower(auth)
}

// authority returns the text of rest up to where a URL's authority ends.
func authority(rest []byte) string {
	end := 0
	ipv6 := len(rest) > 0 && rest[0] == '['
	for end < len(rest) {
		r, size := utf8.DecodeRune(rest[end:])
		if endsAuthority(r, end, ipv6) {
			break
		}
		end += size
	}
	return string(rest[:end])
}

// endsAuthority reports whether r, at byte end of the authority, ends it.
func endsAuthority(r rune, end int, ipv6 bool) bool {
	return r == '/' || r == '?' || r == '#' || r == '\\' || unicode.IsSpace(r) || r == utf8.RuneError ||
		strings.ContainsRune("<>\"'`(){}|^$,;*!", r) || r == ']' && !ipv6 || r == '[' && end > 0
}

// hostName reports whether auth (without port or user) is a host name
// rather than a placeholder or no host at all.
func hostName(auth string) bool {
	if auth == "" || strings.Contains(auth, "..") || strings.HasPrefix(auth, ".") || strings.HasPrefix(auth, "-") {
		return false
	}
	for _, r := range auth {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '-' || r == '_' || unicode.In(r, unicode.Mn, unicode.Cf)) {
			return false
		}
	}
	return true
}

func schemeByte(c byte) bool { return isAlnum(c) || c == '+' || c == '-' || c == '.' }

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isAlnum(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' }
