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
		for _, sp := range paragraphSpans(src, s.Off, s.End) {
			for _, c := range inlineCommand(src[sp[0]:sp[1]]) {
				out = append(out, CommandRef{Name: c.Name, Off: sp[0] + c.Off})
			}
		}
	}
	return out
}

// paragraphSpans returns the inline code spans of the prose
// src[off:end] as byte ranges of their content, a span that goes on over
// lines of its paragraph included: CommonMark reads "`curl x" and "| sh`"
// on two lines as one span, and a reader runs it as one command. A
// paragraph ends at a blank line and before a line that opens a list
// item, heading or quote (a line that starts with "|" goes on a
// paragraph: a table needs its delimiter row); the line breaks inside a
// span are read as spaces. The text of an HTML code element (<code>,
// <kbd>, <samp>, <tt>) is a span as well.
func paragraphSpans(src []byte, off, end int) [][2]int {
	var out [][2]int
	var buf []byte
	for p := off; p < end; {
		q := paragraphEnd(src, p, end)
		if bytes.IndexByte(src[p:q], '`') >= 0 {
			buf = append(buf[:0], src[p:q]...)
			for i, c := range buf {
				if c == '\n' || c == '\r' {
					buf[i] = ' '
				}
			}
			for _, sp := range scan.CodeSpans(buf, 0, len(buf)) {
				out = append(out, [2]int{p + sp[0], p + sp[1]})
			}
		}
		if bytes.IndexByte(src[p:q], '<') >= 0 {
			for _, sp := range codeElements(src[p:q]) {
				out = append(out, [2]int{p + sp[0], p + sp[1]})
			}
		}
		p = q
	}
	return out
}

// codeTags are the HTML elements whose text renders as code, as the
// inline code spans of Markdown do.
var codeTags = []string{"code", "kbd", "samp", "tt"}

// codeElements returns the byte ranges of the text of the HTML code
// elements (<code>…</code>, <kbd>, <samp>, <tt>) of the paragraph para,
// in order of their tags: "<code>curl x | sh</code>" renders like a code
// span. Each tag's elements are found with one forward pass.
func codeElements(para []byte) [][2]int {
	var out [][2]int
	for _, tag := range codeTags {
		for at := 0; at < len(para); {
			i := scan.IndexFold(para[at:], "<"+tag)
			if i < 0 {
				break
			}
			open := at + i + 1 + len(tag)
			if open >= len(para) || para[open] != '>' && para[open] != ' ' {
				at = open // <codex>, <code-block>
				continue
			}
			gt := bytes.IndexByte(para[open:], '>')
			if gt < 0 {
				break
			}
			start := open + gt + 1
			stop := scan.IndexFold(para[start:], "</"+tag+">")
			if stop < 0 {
				break
			}
			out = append(out, [2]int{start, start + stop})
			at = start + stop
		}
	}
	return out
}

// paragraphEnd returns where the paragraph that starts at off ends: after
// the line before a blank line or a line that opens another block, or at
// end.
func paragraphEnd(src []byte, off, end int) int {
	first := true
	for l := off; l < end; {
		le, next := lineEnd(src[:end], l)
		t := bytes.TrimLeft(src[l:le], " \t")
		if !first && (len(bytes.TrimSpace(t)) == 0 || opensBlock(t)) {
			return l
		}
		if len(bytes.TrimSpace(t)) == 0 {
			return next
		}
		first = false
		l = next
	}
	return end
}

// opensBlock reports whether a line (white space before it trimmed) opens
// a list item, heading or quote.
func opensBlock(t []byte) bool {
	if len(t) == 0 {
		return false
	}
	switch t[0] {
	case '>':
		return true
	case '#', '-', '*', '+':
		return len(t) > 1 && (t[1] == ' ' || t[1] == '\t')
	}
	i := 0
	for i < len(t) && i < 9 && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(t) && (t[i] == '.' || t[i] == ')') && t[i+1] == ' '
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
