package plural

import "testing"

func TestOf(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 files"}, {1, "1 file"}, {2, "2 files"}, {11, "11 files"}, {-1, "-1 file"}} {
		if got := Of(c.n, "file", "files"); got != c.want {
			t.Errorf("Of(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if got := Of(1, "entry", "entries"); got != "1 entry" {
		t.Errorf("Of(1, entry) = %q", got)
	}
}
