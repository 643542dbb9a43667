package capability

import (
	"regexp"
	"strings"
)

// CommandRef is a command found in shell text: its name and the byte
// offset of its first character.
type CommandRef struct {
	Name string
	Off  int
}

// Dialect says how shell text is read.
type Dialect uint8

// The dialects of Commands.
const (
	// Shell is sh, bash, zsh and the like: every line is code.
	Shell Dialect = iota
	// Console is a terminal session: lines after a prompt ("$ ", "% ",
	// "PS> ") are commands, the others output.
	Console
	// PowerShell is PowerShell (and batch) code: parentheses and braces
	// group expressions and hash tables, and "Name = value" assigns.
	PowerShell
)

// Commands returns the commands of shell text (a code block's lines or a
// script), in order: the first word of every simple command, after
// variable assignments, redirections and keywords (if, then, do, !, time,
// …), split at pipes, lists (;, &&, ||, &), subshells and command
// substitutions ($( ), ` `, <( )). A wrapper (sudo, env, nohup, xargs,
// timeout, …) counts as a command, and so does the command it runs.
// Comments and the bodies of here-documents are skipped; words that are
// expanded at run time ($CMD) are not names. The work is linear in text.
func Commands(text []byte, d Dialect) []CommandRef {
	if d == Console {
		var out []CommandRef
		for off := 0; off < len(text); {
			end, next := lineEnd(text, off)
			if p := promptEnd(text[off:end]); p >= 0 {
				out = append(out, (&shellScanner{src: text, pos: off + p, end: end}).run()...)
			}
			off = next
		}
		return out
	}
	// A "$ " prompt pasted before a command in a sh block is dropped (see
	// pickCommands).
	return (&shellScanner{src: text, end: len(text), ps: d == PowerShell}).run()
}

func lineEnd(src []byte, off int) (end, next int) {
	for i := off; i < len(src); i++ {
		if src[i] == '\n' {
			return i, i + 1
		}
	}
	return len(src), len(src)
}

// promptRE matches the prompt of a console line: "$ ", "% ", "❯ ", "# "
// is not one (it is a comment as often as a root prompt), "PS> " and
// "PS C:\dir> ".
var promptRE = regexp.MustCompile(`^\s*(?:\$|%|❯|PS(?: [A-Za-z]:[^>\n]*)?>)\s`)

// promptEnd returns where the command of a console line starts, or -1.
func promptEnd(line []byte) int {
	if m := promptRE.FindIndex(line); m != nil {
		return m[1]
	}
	return -1
}

// shellScanner splits shell text into simple commands.
type shellScanner struct {
	src      []byte
	pos, end int
	words    []word // of the current simple command
	cur      []byte // the word being read
	curOff   int
	curPlain bool // the word has no quotes or expansions
	depth    int  // open parentheses
	heredocs []string
	out      []CommandRef
	ps       bool // PowerShell: ( ) groups an expression, { } holds statements
}

type word struct {
	text  string
	off   int
	plain bool
}

func (s *shellScanner) run() []CommandRef {
	for s.pos < s.end {
		s.step(s.src[s.pos])
	}
	s.endCommand()
	return s.out
}

// step reads the byte c at s.pos (and what belongs to it).
func (s *shellScanner) step(c byte) {
	switch {
	case c == '\\' && s.pos+1 < s.end:
		s.escape()
	case c == '\'' || c == '"':
		s.quoted(c)
	case c == '#' && len(s.cur) == 0:
		for s.pos < s.end && s.src[s.pos] != '\n' {
			s.pos++
		}
	case c == '<' && s.pos+1 < s.end && s.src[s.pos+1] == '<':
		s.flushWord()
		s.heredoc()
	case c == ' ' || c == '\t' || c == '\r':
		s.flushWord()
		s.pos++
	case strings.IndexByte("`$\n;|&{}()", c) >= 0 && s.boundary(c):
	default:
		s.addByte(c, true)
		s.pos++
	}
}

// escape reads a backslash and what it escapes: a line continuation, or
// a character of the word (\rm is rm without aliases).
func (s *shellScanner) escape() {
	switch next := s.src[s.pos+1]; {
	case next == '\n':
		s.flushWord()
		s.pos += 2
	case next == '\r' && s.pos+2 < s.end && s.src[s.pos+2] == '\n':
		s.flushWord()
		s.pos += 3
	default:
		s.addByte(next, isAlnum(next))
		s.pos += 2
	}
}

// boundary handles a byte that may end or open a command; false when c is
// part of a word after all.
func (s *shellScanner) boundary(c byte) bool {
	last := byte(0)
	if len(s.cur) > 0 {
		last = s.cur[len(s.cur)-1]
	}
	switch {
	case c == '`', c == '\n', c == ';', c == '|':
	case c == '&':
		if last == '>' || last == '<' {
			return false // 2>&1, <&3
		}
	case c == '$':
		if s.pos+1 >= s.end || s.src[s.pos+1] != '(' {
			return false
		}
		s.endCommand()
		s.depth++
		s.pos += 2
		return true
	case s.ps && (c == '(' || c == ')'):
		s.flushWord() // an expression group
		s.words = append(s.words, word{text: string(c), off: s.pos})
		s.pos++
		return true
	case c == '{' || c == '}':
		if !s.ps {
			return false
		}
		// A PowerShell script block: statements inside.
	case c == '(':
		if last == '<' || last == '>' {
			s.cur = s.cur[:len(s.cur)-1] // <( ) and >( ): a command inside
		}
		s.depth++
	case c == ')':
		if s.depth == 0 {
			s.words, s.cur = nil, s.cur[:0] // a case pattern: "start)"
		}
		s.depth = max(0, s.depth-1)
	}
	s.endCommand()
	s.pos++
	if c == '\n' {
		s.skipHeredocs()
	}
	return true
}

func (s *shellScanner) addByte(c byte, plain bool) {
	if len(s.cur) == 0 {
		s.curOff, s.curPlain = s.pos, true
	}
	s.cur = append(s.cur, c)
	if !plain || c == '$' {
		s.curPlain = false
	}
}

// quoted reads a quoted string into the current word; a command
// substitution inside double quotes is a command of its own.
func (s *shellScanner) quoted(q byte) {
	if len(s.cur) == 0 {
		s.curOff, s.curPlain = s.pos, true
	}
	s.curPlain = false
	s.cur = append(s.cur, q)
	s.pos++
	for s.pos < s.end && s.src[s.pos] != q {
		c := s.src[s.pos]
		if q == '"' && c == '\\' && s.pos+1 < s.end {
			s.pos += 2
			continue
		}
		if q == '"' && c == '$' && s.pos+1 < s.end && s.src[s.pos+1] == '(' {
			inner := &shellScanner{src: s.src, pos: s.pos + 2, end: s.closing(s.pos + 2)}
			s.out = append(s.out, inner.run()...)
			s.pos = inner.end
			continue
		}
		s.pos++
	}
	s.pos = min(s.pos+1, s.end)
}

// closing returns where the command substitution opened before from ends
// inside a double-quoted string: its ")" or the string's end.
func (s *shellScanner) closing(from int) int {
	depth := 1
	for i := from; i < s.end; i++ {
		switch s.src[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		case '"', '\n':
			return i
		}
	}
	return s.end
}

func (s *shellScanner) flushWord() {
	if len(s.cur) == 0 {
		return
	}
	s.words = append(s.words, word{text: string(s.cur), off: s.curOff, plain: s.curPlain})
	s.cur = s.cur[:0]
}

// heredoc reads "<<[-]DELIM" (not "<<<", a here-string) and queues the
// delimiter: the lines after the current one up to it are data.
func (s *shellScanner) heredoc() {
	i := s.pos + 2
	if i < s.end && s.src[i] == '<' {
		s.pos = i + 1
		return
	}
	if i < s.end && (s.src[i] == '-' || s.src[i] == '~') {
		i++
	}
	for i < s.end && (s.src[i] == ' ' || s.src[i] == '\t') {
		i++
	}
	j := i
	for j < s.end && !strings.ContainsRune(" \t\n;|&<>()", rune(s.src[j])) {
		j++
	}
	if d := strings.Trim(string(s.src[i:j]), `'"\`); d != "" {
		s.heredocs = append(s.heredocs, d)
	}
	s.pos = j
}

// skipHeredocs skips the bodies of the here-documents the line before
// opened, each up to the line that is its delimiter.
func (s *shellScanner) skipHeredocs() {
	for _, d := range s.heredocs {
		for s.pos < s.end {
			end, next := lineEnd(s.src[:s.end], s.pos)
			line := strings.TrimSpace(strings.TrimSuffix(string(s.src[s.pos:end]), "\r"))
			s.pos = next
			if line == d {
				break
			}
		}
	}
	s.heredocs = s.heredocs[:0]
}

// endCommand picks the command of the simple command read so far.
func (s *shellScanner) endCommand() {
	s.flushWord()
	words := s.words
	s.words = s.words[:0]
	s.out = append(s.out, pickCommands(words, s.ps)...)
}

// keywords come before a command without being one; stoppers start a
// compound whose next words are not commands.
var (
	keywords = map[string]bool{"if": true, "then": true, "else": true, "elif": true, "fi": true, "do": true, "done": true,
		"while": true, "until": true, "!": true, "{": true, "}": true, "function": true, "coproc": true, "time": true}
	stoppers = map[string]bool{"for": true, "case": true, "select": true, "esac": true, "in": true}
	// wrappers run the command that follows them; argOptions are their
	// options that take a value.
	wrappers = map[string]bool{"sudo": true, "doas": true, "env": true, "nohup": true, "exec": true, "command": true,
		"builtin": true, "nice": true, "ionice": true, "timeout": true, "xargs": true, "stdbuf": true, "setsid": true,
		"watch": true, "strace": true, "unbuffer": true, "caffeinate": true, "chronic": true}
	argOptions = map[string]bool{"-u": true, "-g": true, "-C": true, "-D": true, "-h": true, "-p": true, "-U": true,
		"-r": true, "-t": true, "-n": true, "-s": true, "-k": true, "-I": true, "-P": true, "-L": true, "-d": true,
		"-c": true, "-o": true, "-e": true, "-i": true, "-E": true}
)

var (
	assignRE  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=`)
	redirRE   = regexp.MustCompile(`^(?:[0-9]*|&)(?:>>?|<<?|>&|<&|&>>?|>\|)`)
	commandRE = regexp.MustCompile(`^[A-Za-z0-9_./+@~-][A-Za-z0-9_./+@:~-]*$`)
	numberRE  = regexp.MustCompile(`^[0-9.]+[smhd]?$`)
)

// psKeywords start PowerShell statements that are not commands, or
// blocks whose next word is.
var psKeywords = map[string]bool{"param": true, "begin": true, "process": true, "end": true, "try": true, "catch": true,
	"finally": true, "throw": true, "return": true, "foreach": true, "if": true, "else": true, "elseif": true, "switch": true,
	"function": true, "filter": true, "trap": true, "break": true, "continue": true, "do": true, "while": true, "until": true,
	"using": true, "class": true, "enum": true, "for": true, "rem": true, "exit": true}

// pickCommands returns the command of a simple command's words, and the
// command a wrapper among them runs. In PowerShell (ps) a statement that
// opens with a group, a keyword or "Name =" names no command.
func pickCommands(words []word, ps bool) []CommandRef {
	if ps && !psStatement(words) {
		return nil
	}
	var out []CommandRef
	wrapped := false // the words after a wrapper: options until the command
	skipValue := false
	for i := 0; i < len(words); i++ {
		w := words[i]
		if skipValue {
			skipValue = false
			continue
		}
		if i == 0 && (w.text == "$" || w.text == "%") && len(words) > 1 {
			continue // a prompt pasted into a sh block
		}
		switch role(words, i, wrapped) {
		case roleSkip:
			continue
		case roleSkipTwo:
			skipValue = true
			continue
		case roleStop:
			return out
		}
		name := strings.TrimPrefix(w.text, "@") // @echo off
		if !w.plain || !commandName(name) {
			return out // an expansion, a label, a method or no command name
		}
		out = append(out, CommandRef{Name: name, Off: w.off})
		if !wrappers[strings.ToLower(name)] {
			return out
		}
		wrapped = true
	}
	return out
}

// psStatement reports whether a PowerShell statement can start with a
// command: not a group, hash table, keyword or assignment.
func psStatement(words []word) bool {
	return len(words) > 0 && !strings.ContainsAny(words[0].text[:1], "(){}[@") && !psKeywords[strings.ToLower(words[0].text)] &&
		!(len(words) > 1 && strings.HasPrefix(words[1].text, "="))
}

// What a word before the command is.
const (
	roleCommand = iota // the command (or not a name: the statement has none)
	roleSkip           // an assignment, redirection, keyword or option
	roleSkipTwo        // one that takes the next word as its value
	roleStop           // a compound (for, case) whose next words are no command
)

// role says what word i is, before the command; wrapped is set after a
// wrapper, whose options and numbers come before the command it runs.
func role(words []word, i int, wrapped bool) int {
	t := words[i].text
	switch {
	case redirRE.MatchString(t):
		if redirRE.FindString(t) == t {
			return roleSkipTwo // the target is the next word
		}
		return roleSkip
	case assignRE.MatchString(t):
		return roleSkip
	case strings.HasPrefix(t, "$") && i+1 < len(words) && words[i+1].text == "=":
		return roleSkipTwo // PowerShell: $x = Get-Thing
	case !wrapped && keywords[t]:
		return roleSkip
	case !wrapped && stoppers[t]:
		return roleStop
	case wrapped && strings.HasPrefix(t, "-"):
		if argOptions[t] {
			return roleSkipTwo
		}
		return roleSkip
	case wrapped && numberRE.MatchString(t):
		return roleSkip // timeout 10, nice 5
	}
	return roleCommand
}

// commandName reports whether name can be a command: a word with a letter,
// not an option, a label (FAIL:), a method (.Replace), or i++.
func commandName(name string) bool {
	return commandRE.MatchString(name) && strings.ContainsFunc(name, isLetterRune) && !strings.HasPrefix(name, "-") &&
		!strings.HasSuffix(name, ":") && !strings.HasSuffix(name, "++") && !strings.HasSuffix(name, "--") &&
		!(strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "./") && !strings.HasPrefix(name, "../"))
}

func isLetterRune(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }
