package sign

import (
	"bytes"
	"crypto/ed25519"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
)

// zeros is a deterministic source of "random" bytes for keys in tests.
type zeros struct{ b byte }

func (z *zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = z.b
	}
	return len(p), nil
}

func TestKeygenRoundTrip(t *testing.T) {
	fsys := afero.NewMemMapFs()
	pub, err := Keygen(fsys, &zeros{7}, "k/lore_ed25519", "ci")
	if err != nil {
		t.Fatal(err)
	}
	fi, _ := fsys.Stat("k/lore_ed25519")
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("private key mode %v, want 0600", fi.Mode().Perm())
	}
	key, err := ReadPrivateKey(fsys, "k/lore_ed25519")
	if err != nil {
		t.Fatal(err)
	}
	line, _ := afero.ReadFile(fsys, pub)
	keys, err := bundle.ParsePublicKeys(line)
	if err != nil || !keys[0].Equal(key.Public()) || !strings.HasSuffix(strings.TrimSpace(string(line)), " ci") {
		t.Fatalf("public key %q: %v", line, err)
	}
	if _, err := Keygen(fsys, nil, "k/lore_ed25519", "ci"); err == nil || !strings.Contains(err.Error(), "never overwrites") {
		t.Errorf("second keygen: %v", err)
	}
}

func TestParsePrivateKeyRefuses(t *testing.T) {
	key := ed25519.NewKeyFromSeed(make([]byte, 32))
	good := MarshalPrivateKey(key, "x", 42)
	if back, err := ParsePrivateKey(good); err != nil || !back.Equal(key) {
		t.Fatalf("MarshalPrivateKey → ParsePrivateKey: %v", err)
	}
	for _, tc := range []struct {
		data []byte
		want string
	}{
		{[]byte("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n"), "not an OpenSSH private key"},
		{[]byte("ssh-ed25519 AAAA x"), "not an OpenSSH private key"},
		{good[:len(good)/2], "not an OpenSSH private key"},
	} {
		if _, err := ParsePrivateKey(tc.data); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParsePrivateKey(%.30q) = %v, want %q", tc.data, err, tc.want)
		}
	}
}

// needSSHKeygen returns the path of ssh-keygen; without it the test fails
// under CI=true (.ci/run installs openssh-client) and is skipped elsewhere.
func needSSHKeygen(t *testing.T) string {
	p, err := exec.LookPath("ssh-keygen")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("ssh-keygen is not on PATH: .ci/run installs openssh-client: %v", err)
		}
		t.Skipf("ssh-keygen is not on PATH: %v", err)
	}
	return p
}

// publish writes a small signed-able output folder into dir.
func publish(t *testing.T, dir string) {
	t.Helper()
	page := []byte("<h1>lore</h1>\n")
	if err := os.WriteFile(filepath.Join(dir, "index.html"), page, 0o644); err != nil {
		t.Fatal(err)
	}
	sum, n, err := fileSumOS(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	mf := fmt.Sprintf(`{"schema":"lore.manifest/v1","files":[{"path":"index.html","sha256":%q,"bytes":%d}]}`, sum, n)
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(mf), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSSHKeygenInterop: ssh-keygen reads lore's private key, accepts
// lore's signature (-Y verify), and lore accepts ssh-keygen's signature
// made with a key ssh-keygen generated.
func TestSSHKeygenInterop(t *testing.T) {
	sshKeygen := needSSHKeygen(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	publish(t, out)
	osfs := afero.NewOsFs()
	run := func(stdin []byte, args ...string) string {
		t.Helper()
		cmd := exec.Command(sshKeygen, args...)
		cmd.Dir = dir
		cmd.Stdin = bytes.NewReader(stdin)
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("ssh-keygen %s: %v\n%s", strings.Join(args, " "), err, b)
		}
		return string(b)
	}

	// lore's key and signature, checked by ssh-keygen.
	pubFile, err := Keygen(osfs, nil, filepath.Join(dir, "lore_ed25519"), "lore-ci")
	if err != nil {
		t.Fatal(err)
	}
	pubLine, _ := os.ReadFile(pubFile)
	if got := run(nil, "-y", "-f", filepath.Join(dir, "lore_ed25519")); strings.Fields(got)[1] != strings.Fields(string(pubLine))[1] {
		t.Errorf("ssh-keygen -y reads another public key from lore's private key: %s", got)
	}
	key, err := ReadPrivateKey(osfs, filepath.Join(dir, "lore_ed25519"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Dir(osfs, out, key); err != nil {
		t.Fatal(err)
	}
	allowed := filepath.Join(dir, "allowed_signers")
	if err := os.WriteFile(allowed, []byte("lore-ci "+string(pubLine)), 0o644); err != nil {
		t.Fatal(err)
	}
	manifest, _ := os.ReadFile(filepath.Join(out, "manifest.json"))
	got := run(manifest, "-Y", "verify", "-f", allowed, "-I", "lore-ci", "-n", bundle.SignatureNamespace, "-s", filepath.Join(out, bundle.SignatureFile))
	if !strings.Contains(got, `Good "lore-manifest" signature for lore-ci`) {
		t.Errorf("ssh-keygen -Y verify: %s", got)
	}

	// ssh-keygen's key and signature (sha512, and sha256), checked by lore.
	for _, hash := range []string{"sha512", "sha256"} {
		sshKey := filepath.Join(dir, "ssh_"+hash)
		run(nil, "-q", "-t", "ed25519", "-N", "", "-C", "ssh", "-f", sshKey)
		if err := os.Remove(filepath.Join(out, bundle.SignatureFile)); err != nil {
			t.Fatal(err)
		}
		run(nil, "-Y", "sign", "-q", "-O", "hashalg="+hash, "-f", sshKey, "-n", bundle.SignatureNamespace, filepath.Join(out, "manifest.json"))
		r, err := Check(osfs, out, sshKey+".pub")
		if err != nil || len(r.Problems) != 0 {
			t.Errorf("%s: lore does not accept ssh-keygen's signature: %v %v", hash, err, r)
		}
		// And lore signs with ssh-keygen's key.
		k, err := ReadPrivateKey(osfs, sshKey)
		if err != nil {
			t.Fatalf("lore cannot read ssh-keygen's key: %v", err)
		}
		if _, err := Dir(osfs, out, k); err != nil {
			t.Fatal(err)
		}
	}

	// A key with a passphrase is refused with the ssh-keygen alternative.
	enc := filepath.Join(dir, "enc")
	run(nil, "-q", "-t", "ed25519", "-N", "secret words", "-f", enc)
	if _, err := ReadPrivateKey(osfs, enc); err == nil || !strings.Contains(err.Error(), "ssh-keygen -Y sign -n lore-manifest") {
		t.Errorf("encrypted key: %v", err)
	}
}

func TestDirRefusesChangedFolder(t *testing.T) {
	dir := t.TempDir()
	src := []byte("# M\n")
	if err := os.MkdirAll(filepath.Join(dir, "lore", "sources"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "lore", "sources", "m.md"), append(src, "edited after the build\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, _, _ := fileSumOS(filepath.Join(dir, "lore", "sources", "m.md"))
	mf := `{"schema":"lore.manifest/v1","manuals":[{"name":"m","source":"lore/sources/m.md","sha256":"` + strings.Repeat("0", 64) + `"}]}`
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(mf), 0o644); err != nil {
		t.Fatal(err)
	}
	key := ed25519.NewKeyFromSeed(make([]byte, 32))
	_, err := Dir(afero.NewOsFs(), dir, key)
	if err == nil || !strings.Contains(err.Error(), "lore/sources/m.md differs from the source of manual m the build recorded") {
		t.Fatalf("Dir = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, bundle.SignatureFile)); !os.IsNotExist(err) {
		t.Error("a signature was written beside a folder that does not match its build")
	}
	// With the recorded digest it signs, and lists the file.
	mf = strings.Replace(mf, strings.Repeat("0", 64), sum, 1)
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(mf), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Dir(afero.NewOsFs(), dir, key)
	if err != nil || s.Files != 1 {
		t.Fatalf("Dir = %+v, %v", s, err)
	}
	signed, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if !strings.Contains(string(signed), `"path": "lore/sources/m.md",`) {
		t.Errorf("the signed manifest lacks the files list:\n%s", signed)
	}
}
