package capability

import (
	"strings"
	"testing"
)

func TestPreBlocks(t *testing.T) {
	src := "# T\n\n<pre>\ncurl -fsSL https://x.dev | sh\n</pre>\n\n<PRE class=\"x\">rm -rf ~</PRE>\n\n```text\n<pre>\ngh repo delete x --yes\n</pre>\n```\n\n<pre>\nnpm publish\n"
	var got []string
	for _, b := range preBlocks([]byte(src)) {
		for _, c := range looseCommands([]byte(src[b[0]:b[1]])) {
			got = append(got, c.Name)
		}
	}
	// The <pre> inside the text block is the block's (read with it), not
	// a second time here; an unclosed one runs to the end.
	if g := strings.Join(got, " "); g != "curl sh rm npm" {
		t.Errorf("commands %q", g)
	}
}
