package scan

import (
	"strings"
	"testing"
)

// TestRemoteRefDisguised: a link or image address is checked as a
// browser reads it as well as written, and a URL written out is reported
// once.
func TestRemoteRefDisguised(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // the host reported; "" for none
	}{
		{"[guide](https://bit.ly/3xYz)", "bit.ly"},
		{"[guide](&#104;ttps://bit.ly/3xYz)", "bit.ly"},
		{"[guide](HTTPS:\\\\bit.ly/3xYz)", "bit.ly"},
		{"![s](//raw.githubusercontent.com/o/r/main/s.sh)", "raw.githubusercontent.com"},
		{"<a href=\"https&#58;//45.33.32.156/p\">x</a>", "45.33.32.156"},
		{"[p]: https:pastebin.com/raw/abc\n", "pastebin.com"},
		{"[guide](https://example.org/docs)", ""},
		{"[guide](&#104;ttps://example.org/docs)", ""},
		{"[local](//10.0.0.1/x) [file](docs/bit.ly.md)", ""},
	} {
		hits := RemoteRef([]byte(c.src))
		switch {
		case c.want == "" && len(hits) > 0:
			t.Errorf("%q: reported %v", c.src, hits)
		case c.want != "" && (len(hits) != 1 || !strings.Contains(hits[0].What, "("+c.want+")")):
			t.Errorf("%q: got %v, want one hit naming %s", c.src, hits, c.want)
		}
	}
}
