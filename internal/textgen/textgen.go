// Package textgen enumerates every short text over a small alphabet, for
// the tests that check a function against its definition on all of them
// (line breaks of LF, CR and another byte, say).
package textgen

// All calls f with every text of at most maxLen bytes drawn from
// alphabet, the empty text first. f must neither keep nor change its
// argument, which the next call reuses.
func All(alphabet []byte, maxLen int, f func(text []byte)) {
	var text []byte
	var next func(room int)
	next = func(room int) {
		f(text)
		if room == 0 {
			return
		}
		for _, c := range alphabet {
			text = append(text, c)
			next(room - 1)
			text = text[:len(text)-1]
		}
	}
	next(maxLen)
}
