package manual

import "strings"

// headerKeyLine splits a header line into its key and the raw value after
// the colon, as the regular expression ^([A-Za-z0-9_.-]+)[ \t]*:(.*)$
// does (without one: reading the headers of 10,000 restored manuals spent
// more in the regexp engine than in the rest of the header's reading). ok
// is false when the line is not of that form, a line with a newline
// included (. does not match one).
func headerKeyLine(s string) (key, raw string, ok bool) {
	n := 0
	for n < len(s) && isKeyByte(s[n]) {
		n++
	}
	if n == 0 {
		return "", "", false
	}
	i := n
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i == len(s) || s[i] != ':' || strings.IndexByte(s[i+1:], '\n') >= 0 {
		return "", "", false
	}
	return s[:n], s[i+1:], true
}

// isKeyByte reports whether c may be part of a header key: an ASCII letter
// or digit, '_', '.' or '-'.
func isKeyByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-'
}
