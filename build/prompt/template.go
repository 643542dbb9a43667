package prompt

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nikolalohinski/gonja/v2/builtins"
	gconfig "github.com/nikolalohinski/gonja/v2/config"
	"github.com/nikolalohinski/gonja/v2/exec"
	"github.com/nikolalohinski/gonja/v2/loaders"
	"github.com/nikolalohinski/gonja/v2/parser"
	"github.com/nikolalohinski/gonja/v2/tokens"

	"github.com/lorekit/lore/build/diag"
)

// Template is one compiled Jinja/Pebble template: an engine prompt block,
// an addon fragment, a layer file or a library block. Its text starts on
// line Line of file Path, so every error maps back to the source.
type Template struct {
	Path string
	Line int
	Src  string
	// Dynamic templates may use per-turn values ({{ turn.NAME }}), which
	// are kept as placeholders for the runtime.
	Dynamic bool
	// Err is the compile error, positioned in Path; nil when it compiled.
	Err *diag.Diagnostic
	// Turn lists the per-turn references (turn.NAME) with their positions.
	Turn []TurnRef
	// Names are the top-level variables the template reads.
	Names map[string]bool

	tpl *exec.Template
}

// TurnRef is one use of a per-turn value.
type TurnRef struct {
	Name      string
	Line, Col int // in Path
	// Placeholder is true when the use is exactly {{ turn.NAME }}.
	Placeholder bool
	start, end  int // byte range of the {{ … }} tag in Src
}

// newEnvironment returns the template environment: Jinja's built-in
// filters, tests and control structures, nothing else.
func newEnvironment() *exec.Environment {
	return &exec.Environment{
		Context:           exec.EmptyContext().Update(builtins.GlobalFunctions).Update(builtins.GlobalVariables),
		Filters:           builtins.Filters,
		Tests:             builtins.Tests,
		ControlStructures: builtins.ControlStructures,
		Methods:           builtins.Methods,
	}
}

// templateConfig: undefined variables are errors (a typo must not render
// as nothing), block tags on their own line leave no blank line, nothing
// is escaped.
func templateConfig() *gconfig.Config {
	c := gconfig.New()
	c.StrictUndefined = true
	c.TrimBlocks = true
	c.LeftStripBlocks = true
	c.KeepTrailingNewline = true
	return c
}

// sentinel marks a per-turn placeholder while a dynamic template renders;
// NUL bytes never occur in prompt sources (they are rejected on load).
const sentinel = "\x00"

var sentinelRE = regexp.MustCompile("\x00(turn\\.[A-Za-z0-9_]+)\x00+")

// compile lexes and parses src. Per-turn placeholders of a dynamic
// template are swapped for sentinels of the same length first, so they
// survive rendering and error columns stay right.
func compile(env *exec.Environment, path string, line int, src string, dynamic bool) *Template {
	t := &Template{Path: path, Line: line, Src: src, Dynamic: dynamic, Names: map[string]bool{}}
	cfg := templateConfig()
	stream := tokens.LexAll(src, cfg)
	var toks []*tokens.Token
	for tok := stream.Current(); tok != nil && tok.Type != tokens.EOF; tok = stream.Current() {
		if tok.Type == tokens.Error {
			// Point at the tag left open ("{#", "{{", "{%"), else at the
			// error itself.
			at := tok.Pos
			if n := len(toks); n > 0 && isOpening(toks[n-1].Type) {
				at = toks[n-1].Pos
			}
			l, c := offsetPos(src, at)
			t.Err = t.diagAt(l, c, tok.Val)
			return t
		}
		toks = append(toks, tok)
		stream.Next()
	}
	t.scan(toks)
	body := src
	if dynamic {
		b := []byte(src)
		for _, r := range t.Turn {
			if r.Placeholder {
				mark := sentinel + "turn." + r.Name
				copy(b[r.start:r.end], mark+strings.Repeat(sentinel, r.end-r.start-len(mark)))
			}
		}
		body = string(b)
	}
	loader := loaders.MustNewMemoryLoader(map[string]string{"/t": body})
	tpl, err := exec.NewTemplate("/t", cfg, loader, env)
	if err != nil {
		t.Err = t.errorDiag(err, true)
		return t
	}
	t.tpl = tpl
	return t
}

func isOpening(k tokens.Type) bool {
	return k == tokens.CommentBegin || k == tokens.VariableBegin || k == tokens.BlockBegin || k == tokens.RawBegin
}

// scan records the variables the template reads and its turn.NAME uses.
func (t *Template) scan(toks []*tokens.Token) {
	inTag := false
	for i, tok := range toks {
		switch tok.Type {
		case tokens.VariableBegin, tokens.BlockBegin:
			inTag = true
			continue
		case tokens.VariableEnd, tokens.BlockEnd:
			inTag = false
			continue
		}
		if !inTag || tok.Type != tokens.Name {
			continue
		}
		if i > 0 && toks[i-1].Type == tokens.Dot {
			continue // an attribute, not a variable
		}
		t.Names[tok.Val] = true
		if tok.Val != "turn" {
			continue
		}
		l, c := offsetPos(t.Src, tok.Pos)
		r := TurnRef{Name: "turn", Line: l, Col: c}
		if i+2 < len(toks) && toks[i+1].Type == tokens.Dot && toks[i+2].Type == tokens.Name {
			r.Name = toks[i+2].Val
			if i > 0 && toks[i-1].Type == tokens.VariableBegin && i+3 < len(toks) && toks[i+3].Type == tokens.VariableEnd {
				r.Placeholder = true
				r.start = toks[i-1].Pos
				r.end = toks[i+3].Pos + len(toks[i+3].Val)
			}
		}
		r.Line, r.Col = t.fileLine(l), c
		t.Turn = append(t.Turn, r)
	}
}

// Render renders the template with ctx. Per-turn placeholders of a
// dynamic template come out as {{ turn.NAME }}.
func (t *Template) Render(ctx map[string]any) (string, *diag.Diagnostic) {
	if t.tpl == nil {
		return "", t.Err
	}
	out, err := t.tpl.ExecuteToString(exec.NewContext(ctx))
	if err != nil {
		return "", t.errorDiag(err, false)
	}
	if t.Dynamic && strings.Contains(out, sentinel) {
		out = sentinelRE.ReplaceAllString(out, "{{ $1 }}")
	}
	return out, nil
}

var (
	posRE      = regexp.MustCompile(`\(Line: (\d+) Col: (\d+), near "((?s:.*?))"\)`)
	execLineRE = regexp.MustCompile(`at line (\d+): `)
	tokenPosRE = regexp.MustCompile(`Line=(\d+) Col=(\d+)`)
	tokenRE    = regexp.MustCompile(`&\{<Token\[[^\]]*\][^>]*>[^}]*\}`)
)

// errorDiag turns a gonja error into a positioned diagnostic. A compile
// error loses gonja's outer wrapper, which quotes the whole source; a
// render error keeps its chain, which names the line.
func (t *Template) errorDiag(err error, compiling bool) *diag.Diagnostic {
	var se *parser.SyntaxError
	if errors.As(err, &se) && se.Line > 0 {
		return t.diagAt(se.Line, byteColToRune(t.Src, se.Line, se.Column), cleanMessage(se.Message))
	}
	if u := errors.Unwrap(err); compiling && u != nil {
		err = u
	}
	msg := err.Error()
	line, col := 0, 0
	if m := posRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		col, _ = strconv.Atoi(m[2])
		col = byteColToRune(t.Src, line, col)
		msg = strings.TrimSpace(strings.Replace(msg, m[0], "", 1))
	}
	if m := execLineRE.FindStringSubmatchIndex(msg); m != nil {
		line, _ = strconv.Atoi(msg[m[2]:m[3]])
		rest := msg[m[1]:]
		if tm := tokenPosRE.FindStringSubmatch(rest); tm != nil {
			col, _ = strconv.Atoi(tm[2])
			col = byteColToRune(t.Src, line, col)
		}
		msg = rest
	}
	if line == 0 {
		line = 1
	}
	if col == 0 {
		col = firstTagCol(t.Src, line)
	}
	return t.diagAt(line, col, cleanMessage(msg))
}

// cleanMessage keeps the informative end of gonja's error chains.
func cleanMessage(msg string) string {
	msg = tokenRE.ReplaceAllString(msg, "")
	msg = strings.TrimPrefix(msg, "unable to execute template: ")
	parts := strings.Split(msg, ": ")
	if len(parts) > 2 {
		// "expr: Unable to evaluate expr: attribute 'x' not found" → keep
		// the expression and the last cause.
		msg = parts[0] + ": " + parts[len(parts)-1]
	}
	msg = strings.ReplaceAll(msg, "Unable to evaluate name", "undefined variable")
	return strings.TrimSpace(msg)
}

func (t *Template) diagAt(line, col int, msg string) *diag.Diagnostic {
	return &diag.Diagnostic{Pos: diag.Pos{File: t.Path, Line: t.fileLine(line), Col: max(col, 1)}, Severity: diag.Error,
		Rule: RuleTemplate, Message: "template does not compile: " + msg}
}

func (t *Template) fileLine(l int) int { return t.Line + l - 1 }

// offsetPos returns the 1-based line and rune column of byte offset off.
func offsetPos(src string, off int) (int, int) {
	off = min(max(off, 0), len(src))
	line := 1 + strings.Count(src[:off], "\n")
	start := strings.LastIndexByte(src[:off], '\n') + 1
	return line, utf8.RuneCountInString(src[start:off]) + 1
}

// byteColToRune converts a 1-based byte column on line to a rune column.
func byteColToRune(src string, line, col int) int {
	lines := strings.SplitN(src, "\n", line+1)
	if line < 1 || line > len(lines) || col < 1 {
		return max(col, 1)
	}
	l := lines[line-1]
	if col-1 > len(l) {
		return utf8.RuneCountInString(l) + 1
	}
	return utf8.RuneCountInString(l[:col-1]) + 1
}

// firstTagCol is the column of the first {{ or {% on line, or 1.
func firstTagCol(src string, line int) int {
	lines := strings.SplitN(src, "\n", line+1)
	if line < 1 || line > len(lines) {
		return 1
	}
	l := lines[line-1]
	i := strings.Index(l, "{{")
	if j := strings.Index(l, "{%"); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i < 0 {
		return 1
	}
	return utf8.RuneCountInString(l[:i]) + 1
}

// turnDiagnostics reports the per-turn uses a template may not have: any
// in a static template (they would break the prefix cache every turn) and,
// in a dynamic one, any use that is not a bare {{ turn.NAME }}.
func (t *Template) turnDiagnostics(block string) diag.List {
	var out diag.List
	for _, r := range t.Turn {
		pos := diag.Pos{File: t.Path, Line: r.Line, Col: r.Col}
		if !t.Dynamic {
			out = append(out, diag.Diagnostic{Pos: pos, Severity: diag.Error, Rule: RuleCacheOrder,
				Message: fmt.Sprintf("block %q is static but reads the per-turn value turn.%s: it would change the cached prefix every turn; "+
					"move it to a block marked dynamic (<!-- block: runtime-context dynamic -->)", block, r.Name)})
			continue
		}
		if !r.Placeholder {
			name := r.Name
			if name == "turn" {
				name = "NAME" // turn itself, without a value's name
			}
			out = append(out, diag.Diagnostic{Pos: pos, Severity: diag.Error, Rule: RuleTemplate,
				Message: fmt.Sprintf("per-turn values are placeholders the runtime fills: write {{ turn.%s }} on its own, without filters, conditions or loops", name)})
		}
	}
	return out
}
