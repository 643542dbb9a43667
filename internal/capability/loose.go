package capability

import (
	"bytes"
	"strings"

	"github.com/lorekit/lore/internal/lint/scan"
)

// looseCommands returns the commands of a code block that is not labelled
// shell (readLoose), read a logical line at a time (lines joined after a
// backslash, a pipe or &&). A line with a prompt ("$ ", "% ", "❯ ",
// "PS> ") gives all its commands. Another line gives them when they look
// run (looksRun), a "# " or "> " before them taken for a prompt; prose,
// JSON, YAML, a directory tree or a table row does not. A shell block
// written inside (```bash … ```) is read as shell: a fence cannot nest in
// CommonMark, so what the author meant for a nested block of another
// language is loose text as well.
func looseCommands(text []byte) []CommandRef {
	var out []CommandRef
	for off := 0; off < len(text); {
		end, next := logicalLine(text, off)
		line := text[off:end]
		if c, n, lang := opensFence(line); c != 0 {
			if how, d := blockReading(lang); how == readShell {
				body, after := innerFence(text, next, c, n)
				if d == Shell && hasPrompts(body) {
					d = Console
				}
				for _, c := range Commands(body, d) {
					out = append(out, CommandRef{Name: c.Name, Off: next + c.Off})
				}
				off = after
				continue
			}
			off = next // the lines of another language are read as loose text all the same
			continue
		}
		if p := loosePrompt(line); p >= 0 {
			out = append(out, (&shellScanner{src: text, pos: off + p, end: end}).run()...)
			off = next
			continue
		}
		at := off + rootPrompt(line)
		if t := bytes.TrimLeft(text[at:end], " \t"); len(t) > 0 && t[0] != '|' && mayRun(t) { // a table row starts with |
			cmds := (&shellScanner{src: text, pos: at, end: end}).run()
			if looksRun(text, at, end, cmds) {
				out = append(out, cmds[0])
				for _, c := range cmds[1:] {
					if program(c.Name) { // not the "and" after `git diff` in a sentence
						out = append(out, c)
					}
				}
			}
		}
		off = next
	}
	return out
}

// opensFence reports whether line opens a fenced block (``` or ~~~ after
// white space): its fence and its info string's first word.
func opensFence(line []byte) (c byte, n int, lang string) {
	t := bytes.TrimLeft(line, " \t")
	if c, n = scan.FenceRun(t); c == 0 {
		return 0, 0, ""
	}
	if info := bytes.Fields(t[n:]); len(info) > 0 {
		lang = string(info[0])
	}
	return c, n, lang
}

// innerFence returns the body of a fenced block opened by n or more of c
// on a line that ends before from: the text up to its closing fence (or
// the end), and where the line after that fence starts.
func innerFence(text []byte, from int, c byte, n int) (body []byte, after int) {
	for off := from; off < len(text); {
		end, next := lineEnd(text, off)
		if closes(text[off:end], c, n) {
			return text[from:off], next
		}
		off = next
	}
	return text[from:], len(text)
}

// closes reports whether line (white space aside) is a run of n or more
// of the fence character c.
func closes(line []byte, c byte, n int) bool {
	l := bytes.TrimSpace(line)
	return len(l) >= n && bytes.Count(l, []byte{c}) == len(l)
}

// loosePrompt is promptEnd for a line that can have a prompt: one whose
// first byte after white space opens one.
func loosePrompt(line []byte) int {
	t := bytes.TrimLeft(line, " \t")
	if len(t) == 0 || strings.IndexByte("$%P\xe2", t[0]) < 0 {
		return -1
	}
	return promptEnd(line)
}

// mayRun reports whether looksRun can hold for the line t (white space
// before it trimmed), so that most lines of prose and data are not
// scanned: it holds shell syntax (| & > ` $( or an option), or its first
// word is an assignment, a keyword, a program, or opens a group.
func mayRun(t []byte) bool {
	if bytes.ContainsAny(t, "|&>`") || bytes.Contains(t, []byte("$(")) {
		return true
	}
	for i := 1; i+1 < len(t); i++ {
		if t[i] == '-' && (t[i-1] == ' ' || t[i-1] == '\t') && (isLetterRune(rune(t[i+1])) || t[i+1] == '-') {
			return true
		}
	}
	if strings.IndexByte("({!\\", t[0]) >= 0 {
		return true
	}
	w := t
	if i := bytes.IndexAny(t, " \t;()$<{}"); i >= 0 {
		w = t[:i]
	}
	name := string(w)
	return strings.IndexByte(name, '=') >= 0 || keywords[name] || program(name)
}

// logicalLine returns the end of the logical line at off (the shell joins
// a line ending in a backslash, a pipe or && with the next; at most 64) and
// where the next starts.
func logicalLine(text []byte, off int) (end, next int) {
	end, next = lineEnd(text, off)
	for n := 0; n < 64 && next < len(text) && continuesLine(text[off:end]); n++ {
		end, next = lineEnd(text, next)
	}
	return end, next
}

// continuesLine reports whether the shell reads the line after l (without
// its newline) as part of it.
func continuesLine(l []byte) bool {
	l = bytes.TrimRight(l, "\r")
	if bytes.HasSuffix(l, []byte(`\`)) {
		return true
	}
	l = bytes.TrimRight(l, " \t")
	return bytes.HasSuffix(l, []byte("|")) || bytes.HasSuffix(l, []byte("&&"))
}

// rootPrompt returns the length of a "# " or "> " (a root or continuation
// prompt, or a comment) that starts line after white space, or 0.
func rootPrompt(line []byte) int {
	t := bytes.TrimLeft(line, " \t")
	if len(t) > 1 && (t[0] == '#' || t[0] == '>') && t[1] == ' ' {
		return len(line) - len(t) + 2
	}
	return 0
}

// looksRun reports whether the commands cmds of the line text[at:end]
// are taken for commands in loose text: its first command opens the line
// (after assignments, a prompt or $( ) and is a path (./x, ~/x), a script
// (x.sh), a PowerShell cmdlet (Get-Item) or a well-known program, on a
// line that has shell syntax or does not read as prose; or it is any word
// followed by an option (mytool --yes); or a well-known program runs
// later on a line with shell syntax (a pipe into sh).
func looksRun(text []byte, at, end int, cmds []CommandRef) bool {
	if len(cmds) == 0 {
		return false
	}
	first := cmds[0]
	rest := text[first.Off+len(first.Name) : end]
	if opensLine(text[at:first.Off]) {
		switch {
		case program(first.Name) && (shellSyntax(rest) || !prose(rest)):
			return true
		case !codeWords[first.Name] && option(rest):
			return true
		}
	}
	if !shellSyntax(rest) {
		return false
	}
	for _, c := range cmds[1:] {
		if knownPrograms[c.Name] {
			return true
		}
	}
	return false
}

// opensLine reports whether what comes before a line's first command
// leaves it at the start of the line: white space, assignments, $( and
// the like, and no code of another language (// comments, calls).
func opensLine(prefix []byte) bool {
	for i, c := range prefix {
		if c == '(' && (i == 0 || prefix[i-1] != '$' && prefix[i-1] != '<') || c == '/' && i+1 < len(prefix) && prefix[i+1] == '/' {
			return false
		}
	}
	return true
}

// program reports whether name is a path (./x, ../x, ~/x, /x), a script
// (x.sh), a PowerShell cmdlet or a well-known program.
func program(name string) bool {
	return knownPrograms[name] || cmdlet(name) || scriptExt(name) || strings.HasPrefix(name, "./") ||
		strings.HasPrefix(name, "../") || strings.HasPrefix(name, "~/") || strings.HasPrefix(name, "/") && len(name) > 1
}

// option reports whether one of the first three words after a command
// is an option (-x, --name) with only plain words (subcommands,
// arguments) before it.
func option(rest []byte) bool {
	for i, w := range bytes.Fields(rest) {
		if i == 3 {
			return false
		}
		if len(w) > 1 && w[0] == '-' && (isLetterRune(rune(w[1])) || w[1] == '-' && len(w) > 2 && isLetterRune(rune(w[2]))) {
			return true
		}
		if !commandRE.Match(w) {
			return false
		}
	}
	return false
}

// shellSyntax reports whether the words after a command hold shell
// syntax that prose does not: an option, a pipe, && or ||, $( ) or a
// redirection (> file, 2>&1).
func shellSyntax(rest []byte) bool {
	for _, w := range bytes.Fields(rest) {
		switch {
		case len(w) > 1 && w[0] == '-' && (isLetterRune(rune(w[1])) || w[1] == '-' && len(w) > 2 && isLetterRune(rune(w[2]))):
			return true
		case bytes.Equal(w, []byte("|")), bytes.Equal(w, []byte("&&")), bytes.Equal(w, []byte("||")),
			bytes.HasPrefix(w, []byte(">")), bytes.HasPrefix(w, []byte("2>")), bytes.HasPrefix(w, []byte("&>")):
			return true
		}
	}
	return bytes.Contains(rest, []byte("$("))
}

// codeWords start statements of programming languages, not commands.
var codeWords = map[string]bool{"return": true, "const": true, "let": true, "var": true, "new": true, "throw": true,
	"await": true, "yield": true, "typeof": true, "delete": true, "case": true, "import": true, "from": true}

// prose reports whether the words after a command read as a sentence: the
// line ends like one (a letter, then . ! ? , or :) or holds two of the
// little words of English.
func prose(rest []byte) bool {
	t := bytes.TrimRight(rest, " \t\r")
	if n := len(t); n > 1 && strings.IndexByte(".!?,:", t[n-1]) >= 0 && isLetterRune(rune(t[n-2])) {
		return true
	}
	little := 0
	for _, w := range bytes.Fields(rest) {
		if littleWords[string(bytes.ToLower(w))] {
			little++
		}
	}
	return little >= 2
}

// littleWords are words of English prose that a command line rarely holds
// as words of its own.
var littleWords = map[string]bool{"the": true, "a": true, "an": true, "and": true, "or": true, "of": true, "to": true,
	"is": true, "are": true, "for": true, "with": true, "that": true, "this": true, "it": true, "you": true, "your": true,
	"be": true, "on": true, "if": true, "when": true, "then": true, "will": true, "can": true, "should": true, "not": true}

// cmdlet reports whether name is a PowerShell cmdlet: an approved verb,
// a hyphen and a noun (Invoke-WebRequest).
func cmdlet(name string) bool {
	verb, noun, ok := strings.Cut(name, "-")
	return ok && psVerbs[verb] && len(noun) > 1 && noun[0] >= 'A' && noun[0] <= 'Z' && !strings.ContainsAny(noun, "-./")
}

// psVerbs are the common verbs of PowerShell cmdlets.
var psVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, v := range strings.Fields(`Add Clear Compress Connect Convert ConvertFrom ConvertTo Copy Disable Disconnect Enable
		Expand Export Find Format Get Import Install Invoke Join Measure Move New Out Publish Read Register Remove Rename
		Resolve Restart Save Select Send Set Split Start Stop Test Uninstall Unblock Unregister Update Wait Write`) {
		m[v] = true
	}
	return m
}()

// scriptExt reports whether name ends in the extension of a script or a
// program.
func scriptExt(name string) bool {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 {
		return false
	}
	switch strings.ToLower(name[i+1:]) {
	case "sh", "bash", "zsh", "py", "rb", "pl", "js", "mjs", "ps1", "bat", "cmd", "exe", "command":
		return true
	}
	return false
}

// knownPrograms are programs a manual tells an agent to run, taken for a
// command at the start of a line of loose text (as written, in lower case).
var knownPrograms = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range strings.Fields(`sh bash zsh ksh dash fish pwsh powershell cmd sudo su doas env nohup exec eval source
		export unset alias xargs timeout watch
		curl wget ssh scp sftp rsync nc ncat netcat socat telnet ftp ping dig nslookup openssl gpg ssh-keygen ssh-add
		rm rmdir mv cp ln mkdir touch chmod chown chgrp dd mkfs shred truncate mount umount kill pkill killall
		shutdown reboot crontab systemctl service launchctl journalctl useradd usermod passwd iptables ufw
		cd ls pwd cat echo printf grep egrep rg sed awk find fd tar zip unzip gzip gunzip base64 xxd jq yq tee wc
		sort uniq head tail cut tr diff patch file stat du df ps lsof
		git gh glab hub svn hg
		python python3 py pip pip3 pipx uv uvx poetry conda pytest ruff black mypy
		node npm npx pnpm yarn bun deno tsc tsx jest vitest eslint prettier playwright
		go gofmt cargo rustc rustup gem bundle ruby rake rails perl php composer java javac mvn gradle dotnet nuget
		make cmake gcc clang swift xcodebuild xcrun
		docker podman docker-compose kubectl helm kind minikube terraform tofu ansible ansible-playbook vagrant
		aws gcloud gsutil az azd firebase vercel netlify wrangler heroku flyctl supabase stripe
		brew apt apt-get dpkg yum dnf apk pacman snap choco winget scoop
		psql mysql sqlite3 redis-cli mongosh
		ffmpeg magick convert pandoc soffice libreoffice pdftotext qpdf
		claude codex copilot code cursor osascript open xdg-open start`) {
		m[p] = true
	}
	return m
}()
