package capability

import (
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2/lexers"
)

// reading says how the lines of a code block are read for commands.
type reading uint8

const (
	// readNone: code in a language other than shell (JSON, Python, a
	// Dockerfile, …) names no command.
	readNone reading = iota
	// readShell: a shell block, every line code of its Dialect.
	readShell
	// readLoose: an unlabelled or plain-text block, an indented block, or
	// one whose info string names no language lore knows (a misspelt
	// "bsh"): a line is a command when it has a prompt or looks like one
	// (looseCommands).
	readLoose
)

// blockReading returns how a code block with info string lang (its first
// word) is read, and the Dialect of a shell block. The language is the
// word in lower case without attributes ("Bash{.copy}", "{.sh}",
// "language-bash", "shell,ignore" are shell); a language the site's
// highlighter knows by name, alias or file extension and that is not a
// shell or plain text is no shell.
func blockReading(lang string) (reading, Dialect) {
	l := langWord(lang)
	if d, ok := shellLangs[l]; ok {
		return readShell, d
	}
	if l == "" {
		return readLoose, Shell
	}
	switch lexer := knownLangs()[l]; lexer {
	case "", "plaintext":
		return readLoose, Shell
	case "Bash", "Fish", "Tcsh", "Nu":
		return readShell, Shell
	case "Bash Session":
		return readShell, Console
	case "PowerShell", "Batchfile":
		return readShell, PowerShell
	}
	return readNone, Shell
}

// langWord returns the language an info string's first word names: in
// lower case, without "{", "." or "language-" before it and without what
// follows its letters, digits and "+#_-" ("bash{.copy}" → "bash").
func langWord(lang string) string {
	l := strings.ToLower(strings.TrimLeft(lang, "{."))
	l = strings.TrimPrefix(l, "language-")
	for i := 0; i < len(l); i++ {
		c := l[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.IndexByte("+#_-", c) >= 0) {
			return l[:i]
		}
	}
	return l
}

// knownLangs maps the names, aliases and file extensions ("*.ext") of the
// languages chroma (the site's highlighter) knows, in lower case, to the
// lexer's name. It is built once and never changed.
var knownLangs = sync.OnceValue(knownLangsBuild)

func knownLangsBuild() map[string]string {
	out := map[string]string{}
	add := func(k, name string) {
		if k = strings.ToLower(k); k != "" {
			if _, ok := out[k]; !ok {
				out[k] = name
			}
		}
	}
	ls := lexers.GlobalLexerRegistry.Lexers
	for _, lx := range ls {
		c := lx.Config()
		add(c.Name, c.Name)
		for _, a := range c.Aliases {
			add(a, c.Name)
		}
	}
	for _, lx := range ls { // extensions after every name and alias
		c := lx.Config()
		for _, g := range c.Filenames {
			if ext, ok := strings.CutPrefix(g, "*."); ok && !strings.ContainsAny(ext, "*?[") {
				add(ext, c.Name)
			}
		}
	}
	return out
}
