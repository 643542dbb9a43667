package site

import (
	"reflect"
	"strings"
	"unsafe"

	"github.com/alecthomas/chroma/v2"
)

// chroma's lexers that are not regular-expression lexers wrap some that
// are: a markdown lexer that lexes a YAML front matter with the YAML lexer,
// lexers that delegate the text one language leaves to another (ERB, Go
// HTML templates, PHTML, Svelte, YAML+Jinja), lexers that remap another's
// tokens (Common Lisp, Emacs Lisp) and HTTP, which lexes the headers. Each
// is rebuilt here around untimed copies of what it wraps (untimedOf), so
// that no lexer the site uses matches against a clock. chroma keeps the
// wrapped lexers in unexported fields; they are read with reflection, and
// a wrapper of a shape this code does not know gives no lexer (the block
// stays plain) rather than a timed one: TestEveryLexerUntimed fails on
// such a shape after a chroma upgrade.

// untimedOf returns l with every regular-expression lexer in it replaced
// by its untimed copy, or nil for a lexer of an unknown shape.
func untimedOf(l chroma.Lexer) chroma.Lexer {
	if rl, ok := l.(*chroma.RegexLexer); ok {
		set := untimedLexers()
		if u, ok := set.reg.Get(rl.Config().Name).(*chroma.RegexLexer); ok && u.Config() == rl.Config() && set.fast[u] != nil {
			return set.fast[u]
		}
		p := untimed(rl)
		p.SetRegistry(set.reg)
		return p
	}
	v := reflect.ValueOf(l)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	s := v.Elem()
	switch {
	case hasFields(s, "root", "language"):
		root, lang := untimedOf(lexerField(s, "root")), untimedOf(lexerField(s, "language"))
		if root == nil || lang == nil {
			return nil
		}
		return chroma.DelegatingLexer(root, lang)
	case hasFields(s, "lexer", "mapper"):
		inner := untimedOf(lexerField(s, "lexer"))
		mapper, ok := readField(s, "mapper").Interface().(func(chroma.Token) []chroma.Token)
		if inner == nil || !ok {
			return nil
		}
		return chroma.RemappingLexer(inner, mapper)
	case hasFields(s, "Lexer"):
		inner := untimedOf(lexerField(s, "Lexer"))
		if inner == nil {
			return nil
		}
		if l.Config().Name == "markdown" {
			return &untimedMarkdown{Lexer: inner}
		}
		// HTTP: a copy of the wrapper around the untimed header lexer
		// (the body's lexer, chosen by its content type, is chroma's).
		c := reflect.New(s.Type())
		c.Elem().Set(s)
		c.Elem().FieldByName("Lexer").Set(reflect.ValueOf(inner))
		out, _ := c.Interface().(chroma.Lexer)
		return out
	}
	return nil
}

// hasFields reports whether the struct s has exactly the fields named.
func hasFields(s reflect.Value, names ...string) bool {
	if s.NumField() != len(names) {
		return false
	}
	for i, n := range names {
		if s.Type().Field(i).Name != n {
			return false
		}
	}
	return true
}

// readField returns the field called name of the addressable struct s,
// readable even when it is unexported.
func readField(s reflect.Value, name string) reflect.Value {
	f := s.FieldByName(name)
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

func lexerField(s reflect.Value, name string) chroma.Lexer {
	l, _ := readField(s, name).Interface().(chroma.Lexer)
	return l
}

// untimedMarkdown is chroma's markdown lexer: a YAML front matter at the
// top of the block is lexed as YAML, the rest as Markdown.
type untimedMarkdown struct {
	chroma.Lexer
}

func (m *untimedMarkdown) Tokenise(options *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	front, rest, ok := splitFrontMatter(text)
	yaml := untimedLexers().reg.Get("YAML")
	if !ok || yaml == nil {
		return m.Lexer.Tokenise(options, text)
	}
	head, err := yaml.Tokenise(options, front)
	if err != nil {
		return nil, err
	}
	body, err := m.Lexer.Tokenise(options, rest)
	if err != nil {
		return nil, err
	}
	return chroma.Concaterator(head, body), nil
}

// splitFrontMatter splits text after its front matter: a first line
// "---" and the lines up to and including the next "---" line (a CR
// before the LF allowed).
func splitFrontMatter(text string) (front, rest string, ok bool) {
	first, after, found := strings.Cut(text, "\n")
	if !found || strings.TrimSuffix(first, "\r") != "---" {
		return "", text, false
	}
	pos := len(first) + 1
	for {
		line, next, found := strings.Cut(after, "\n")
		if !found {
			return "", text, false
		}
		pos += len(line) + 1
		if strings.TrimSuffix(line, "\r") == "---" {
			return text[:pos], text[pos:], true
		}
		after = next
	}
}
