package bundle

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// Signatures of published output are OpenSSH signatures (the SSHSIG
// format of ssh-keygen -Y sign, PROTOCOL.sshsig in OpenSSH) made with an
// ed25519 key: users have the tools to make and check them already
// (ssh-keygen, git's SSH signing), keys are the ones GitHub publishes for
// every user, and the format is a few lines of the standard library.

// SignatureNamespace is the SSHSIG namespace of a signed manifest:
//
//	ssh-keygen -Y sign -n lore-manifest -f KEY public/manifest.json
//	ssh-keygen -Y verify -n lore-manifest -I ID -f allowed_signers -s public/manifest.json.sig < public/manifest.json
const SignatureNamespace = "lore-manifest"

// SignatureFile is the signature of manifest.json beside it (the name
// ssh-keygen -Y sign gives it).
const SignatureFile = "manifest.json.sig"

const (
	sshsigMagic   = "SSHSIG"
	sshsigVersion = 1
	keyTypeEd     = "ssh-ed25519"
	armorBegin    = "-----BEGIN SSH SIGNATURE-----"
	armorEnd      = "-----END SSH SIGNATURE-----"
)

// SignManifest returns the signature of manifest (the bytes of
// manifest.json) by key, armored as ssh-keygen writes it.
func SignManifest(key ed25519.PrivateKey, manifest []byte) []byte {
	return sshsign(key, SignatureNamespace, manifest)
}

func sshsign(key ed25519.PrivateKey, namespace string, msg []byte) []byte {
	h := sha512.Sum512(msg)
	sig := ed25519.Sign(key, signedData(namespace, "sha512", h[:]))
	pub := key.Public().(ed25519.PublicKey)
	var blob []byte
	blob = append(blob, sshsigMagic...)
	blob = binary.BigEndian.AppendUint32(blob, sshsigVersion)
	blob = appendString(blob, publicKeyBlob(pub))
	blob = appendString(blob, []byte(namespace))
	blob = appendString(blob, nil)
	blob = appendString(blob, []byte("sha512"))
	blob = appendString(blob, appendString(appendString(nil, []byte(keyTypeEd)), sig))
	return armor(blob)
}

// signedData is what an SSHSIG signature signs.
func signedData(namespace, hash string, digest []byte) []byte {
	var b []byte
	b = append(b, sshsigMagic...)
	b = appendString(b, []byte(namespace))
	b = appendString(b, nil)
	b = appendString(b, []byte(hash))
	return appendString(b, digest)
}

// publicKeyBlob is the SSH wire form of an ed25519 public key.
func publicKeyBlob(pub ed25519.PublicKey) []byte {
	return appendString(appendString(nil, []byte(keyTypeEd)), pub)
}

// AuthorizedKey returns pub as a line of an authorized_keys or .pub file:
// "ssh-ed25519 AAAA… comment".
func AuthorizedKey(pub ed25519.PublicKey, comment string) string {
	line := keyTypeEd + " " + base64.StdEncoding.EncodeToString(publicKeyBlob(pub))
	if comment = strings.TrimSpace(comment); comment != "" {
		line += " " + comment
	}
	return line
}

func appendString(b, s []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

func armor(blob []byte) []byte {
	enc := base64.StdEncoding.EncodeToString(blob)
	var b bytes.Buffer
	b.WriteString(armorBegin + "\n")
	for len(enc) > 70 {
		b.WriteString(enc[:70] + "\n")
		enc = enc[70:]
	}
	b.WriteString(enc + "\n" + armorEnd + "\n")
	return b.Bytes()
}

// sshsig is a parsed signature.
type sshsig struct {
	pub       ed25519.PublicKey
	namespace string
	hash      string
	sig       []byte
}

// parseSSHSig reads an armored SSHSIG signature of an ed25519 key.
func parseSSHSig(data []byte) (*sshsig, error) {
	text := strings.TrimSpace(string(data))
	body, ok := strings.CutPrefix(text, armorBegin)
	if !ok {
		return nil, errors.New("not an SSH signature (no " + armorBegin + " line)")
	}
	body, ok = strings.CutSuffix(body, armorEnd)
	if !ok {
		return nil, errors.New("the SSH signature has no " + armorEnd + " line")
	}
	blob, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(body), ""))
	if err != nil {
		return nil, fmt.Errorf("the SSH signature is not base64: %v", err)
	}
	if !bytes.HasPrefix(blob, []byte(sshsigMagic)) {
		return nil, errors.New("not an SSHSIG signature (magic)")
	}
	r := wire(blob[len(sshsigMagic):])
	version := r.uint32()
	pubBlob, ns, _, hash, sigBlob := r.string(), r.string(), r.string(), r.string(), r.string()
	if r.err != nil || len(r.rest) != 0 {
		return nil, errors.New("the SSH signature is truncated or has trailing bytes")
	}
	if version != sshsigVersion {
		return nil, fmt.Errorf("SSHSIG version %d, want 1", version)
	}
	pub, err := parsePublicKeyBlob(pubBlob)
	if err != nil {
		return nil, err
	}
	sr := wire(sigBlob)
	typ, sig := sr.string(), sr.string()
	if sr.err != nil || string(typ) != keyTypeEd || len(sig) != ed25519.SignatureSize {
		return nil, fmt.Errorf("the signature is not an %s signature", keyTypeEd)
	}
	return &sshsig{pub: pub, namespace: string(ns), hash: string(hash), sig: sig}, nil
}

// verify checks the signature of msg in namespace.
func (s *sshsig) verify(namespace string, msg []byte) error {
	if s.namespace != namespace {
		return fmt.Errorf("the signature is for namespace %q, not %q", s.namespace, namespace)
	}
	var digest []byte
	switch s.hash {
	case "sha512":
		h := sha512.Sum512(msg)
		digest = h[:]
	case "sha256":
		h := sha256.Sum256(msg)
		digest = h[:]
	default:
		return fmt.Errorf("unknown hash algorithm %q in the signature", s.hash)
	}
	if !ed25519.Verify(s.pub, signedData(s.namespace, s.hash, digest), s.sig) {
		return errors.New("the signature does not match: the file was changed after it was signed, or signed with another key")
	}
	return nil
}

func parsePublicKeyBlob(b []byte) (ed25519.PublicKey, error) {
	r := wire(b)
	typ, key := r.string(), r.string()
	if r.err != nil || len(r.rest) != 0 {
		return nil, errors.New("malformed public key")
	}
	if string(typ) != keyTypeEd {
		return nil, fmt.Errorf("key type %q: lore signs and verifies with %s keys only", typ, keyTypeEd)
	}
	if len(key) != ed25519.PublicKeySize {
		return nil, errors.New("malformed ed25519 public key")
	}
	return ed25519.PublicKey(key), nil
}

// ParsePublicKeys reads the ed25519 keys of a public key file: .pub
// files, authorized_keys and allowed_signers lines ("ssh-ed25519 AAAA…
// [comment]", after a principal and options for allowed_signers).
// Comment lines and keys of other types are skipped; a file without an
// ed25519 key is an error.
func ParsePublicKeys(data []byte) ([]ed25519.PublicKey, error) {
	var out []ed25519.PublicKey
	other := ""
	for n, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		for i := 0; i+1 < len(f); i++ {
			if !strings.HasPrefix(f[i], "ssh-") && !strings.HasPrefix(f[i], "ecdsa-") && !strings.HasPrefix(f[i], "sk-") {
				continue
			}
			if f[i] != keyTypeEd {
				other = f[i]
				break
			}
			blob, err := base64.StdEncoding.DecodeString(f[i+1])
			if err != nil {
				return nil, fmt.Errorf("line %d: the key is not base64", n+1)
			}
			pub, err := parsePublicKeyBlob(blob)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n+1, err)
			}
			out = append(out, pub)
			break
		}
	}
	if len(out) == 0 {
		if other != "" {
			return nil, fmt.Errorf("no %s key (found %s): lore signs with ed25519 keys (ssh-keygen -t ed25519, or lore keygen)", keyTypeEd, other)
		}
		return nil, fmt.Errorf("no %s public key in the file (expected a line like \"ssh-ed25519 AAAA… name\")", keyTypeEd)
	}
	return out, nil
}

// wire reads the SSH wire encoding.
type wireReader struct {
	rest []byte
	err  error
}

func wire(b []byte) *wireReader { return &wireReader{rest: b} }

func (r *wireReader) uint32() uint32 {
	if r.err != nil || len(r.rest) < 4 {
		r.err = errors.New("truncated")
		return 0
	}
	v := binary.BigEndian.Uint32(r.rest)
	r.rest = r.rest[4:]
	return v
}

func (r *wireReader) string() []byte {
	n := r.uint32()
	if r.err != nil || uint64(n) > uint64(len(r.rest)) {
		r.err = errors.New("truncated")
		return nil
	}
	s := r.rest[:n]
	r.rest = r.rest[n:]
	return s
}
