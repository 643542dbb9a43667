package main

import (
	"bytes"
	"testing"
)

// TestWriteContentPipedIsExact: piped or redirected, text from the
// project's files is written byte for byte (manual_read's contract); only a
// terminal gets escapes.
func TestWriteContentPipedIsExact(t *testing.T) {
	in := "evil \x1b[2J\x1b]0;title\a\r\nline\n"
	var b bytes.Buffer
	if err := writeContent(&b, in); err != nil {
		t.Fatal(err)
	}
	if b.String() != in {
		t.Errorf("piped: got %q, want the bytes unchanged %q", b.String(), in)
	}
}
