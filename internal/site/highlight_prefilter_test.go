package site

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/dlclark/regexp2/v2"
	"github.com/spf13/afero"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/guard"
)

// samePrefiltered lexes code with the prefiltered lexer of lang and with
// the untimed lexer under it (the path the site took before the
// prefilter), both coalesced as the highlighter does, and reports how
// they differ ("" when not at all). A lexing that fails, by an error or
// by crossing a bound, must fail in both.
func samePrefiltered(t testing.TB, lang, code string) string {
	t.Helper()
	l := lexerFor(lang)
	slow := unfiltered(l)
	if slow == nil {
		t.Fatalf("%s: the lexer is %T, not prefiltered", lang, l)
	}
	return sameTokens(chroma.Coalesce(l), chroma.Coalesce(slow), code)
}

func sameTokens(fast, slow chroma.Lexer, code string) string {
	lex := func(l chroma.Lexer) (toks []chroma.Token, err error) {
		err = guard.Do(func() error {
			var err error
			toks, err = lexTokens(l, code)
			return err
		})
		return toks, err
	}
	got, gotErr := lex(fast)
	want, wantErr := lex(slow)
	if (gotErr != nil) != (wantErr != nil) {
		return fmt.Sprintf("prefiltered error %v, chroma's %v", gotErr, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				return fmt.Sprintf("token %d: prefiltered %v, chroma %v", i, got[i], want[i])
			}
		}
		return fmt.Sprintf("prefiltered %d tokens, chroma %d", len(got), len(want))
	}
	return ""
}

// prefilterSeeds is code of the languages the generated corpora fence
// (corpusgen's fenceLangs) and of others manuals often hold, with the
// characters that start and end their tokens.
var prefilterSeeds = []struct{ lang, code string }{
	{"bash", "#!/bin/bash\nset -euo pipefail\nexport FOO_TIMEOUT=30\ncurl -s \"https://x.example/v1/a?b=${N:-3}\" | jq '.items[] | .id' > out.txt 2>&1\nfor f in *.md; do echo \"$f\" $((1 + 2)); done\nif [[ -n \"$X\" && $Y -gt 2 ]]; then cat <<EOF\nhere $doc\nEOF\nfi # done\n"},
	{"python", "import os\nfrom a.b import c as d\n\n@decorator(x=1)\ndef f(a, *args, **kw) -> int:\n    \"\"\"Doc.\"\"\"\n    s = f'{a!r:>10} {{x}}' + r'\\d' + b\"\\x00\" % (1,)\n    return [i for i in range(0x1F) if i is not None and i <= 1.5e3]  # c\n\nclass C(Base):\n    self.__init__ = lambda: print(__name__, True)\n"},
	{"go", "package main\n\nimport \"fmt\"\n\n// F does f.\nfunc F(ctx context.Context, n int) (string, error) {\n\tres, err := client.List(ctx, \"x\", 0x1f, 1.5e3, 'c', `raw`)\n\tif err != nil {\n\t\treturn \"\", fmt.Errorf(\"%w\", err) /* c */\n\t}\n\tfor _, it := range res { _ = it <- ch }\n\treturn string(b), nil\n}\n"},
	{"json", "{\"a\": {\"limit\": 17}, \"b\": [1, -2.5e+3, true, false, null, \"x\\\"y\\\\\"]}\n[\"s\", 0]\n// c\n{}"},
	{"yaml", "---\nname: x # c\nlimit: 17\nlist:\n  - a: 1\n  - 'b & c'\n  - \"d\\n\"\nblock: |\n  text\n  more\nanchor: &a {k: v, n: [1, 2]}\nref: *a\n? complex\n: value\n...\n"},
	{"typescript", "import { a } from './b';\nexport async function h<T>(n: number = 3): Promise<T[]> {\n  const x = await api.get(`/v1/${n}`);\n  type U = { id: string; n?: 1 | 2 };\n  return x as T[]; // c\n}\nclass K extends L implements M { private readonly z = /re+/g; }\n"},
	{"sql", "SELECT a.id, COUNT(*) AS n FROM t a JOIN u ON a.id = u.a_id WHERE a.x > 3 AND y LIKE 'q%' GROUP BY 1; -- c\nDELETE FROM t WHERE age > 17;\nCREATE INDEX ON t (id); /* c */\nINSERT INTO t VALUES (1, 'it''s', NULL);\n"},
	{"markdown", "---\ntitle: x\n---\n# H\n\nSome `code`, **bold**, _it_, [l](u) and\n\n- item\n1. one\n\n```go\nx := 1\n```\n> quote\n"},
	{"html", "<!DOCTYPE html>\n<p class=\"x\" id='y'>Hi &amp; bye</p>\n<script>const n = { a: 1 };</script>\n<style>p { color: red }</style>\n<!-- c -->\n"},
	{"javascript", "const re = /a+b/g; let s = `t ${x}`; function f(a = 1) { return a?.b ?? c; } // c\n"},
	{"rust", "fn main() { let x: Vec<u8> = vec![1, 2]; println!(\"{}\", x.len()); } // c\n"},
	{"java", "public class A { @Override public String toString() { return \"a\" + 1L; } }\n"},
	{"toml", "[a]\nb = \"c\"\nd = [1, 2.5]\n# e\n"},
	{"diff", "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n"},
	{"ruby", "def f(x)\n  puts \"#{x}\" if x =~ /a/\nend\n"},
	{"dockerfile", "FROM golang:1.26 AS b\nRUN go build ./... && echo ok\n"},
}

// TestPrefilteredAsChroma: every regular-expression lexer chroma has
// lexes the seeds' first lines exactly as without the prefilter (code not
// its own: a lexer's rules fail in odd places on it); and the seeds' own
// lexers every prefix of their seed (a block ends anywhere).
func TestPrefilteredAsChroma(t *testing.T) {
	var mixed strings.Builder // the first two lines of every seed
	for _, s := range prefilterSeeds {
		lines := strings.SplitAfter(s.code, "\n")
		mixed.WriteString(strings.Join(lines[:min(2, len(lines))], ""))
	}
	// Copies of their own (untimed), not the site's: a lexer may change
	// its rules while it lexes (Raku), so each side starts from chroma's.
	set := untimedLexers()
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		rl, ok := l.(*chroma.RegexLexer)
		if !ok {
			continue
		}
		fast, slow := untimed(rl), untimed(rl)
		fast.SetRegistry(set.reg)
		slow.SetRegistry(set.reg)
		if d := sameTokens(chroma.Coalesce(fast), chroma.Coalesce(slow.RegexLexer), mixed.String()); d != "" {
			t.Errorf("%s: %s", rl.Config().Name, d)
		}
	}
	for _, s := range prefilterSeeds {
		for i := range len(s.code) + 1 {
			if d := samePrefiltered(t, s.lang, s.code[:i]); d != "" {
				t.Errorf("%s, %q: %s", s.lang, s.code[:i], d)
				break
			}
		}
	}
}

// TestPrefilteredOnGeneratedCorpus: every fenced block of a generated
// corpus (internal/corpusgen) is highlighted as without the prefilter.
func TestPrefilteredOnGeneratedCorpus(t *testing.T) {
	fs := afero.NewMemMapFs()
	if err := corpusgen.Write(fs, "p", 300, 1); err != nil {
		t.Fatal(err)
	}
	blocks, highlighted := 0, 0
	md := goldmark.New()
	err := afero.Walk(fs, "p", func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		src, err := afero.ReadFile(fs, path)
		if err != nil {
			return err
		}
		return ast.Walk(md.Parser().Parse(text.NewReader(src)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			f, ok := n.(*ast.FencedCodeBlock)
			if !entering || !ok {
				return ast.WalkContinue, nil
			}
			blocks++
			lang := string(f.Language(src))
			if unfiltered(lexerFor(lang)) == nil {
				return ast.WalkContinue, nil
			}
			highlighted++
			if d := samePrefiltered(t, lang, linesOf(f, src)); d != "" {
				t.Errorf("%s, a %s block: %s", path, lang, d)
			}
			return ast.WalkContinue, nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if highlighted < 200 {
		t.Errorf("%d of %d blocks compared, want at least 200", highlighted, blocks)
	}
}

// FuzzPrefilteredAsChroma: for any code, the prefiltered lexers of the
// generated corpora's languages (and markdown, html) give the tokens
// chroma's rules give.
func FuzzPrefilteredAsChroma(f *testing.F) {
	langs := []string{"bash", "python", "go", "json", "yaml", "typescript", "sql", "markdown", "html"}
	for _, s := range prefilterSeeds {
		for i, l := range langs {
			if l == s.lang {
				f.Add(uint8(i), s.code)
			}
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, code string) {
		if len(code) > 512 { // far below anything a match could take matchLimit on
			return
		}
		lang := langs[int(i)%len(langs)]
		if d := samePrefiltered(t, lang, code); d != "" {
			t.Errorf("%s, %q: %s", lang, code, d)
		}
	})
}

// TestPrefilteredRulesReplaced: chroma's Raku lexer replaces rules of its
// compiled states while it lexes (a quote's closing delimiter becomes a
// rule, in a slot that held a placeholder); the prefilter skips a rule
// only by the set computed for that very rule. Each side lexes the same
// blocks one after the other, from rules of its own.
func TestPrefilteredRulesReplaced(t *testing.T) {
	rl, ok := lexers.Get("raku").(*chroma.RegexLexer)
	if !ok {
		t.Fatal("chroma has no regular-expression lexer for raku")
	}
	fast, slow := untimed(rl), untimed(rl)
	fast.SetRegistry(untimedLexers().reg)
	slow.SetRegistry(untimedLexers().reg)
	blocks := []string{
		"my $x = q{a {b} c}; say $x;\n",
		"my @a = <x y z>; say qq[[@a[]]];\n",
		"=begin pod\nText B<bold> and I<it>\n=end pod\nsay Q«a»;\n",
		"sub f($x) { say \"a {$x + 1} b\" }\nclass C { method m($a) { $a } }\n",
		"my token t { \\d+ }\nmy regex r { a (b) }\ngrammar G { token TOP { <t> } }\n",
		"say q{x}; say q<y>; say q/z/; # c\n",
		"my $x = q{a {b} c}; say $x;\n",
	}
	replaced := false
	before := map[*chroma.CompiledRule]bool{}
	if _, err := fast.Tokenise(nil, ""); err != nil {
		t.Fatal(err)
	}
	for _, rs := range *fast.compiled {
		for _, r := range rs {
			before[r] = true
		}
	}
	for _, code := range blocks {
		if d := sameTokens(chroma.Coalesce(fast), chroma.Coalesce(slow.RegexLexer), code); d != "" {
			t.Errorf("%q: %s", code, d)
		}
	}
	for _, rs := range *fast.compiled {
		for _, r := range rs {
			replaced = replaced || !before[r]
		}
	}
	if !replaced {
		t.Error("no rule of raku was replaced: the test tests nothing")
	}
}

// TestMatchTimeoutIsBound: a rule whose match stops at its timeout ends
// the lexing (the block is written plain) instead of counting as a rule
// that does not match, which would lex the rest differently. regexp2
// reads a coarse clock, so under load it can stop a match before
// lexClock sees matchLimit pass; the error, not the time, must decide.
func TestMatchTimeoutIsBound(t *testing.T) {
	re := regexp2.MustCompile(`\G(?:"(\\.|[^"\\]|\\)*")`, regexp2.None)
	re.MatchTimeout = time.Millisecond
	text := []rune(`"` + strings.Repeat(`\a`, 40))
	l := &prefilteredState{LexerState: chroma.LexerState{Text: text, State: "root"}}
	defer func() {
		if r := recover(); r != errLexBound {
			t.Errorf("a match that timed out: recovered %v, want errLexBound", r)
		}
	}()
	i, rule, _, _ := l.matchFiltered([]*chroma.CompiledRule{{Regexp: re}})
	t.Errorf("a match that timed out returned rule %d %v, want errLexBound", i, rule)
}
