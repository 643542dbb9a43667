package lint

import "bytes"

// lineBounds returns the byte offsets of line n (1-based) of src: start,
// end of its text (before "\r\n" or "\n") and next, the start of the next
// line. ok is false when src has no line n.
func lineBounds(src []byte, n int) (start, end, next int, ok bool) {
	if n < 1 {
		return 0, 0, 0, false
	}
	for l := 1; l < n; l++ {
		i := bytes.IndexByte(src[start:], '\n')
		if i < 0 {
			return 0, 0, 0, false
		}
		start += i + 1
	}
	if start > len(src) || start == len(src) && n > 1 && (len(src) == 0 || src[len(src)-1] == '\n') {
		return 0, 0, 0, false
	}
	end, next = len(src), len(src)
	if i := bytes.IndexByte(src[start:], '\n'); i >= 0 {
		end, next = start+i, start+i+1
	}
	if end > start && src[end-1] == '\r' {
		end--
	}
	return start, end, next, true
}

// lineText returns the text of line n of src without its line ending.
func lineText(src []byte, n int) (string, bool) {
	s, e, _, ok := lineBounds(src, n)
	if !ok {
		return "", false
	}
	return string(src[s:e]), true
}
