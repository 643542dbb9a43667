package bundle

import "strings"

// item is one unit of a concatenated block: a Markdown bullet with its
// continuation lines, or a paragraph. key is its normalised text, the
// identity used to drop repeats.
type item struct {
	text   string
	key    string
	bullet bool
}

// splitItems cuts text into bullets (a bullet owns the lines that follow
// it until the next bullet at the same or a lower indent, a blank line
// followed by unindented text, or a heading) and paragraphs.
func splitItems(text string) []item {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var out []item
	var cur []string
	curBullet, curIndent := false, 0
	flush := func() {
		// Trailing blank lines belong to no item.
		for len(cur) > 0 && strings.TrimSpace(cur[len(cur)-1]) == "" {
			cur = cur[:len(cur)-1]
		}
		if len(cur) > 0 {
			t := strings.Join(cur, "\n")
			out = append(out, item{text: t, key: itemKey(t, curBullet), bullet: curBullet})
		}
		cur = cur[:0]
	}
	blank := false
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			blank = true
			if len(cur) > 0 {
				cur = append(cur, l)
			}
			continue
		}
		// ind is a column (a tab counts as four), rest the text after the
		// indentation: ind is not a byte offset into l.
		ind, rest := indent(l), strings.TrimLeft(l, " \t")
		isBullet := bulletLen(rest) > 0 && ind <= 3
		heading := ind <= 3 && strings.HasPrefix(rest, "#")
		switch {
		case isBullet && (!curBullet || ind <= curIndent || len(cur) == 0):
			flush()
			curBullet, curIndent = true, ind
		case heading:
			flush()
			curBullet = false
			cur = append(cur, l)
			flush()
			blank = false
			continue
		case len(cur) == 0:
			curBullet = isBullet
			curIndent = ind
		case curBullet && blank && ind <= curIndent:
			// A blank line and unindented text end the bullet.
			flush()
			curBullet = false
		case !curBullet && blank:
			flush()
		}
		cur = append(cur, l)
		blank = false
	}
	flush()
	return out
}

// SplitItems cuts the text of a concatenated block into its items, as
// composition does: one per Markdown bullet (with its continuation lines)
// or paragraph.
func SplitItems(text string) []string {
	its := splitItems(text)
	out := make([]string, len(its))
	for i, it := range its {
		out[i] = it.text
	}
	return out
}

// ItemKey is the identity composition de-duplicates items by: the text
// without its list marker, whitespace runs collapsed.
func ItemKey(item string) string {
	t := strings.TrimSpace(item)
	return itemKey(t, bulletLen(t) > 0)
}

// JoinItems renders items as composition does: bullets on consecutive
// lines, everything else separated by a blank line.
func JoinItems(items []string) string {
	its := make([]item, len(items))
	for i, t := range items {
		its[i] = item{text: t, bullet: bulletLen(strings.TrimLeft(t, " ")) > 0}
	}
	return joinItems(its)
}

// indent counts leading spaces (a tab counts as four).
func indent(l string) int {
	n := 0
	for _, c := range l {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

// bulletLen returns the length of a list marker and its space at the start
// of s ("- ", "* ", "+ ", "1. ", "2) "), or 0.
func bulletLen(s string) int {
	if len(s) >= 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && (s[1] == ' ' || s[1] == '\t') {
		return 2
	}
	i := 0
	for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(s) && (s[i] == '.' || s[i] == ')') && (s[i+1] == ' ' || s[i+1] == '\t') {
		return i + 2
	}
	return 0
}

// itemKey normalises an item: the list marker goes, whitespace runs
// collapse to one space. "- Never  do X" and "* Never do X" are one item.
func itemKey(t string, bullet bool) string {
	t = strings.TrimSpace(t)
	if bullet {
		t = strings.TrimSpace(t[bulletLen(t):])
	}
	return strings.Join(strings.Fields(t), " ")
}

// joinItems renders items: bullets follow each other on consecutive lines,
// everything else is separated by a blank line.
func joinItems(items []item) string {
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			if it.bullet && items[i-1].bullet {
				b.WriteByte('\n')
			} else {
				b.WriteString("\n\n")
			}
		}
		b.WriteString(strings.TrimRight(it.text, " \t\n"))
	}
	return b.String()
}
