package manual

import "bytes"

// UTF16 reports whether src is UTF-16 text and in which byte order:
// "little-endian" or "big-endian", or "" when it is not. It knows the text by its byte-order mark (FF FE
// or FE FF) or, without one, by the zero bytes of mostly ASCII text: the
// high byte of every character below U+0100 is zero, so one byte in two
// is NUL, always at the same parity.
func UTF16(src []byte) string {
	if len(src) >= 2 {
		switch {
		case src[0] == 0xff && src[1] == 0xfe:
			return "little-endian"
		case src[0] == 0xfe && src[1] == 0xff:
			return "big-endian"
		}
	}
	n := min(len(src), 4096) &^ 1
	if n < 4 || bytes.IndexByte(src[:n], 0) < 0 {
		return "" // no NUL byte: text of one byte a character (found at vector speed)
	}
	var zero [2]int // NUL bytes at even and at odd offsets
	for i := range n {
		if src[i] == 0 {
			zero[i&1]++
		}
	}
	pairs := n / 2
	switch {
	case zero[1]*10 >= pairs*9 && zero[0]*10 <= pairs:
		return "little-endian"
	case zero[0]*10 >= pairs*9 && zero[1]*10 <= pairs:
		return "big-endian"
	}
	return ""
}
