package bundle

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

// signedFolder returns a published folder signed by key: two files and a
// manifest listing them.
func signedFolder(key ed25519.PrivateKey) fstest.MapFS {
	files := map[string]string{"index.html": "<h1>lore</h1>", "lore/bundles/a.json": `{"id":"a"}`}
	var list []ManifestFile
	fsys := fstest.MapFS{}
	for _, p := range []string{"index.html", "lore/bundles/a.json"} {
		sum := sha256.Sum256([]byte(files[p]))
		list = append(list, ManifestFile{Path: p, SHA256: hex.EncodeToString(sum[:]), Bytes: int64(len(files[p]))})
		fsys[p] = &fstest.MapFile{Data: []byte(files[p])}
	}
	manifest, _ := json.Marshal(map[string]any{"schema": "lore.manifest/v1", "files": list})
	fsys[ManifestFileName] = &fstest.MapFile{Data: manifest}
	fsys[SignatureFile] = &fstest.MapFile{Data: SignManifest(key, manifest)}
	return fsys
}

func testKey(seed byte) ed25519.PrivateKey {
	s := make([]byte, ed25519.SeedSize)
	s[0] = seed
	return ed25519.NewKeyFromSeed(s)
}

func pubLine(k ed25519.PrivateKey) []byte {
	return []byte(AuthorizedKey(k.Public().(ed25519.PublicKey), "test"))
}

func TestVerifyManifestTampers(t *testing.T) {
	key := testKey(1)
	flip := func(b []byte, i int) []byte {
		c := append([]byte(nil), b...)
		c[i%len(c)] ^= 0x01
		return c
	}
	for _, tc := range []struct {
		name   string
		tamper func(fstest.MapFS)
		pub    []byte
		want   string // in the error; "" for none
	}{
		{"as signed", func(fstest.MapFS) {}, nil, ""},
		{"a byte flipped in a page", func(f fstest.MapFS) { f["index.html"].Data = flip(f["index.html"].Data, 3) }, nil, "1 changed (index.html)"},
		{"a byte flipped in a bundle", func(f fstest.MapFS) { f["lore/bundles/a.json"].Data = flip(f["lore/bundles/a.json"].Data, 5) }, nil, "1 changed (lore/bundles/a.json)"},
		{"a byte flipped in the manifest", func(f fstest.MapFS) { f[ManifestFileName].Data = flip(f[ManifestFileName].Data, 40) }, nil, "manifest.json.sig: the signature does not match"},
		{"a byte flipped in the signature", func(f fstest.MapFS) {
			d := f[SignatureFile].Data
			i := strings.Index(string(d), "\n") + 20
			c := append([]byte(nil), d...)
			if c[i] == 'A' {
				c[i] = 'B'
			} else {
				c[i] = 'A'
			}
			f[SignatureFile].Data = c
		}, nil, "manifest.json.sig: "},
		{"a file added", func(f fstest.MapFS) { f["extra.html"] = &fstest.MapFile{Data: []byte("x")} }, nil, "1 added (extra.html)"},
		{"a file removed", func(f fstest.MapFS) { delete(f, "index.html") }, nil, "1 removed (index.html)"},
		{"the signature removed", func(f fstest.MapFS) { delete(f, SignatureFile) }, nil, "manifest.json.sig: missing: the output is not signed"},
		{"signed by another key", func(f fstest.MapFS) { f[SignatureFile].Data = SignManifest(testKey(2), f[ManifestFileName].Data) }, nil, "which is not a trusted key"},
		{"signed in another namespace", func(f fstest.MapFS) {
			f[SignatureFile].Data = sshsign(key, "file", f[ManifestFileName].Data)
		}, nil, `the signature is for namespace "file", not "lore-manifest"`},
		{"trusted among several keys", func(fstest.MapFS) {}, append(append(pubLine(testKey(3)), '\n'), pubLine(key)...), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := signedFolder(key)
			tc.tamper(f)
			pub := tc.pub
			if pub == nil {
				pub = pubLine(key)
			}
			err := VerifyManifest(pub, f)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("VerifyManifest = %v, want nil", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("VerifyManifest = %v, want %q", err, tc.want)
			}
			var me *ManifestError
			if tc.want != "" && !errors.As(err, &me) {
				t.Errorf("a tampered folder gives %T, want *ManifestError", err)
			}
		})
	}
}

func TestVerifyManifestRefuses(t *testing.T) {
	key := testKey(1)
	for _, tc := range []struct {
		name     string
		manifest string
		want     string
	}{
		{"no files list", `{"schema":"lore.manifest/v1"}`, "lists no files"},
		{"a path out of the folder", `{"schema":"lore.manifest/v1","files":[{"path":"../etc/passwd","sha256":"00","bytes":1}]}`, `lists "../etc/passwd"`},
		{"the manifest itself", `{"schema":"lore.manifest/v1","files":[{"path":"manifest.json","sha256":"00","bytes":1}]}`, "not a file of the output"},
		{"a path twice", `{"schema":"lore.manifest/v1","files":[{"path":"a","sha256":"00","bytes":1},{"path":"a","sha256":"00","bytes":1}]}`, "twice"},
		{"another schema", `{"schema":"lore.manifest/v9","files":[]}`, "lore.manifest/v9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fstest.MapFS{ManifestFileName: {Data: []byte(tc.manifest)}, SignatureFile: {Data: SignManifest(key, []byte(tc.manifest))}}
			err := VerifyManifest(pubLine(key), f)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("VerifyManifest = %v, want %q", err, tc.want)
			}
		})
	}
	if err := VerifyManifest([]byte("ssh-rsa AAAAB3NzaC1yc2E= x\n"), fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), "no ssh-ed25519 key (found ssh-rsa)") {
		t.Errorf("an RSA key: %v", err)
	}
	if err := VerifyManifest(pubLine(key), fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), "cannot read manifest.json") {
		t.Errorf("no manifest: %v", err)
	}
}

// TestParsePublicKeys reads .pub, authorized_keys and allowed_signers lines.
func TestParsePublicKeys(t *testing.T) {
	k1, k2 := testKey(1), testKey(2)
	b64 := func(k ed25519.PrivateKey) string { return strings.Fields(string(pubLine(k)))[1] }
	src := "# team keys\n" +
		"ssh-ed25519 " + b64(k1) + " alice\n" +
		"ci@example.com namespaces=\"lore-manifest\" ssh-ed25519 " + b64(k2) + "\n" +
		"ssh-rsa AAAAB3NzaC1yc2E= bob\n"
	keys, err := ParsePublicKeys([]byte(src))
	if err != nil || len(keys) != 2 || !keys[0].Equal(k1.Public()) || !keys[1].Equal(k2.Public()) {
		t.Fatalf("ParsePublicKeys = %d keys, %v", len(keys), err)
	}
}

func FuzzVerifyManifest(f *testing.F) {
	key := testKey(1)
	good := signedFolder(key)
	f.Add(good[ManifestFileName].Data, good[SignatureFile].Data)
	f.Add([]byte(`{"schema":"lore.manifest/v1","files":null}`), []byte("-----BEGIN SSH SIGNATURE-----\nU1NIU0lH\n-----END SSH SIGNATURE-----\n"))
	f.Fuzz(func(t *testing.T, manifest, sig []byte) {
		fsys := signedFolder(key)
		fsys[ManifestFileName] = &fstest.MapFile{Data: manifest}
		fsys[SignatureFile] = &fstest.MapFile{Data: sig}
		err := VerifyManifest(pubLine(key), fsys)
		if err == nil && string(sig) != string(SignManifest(key, manifest)) {
			// Only lore's own signature of these bytes (or an equivalent
			// one) verifies; anything else must be refused.
			if _, perr := parseSSHSig(sig); perr != nil {
				t.Fatalf("accepted an unparsable signature %q", sig)
			}
		}
	})
}
