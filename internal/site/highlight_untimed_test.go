package site

import (
	"reflect"
	"testing"
	"time"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// compiledTimeouts reads the match timeout of every compiled rule of a
// regular-expression lexer (chroma keeps them unexported).
func compiledTimeouts(t *testing.T, l chroma.Lexer) []time.Duration {
	t.Helper()
	rl, ok := l.(*chroma.RegexLexer)
	if !ok {
		t.Fatalf("%T is not a regular-expression lexer", l)
	}
	var out []time.Duration
	it := reflect.ValueOf(rl).Elem().FieldByName("rules").MapRange()
	for it.Next() {
		rs := it.Value()
		for i := range rs.Len() {
			re := rs.Index(i).Elem().FieldByName("Regexp")
			if !re.IsNil() {
				out = append(out, time.Duration(re.Elem().FieldByName("MatchTimeout").Int()))
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s has no compiled rules", l.Config().Name)
	}
	return out
}

// TestHighlightHasNoClock: the lexers the site highlights with, and the
// lexers they delegate to, match without a wall-clock timeout (chroma's
// 250 ms, after which a rule counts as not matching: a loaded machine
// highlighted the same block differently); and they highlight exactly as
// chroma's own lexers do.
func TestHighlightHasNoClock(t *testing.T) {
	samples := map[string]string{
		"sql":    "SELECT id, name FROM users WHERE n = 917;\n",
		"go":     "package main\n\nfunc main() { x := map[string]int{\"a\": 1}; _ = x }\n",
		"html":   "<p class=\"x\">Hi</p>\n<script>const n = { a: 1 };</script>\n<style>p { color: red }</style>\n",
		"python": "def f(x):\n    return [i for i in range(x)]\n",
		"bash":   "for f in *.md; do echo \"$f\"; done\n",
		"yaml":   "key: value\nlist:\n  - a\n  - b\n",
		"js":     "const n = { a: 1 };\n",
	}
	for lang, code := range samples {
		l := lexerFor(lang)
		if l == nil {
			t.Fatalf("no lexer for %s", lang)
		}
		got := tokens(t, l, code)
		want := tokens(t, lexers.Get(lang), code)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the untimed copy highlights differently:\n%v\nchroma:\n%v", lang, got, want)
		}
		for _, d := range compiledTimeouts(t, l) {
			if d != noTimeout {
				t.Errorf("%s: a rule has a match timeout of %v", lang, d)
				break
			}
		}
	}
	// The lexers HTML delegates to (compiled by the HTML sample above).
	for _, name := range []string{"JavaScript", "CSS"} {
		l := untimedLexers().Get(name)
		for _, d := range compiledTimeouts(t, l) {
			if d != noTimeout {
				t.Errorf("%s (inside HTML): a rule has a match timeout of %v", name, d)
				break
			}
		}
	}
}

func tokens(t *testing.T, l chroma.Lexer, code string) []chroma.Token {
	t.Helper()
	it, err := l.Tokenise(nil, code)
	if err != nil {
		t.Fatal(err)
	}
	return it.Tokens()
}
