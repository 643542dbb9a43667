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
	if p, ok := l.(*prefiltered); ok {
		l = p.RegexLexer
	}
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
			if d != matchLimit {
				t.Errorf("%s: a rule has a match timeout of %v", lang, d)
				break
			}
		}
	}
	// The lexers HTML delegates to (compiled by the HTML sample above).
	for _, name := range []string{"JavaScript", "CSS"} {
		l := untimedLexers().reg.Get(name)
		for _, d := range compiledTimeouts(t, l) {
			if d != matchLimit {
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

// regexLexersIn lists the regular-expression lexers l is made of (through
// untimedOf's wrappers and chroma's delegating and remapping lexers).
func regexLexersIn(l chroma.Lexer) []*chroma.RegexLexer {
	switch x := l.(type) {
	case *chroma.RegexLexer:
		return []*chroma.RegexLexer{x}
	case *prefiltered:
		return []*chroma.RegexLexer{x.RegexLexer}
	case *untimedMarkdown:
		return regexLexersIn(x.Lexer)
	}
	s := reflect.ValueOf(l).Elem()
	var out []*chroma.RegexLexer
	for i := range s.NumField() {
		if inner, ok := readField(s, s.Type().Field(i).Name).Interface().(chroma.Lexer); ok {
			out = append(out, regexLexersIn(inner)...)
		}
	}
	return out
}

// TestEveryLexerUntimed: every lexer chroma has, the markdown, delegating,
// remapping and HTTP lexers included, has an untimed copy made of
// regular-expression lexers without match timeouts; the wrappers
// highlight as chroma's do.
func TestEveryLexerUntimed(t *testing.T) {
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		name := l.Config().Name
		u := untimedOf(l)
		if u == nil {
			t.Errorf("%s (%T): no untimed copy", name, l)
			continue
		}
		if _, err := u.Tokenise(nil, "x\n"); err != nil { // compiles the rules
			t.Errorf("%s: %v", name, err)
			continue
		}
		rls := regexLexersIn(u)
		if len(rls) == 0 {
			t.Errorf("%s (%T): no regular-expression lexer found in the copy", name, u)
		}
		for _, rl := range rls {
			for _, d := range compiledTimeouts(t, rl) {
				if d != matchLimit {
					t.Errorf("%s: a rule of %s has a match timeout of %v", name, rl.Config().Name, d)
					break
				}
			}
		}
	}
	samples := map[string]string{
		"markdown":         "---\naudience: arthur\ntriggers: a, b\n---\n# Title\n\nSome `code` and **bold**.\n\n```go\nx := 1\n```\n",
		"erb":              "<p><%= @user.name %></p>\n<% if x %>y<% end %>\n",
		"common-lisp":      "(defun f (x) (loop for i from 0 below x collect i))\n",
		"emacs-lisp":       "(defun f (x) (interactive) (message \"%s\" x))\n",
		"go-html-template": "<p>{{ .Title }}</p>{{ range .Items }}<li>{{ . }}</li>{{ end }}\n",
		"yaml+jinja":       "key: {{ value }}\n{% if x %}a: 1{% endif %}\n",
		"svelte":           "<script>let n = 1;</script>\n<p>{n}</p>\n",
		"http":             "GET /x HTTP/1.1\nHost: example.com\nAccept: text/plain\n\n",
	}
	for lang, code := range samples {
		l := lexers.Get(lang)
		if l == nil {
			t.Fatalf("chroma has no lexer for %s", lang)
		}
		if got, want := tokens(t, lexerFor(lang), code), tokens(t, l, code); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the untimed copy highlights differently:\n%v\nchroma:\n%v", lang, got, want)
		}
	}
}

// TestRakuBlocksPlain: a lexer that replaces compiled rules while it lexes
// (chroma's Raku) is not used: its blocks are written plain, so pages
// highlighted at once cannot race on its shared rules, nor run a rule
// compiled without the lexing's budget.
func TestRakuBlocksPlain(t *testing.T) {
	for _, lang := range []string{"raku", "perl6", "Raku"} {
		if lexers.Get(lang) == nil {
			t.Fatalf("chroma has no lexer for %s: the test no longer says anything", lang)
		}
		if l := lexerFor(lang); l != nil {
			t.Errorf("%s: got a lexer, want none (written plain)", lang)
		}
	}
	if lexerFor("perl") == nil {
		t.Error("perl: no lexer; only Raku is written plain")
	}
}
