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

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/prompt/facts"
)

// Template is one compiled Jinja/Pebble template: an engine prompt block,
// an addon fragment, a layer file or a library block. Its text starts on
// line Line of file Path, so every error maps back to the source. The
// embedded facts (path, name, compile error, per-turn uses) are what the
// prompt rules read. Dynamic templates may use per-turn values
// ({{ turn.NAME }}), which are kept as placeholders for the runtime.
type Template struct {
	facts.Template
	Line int
	Src  string
	// Names are the top-level variables the template reads.
	Names map[string]bool

	tpl *exec.Template
	// spans[i] is the byte range in Src of the {{ … }} tag of Turn[i]
	// when it is a placeholder.
	spans [][2]int
}

// newEnvironment returns the template environment: Jinja's built-in
// filters, tests and control structures, nothing else, with the numbers
// that size a value bounded (template_bounds.go).
func newEnvironment() *exec.Environment {
	return &exec.Environment{
		Context:           boundedGlobals(),
		Filters:           boundedFilters(),
		Tests:             builtins.Tests,
		ControlStructures: boundedControlStructures(),
		Methods:           boundedMethods(),
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
func compile(env *exec.Environment, path, name string, line int, src string, dynamic bool) *Template {
	t := &Template{Template: facts.Template{Path: path, Name: name, Dynamic: dynamic}, Line: line, Src: src, Names: map[string]bool{}}
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
			t.Err = t.defectAt(l, c, tok.Val)
			return t
		}
		toks = append(toks, tok)
		stream.Next()
	}
	t.scan(toks)
	if off, msg := hazard(toks); off >= 0 {
		l, c := offsetPos(src, off)
		t.Err = t.defectAt(l, c, msg)
		return t
	}
	body := src
	if dynamic {
		b := []byte(src)
		for i, r := range t.Turn {
			if r.Placeholder {
				start, end := t.spans[i][0], t.spans[i][1]
				mark := sentinel + "turn." + r.Name
				copy(b[start:end], mark+strings.Repeat(sentinel, end-start-len(mark)))
			}
		}
		body = string(b)
	}
	var tpl *exec.Template
	err := guard.Do(func() error {
		var err error
		loader := loaders.MustNewMemoryLoader(map[string]string{"/t": body})
		tpl, err = exec.NewTemplate("/t", cfg, loader, env)
		if err == nil {
			instrument(tpl.Root())
		}
		return err
	})
	if err != nil {
		var pe *guard.PanicError
		if off, closer := unclosedTag(toks); off >= 0 && errors.As(err, &pe) {
			l, c := offsetPos(src, off)
			t.Err = t.defectAt(l, c, "tag is not closed: end it with "+closer)
			return t
		}
		t.Err = t.errorDefect(err, true)
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
		r := facts.TurnUse{Name: "turn", Line: t.fileLine(l), Col: c}
		var span [2]int
		if i+2 < len(toks) && toks[i+1].Type == tokens.Dot && toks[i+2].Type == tokens.Name {
			r.Name = toks[i+2].Val
			if i > 0 && toks[i-1].Type == tokens.VariableBegin && i+3 < len(toks) && toks[i+3].Type == tokens.VariableEnd {
				r.Placeholder = true
				span = [2]int{toks[i-1].Pos, toks[i+3].Pos + len(toks[i+3].Val)}
			}
		}
		t.Turn = append(t.Turn, r)
		t.spans = append(t.spans, span)
	}
}

// Render renders the template with ctx. Per-turn placeholders of a
// dynamic template come out as {{ turn.NAME }}, and only they: what its
// values (a manual's summary, a tool's description) would make a
// placeholder for the runtime to fill stays text (bundle.Inert), and
// they lose their NUL bytes, which would pass for the marker of one. The
// error is gonja's, positioned in the template's file.
func (t *Template) Render(ctx map[string]any) (string, *facts.Defect) {
	if t.tpl == nil {
		return "", t.Err
	}
	if t.Dynamic {
		ctx = withoutNUL(ctx).(map[string]any)
	}
	var w boundedWriter
	err := guard.Do(func() error {
		c := exec.NewContext(ctx)
		c.Set(meterKey, newMeter())
		return t.tpl.Execute(&w, c)
	})
	if err != nil {
		return "", t.errorDefect(err, false)
	}
	out := w.b.String()
	if t.Dynamic {
		out = bundle.Inert(out)
	}
	if t.Dynamic && strings.Contains(out, sentinel) {
		out = sentinelRE.ReplaceAllString(out, "{{ $1 }}")
	}
	return out, nil
}

// withoutNUL returns a render value (a string, a list or a map of them)
// with the NUL bytes of its strings removed; it copies only what changes.
func withoutNUL(v any) any {
	switch v := v.(type) {
	case string:
		if strings.Contains(v, sentinel) {
			return strings.ReplaceAll(v, sentinel, "")
		}
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = withoutNUL(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = withoutNUL(e)
		}
		return out
	}
	return v
}

var (
	posRE      = regexp.MustCompile(`\(Line: (\d+) Col: (\d+), near "((?s:.*?))"\)`)
	execLineRE = regexp.MustCompile(`at line (\d+): `)
	tokenPosRE = regexp.MustCompile(`Line=(\d+) Col=(\d+)`)
	tokenRE    = regexp.MustCompile(`&\{<Token\[[^\]]*\][^>]*>[^}]*\}`)
)

// errorDiag turns a gonja error into a positioned defect. A compile
// error loses gonja's outer wrapper, which quotes the whole source; a
// render error keeps its chain, which names the line.
func (t *Template) errorDefect(err error, compiling bool) *facts.Defect {
	var pe *guard.PanicError
	if errors.As(err, &pe) {
		return t.panicDefect(pe)
	}
	var se *parser.SyntaxError
	if errors.As(err, &se) && se.Line > 0 {
		return t.defectAt(se.Line, byteColToRune(t.Src, se.Line, se.Column), cleanMessage(se.Message))
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
	if i := strings.Index(msg, boundMark); i >= 0 {
		return t.defectAt(line, col, msg[i+len(boundMark):]) // a bound of the render (template_meter.go)
	}
	return t.defectAt(line, col, cleanMessage(msg))
}

// panicDefect reports a panic inside gonja at the template's first tag
// (gonja does not say where it was): the template is not used, and the
// rest of the build goes on.
func (t *Template) panicDefect(pe *guard.PanicError) *facts.Defect {
	line := 1
	for i, l := range strings.Split(t.Src, "\n") {
		if strings.Contains(l, "{{") || strings.Contains(l, "{%") {
			line = i + 1
			break
		}
	}
	return t.defectAt(line, firstTagCol(t.Src, line), fmt.Sprintf("the template engine (gonja) failed on this template: %s; "+
		"simplify the template's expressions until it passes, and report the input to gonja", pe))
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

// defectAt positions msg at line:col of the template, kept inside its
// text: gonja counts lines its own way (a lone \r starts one).
func (t *Template) defectAt(line, col int, msg string) *facts.Defect {
	lines := strings.Split(t.Src, "\n")
	if line < 1 {
		line = 1
	}
	if line > len(lines) {
		line, col = len(lines), utf8.RuneCountInString(lines[len(lines)-1])+1
	}
	col = min(max(col, 1), utf8.RuneCountInString(lines[line-1])+1)
	return &facts.Defect{Pos: diag.Pos{File: t.Path, Line: t.fileLine(line), Col: col}, Message: msg}
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
