package searchindex

import (
	"encoding/binary"
	"math"
)

// The sections of an analysis in its binary form (AppendBinary): their
// count, then per section its anchor, heading and text, each a length and
// its bytes.

// appendSections appends a's sections in their binary form.
func (a *analysis) appendSections(b []byte) []byte {
	if a.rawSecs != nil {
		return append(b, a.rawSecs...)
	}
	b = binary.AppendUvarint(b, uint64(len(a.secs)))
	for _, sec := range a.secs {
		for _, t := range [3]string{sec.Anchor, sec.Heading, sec.Text} {
			b = binary.AppendUvarint(b, uint64(len(t)))
			b = append(b, t...)
		}
	}
	return b
}

// sectionsBinarySize is the length of what appendSections appends.
func (a *analysis) sectionsBinarySize() int {
	if a.rawSecs != nil {
		return len(a.rawSecs)
	}
	n := uvarintLen(len(a.secs))
	for _, sec := range a.secs {
		for _, t := range [3]string{sec.Anchor, sec.Heading, sec.Text} {
			n += uvarintLen(len(t)) + len(t)
		}
	}
	return n
}

// sections returns a's sections, decoding them on first use.
func (a *analysis) sections() []Section {
	if a.rawSecs != nil {
		a.secs, a.rawSecs = decodeSections(a.rawSecs), nil
	}
	return a.secs
}

// sectionsSize returns the length of the sections' binary form at the
// start of b; ok is false when b does not start with one.
func sectionsSize(b []byte) (size int, ok bool) {
	count, n := binary.Uvarint(b)
	if n <= 0 || count > uint64(len(b)) {
		return 0, false
	}
	size = n
	for range 3 * count {
		l, w := binary.Uvarint(b[size:])
		if w <= 0 || l > math.MaxInt32 || l > uint64(len(b)-size-w) {
			return 0, false
		}
		size += w + int(l)
	}
	return size, true
}

// decodeSections reads the sections' binary form raw, which sectionsSize
// found whole.
func decodeSections(raw []byte) []Section {
	count, n := binary.Uvarint(raw)
	raw = raw[n:]
	str := func() string {
		l, w := binary.Uvarint(raw)
		s := string(raw[w : w+int(l)])
		raw = raw[w+int(l):]
		return s
	}
	secs := make([]Section, count)
	for i := range secs {
		secs[i].Anchor = str()
		secs[i].Heading = str()
		secs[i].Text = str()
	}
	return secs
}
