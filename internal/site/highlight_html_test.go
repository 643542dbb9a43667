package site

import (
	"bytes"
	"slices"
	"testing"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
)

// chromaHTML formats tokens with chroma's own HTML formatter, as the site
// configured it before writeTokens.
func chromaHTML(t *testing.T, tokens []chroma.Token) string {
	t.Helper()
	var buf bytes.Buffer
	f := chromahtml.New(chromahtml.WithClasses(true), chromahtml.TabWidth(4))
	if err := f.Format(&buf, styles.Get(lightStyle), chroma.Literator(tokens...)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func ourHTML(tokens []chroma.Token) string {
	var buf bytes.Buffer
	writeTokens(&buf, tokens)
	return buf.String()
}

// TestWriteTokensAsChroma: writeTokens writes what chroma's formatter
// writes, for every token type chroma names and types it does not (their
// parents' classes), values with every character HTML escapes, tabs,
// empty tokens and lines, with and without a final newline; and for the
// code of every lexer the site highlights with.
func TestWriteTokensAsChroma(t *testing.T) {
	types := []chroma.TokenType{chroma.Keyword + 99, chroma.LiteralStringDouble + 7, chroma.Text + 3, chroma.Error, 0, chroma.Other}
	for tt := range chroma.StandardTypes {
		types = append(types, tt)
	}
	slices.Sort(types)
	values := []string{"x", "<a href='b'>\"c\" & d</a>", "\t\tindented", "", "\n", "two\nlines\n", "\n\n", "é ü ß → 日本"}
	var all []chroma.Token
	for i, tt := range types {
		v := values[i%len(values)]
		all = append(all, chroma.Token{Type: tt, Value: v})
		one := []chroma.Token{{Type: tt, Value: v}}
		if got, want := ourHTML(one), chromaHTML(t, one); got != want {
			t.Errorf("type %v, value %q:\n got %s\nwant %s", tt, v, got, want)
		}
	}
	for _, ts := range [][]chroma.Token{all, all[:len(all)-1], nil, {{Type: chroma.Text, Value: ""}}, {{Type: chroma.Text, Value: "a\n"}, {Type: chroma.Text, Value: ""}},
		// empty tokens around line ends (writeTokens holds a line of one
		// empty token back: chroma drops it when it is the last)
		{{Type: chroma.Keyword, Value: ""}, {Type: chroma.Text, Value: ""}},
		{{Type: chroma.Keyword, Value: ""}, {Type: chroma.Text, Value: "x"}},
		{{Type: chroma.Text, Value: "a\n"}, {Type: chroma.Keyword, Value: ""}, {Type: chroma.Text, Value: "\n"}, {Type: chroma.Keyword, Value: ""}},
		{{Type: chroma.Keyword, Value: ""}, {Type: chroma.Text, Value: "\n"}},
		{{Type: chroma.Text, Value: "\nb"}, {Type: chroma.Keyword, Value: ""}, {Type: chroma.Keyword, Value: "c\n\n"}}} {
		if got, want := ourHTML(ts), chromaHTML(t, ts); got != want {
			t.Errorf("%d tokens:\n got %s\nwant %s", len(ts), got, want)
		}
	}

	// Every lexer would do, but some backtrack for minutes on code not
	// theirs: each language here gets code of its own.
	codes := map[string]string{
		"sql":        "SELECT id, name FROM users WHERE n = 917 AND s <> 'a&b';\n",
		"go":         "package main\n\nfunc main() {\n\tx := map[string]int{\"a\": 1}\n\t_ = x < 2 && true\n}\n",
		"html":       "<p class=\"x\">Hi &amp; bye</p>\n<script>const n = { a: 1 };</script>\n",
		"python":     "def f(x):\n    return [i for i in range(x) if i > 2]  # <done>\n",
		"bash":       "for f in *.md; do echo \"$f\" > /dev/null; done\n",
		"yaml":       "key: value\nlist:\n  - a\n  - 'b & c'\n",
		"json":       "{\"a\": [1, 2.5, true, null], \"b\": \"<x>\"}",
		"typescript": "const n: Map<string, number> = new Map();\r\nif (a < b && c) { n.set('x', 1) }",
		"diff":       "--- a\n+++ b\n@@ -1 +1 @@\n-<old>\n+\"new\"\n",
	}
	for lang, code := range codes {
		l := lexerFor(lang)
		if l == nil {
			t.Fatalf("no lexer for %s", lang)
		}
		it, err := l.Tokenise(nil, code)
		if err != nil {
			t.Fatal(err)
		}
		ts := it.Tokens()
		if got, want := ourHTML(ts), chromaHTML(t, ts); got != want {
			t.Errorf("%s:\n got %s\nwant %s", lang, got, want)
		}
	}
}
