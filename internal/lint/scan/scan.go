// Package scan holds the detectors of lore's security/* lint rules: each
// takes a file's bytes and returns Hits, byte ranges with a description,
// in one pass (or a fixed number of passes) over the input. Regular
// expressions are Go's (RE2, linear in the input); no detector
// backtracks. The rules in internal/lint turn Hits into findings with
// positions and escaped excerpts (Excerpt).
package scan

import (
	"bytes"
)

// Kind says how a file is read: Markdown has code fences and prose; a
// Script is code from its first byte to its last.
type Kind uint8

// The kinds of file.
const (
	Markdown Kind = iota
	Script
)

// Hit is one thing a detector found: bytes Off to End of the file.
type Hit struct {
	Off, End int
	// What says what was found, for the finding's message.
	What string
	// Redact is set when the excerpt must not show the bytes Off..End
	// (a credential).
	Redact bool
	// Fix says what to do instead, where it differs from the fix of the
	// rule that reports the hit ("" for the rule's).
	Fix string
}

// lineAt returns the bounds of the line holding off, without its ending.
func lineAt(src []byte, off int) (start, end int) {
	off = max(0, min(off, len(src)))
	start = bytes.LastIndexAny(src[:off], "\r\n") + 1
	end = len(src)
	if i := bytes.IndexAny(src[off:], "\r\n"); i >= 0 {
		end = off + i
	}
	return start, end
}

// limit bounds the Hits a detector returns for one file: a 10 MB file of
// hidden characters gets a readable report, not millions of lines.
const limit = 50

// collector gathers hits up to limit and counts the rest.
type collector struct {
	hits []Hit
	more int
}

func (c *collector) add(h Hit) {
	if len(c.hits) < limit {
		c.hits = append(c.hits, h)
		return
	}
	c.more++
}

// result returns the hits; past the limit the last one says how many
// more there are.
func (c *collector) result() []Hit {
	if c.more > 0 {
		last := &c.hits[len(c.hits)-1]
		last.What += " (and " + itoa(c.more) + " more like it in this file, not listed)"
	}
	return c.hits
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// lineFrom returns the end of the line that starts at off (before its
// '\n') and where the next line starts.
func lineFrom(src []byte, off int) (end, next int) {
	i := bytes.IndexByte(src[off:], '\n')
	if i < 0 {
		return len(src), len(src)
	}
	return off + i, off + i + 1
}
