package bundle

import (
	"slices"
	"strings"
)

// Expand substitutes the ${name} placeholders of a task template (seed 003
// PB2) with args. A placeholder without an argument becomes empty and its
// name is returned in missing, once, in order of first use; arguments
// without a placeholder are ignored. A name is letters, digits, '_' and
// '-'; anything else after "${" is left as written.
func Expand(body string, args map[string]string) (out string, missing []string) {
	return substitute(body, "${", "}", func(name string) (string, bool) {
		v, ok := args[name]
		if !ok && !slices.Contains(missing, name) {
			missing = append(missing, name)
		}
		return v, true
	}), missing
}

// Placeholders returns the distinct ${name} placeholders of body in order.
func Placeholders(body string) []string {
	var out []string
	substitute(body, "${", "}", func(name string) (string, bool) {
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
		return "", true
	})
	return out
}

// FillTail fills the {{ turn.NAME }} placeholders of a bundle's tail with
// the per-turn values; names without a value become empty and are
// returned in missing.
func FillTail(tail string, turn map[string]string) (out string, missing []string) {
	out = substitute(tail, "{{", "}}", func(expr string) (string, bool) {
		name, ok := strings.CutPrefix(strings.TrimSpace(expr), "turn.")
		if !ok || !isName(name) {
			return "", false
		}
		v, ok := turn[name]
		if !ok && !slices.Contains(missing, name) {
			missing = append(missing, name)
		}
		return v, true
	})
	return out, missing
}

// Inert returns s with every {{ turn.NAME }} placeholder that FillTail
// would fill written as { { turn.NAME }}, which it leaves alone: for text
// that must reach the model as written, such as a value a dynamic block
// shows (a manual's summary in {{ sources }}).
func Inert(s string) string {
	return substitute(s, "{{", "}}", func(expr string) (string, bool) {
		name, ok := strings.CutPrefix(strings.TrimSpace(expr), "turn.")
		if !ok || !isName(name) {
			return "", false
		}
		return "{ {" + expr + "}}", true
	})
}

// TailVariables returns the distinct turn.NAME placeholders of a tail.
func TailVariables(tail string) []string {
	var out []string
	substitute(tail, "{{", "}}", func(expr string) (string, bool) {
		name, ok := strings.CutPrefix(strings.TrimSpace(expr), "turn.")
		if ok && isName(name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
		return "", ok
	})
	return out
}

// substitute replaces open…close spans for which f returns true.
func substitute(s, open, close string, f func(inner string) (string, bool)) string {
	var b strings.Builder
	for {
		i := strings.Index(s, open)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.Index(s[i+len(open):], close)
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		inner := s[i+len(open) : i+len(open)+j]
		if open == "${" && !isName(inner) {
			b.WriteString(s[:i+len(open)])
			s = s[i+len(open):]
			continue
		}
		v, ok := f(inner)
		if !ok {
			b.WriteString(s[:i+len(open)])
			s = s[i+len(open):]
			continue
		}
		b.WriteString(s[:i])
		b.WriteString(v)
		s = s[i+len(open)+j+len(close):]
	}
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
