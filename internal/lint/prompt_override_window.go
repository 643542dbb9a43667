package lint

// A sentence is matched as a whole while it is at most sentenceWindow
// tokens long (about 16 KB of prose: every real sentence). A longer one,
// a line of megabytes without a full stop, is matched in windows of
// sentenceWindow tokens that overlap by windowOverlap tokens, so that a
// match across a window's end is found in the next window whole: the
// matcher then holds a window's tokens, not the line's (a 2 MiB line of
// commas was two million tokens, 56 bytes each, in a slice that doubled
// its way there: 585 MB allocated). The matcher looks a few words around
// a verb and its object and at most defuseReach words around a quote;
// what lies further back in a cut sentence (a reporting word, the start
// of a comma clause) is not seen, which can only report more.
const (
	sentenceWindow = 4096
	windowOverlap  = 256
)

// windows yields the sentences of a text, each cut into overlapping
// windows of at most sentenceWindow tokens.
type windows struct {
	z     tokenizer
	buf   []token
	carry []token // the last windowOverlap tokens of a cut window
	// seen are the matches of the previous window that reach into the
	// overlap: the next window finds them again.
	seen, cur []overrideSpan
	// overlapOff is the offset where the current window's carried tokens
	// start (-1 when it carries none).
	overlapOff int
}

// next returns the next window; false at the end of the text.
func (w *windows) next() ([]token, bool) {
	w.seen, w.cur = w.cur, w.seen[:0]
	w.overlapOff = -1
	if len(w.carry) > 0 {
		w.overlapOff = w.carry[0].Off
	}
	s := append(w.buf[:0], w.carry...)
	s, ok, cut := w.z.sentenceUpTo(s, sentenceWindow)
	w.buf = s
	w.carry = w.carry[:0]
	if cut {
		w.carry = append(w.carry, s[len(s)-windowOverlap:]...)
	}
	if w.overlapOff < 0 {
		w.seen = w.seen[:0]
	}
	return s, ok
}

// keep appends sp to out unless the previous window found it (or one
// overlapping it) already.
func (w *windows) keep(out []overrideSpan, sp overrideSpan) []overrideSpan {
	w.cur = append(w.cur, sp)
	for _, p := range w.seen {
		if sp.Off < p.End && p.Off < sp.End {
			return out
		}
	}
	return append(out, sp)
}

// sentenceUpTo appends the tokens of the next sentence to buf, as
// sentence does, but stops when buf holds limit tokens: cut is then true
// and the sentence goes on in the next call.
func (z *tokenizer) sentenceUpTo(buf []token, limit int) (s []token, ok, cut bool) {
	for len(buf) < limit {
		t, more := z.next()
		if !more {
			return buf, len(buf) > 0, false
		}
		if t.Kind == tBreak {
			if len(buf) > 0 {
				return buf, true, false
			}
			continue
		}
		buf = append(buf, t)
	}
	return buf, true, true
}
