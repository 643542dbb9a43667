package capability

import (
	"fmt"
	"path"
	"strings"
	"unicode"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/directive"
	"github.com/lorekit/lore/internal/lint/scan"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/par"
)

// forEach calls f for 0…n-1 on every core.
func forEach(n int, f func(i int)) { par.Each(n, f) }

// toolKeys are the header keys that name tools: the lore header's
// requires-tools and the front matter's allowed-tools, requires-tools and
// tools (Copilot agents).
var toolKeys = []string{manual.KeyRequiresTools, "allowed-tools", "tools"}

// manualFacts adds the tools, hosts and commands of one Markdown file
// (of its shell and loose code blocks, <pre> blocks and the inline code
// spans that read as command lines).
// The hosts, suppressions and commands are found at byte offsets, turned
// into positions together at the end (manual.Positions): one count from
// the line's start each took minutes on a long line of links.
func manualFacts(c *collector, m *manual.Manual) {
	var found []Fact
	var offs []int
	at := func(f Fact, off int) {
		found = append(found, f)
		offs = append(offs, off)
	}

	toolPos := m.LinePos(1, 1)
	for _, k := range toolKeys {
		if f, ok := m.Header.Field(k); ok {
			toolPos = m.LinePos(f.Line, 1)
			break
		}
	}
	for _, t := range m.RequiresTools {
		c.add(Fact{Kind: Tool, Value: strings.TrimSpace(t), Pos: toolPos})
	}
	if m.Dialect == manual.Skill {
		if f, ok := m.Header.Field("tools"); ok {
			for _, t := range metaTools(m.Header.Meta["tools"]) {
				c.add(Fact{Kind: Tool, Value: t, Pos: m.LinePos(f.Line, 1)})
			}
		}
	}
	for _, h := range append(append(Hosts(m.Src), linkHosts(m.Src)...), mailHosts(m.Src)...) {
		at(Fact{Kind: Host, Value: h.Host}, h.Off)
	}
	for _, d := range directive.Parse(m.Src) {
		for _, r := range securityRules(d) {
			at(Fact{Kind: Suppress, Value: r}, d.Off)
		}
	}
	for _, f := range m.Fences {
		how, d := blockReading(f.Lang)
		if how == readNone {
			continue
		}
		start, end := fenceBody(m, f)
		if how == readShell && d == Shell && hasPrompts(m.Src[start:end]) {
			d = Console // a session pasted into a sh block: the rest is output
		}
		read := func(text []byte) []CommandRef {
			if how == readLoose {
				return looseCommands(text)
			}
			return Commands(text, d)
		}
		if quoted(m.Line(f.Line)) {
			// A block inside a quote: each line without its "> ".
			for off := start; off < end; {
				le, next := lineEnd(m.Src[:end], off)
				q := off + quotePrefix(m.Src[off:le])
				for _, cmd := range read(m.Src[q:le]) {
					at(Fact{Kind: Command, Value: cmd.Name}, q+cmd.Off)
				}
				off = next
			}
			continue
		}
		for _, cmd := range read(m.Src[start:end]) {
			at(Fact{Kind: Command, Value: cmd.Name}, start+cmd.Off)
		}
	}
	for _, b := range preBlocks(m.Src) { // HTML <pre> blocks: loose text too
		for _, cmd := range looseCommands(m.Src[b[0]:b[1]]) {
			at(Fact{Kind: Command, Value: cmd.Name}, b[0]+cmd.Off)
		}
	}
	for _, cmd := range inlineCommands(m.Src) { // `curl … | sh` in a sentence
		at(Fact{Kind: Command, Value: cmd.Name}, cmd.Off)
	}
	for i, pos := range m.Positions(offs) {
		found[i].Pos = pos
		c.add(found[i])
	}
}

// securityRules returns what of the security rules directive d turns off:
// "*" when it names no rule, else the names of security rules and of the
// security group it gives (an unknown name silences nothing, but a review
// should see it all the same).
func securityRules(d directive.Directive) []string {
	if !d.Silences() {
		return nil
	}
	if len(d.Rules) == 0 {
		return []string{"*"}
	}
	var out []string
	for _, r := range d.Rules {
		if r == "*" || strings.HasPrefix(r, "security/") {
			out = append(out, r)
		}
	}
	return out
}

// hasPrompts reports whether a line of text starts with a "$ " prompt.
func hasPrompts(text []byte) bool {
	for off := 0; off < len(text); {
		end, next := lineEnd(text, off)
		if t := strings.TrimLeft(string(text[off:end]), " \t"); strings.HasPrefix(t, "$ ") {
			return true
		}
		off = next
	}
	return false
}

// quoted reports whether a line starts with a blockquote marker.
func quoted(line string) bool { return strings.HasPrefix(strings.TrimLeft(line, " "), ">") }

// quotePrefix returns the length of the blockquote markers ("> > ")
// that start line.
func quotePrefix(line []byte) int {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '>') {
		i++
	}
	return i
}

// fenceBody returns the byte range of a fenced block's lines between its
// fences (to the end of the file when it is not closed), or of an
// indented block's lines.
func fenceBody(m *manual.Manual, f manual.Fence) (start, end int) {
	if f.Indented {
		return f.Offset, f.EndOffset
	}
	start = m.LineOffset(f.Line + 1)
	last := f.EndLine
	if !closingFence(m.Line(last)) || last == f.Line {
		last++
	}
	end = max(start, m.LineOffset(last))
	return start, min(end, len(m.Src))
}

// closingFence reports whether line (list or quote markers aside) is a run
// of three or more backticks or tildes.
func closingFence(line string) bool {
	t := strings.TrimRightFunc(strings.TrimLeft(line, " \t>"), unicode.IsSpace)
	c, n := scan.FenceRun([]byte(t))
	return c != 0 && n == len(t)
}

// shellLangs are the info strings of code blocks whose lines are
// commands, with how they are read.
var shellLangs = map[string]Dialect{"sh": Shell, "bash": Shell, "shell": Shell, "zsh": Shell, "ksh": Shell, "fish": Shell,
	"console": Console, "shell-session": Console, "shellsession": Console, "sh-session": Console, "terminal": Console,
	"powershell": PowerShell, "pwsh": PowerShell, "ps1": PowerShell, "posh": PowerShell, "ps": PowerShell,
	"bat": PowerShell, "batch": PowerShell, "cmd": PowerShell, "dos": PowerShell}

// metaTools reads the tools key of front matter: a list, or a string of
// names separated by commas (or spaces).
func metaTools(v any) []string {
	var out []string
	switch v := v.(type) {
	case string:
		sep := " "
		if strings.Contains(v, ",") {
			sep = ","
		}
		for _, t := range strings.Split(v, sep) {
			if t = strings.TrimSpace(t); t != "" {
				out = append(out, t)
			}
		}
	case []any:
		for _, e := range v {
			if t := strings.TrimSpace(fmt.Sprint(e)); t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

func baseName(p string) string { return path.Base(p) }

// filePos is the first line of a file that is not a manual.
func filePos(p string) diag.Pos { return diag.Pos{File: p, Line: 1, Col: 1} }
