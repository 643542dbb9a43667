package scan

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
)

// execPatterns are the dangerous commands of RemoteExec, each matched
// within one logical line (backslash continuations joined).
var execPatterns = []struct {
	what string
	// backdoor: the command gives someone else access to the machine
	// (Backdoor).
	backdoor bool
	// keys: the pattern is tried only on code that holds one of them
	// (lower case).
	keys []string
	re   *lazyRE
	// fix says what to do instead, where "download to a file, check it
	// and run it in a separate step" of security/remote-exec is no fix
	// ("" for the rule's).
	fix string
}{
	{"downloads a script and runs it", false, []string{"curl", "wget", "fetch", "iwr", "irm", "invoke-"}, lazyRegexp(`(?i)\b(?:curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^|\n]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:ba|z|k|da|c|tc|fi)?sh\b|\b(?:curl|wget)\b[^|\n]*\|\s*(?:sudo\s+)?(?:python[23]?|perl|ruby|node|php)\b`), ""},
	{"downloads a script and runs it", false, []string{"iwr", "irm", "invoke-", "download", "iex"}, lazyRegexp(`(?i)\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|downloadfile)\b[^\n]*?(?:\|\s*(?:iex|invoke-expression)\b)|\b(?:iex|invoke-expression)\b\s*\(?\s*(?:\(?\s*new-object\s+(?:system\.)?net\.webclient\)?\.downloadstring|\(?\s*(?:iwr|irm|invoke-webrequest|invoke-restmethod)\b)`), ""},
	{"downloads a script and runs it", false, []string{"curl", "wget"}, lazyRegexp(`(?i)\b(?:ba|z|k)?sh\s+(?:-c\s+)?["']?\$\(\s*(?:curl|wget)\b|\b(?:ba|z|k)?sh\s+<\(\s*(?:curl|wget)\b|\beval\s+["']?\$\(\s*(?:curl|wget)\b|\bsource\s+<\(\s*(?:curl|wget)\b`), ""},
	{"deletes the root or home folder", false, []string{"rm ", "rm\t", "remove-item", "del "}, lazyRegexp(`\brm\s+(?:-[a-zA-Z]*\s+|--[a-z-]+\s+)*-[a-zA-Z]*[rR][a-zA-Z]*\s+(?:-[a-zA-Z]+\s+|--[a-z-]+\s+)*["']?(?:/|/\*|~/?|~/\*|\$HOME/?|\$\{HOME\}/?|\$HOME/\*)["']?(?:\s|;|&|\||$)|\brm\s+[^\n]*--no-preserve-root|(?i)\bremove-item\s+[^\n]*-recurse[^\n]*\s(?:c:\\\\?|~|\$home|\$env:userprofile)(?:\s|$)|\bdel\s+/[sq]\s+[^\n]*c:\\\s*$`), "name the folder to delete (a path inside the project), never / or ~"},
	{"opens a reverse shell (a remote host gets a shell on this machine)", true, []string{"/dev/tcp/", "/dev/udp", "nc", "netcat", "socat", "mkfifo", "socket"}, lazyRegexp(`(?i)\b(?:ba|z|k|da)?sh\s+-i\b[^\n]*[<>]&?\s*/dev/(?:tcp|udp)/|/dev/(?:tcp|udp)/[^\s]+[^\n]*\b0\s*>&\s*1|\b(?:nc|ncat|netcat)\b[^\n|;&]*\s-[a-z]*[ec]\s+\S*(?:sh|cmd(?:\.exe)?|powershell)\b|\bsocat\b[^\n]*\bexec:|\bmkfifo\b[^\n]*\|\s*(?:nc|ncat|netcat)\b|socket\.socket\([^\n]*(?:subprocess|pty\.spawn|os\.dup2)`), ""},
	{"adds a key to authorized_keys (its owner can log in to this machine)", true, []string{"authorized_keys"}, lazyRegexp(`(?i)>>?\s*["']?\S*\.ssh/authorized_keys\b|\btee\b[^\n|;&]*\.ssh/authorized_keys\b`), ""},
	{"downloads a program and runs it", false, []string{"chmod"}, lazyRegexp(`(?i)\b(?:curl|wget)\b[^\n]*(?:&&|;)\s*(?:sudo\s+)?chmod\s+(?:[ugoa]*\+[rw]*x[rw]*|[0-7]*[1357][0-7]{0,2})\s+\S+\s*(?:&&|;)\s*(?:sudo\s+)?(?:\./|/|~/|\$)\S*`), ""},
	{"downloads code and runs it", false, []string{"urlopen", "requests.", "fetch", "urllib"}, lazyRegexp(`(?i)\b(?:exec|eval)\s*\([^\n]*(?:urlopen|requests\.get|urllib|fetch\s*\()`), ""},
	{"points a package manager at another registry", false, []string{"registry", "index-url", "sources"}, lazyRegexp(`(?i)\b(?:npm|yarn|pnpm)\s+config\s+set\s+(?:@[\w.-]+:)?registry\b|--extra-index-url\b|\bgem\s+sources\s+(?:-a|--add)\b`), "install from the default registry, or pin the package with its checksum"},
	{"opens the whole system to every user (a world-writable root, home or system folder)", false, []string{"chmod", "chown", "icacls"}, lazyRegexp(`(?i)\b(?:chmod\s+(?:-[a-z]+\s+|--[a-z-]+\s+)*(?:0?[0-7]?[0-7][0-7][2367]|[ugo]*[ao][ugo]*[+=][rwxst]*w[rwxst]*)|chown\s+(?:-[a-z]*\s+|--[a-z-]+\s+)*-[a-z]*r[a-z]*\s+(?:-[a-z]+\s+|--[a-z-]+\s+)*\S+)\s+(?:-[a-z]+\s+|--[a-z-]+\s+)*["']?(?:/|/\*|~/?|\$home/?|\$\{home\}/?|/(?:etc|usr|var|bin|sbin|lib|lib64|home|root|opt|boot|srv)/?)["']?(?:\s|;|&|\||$)|\bicacls\s+["']?c:\\?["']?\s[^\n]*/grant\s+["']?(?:everyone|\*s-1-1-0|users)["']?:\(?(?:oi\)\(ci\)|ci\)\(oi\))?\(?[fm]\b`), "give the one folder that needs it the permission it needs"},
	{"runs a command as root (sudo)", false, []string{"sudo"}, lazyRegexp(`(?:^|[;&|(]\s*|\s)sudo\s+[^\s-]`), "drop sudo, or say why the step needs root and leave it to a person"},
	{"turns off TLS certificate verification", false, []string{"curl", "wget", "verify", "tls", "ssl", "certificate", "unverified", "check_hostname", "insecure", "unauthorized", "trusted-host"}, lazyRegexp(`(?i)--trusted-host\b|\btrusted-host\s*=|\bcurl\b[^\n]*\s(?:-k|--insecure)\b|\bwget\b[^\n]*--no-check-certificate|\bverify\s*=\s*false\b|node_tls_reject_unauthorized\s*=\s*["']?0|insecureskipverify\s*:\s*true|rejectunauthorized\s*:\s*false|http\.sslverify\s+false|git_ssl_no_verify\s*=\s*(?:1|true)|pythonhttpsverify\s*=\s*0|strict-ssl\s+false|-skipcertificatecheck\b|--disable-tls-verification|ssl_verify(?:peer|host)?\s*[=,]\s*(?:false|0)\b|\bcheck_hostname\s*=\s*false|_create_unverified_context`), "keep TLS checks on; add the internal certificate authority to the system's trust store instead"},
	{"turns off the checks of a commit or a package (hooks, signatures)", false, []string{"verify", "gpg"}, lazyRegexp(`(?i)(?:^|[\s;&|(])(?:--no-verify|--no-gpg-sign|--nogpgcheck)\b|\bcommit\.gpgsign\s*[= ]\s*false\b|\bgpgcheck\s*=\s*0\b`), "let the hooks and signature checks run, and fix what they report"},
	{"forwards this machine's remote login to another host (ssh -R: whoever reaches that host can log in here)", true, []string{"ssh", "remoteforward"}, lazyRegexp(`(?i:\b(?:auto)?ssh\b)[^\n|;&]*\s-[a-zA-Z]*R\s*(?:\[[^\]\s]*\]:|[\w.*-]+:)?\d+:(?:\[[^\]\s]*\]|[\w.-]+):(?:22|3389|5900)\b|(?i:\b(?:auto)?ssh\b)[^\n|;&]*\s-[a-zA-Z]*R\s*(?:[\w.*-]+:)?\d+(?:\s|$)|(?i)\bremoteforward[\s=]+(?:[\w.*-]+:)?\d+(?:\s+\S+:(?:22|3389|5900)\b|\s*$)`), ""},
	{"gives root without a password (NOPASSWD written into sudoers)", true, []string{"nopasswd"}, lazyRegexp(`(?i)\bnopasswd\b[^\n]*(?:(?:>>?|\btee\b)[^\n]*sudoers|\bvisudo\b)`), ""},
	{"installs a download where the system runs it at every boot, login or program start (a service, cron job, shell profile or sudoers file)", true, []string{"curl", "wget", "iwr", "invoke-"}, lazyRegexp(`(?i)\b(?:curl|wget|iwr|invoke-webrequest)\b[^\n]*(?:\s-o\s*|\s-O\s*|--output(?:-document)?[=\s]\s*|>>?\s*|\btee\s+(?:-a\s+)?|-outfile\s+)["']?(?:/etc/(?:systemd/|cron|init\.d/|rc\.local\b|profile\.d/|profile\b|bash\.bashrc\b|ld\.so\.preload\b|sudoers|update-motd\.d/)|(?:/usr)?/lib/systemd/|(?:~|\$home)/\.config/(?:systemd|autostart)/|(?:~|\$home)/\.(?:bashrc|zshrc|profile|bash_profile|zprofile)\b|(?:~)?/library/launch(?:agents|daemons)/)`), ""},
	{"makes every program on the machine load a library (/etc/ld.so.preload)", true, []string{"ld.so.preload"}, lazyRegexp(`(?i)(?:>>?|\btee\s+(?:-a\s+)?|\b(?:cp|mv|install|ln\s+-sf?)\s+\S+)\s*["']?/etc/ld\.so\.preload\b`), ""},
	{"makes every repository on the machine run the git hooks of one folder (a global core.hooksPath)", false, []string{"hookspath"}, lazyRegexp(`(?i)\bgit\s+config\s+(?:--global|--system)\b[^\n]*\bcore\.hookspath\b`), "set core.hooksPath in the one repository (git config core.hooksPath), not --global"},
	{"erases the record of what was done (shell history, system logs)", false, []string{"history", "histfile", "histsize", "/var/log", "wevtutil", "clear-eventlog"}, lazyRegexp(`(?i)(?:^|[\s;&|(])history\s+-c\b|\bunset\s+histfile\b|\bhistfile\s*=\s*["']?/dev/null|\bhistsize\s*=\s*0\b|\bset\s+\+o\s+history\b|\b(?:rm|shred|truncate|srm)\b[^\n|;&]*(?:\.(?:bash|zsh|sh|python|node_repl|mysql|psql)_history\b|/var/log/(?:\*|auth\.log|syslog|secure|messages|wtmp|btmp|lastlog|audit)|/var/log/?["']?(?:\s|$))|>\s*(?:~|\$home)/\.(?:bash|zsh)_history\b|\bln\s+-sf?\s+/dev/null\s+\S*_history\b|\bwevtutil(?:\.exe)?\s+(?:cl|clear-log)\b|\bclear-eventlog\b`), "keep the shell history and the logs; delete only the files the task made"},
	{"makes every shell of a user run code planted elsewhere (a PATH entry in a world-writable folder such as /tmp, or an LD_PRELOAD, written into a shell profile)", true, []string{"bashrc", "zshrc", "profile", "zshenv", "/etc/environment"}, lazyRegexp(`(?i)\b(?:path\s*=\s*["']?(?:/tmp|/var/tmp|/dev/shm)\b|ld_preload\s*=)[^\n]*(?:>>?|\btee\s+(?:-a\s+)?)\s*["']?(?:(?:~|\$home|\$\{home\})/\.(?:bashrc|zshrc|profile|bash_profile|zprofile|zshenv|bash_login)\b|/etc/(?:profile|environment|bash\.bashrc|zsh/zshenv|zshenv)\b)`), ""},
	{"force-pushes over the main branch (its history is replaced)", false, []string{"git push", "git\tpush"}, lazyRegexp(`(?i)\bgit\s+push\b[^\n|;&]*\s(?:--force(?:-with-lease)?(?:=\S*)?|-f)\s[^\n|;&]*?[\s:+](?:refs/heads/)?(?:main|master)(?:\s|$|[;&|])|\bgit\s+push\b[^\n|;&]*[\s:+](?:refs/heads/)?(?:main|master)\s[^\n|;&]*?(?:--force(?:-with-lease)?(?:=\S*)?|-f)(?:\s|$|[;&|])|\bgit\s+push\b[^\n|;&]*\s\+(?:refs/heads/)?(?:main|master)\b`), "push to a branch and open a pull request; never force-push main"},
	{"turns off the machine's protection (SELinux, AppArmor, the firewall, the audit daemon, an antivirus, Gatekeeper)", false, []string{"setenforce", "selinux", "ufw", "firewalld", "apparmor", "auditd", "auditctl", "set-mppreference", "advfirewall", "spctl", "csrutil", "iptables"}, lazyRegexp(`(?i)\bsetenforce\s+(?:0|permissive)\b|\bselinux\s*=\s*(?:disabled|permissive)\b|\bufw\s+disable\b|\bsystemctl\s+(?:stop|disable|mask)\s+(?:--now\s+)?(?:firewalld|ufw|apparmor|auditd)\b|\bset-mppreference\b[^\n]*-disable\w+\s+(?:\$true|1)\b|\bnetsh\s+advfirewall\s+set\s+\w+\s+state\s+off\b|\biptables\s+(?:-F|--flush)(?:\s|$)|\bspctl\s+--master-disable\b|\bcsrutil\s+disable\b|\bauditctl\s+-e\s*0\b`), "leave the protection on; allow the one port, file or program the task needs"},
	{"merges past branch protection (gh pr merge --admin skips the required reviews and checks)", false, []string{"--admin"}, lazyRegexp(`(?i)\bgh\s+pr\s+merge\b[^\n|;&]*\s--admin\b`), "merge once the required reviews and checks have passed"},
	{"runs a command hidden in base64 or hex (decoded and handed to a shell or an interpreter: the reader cannot see what runs)", false, []string{"base64", "b64", "xxd", "openssl", "frombase64string", "atob", "fromhex", "powershell", "pwsh"}, lazyRegexp(`(?i)\b(?:base64|b64)\s+(?:-\w*[dD]\w*|--decode)\b[^\n]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:(?:ba|z|k|da|c|tc|fi)?sh|python[23]?|perl|ruby|node|php)\b|\bxxd\s+(?:-\w+\s+)*-r\w*\b[^\n]*\|\s*(?:sudo\s+)?(?:(?:ba|z|k|da)?sh|python[23]?|perl)\b|\bopenssl\s+(?:enc\s+)?(?:-\w+\s+)*-(?:a|base64)\b[^\n]*\|\s*(?:sudo\s+)?(?:ba|z|k|da)?sh\b|\b(?:eval|source|exec)\s+["']?[$<]\(\s*(?:echo|printf)\b[^\n]*\|\s*(?:base64|b64|xxd)\b|\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]*\s[-/](?:e|ec|en|enc|enco|encodedcommand)\s+["']?[A-Za-z0-9+/]{16,}={0,2}|\bfrombase64string\b[^\n]*\b(?:iex|invoke-expression)\b|\b(?:iex|invoke-expression)\b[^\n]*\bfrombase64string\b|\b(?:exec|eval|os\.system|subprocess\.\w+|function)\s*\(\s*(?:base64\.b64decode|atob|buffer\.from\([^)]*["']base64["']|codecs\.decode|bytes\.fromhex|zlib\.decompress)`), "write the command out in plain text, where a reviewer can read what runs"},
}

// execOrder is the order in which execLines tries execPatterns on a
// line, which reports the first that matches: backdoors first, so that
// "… | sudo tee /etc/sudoers.d/x" is the error it is, not sudo.
var execOrder = func() (order []int) {
	for _, backdoor := range []bool{true, false} {
		for k, p := range execPatterns {
			if p.backdoor == backdoor {
				order = append(order, k)
			}
		}
	}
	return order
}()

// Backdoor reports whether h, a hit of RemoteExec, is a command that
// gives someone else access to the machine: a reverse shell, a key
// written into authorized_keys, a remote login forwarded out, root
// without a password, a download installed where the system runs it.
func Backdoor(h Hit) bool {
	for _, p := range execPatterns {
		if p.backdoor && h.What == "a command that "+p.what {
			return true
		}
	}
	return false
}

// readsSecrets and sends recognise a command that reads credentials or
// the environment; sends one that talks to the network.
var (
	readsSecretsRE = lazyRegexp(`(?i)~/\.ssh\b|\$home/\.ssh\b|\.ssh/id_|~/\.aws\b|\.aws/credentials|~/\.netrc|~/\.kube/config|~/\.docker/config|\bprintenv\b|(?:^|[|;&(\s])env(?:\s*\||\s*\)|\s*$)|\$\(\s*env\s*\)|process\.env\b|os\.environ\b|\$env:|get-childitem\s+env:|\bset\s*\||/proc/self/environ|\.env\b`)
	sendsRE        = lazyRegexp(`(?i)\b(?:curl|wget|nc|ncat|netcat|socat|invoke-webrequest|invoke-restmethod|iwr|irm|requests\.(?:post|put|get)|urllib|fetch\s*\(|http\.post|axios|scp|rsync|ftp|telnet)\b|/dev/tcp/`)
)

// RemoteExec finds dangerous commands in code: downloading a script and
// running it (curl … | sh, iwr … | iex), deleting the root or home
// folder, sudo, turning off TLS verification, and reading ~/.ssh, ~/.aws
// or the environment on a line that sends to the network. It looks at
// fenced code blocks, inline code (a code span joined over the lines of
// its paragraph, an HTML code element) and the prose of Markdown (the
// commands that prose cannot mean otherwise, see execProse), and at the
// whole of a script.
func RemoteExec(src []byte, kind Kind) []Hit {
	var c collector
	// What the file holds at all: a pattern whose keys are nowhere in it
	// is not tried on any of its code.
	var file armed
	if !file.arm(src, armed{on: allOn, secrets: true}) {
		return nil
	}
	for _, s := range Segments(src, kind) {
		if s.Code {
			execLines(src, s.Off, s.End, 0, file, &c)
			continue
		}
		// A code span over lines of its paragraph, or an HTML code
		// element, is one command line: its line breaks read as spaces.
		spans := ParagraphSpans(src, s.Off, s.End)
		for _, sp := range spans {
			if bytes.IndexByte(src[sp[0]:sp[1]], '\n') < 0 {
				execLines(src, sp[0], sp[1], 0, file, &c)
			} else {
				execLines(flat(src[sp[0]:sp[1]]), 0, sp[1]-sp[0], sp[0], file, &c)
			}
		}
		code := unfencedCode(src, s.Off, s.End)
		for _, b := range code {
			execLines(src, b[0], b[1], 0, file, &c)
		}
		if file.has.meets(proseAny) {
			execProse(src, s.Off, s.End, append(spans, code...), &c)
		}
	}
	slices.SortFunc(c.hits, func(a, b Hit) int { return cmp.Compare(a.Off, b.Off) })
	return c.result()
}

// commandStart returns where the command of the match line[off:end]
// starts: after the separator or space the sudo pattern matches before
// sudo.
func commandStart(line []byte, off, end int) int {
	for off < end-1 && (line[off] == ' ' || line[off] == '\t' || line[off] == ';' || line[off] == '&' || line[off] == '|' || line[off] == '(') {
		off++
	}
	return off
}

// flat returns a copy of b with its line breaks read as spaces, offsets
// kept.
func flat(b []byte) []byte {
	out := bytes.Clone(b)
	for i, c := range out {
		if c == '\n' || c == '\r' {
			out[i] = ' '
		}
	}
	return out
}

// armed says which checks of RemoteExec a stretch of text can fire:
// on[k] when it holds a key of execPatterns[k], secrets when it holds a
// word that reads credentials and one that sends to the network.
type armed struct {
	on      [maxPatterns]bool
	secrets bool
	has     keyBits // the keys of execKeys the text holds
}

// maxPatterns bounds execPatterns (the arrays of armed and of the masks).
const maxPatterns = 24

var allOn = func() (a [maxPatterns]bool) {
	for k := range a {
		a[k] = true
	}
	return a
}()

// secretKeys and sendKeys are the words readsSecretsRE and sendsRE cannot
// match without (lower case).
var (
	secretKeys = []string{".ssh", ".aws", "env", ".netrc", ".kube", ".docker", "set", "/proc/self/environ"}
	sendKeys   = []string{"curl", "wget", "nc", "netcat", "socat", "invoke-", "iwr", "irm", "requests.", "urllib", "fetch",
		"http.post", "axios", "scp", "rsync", "ftp", "telnet", "/dev/tcp/"}
)

// execKeys finds every key of RemoteExec in one pass; patternMasks,
// secretMask and sendMask select the keys of each check, proseMasks
// those of each check in prose.
var execKeys, patternMasks, secretMask, sendMask, proseMasks = func() (*keySet, [maxPatterns]keyBits, keyBits, keyBits, [maxPatterns]keyBits) {
	seen := map[string]bool{}
	var all []string
	add := func(keys []string) {
		for _, k := range keys {
			if !seen[k] {
				seen[k] = true
				all = append(all, k)
			}
		}
	}
	for _, p := range execPatterns {
		add(p.keys)
	}
	add(secretKeys)
	add(sendKeys)
	for _, keys := range proseKeys {
		add(keys)
	}
	ks := newKeySet(all)
	var masks, prose [maxPatterns]keyBits
	for k, p := range execPatterns {
		masks[k] = ks.mask(p.keys)
		prose[k] = ks.mask(proseKeys[k])
	}
	return ks, masks, ks.mask(secretKeys), ks.mask(sendKeys), prose
}()

// arm sets a to what seg can fire of what within allows, and reports
// whether that is anything.
func (a *armed) arm(seg []byte, within armed) bool {
	has := execKeys.present(seg)
	a.has = has
	any := false
	for k := range execPatterns {
		if within.on[k] && has.meets(patternMasks[k]) {
			a.on[k], any = true, true
		}
	}
	a.secrets = within.secrets && has.meets(secretMask) && has.meets(sendMask)
	return any || a.secrets
}

// execLines checks each logical line of src[off:end] for what file (the
// whole file) can fire; a hit is reported shift bytes on (src is a copy
// of the file's bytes from shift on).
func execLines(src []byte, off, end, shift int, file armed, c *collector) {
	var a armed
	if !a.arm(src[off:end], file) {
		return
	}
	on, secrets := a.on, a.secrets
	for ls := off; ls < end; {
		le := ls
		// A logical line: physical lines joined while the shell would
		// join them, ending in a backslash or a pipe (at most 64, so a
		// file of backslashes stays linear).
		joined := false
		for n := 0; ; n++ {
			i := bytes.IndexByte(src[le:end], '\n')
			if i < 0 {
				le = end
				break
			}
			le += i
			if n < 64 && continues(src[ls:le]) {
				le++
				joined = true
				continue
			}
			break
		}
		line := src[ls:le]
		if joined {
			line = flatten(line)
		}
		// A line of ASCII (where (?i) folds ASCII alone) tries only the
		// patterns whose keys it holds itself, not all those its block
		// holds: a match holds a key of its pattern (keyedLine).
		ascii := isASCII(line)
		var has keyBits
		if ascii {
			has = execKeys.present(line)
		}
		for _, k := range execOrder {
			if !on[k] || ascii && keyedLine[k] && !has.meets(patternMasks[k]) {
				continue
			}
			p := execPatterns[k]
			if m := p.re.FindIndex(line); m != nil {
				m[0] = commandStart(line, m[0], m[1])
				c.add(Hit{Off: shift + ls + m[0], End: shift + ls + m[1], What: "a command that " + p.what, Fix: p.fix})
				break
			}
		}
		if !secrets || ascii && !(has.meets(secretMask) && has.meets(sendMask)) {
			ls = le + 1
			continue
		}
		if m := readsSecretsRE.FindIndex(line); m != nil && sendsRE.Match(line) {
			c.add(Hit{Off: shift + ls + m[0], End: shift + ls + m[1], What: "a command that reads credentials or the environment and sends to the network",
				Fix: "send nothing read from ~/.ssh, ~/.aws, .env or the environment; pass a secret by name to the tool that needs it"})
		}
		ls = le + 1
	}
}

// keyedLine marks the patterns of execPatterns whose every match holds
// one of their keys (ignoring ASCII case) in an ASCII line. The others
// are tried on every line of code that holds a key: "deletes the root"
// (\s+ takes a \f or \r, not only the space of "rm "; "del\t"), the
// shell profile one (.bash_login holds no key) and the force push
// ("git  push" with two spaces).
var keyedLine = func() (on [maxPatterns]bool) {
	loose := map[string]bool{
		"deletes the root or home folder":                             true,
		"force-pushes over the main branch (its history is replaced)": true,
	}
	for k, p := range execPatterns {
		on[k] = !loose[p.what] && !strings.HasPrefix(p.what, "makes every shell of a user run code planted elsewhere")
	}
	return on
}()

// isASCII reports whether b holds only ASCII bytes.
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// containsFold reports whether s holds key (lower-case ASCII), ignoring
// ASCII case, in one pass.
func containsFold(s []byte, key string) bool { return IndexFold(s, key) >= 0 }

// IndexFold returns the index of the first key (lower-case ASCII) in s,
// ignoring ASCII case, or -1.
func IndexFold(s []byte, key string) int {
	if len(key) == 0 {
		return 0
	}
	k0, K0 := key[0], key[0]
	if k0 >= 'a' && k0 <= 'z' {
		K0 = k0 - 'a' + 'A'
	}
	for i := 0; i+len(key) <= len(s); i++ {
		j := bytes.IndexAny(s[i:len(s)-len(key)+1], string([]byte{k0, K0}))
		if j < 0 {
			return -1
		}
		i += j
		if asciiFoldEqual(s[i:i+len(key)], []byte(key)) {
			return i
		}
	}
	return -1
}

// continues reports whether the shell joins the line that ends l (l
// without its newline) with the next: l ends in a backslash, or in a pipe
// (|, ||) or && after which the command goes on.
func continues(l []byte) bool {
	l = bytes.TrimRight(l, "\r")
	if len(l) > 0 && l[len(l)-1] == '\\' {
		return true
	}
	l = bytes.TrimRight(l, " \t")
	return bytes.HasSuffix(l, []byte("|")) || bytes.HasSuffix(l, []byte("&&"))
}

// flatten returns a logical line of several physical lines as the shell
// reads it, offsets kept: each line end, and the backslash before it,
// becomes a space.
func flatten(l []byte) []byte {
	out := bytes.Clone(l)
	for i, b := range out {
		if b == '\n' {
			out[i] = ' '
			j := i - 1
			if j >= 0 && out[j] == '\r' {
				out[j] = ' '
				j--
			}
			if j >= 0 && out[j] == '\\' {
				out[j] = ' '
			}
		}
	}
	return out
}
