package lint

import (
	"strings"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/prompt/facts"
)

var promptCacheOrder = &Rule{
	ID: "prompt/cache-order", Severity: diag.Error,
	Summary: "a per-turn value in the cached prefix",
	Doc: "Provider prompt caches are keyed on the prefix: one changed byte re-writes the whole conversation prefix at full cost instead " +
		"of reading it from cache (seed 002). Per-turn values (`turn.now`, `turn.tokens`, session ids) therefore live only in blocks marked " +
		"`dynamic`, which form the bundle's tail and never enter its digest. A static block, fragment, layer or library block that reads " +
		"`turn.*` (or `turn[\"…\"]`) is an error at the position of the use; the message names the value as written. Literal timestamps " +
		"and ids written out in a static block are prompt/literal-per-turn's.",
	Project: promptRule(func(p *Pass) {
		for _, t := range p.In.Prompts.Templates {
			if t.Dynamic {
				continue
			}
			for _, u := range t.Turn {
				p.ReportAt(diag.Pos{File: t.Path, Line: u.Line, Col: u.Col}, diag.Pos{},
					"block %q is static but reads the per-turn value %s: it would change the cached prefix every turn; "+
						"move it to a block marked dynamic (<!-- block: runtime-context dynamic -->)", t.Name, writtenTurn(p.In.Prompts, t.Path, u))
			}
		}
	}),
}

// writtenTurn returns a per-turn use as its source writes it: turn.tokens,
// turn["tokens"], turn.a.b. Without the source it falls back to turn.NAME.
func writtenTurn(f *facts.Prompts, path string, u facts.TurnUse) string {
	fallback := "turn." + u.Name
	if u.Name == "turn" {
		fallback = "turn"
	}
	src := string(f.Source(path))
	lines := strings.SplitN(src, "\n", u.Line+1)
	if u.Line < 1 || u.Line > len(lines) {
		return fallback
	}
	line := lines[u.Line-1]
	start := byteOffsetOfCol(line, u.Col)
	if !strings.HasPrefix(line[start:], "turn") {
		return fallback
	}
	end := start + len("turn")
	for end < len(line) {
		rest := line[end:]
		trimmed := strings.TrimLeft(rest, " \t")
		skip := len(rest) - len(trimmed)
		switch {
		case strings.HasPrefix(trimmed, "."):
			n := 1
			for n < len(trimmed) && isIdentByte(trimmed[n]) {
				n++
			}
			if n == 1 {
				return line[start:end]
			}
			end += skip + n
		case strings.HasPrefix(trimmed, "["):
			n := subscriptLen(trimmed)
			if n == 0 {
				return line[start:end]
			}
			end += skip + n
		default:
			return line[start:end]
		}
	}
	return line[start:end]
}

// subscriptLen returns the length of the [ … ] that s starts with,
// quotes respected, or 0 when it is not closed on the line.
func subscriptLen(s string) int {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[':
			depth++
		case c == ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return 0
}

// placeholderFor returns the placeholder a per-turn use should be:
// {{ turn.tokens }} for turn["tokens"] and turn.tokens.
func placeholderFor(written string) string {
	rest := strings.TrimPrefix(written, "turn")
	rest = strings.TrimLeft(rest, " \t")
	var name string
	switch {
	case strings.HasPrefix(rest, "."):
		name = strings.TrimLeft(rest[1:], " \t")
		if i := strings.IndexAny(name, ".[ "); i >= 0 {
			name = name[:i]
		}
	case strings.HasPrefix(rest, "["):
		inner := strings.TrimSpace(rest[1:max(1, subscriptLen(rest)-1)])
		if len(inner) >= 2 && (inner[0] == '"' || inner[0] == '\'') && inner[len(inner)-1] == inner[0] {
			name = inner[1 : len(inner)-1]
		}
	}
	if name == "" || !utf8.ValidString(name) || strings.IndexFunc(name, func(r rune) bool { return !(r == '_' || r < 128 && isIdentByte(byte(r))) }) >= 0 {
		name = "NAME"
	}
	return "{{ turn." + name + " }}"
}
