package lint

import "testing"

// TestBlankYAMLComments: comments become spaces, offsets kept; a # in a
// quoted value or inside a word stays.
func TestBlankYAMLComments(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"# all\nk: v\n", "     \nk: v\n"},
		{"k: v # note\n", "k: v       \n"},
		{"k: \"a # b\" # c\n", "k: \"a # b\"    \n"},
		{"k: 'it''s # x'\n", "k: 'it''s # x'\n"},
		{"k: issue#12\n", "k: issue#12\n"},
		{"  # indented\n", "            \n"},
	} {
		if got := string(blankYAMLComments([]byte(tc.in))); got != tc.want {
			t.Errorf("blankYAMLComments(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
