package manual

import "github.com/yuin/goldmark/util"

// Destination returns a link or image destination as a reader's browser
// receives it: goldmark keeps it as written, with backslash escapes and
// character references (`a\_b.md`, `&auml;.md`, `&#106;avascript:`),
// which CommonMark decodes before the destination is used. The link
// check, the site's links and the scheme filter all work on this form.
func Destination(raw []byte) string {
	v := util.UnescapePunctuations(raw)
	v = util.ResolveNumericReferences(v)
	return string(util.ResolveEntityNames(v))
}
