package prompt

import (
	"strings"
	"testing"
)

func TestListSources(t *testing.T) {
	words := func(s string) int { return len(strings.Fields(s)) } // a token a word
	srcs := []Source{{"charts", "Show a chart."}, {"images", "Show\n  pictures."}, {"notes", ""}}
	l := listSources(srcs, 100, words)
	if l.text != "- charts: Show a chart.\n- images: Show pictures.\n- notes" || l.info.Listed != 3 || l.info.Available != 3 || l.info.Budget != 100 {
		t.Errorf("all fit: %q %+v", l.text, l.info)
	}
	long := []Source{{"a", "one two three four five six seven eight"}, {"b", "one two three four five six seven eight"}, {"c", "x"}}
	l = listSources(long, 22, words)
	if !strings.HasPrefix(l.text, "- a: one two three four five six seven eight\n- … and 2 more: manual_list()") || l.info.Listed != 1 || l.info.Tokens > 22 {
		t.Errorf("truncated: %q %+v", l.text, l.info)
	}
	if l.info.Tokens != words(l.text) {
		t.Errorf("tokens %d, the text has %d", l.info.Tokens, words(l.text))
	}
	l = listSources(srcs, 3, words)
	if l.info.Listed != 0 || !strings.HasPrefix(l.text, "- 3 manuals: manual_list()") {
		t.Errorf("nothing fits: %q %+v", l.text, l.info)
	}
	if l = listSources(nil, 100, nil); l.text != "" || l.info.Available != 0 {
		t.Errorf("no manuals: %q %+v", l.text, l.info)
	}
}
