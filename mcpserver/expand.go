package mcpserver

import (
	"slices"
	"strings"
)

// The substitution rules of task templates and bundle tails. They are the
// rules of build/bundle (Expand, Placeholders, FillTail, TailVariables);
// when that package lands on main, these four functions give way to it.

// expand substitutes the ${name} placeholders of a task template. A
// placeholder without an argument becomes empty and is returned in
// missing, once, in order of first use; extra arguments are ignored.
func expand(body string, args map[string]string) (out string, missing []string) {
	out = substitute(body, "${", "}", func(name string) (string, bool) {
		v, ok := args[name]
		if !ok && !slices.Contains(missing, name) {
			missing = append(missing, name)
		}
		return v, true
	})
	return out, missing
}

// placeholders returns the distinct ${name} placeholders of body in order.
func placeholders(body string) []string {
	var out []string
	substitute(body, "${", "}", func(name string) (string, bool) {
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
		return "", true
	})
	return out
}

// fillTail fills the {{ turn.NAME }} placeholders of a bundle's tail; a
// name without a value becomes empty and is returned in missing.
func fillTail(tail string, turn map[string]string) (out string, missing []string) {
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

// tailVariables returns the distinct turn.NAME placeholders of a tail.
func tailVariables(tail string) []string {
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

// substitute replaces the open…close spans for which f returns true; a
// "${" not followed by a name and "}" is left as written.
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
		v, ok := "", false
		if open != "${" || isName(inner) {
			v, ok = f(inner)
		}
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
