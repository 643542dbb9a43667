package manual

// nesting follows how deeply block quotes and list items are nested, line
// by line, in time linear in the input: the block quote markers of a line
// count on that line (each line of a quote repeats them), and every list
// item stays open while the lines below it are indented to its content.
// A list nested by indentation, one level a line, is as deep as one
// written on a single line ("- - - x"), and goldmark needs time that grows
// with the square of that depth either way.
type nesting struct {
	// items holds the content column of each open list item, innermost
	// last; columns grow from the outermost.
	items []int
	// text is set after a line that ends in paragraph text: a line after
	// it that starts with no marker continues the paragraph lazily and
	// closes no item, however little it is indented.
	text bool
	// steps counts the work done (bytes looked at, items opened and
	// closed), so that tests can check it is linear.
	steps int
}

// line takes the next line of the body and returns the depth at its
// content: open list items plus the block quote markers of the line.
func (n *nesting) line(l []byte) int {
	col, i := 0, 0
	quotes := 0
	first := true
	for i < len(l) {
		// White space before a marker.
		start := col
		for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
			if l[i] == '\t' {
				col += 4 - col%4
			} else {
				col++
			}
			i++
			n.steps++
		}
		if i == len(l) {
			if first {
				n.text = false
				return len(n.items) + quotes // a blank line closes nothing
			}
			break
		}
		if first && l[i] != '>' && !(n.text && !isMarker(l[i:])) {
			// The line's indentation (after its block quote markers)
			// closes the items it is not indented to.
			for len(n.items) > 0 && n.items[len(n.items)-1] > col {
				n.items = n.items[:len(n.items)-1]
				n.steps++
			}
		}
		if l[i] != '>' {
			first = false
		}
		parent := 0
		if len(n.items) > 0 {
			parent = n.items[len(n.items)-1]
		}
		if col-max(parent, start) >= 4 {
			n.text = true
			return len(n.items) + quotes // indented code, not a marker
		}
		c := l[i]
		switch {
		case c == '>':
			quotes++
			i++
			col++
			n.steps++
			continue
		case (c == '-' || c == '*' || c == '+') && i+1 < len(l) && (l[i+1] == ' ' || l[i+1] == '\t'):
			i++
			col++
		case c >= '0' && c <= '9':
			j := i
			for j < len(l) && j-i < 9 && l[j] >= '0' && l[j] <= '9' {
				j++
			}
			n.steps += j - i
			if j+1 >= len(l) || l[j] != '.' && l[j] != ')' || l[j+1] != ' ' && l[j+1] != '\t' {
				n.text = true
				return len(n.items) + quotes
			}
			col += j + 1 - i
			i = j + 1
		default:
			n.text = true
			return len(n.items) + quotes
		}
		// A list marker: its content starts after one space (the rest of
		// the white space is read as the next marker's indentation).
		i++
		col++
		n.steps++
		n.items = append(n.items, col)
	}
	n.text = false
	return len(n.items) + quotes
}

// isMarker reports whether l starts with a block quote or list marker.
func isMarker(l []byte) bool {
	if len(l) == 0 {
		return false
	}
	switch c := l[0]; {
	case c == '>':
		return true
	case c == '-' || c == '*' || c == '+':
		return len(l) > 1 && (l[1] == ' ' || l[1] == '\t')
	case c >= '0' && c <= '9':
		j := 0
		for j < len(l) && j < 9 && l[j] >= '0' && l[j] <= '9' {
			j++
		}
		return j+1 < len(l) && (l[j] == '.' || l[j] == ')') && (l[j+1] == ' ' || l[j+1] == '\t')
	}
	return false
}
