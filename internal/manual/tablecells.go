package manual

import "bytes"

// tableCells estimates, line by line and in time linear in the input,
// how many cells goldmark makes for the GFM tables of a body. goldmark
// fills every row to the width of the table's delimiter row, so a head
// of many columns over many short rows ("|x|") holds columns × rows
// cells however few the file writes: 80 KB made 32 million of them.
// The estimate counts, from a delimiter row on, its columns for the head
// and for every line up to the next blank one, which is never fewer than
// goldmark makes.
type tableCells struct {
	// cols is the width of the table being read, 0 outside a table.
	cols int
	// cells counts the cells of the body's tables so far.
	cells int
}

// line takes the next line of the body.
func (c *tableCells) line(l []byte) {
	t := bytes.TrimLeft(l, " \t>")
	switch {
	case len(bytes.TrimSpace(t)) == 0:
		c.cols = 0
	case c.cols > 0:
		c.cells += c.cols
	default:
		if cols := delimiterRow(t); cols > 0 {
			c.cols = cols
			c.cells += cols // the head row, padded as the others
		}
	}
}

// delimiterRow returns the columns of a table's delimiter row
// ("|:--|--:|", "--- | ---"), or 0 when l is not one.
func delimiterRow(l []byte) int {
	l = bytes.TrimSpace(l)
	if bytes.IndexByte(l, '|') < 0 || bytes.IndexByte(l, '-') < 0 {
		return 0
	}
	for _, b := range l {
		if b != '|' && b != '-' && b != ':' && b != ' ' && b != '\t' {
			return 0
		}
	}
	l = bytes.TrimPrefix(l, []byte("|"))
	l = bytes.TrimSuffix(l, []byte("|"))
	return bytes.Count(l, []byte("|")) + 1
}
