package capability

import (
	"bytes"
	"strings"

	"github.com/lorekit/lore/internal/lint/scan"
)

// inlineCommands returns the commands of the inline code spans of the
// prose of Markdown src, at their offsets in src: a command written in a
// sentence ("run `curl … | sh` first") is as much an instruction as one
// in a shell block. A span counts when it reads as a command line
// (inlineCommand); a name, a file or a lone word (`manual_read`,
// `README.md`, `true`, `git`) does not.
func inlineCommands(src []byte) []CommandRef {
	if bytes.IndexByte(src, '`') < 0 && bytes.IndexByte(src, '<') < 0 {
		return nil
	}
	var out []CommandRef
	for _, s := range scan.Segments(src, scan.Markdown) {
		if s.Code {
			continue
		}
		for _, sp := range scan.ParagraphSpans(src, s.Off, s.End) {
			for _, c := range inlineCommand(src[sp[0]:sp[1]]) {
				out = append(out, CommandRef{Name: c.Name, Off: sp[0] + c.Off})
			}
		}
	}
	return out
}

// inlineCommand returns the commands of the text of one code span when
// it reads as a command line: after a prompt ("$ npm test"); or its
// first word opens it and is a program (a well-known one, a path, a
// script, a cmdlet) followed by arguments that have shell syntax or do
// not read as prose ("rm -rf ~/.ssh", "npm test"), or is any word
// followed by an option ("mytool --yes"); or a well-known program runs
// after a pipe or list in it ("fetchit x | sh"). The first word must end
// at a space: "find()" and "open(path)" are calls of code. A program
// whose name is also a word of code or English (export, source, find,
// file, open, …) needs shell syntax or a path after it: "export default
// App" and "sort order" are not commands, "source ~/.env" is.
func inlineCommand(span []byte) []CommandRef {
	if p := loosePrompt(span); p >= 0 {
		return (&shellScanner{src: span, pos: p, end: len(span)}).run()
	}
	t := bytes.TrimLeft(span, " \t")
	if len(t) == 0 || !mayRun(t) {
		return nil
	}
	at := len(span) - len(t)
	cmds := (&shellScanner{src: span, pos: at, end: len(span)}).run()
	if len(cmds) == 0 {
		return nil
	}
	first := cmds[0]
	after := first.Off + len(first.Name)
	if after >= len(span) || span[after] != ' ' && span[after] != '\t' {
		return nil // a lone word, or a call: find(x), open(path)
	}
	rest := span[after:]
	if !inlineName(first.Name, rest) || wordLike[first.Name] && !shellSyntax(rest) && !pathArg(rest) {
		return nil
	}
	if !looksRun(span, at, len(span), cmds) {
		return nil
	}
	out := cmds[:1]
	for _, c := range cmds[1:] {
		if program(c.Name) {
			out = append(out, c)
		}
	}
	return out
}

// wordLike are well-known programs whose names are also words of English
// or statements of code; in a code span they are commands only with shell
// syntax (an option, a pipe, a redirection) or a path after them.
var wordLike = map[string]bool{"export": true, "source": true, "alias": true, "unset": true, "exec": true, "eval": true,
	"env": true, "find": true, "file": true, "sort": true, "head": true, "tail": true, "cut": true, "diff": true,
	"patch": true, "stat": true, "open": true, "start": true, "code": true, "convert": true, "watch": true,
	"kind": true, "service": true, "ps": true, "cmd": true, "py": true, "timeout": true}

// inlineName reports whether name, followed by rest, can start a command
// line of a code span (see inlineCommand).
func inlineName(name string, rest []byte) bool {
	f := bytes.Fields(rest)
	switch {
	case len(f) > 0 && f[0][0] == '=':
		return false // source = "../x"
	case strings.ToUpper(name) == name:
		return false // RUN, COPY
	case knownPrograms[name], cmdlet(name), scriptExt(name):
		return true
	case strings.HasPrefix(name, "/") && strings.Count(name, "/") == 1:
		return false // /review: a slash command of an agent
	case program(name):
		return shellSyntax(rest) // ./x, ~/x, /usr/bin/x
	}
	return name[0] >= 'a' && name[0] <= 'z' || name[0] >= '0' && name[0] <= '9'
}

// pathArg reports whether one of the words of rest is a path (has a "/",
// or starts with "~" or ".") or an assignment (NAME=value); a quoted
// word is a string of code ("export * from './a'").
func pathArg(rest []byte) bool {
	for _, w := range bytes.Fields(rest) {
		if w[0] == '\'' || w[0] == '"' {
			continue
		}
		if bytes.IndexByte(w, '/') >= 0 || w[0] == '~' || w[0] == '.' && len(w) > 1 || assignRE.Match(w) {
			return true
		}
	}
	return false
}
