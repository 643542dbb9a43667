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
		start := col
		i, col = n.space(l, i, col)
		if i == len(l) {
			if first {
				n.text = false
				return len(n.items) + quotes // a blank line closes nothing
			}
			break
		}
		if first && l[i] != '>' && !(n.text && !isMarker(l[i:])) {
			n.closeTo(col)
		}
		if l[i] != '>' {
			first = false
		}
		if col-max(n.parent(), start) >= 4 {
			n.text = true
			return len(n.items) + quotes // indented code, not a marker
		}
		if l[i] == '>' {
			quotes++
			i++
			col++
			n.steps++
			continue
		}
		w := n.listMarker(l, i)
		if w == 0 {
			n.text = true
			return len(n.items) + quotes
		}
		// A list marker: its content starts after one space (the rest of
		// the white space is read as the next marker's indentation).
		i += w
		col += w
		n.steps++
		n.items = append(n.items, col)
	}
	n.text = false
	return len(n.items) + quotes
}

// space skips the white space before a marker from byte i at column col
// (tabs to the next multiple of 4) and returns where it ends.
func (n *nesting) space(l []byte, i, col int) (int, int) {
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		if l[i] == '\t' {
			col += 4 - col%4
		} else {
			col++
		}
		i++
		n.steps++
	}
	return i, col
}

// closeTo closes the items a line indented to column col is not indented
// to (its indentation after its block quote markers).
func (n *nesting) closeTo(col int) {
	for len(n.items) > 0 && n.items[len(n.items)-1] > col {
		n.items = n.items[:len(n.items)-1]
		n.steps++
	}
}

// parent returns the content column of the innermost open item, or 0.
func (n *nesting) parent() int {
	if len(n.items) == 0 {
		return 0
	}
	return n.items[len(n.items)-1]
}

// listMarker returns the width of the list marker at l[i] with the one
// space after it ("- ", "12. "), or 0 when none starts there.
func (n *nesting) listMarker(l []byte, i int) int {
	switch c := l[i]; {
	case (c == '-' || c == '*' || c == '+') && i+1 < len(l) && (l[i+1] == ' ' || l[i+1] == '\t'):
		return 2
	case c >= '0' && c <= '9':
		j := i
		for j < len(l) && j-i < 9 && l[j] >= '0' && l[j] <= '9' {
			j++
		}
		n.steps += j - i
		if j+1 >= len(l) || l[j] != '.' && l[j] != ')' || l[j+1] != ' ' && l[j+1] != '\t' {
			return 0
		}
		return j - i + 2
	}
	return 0
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
