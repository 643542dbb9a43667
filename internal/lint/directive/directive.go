// Package directive finds the inline lint controls of a file, the HTML
// comments that silence rules:
//
//	<!-- lore-disable RULE… -->            from this line on (until lore-enable)
//	<!-- lore-enable RULE… -->             ends a lore-disable
//	<!-- lore-disable-next-line RULE… -->  the following line only
//	<!-- lore-disable-file RULE… -->       the whole file
//
// Without a rule a directive applies to every rule; "group/*" selects a
// group; "--" ends the rules and starts a reason. The linter applies them;
// the capability lock records the ones that silence security rules, so a
// review sees them even where a rendered diff hides HTML comments.
package directive

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Directive is one control as written.
type Directive struct {
	// Kind is disable, enable, disable-next-line or disable-file.
	Kind string
	// Rules are the rule ids and "group/*" patterns named, before any
	// "--"; none means every rule.
	Rules []string
	// Line and Col (1-based, columns in code points) and Off (bytes) are
	// where the comment starts.
	Line, Col, Off int
}

// Silences reports whether d turns rules off (every kind but enable).
func (d Directive) Silences() bool { return d.Kind != "enable" }

var re = regexp.MustCompile(`<!--\s*lore-(disable-next-line|disable-file|disable|enable)\b([^>]*?)\s*-->`)

// Parse returns the directives of src in order.
func Parse(src []byte) []Directive {
	// Both words a control needs, the rarer in prose first: "lore-"
	// alone starts at every l of the text.
	if len(src) == 0 || !bytes.Contains(src, []byte("<!--")) || !bytes.Contains(src, []byte("lore-")) {
		return nil
	}
	var out []Directive
	line, last := 1, 0
	for _, m := range re.FindAllSubmatchIndex(src, -1) {
		line += bytes.Count(src[last:m[0]], []byte("\n"))
		last = m[0]
		d := Directive{Kind: string(src[m[2]:m[3]]), Line: line, Off: m[0],
			Col: utf8.RuneCount(src[bytes.LastIndexByte(src[:m[0]], '\n')+1:m[0]]) + 1}
		for _, f := range strings.FieldsFunc(string(src[m[4]:m[5]]), func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
			if f == "--" {
				break // a reason follows
			}
			d.Rules = append(d.Rules, f)
		}
		out = append(out, d)
	}
	return out
}
