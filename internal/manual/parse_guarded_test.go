package manual

import (
	"strings"
	"testing"
)

// A panic in the Markdown parser is a file/too-complex problem of the
// file, and no manual.
func TestParsePanicIsAProblem(t *testing.T) {
	m, probs := parseGuarded("manuals/x.md", []byte("# X\n"), func(string, []byte) *Manual { panic("injected parser panic") })
	if m != nil || len(probs) != 1 || probs[0].Path != "manuals/x.md" || probs[0].Rule != "file/too-complex" ||
		!strings.Contains(probs[0].Message, "injected parser panic") {
		t.Fatalf("parseGuarded = %v, %+v", m, probs)
	}
	if m, probs := parseGuarded("manuals/x.md", []byte("# X\n"), Parse); m == nil || len(probs) != 0 {
		t.Fatalf("parseGuarded(Parse) = %v, %+v", m, probs)
	}
}
