package scan

import (
	"bytes"
)

// Which of execPatterns a prose match is read by.
const (
	patPipe  = 0  // curl … | sh
	patIex   = 1  // iwr … | iex
	patOpen  = 9  // chmod -R 777 /
	patSudo  = 10 // sudo …
	patTLS   = 11 // TLS verification off
	patCheck = 12 // git's hooks or signature checks off
	maxProse = 8  // matches of one pattern tried in one paragraph
)

// proseKeys are, for each of execPatterns, the words (lower case) its
// match in prose cannot do without: more than the keys of code, so that
// prose that merely talks about downloads, removal or certificates is
// not tried (the patterns need a pipe to iex, "rm -", an option).
var proseKeys = [maxPatterns][]string{
	patPipe: {"curl", "wget", "iwr", "irm", "invoke-"},
	patIex:  {"iex", "invoke-"},
	2:       {"curl", "wget"},
	3:       {"rm -", "remove-item", "del /"},
	patOpen: {"chmod", "chown", "icacls"},
	patSudo: {"sudo"},
	patTLS: {"-k", "insecure", "no-check-certificate", "false", "unauthorized", "pythonhttpsverify", "no_verify", "ssl_verify",
		"disable-tls", "skipcertificatecheck", "unverified", "trusted-host"},
	patCheck: {"verify", "gpg"},
}

// proseAny is the keys of every check in prose.
var proseAny = func() (m keyBits) {
	for _, k := range proseMasks {
		m = m.union(k)
	}
	return m
}()

var (
	// urlRE finds an address in a match: a download piped into a shell
	// reads as a command in prose only with what it downloads ("curl |
	// sh" alone names the practice).
	urlRE = lazyRegexp(`://|\b[\w-]+(?:\.[\w-]+)+/`)
	// proseSudoRE: sudo in prose is a command when a path, an option or a
	// program run as root follows it ("sudo apt-get install x", "sudo
	// ./setup"); "sudo access", "sudo rights", "sudo to install" are words.
	proseSudoRE = lazyRegexp(`^[;&|(\s]*sudo\s+(?:[./~$-]|(?:apt|apt-get|yum|dnf|pacman|zypper|apk|brew|snap|flatpak|npm|npx|pnpm|yarn|pip|pip3|gem|cargo|systemctl|service|rm|chmod|chown|chgrp|mv|cp|mkdir|tee|make|docker|podman|sh|bash|zsh|ln|pkill|killall|reboot|shutdown|mount|umount|ufw|iptables|usermod|useradd|passwd|visudo|dpkg|rpm|modprobe|sysctl|vim|vi|nano|git|curl|wget|python|python3|node|chroot|dd|mkfs|fdisk|launchctl|kubectl|nginx|certbot|add-apt-repository|ldconfig|sed|setcap|tar|unzip|crontab|journalctl|nixos-rebuild)\b(?:[^\w-]|$))`)
	// tableRowRE is the delimiter row of a table: its cells are not one
	// command line.
	tableRowRE = lazyRegexp(`(?m)^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*\|`)
)

// execProse checks the paragraphs of the prose src[off:end] for the
// commands prose cannot mean otherwise, a paragraph read as a model reads
// it (its line breaks as spaces): a download with its address piped into
// a shell or iex, the other download-and-run forms, rm -rf of the root or
// home folder, sudo before a path, an option or a program, TLS checks
// turned off. A match must stay inside one sentence; one that overlaps
// code, which was read as code (code spans, HTML code elements, indented
// code), or a hit is not prose.
// Reading the environment and sending it out is security/injection's in
// prose.
func execProse(src []byte, off, end int, code [][2]int, c *collector) {
	for p := off; p < end; {
		q := paragraphEnd(src, p, end)
		var on [maxPatterns]bool
		has, any := execKeys.present(src[p:q]), false
		for k, m := range proseMasks {
			on[k] = has.meets(m)
			any = any || on[k]
		}
		if any && !tableRowRE.Match(src[p:q]) {
			proseParagraph(src, p, q, code, on, c)
		}
		p = q
	}
}

// proseParagraph checks the paragraph src[p:q] for the patterns on (see
// execProse).
func proseParagraph(src []byte, p, q int, code [][2]int, on [maxPatterns]bool, c *collector) {
	para := proseText(src[p:q])
	for k, pat := range execPatterns {
		if !on[k] {
			continue
		}
		for _, m := range pat.re.FindAllIndex(para, maxProse) {
			if !proseCommand(k, para, m) || c.overlaps(p+m[0], p+m[1]) || overlaps(code, p+m[0], p+m[1]) {
				continue
			}
			off := commandStart(para, m[0], m[1])
			c.add(Hit{Off: p + off, End: p + m[1], What: "a command that " + pat.what, Fix: pat.fix})
		}
	}
}

// proseText returns a copy of the paragraph para as the command patterns
// read it, offsets kept: line breaks as spaces, quotation marks (", “, ”,
// and ' but an apostrophe) as spaces, for a quoted command is as much a
// command as a code span, and the punctuation that ends a sentence or
// clause right after a path ("rm -rf ~.", "rm -rf /,") as a space, for it
// is no part of the path.
func proseText(para []byte) []byte {
	out := flat(para)
	for _, q := range [][]byte{[]byte("\u201c"), []byte("\u201d")} {
		for at := 0; ; {
			i := bytes.Index(out[at:], q)
			if i < 0 {
				break
			}
			copy(out[at+i:], "   ")
			at += i + len(q)
		}
	}
	for i := 0; i < len(out); i++ {
		if out[i] == '"' || out[i] == '\'' && !(letterBefore(out, i) && i+1 < len(out) && isASCIILetter(out[i+1])) {
			out[i] = ' '
		}
	}
	for i := 1; i < len(out); i++ {
		switch out[i] {
		case '.', ',', ')', ':':
			prev := out[i-1]
			if (prev == '/' || prev == '~' || prev == '*' || prev == '}') && (i+1 == len(out) || out[i+1] == ' ' || out[i+1] == '\t') {
				out[i] = ' '
			}
		}
	}
	return out
}

// proseCommand reports whether the match m of execPatterns[k] in the
// prose para reads as a command (see execProse).
func proseCommand(k int, para []byte, m []int) bool {
	t := para[m[0]:m[1]]
	for _, sep := range []string{". ", "? ", "! ", "; ", ", "} {
		if bytes.Contains(t, []byte(sep)) {
			return false // two sentences or clauses (two commands in a shell)
		}
	}
	if negatedBefore(para[:m[0]]) {
		return false // "never run curl https://… | sh", "do not use curl -k"
	}
	switch k {
	case patPipe, patIex:
		if bytes.IndexByte(t, '|') >= 0 && !urlRE.Match(t) {
			return false
		}
	case patSudo:
		loc := proseSudoRE.FindIndex(para[m[0]:])
		if loc == nil {
			return false
		}
		return !verbNext(para[m[0]+loc[1]-1:]) // "sudo apt is not needed"
	}
	return !verbNext(para[m[1]:]) // "rm -rf / is blocked": the command is talked about
}

// subjectVerbs are the words after a command that make it the subject of
// a sentence, talked about rather than run.
var subjectVerbs = map[string]bool{"is": true, "are": true, "was": true, "were": true, "will": true, "would": true,
	"can": true, "could": true, "may": true, "might": true, "should": true, "must": true, "does": true, "did": true,
	"has": true, "had": true, "isn't": true, "won't": true, "ist": true, "sind": true, "wird": true, "kann": true}

// verbNext reports whether the next word of after is one of subjectVerbs.
func verbNext(after []byte) bool {
	after = bytes.TrimLeft(after, " \t")
	i := bytes.IndexAny(after, " \t.,;:!?)")
	if i < 0 {
		i = len(after)
	}
	return subjectVerbs[string(bytes.ToLower(after[:i]))]
}

// proseNegations are the words that, among the last three before a
// command in its sentence, forbid it rather than order it.
var proseNegations = map[string]bool{"never": true, "not": true, "don't": true, "dont": true, "avoid": true,
	"without": true, "instead": true, "rather": true, "nie": true, "niemals": true, "nicht": true, "kein": true, "keine": true}

// negatedBefore reports whether one of the last three words of before,
// within its sentence, is a negation (proseNegations).
func negatedBefore(before []byte) bool {
	for n := 0; n < 3; n++ {
		before = bytes.TrimRight(before, " \t")
		if len(before) == 0 {
			return false
		}
		if c := before[len(before)-1]; c == '.' || c == '?' || c == '!' || c == ';' || c == ':' {
			return false // the sentence starts here
		}
		i := bytes.LastIndexAny(before, " \t") + 1
		w := bytes.ToLower(bytes.Trim(before[i:], ",()*_"))
		if proseNegations[string(w)] {
			return true
		}
		before = before[:i]
	}
	return false
}

// overlaps reports whether [off, end) overlaps a hit gathered so far.
func (c *collector) overlaps(off, end int) bool {
	for _, h := range c.hits {
		if off < h.End && h.Off < end {
			return true
		}
	}
	return false
}
