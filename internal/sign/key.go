// Package sign makes and reads the keys of signed publishing and signs a
// published output folder: OpenSSH ed25519 keys (the files ssh-keygen -t
// ed25519 writes) and OpenSSH signatures (SSHSIG, build/bundle), so that
// ssh-keygen -Y verify checks what lore signs and lore checks what
// ssh-keygen -Y sign signs.
package sign

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/pem"
	"errors"
	"fmt"
	"io"

	"github.com/lorekit/lore/build/bundle"
)

const (
	pemType    = "OPENSSH PRIVATE KEY"
	keyMagic   = "openssh-key-v1\x00"
	keyTypeEd  = "ssh-ed25519"
	blockSize  = 8 // the padding unit of an unencrypted key
	lineLength = 70
)

// ErrEncrypted is returned for a private key protected by a passphrase.
var ErrEncrypted = errors.New("the private key is encrypted with a passphrase, which lore does not read: " +
	"sign with ssh-keygen instead (ssh-keygen -Y sign -n " + bundle.SignatureNamespace + " -f KEY DIR/" + bundle.ManifestFileName +
	"), or use a key without a passphrase kept as a CI secret")

// Generate makes a new ed25519 key pair from random and returns the
// private key in OpenSSH's format (what ssh-keygen -t ed25519 writes) and
// the public key as a .pub line with comment.
func Generate(random io.Reader, comment string) (private []byte, public string, err error) {
	if random == nil {
		random = rand.Reader
	}
	pub, priv, err := ed25519.GenerateKey(random)
	if err != nil {
		return nil, "", err
	}
	var check [4]byte
	if _, err := io.ReadFull(random, check[:]); err != nil {
		return nil, "", err
	}
	return MarshalPrivateKey(priv, comment, binary.BigEndian.Uint32(check[:])), bundle.AuthorizedKey(pub, comment), nil
}

// MarshalPrivateKey writes key in OpenSSH's private key format, without
// encryption; check is the check number the format repeats twice.
func MarshalPrivateKey(key ed25519.PrivateKey, comment string, check uint32) []byte {
	pub := key.Public().(ed25519.PublicKey)
	pubBlob := str(str(nil, []byte(keyTypeEd)), pub)
	var priv []byte
	priv = binary.BigEndian.AppendUint32(priv, check)
	priv = binary.BigEndian.AppendUint32(priv, check)
	priv = str(priv, []byte(keyTypeEd))
	priv = str(priv, pub)
	priv = str(priv, key)
	priv = str(priv, []byte(comment))
	for i := byte(1); len(priv)%blockSize != 0; i++ {
		priv = append(priv, i)
	}
	var b []byte
	b = append(b, keyMagic...)
	b = str(b, []byte("none"))
	b = str(b, []byte("none"))
	b = str(b, nil)
	b = binary.BigEndian.AppendUint32(b, 1)
	b = str(b, pubBlob)
	b = str(b, priv)
	enc := base64.StdEncoding.EncodeToString(b)
	var out bytes.Buffer
	out.WriteString("-----BEGIN " + pemType + "-----\n")
	for len(enc) > lineLength {
		out.WriteString(enc[:lineLength] + "\n")
		enc = enc[lineLength:]
	}
	out.WriteString(enc + "\n-----END " + pemType + "-----\n")
	return out.Bytes()
}

// ParsePrivateKey reads an OpenSSH ed25519 private key without a
// passphrase (lore keygen's, or ssh-keygen -t ed25519 -N "").
func ParsePrivateKey(data []byte) (ed25519.PrivateKey, error) {
	block, _ := pem.Decode(data)
	if block == nil || block.Type != pemType {
		return nil, errors.New("not an OpenSSH private key (expected -----BEGIN " + pemType + "-----; make one with lore keygen or ssh-keygen -t ed25519)")
	}
	b, ok := bytes.CutPrefix(block.Bytes, []byte(keyMagic))
	if !ok {
		return nil, errors.New("not an OpenSSH private key (magic)")
	}
	r := &reader{rest: b}
	cipher, kdf, _ := r.str(), r.str(), r.str()
	n := r.u32()
	_ = r.str() // the public key, repeated inside
	priv := r.str()
	if r.err != nil {
		return nil, errors.New("the private key is truncated")
	}
	if string(cipher) != "none" || string(kdf) != "none" {
		return nil, ErrEncrypted
	}
	if n != 1 {
		return nil, fmt.Errorf("the file holds %d keys, lore reads files of one", n)
	}
	p := &reader{rest: priv}
	c1, c2 := p.u32(), p.u32()
	typ := p.str()
	if p.err == nil && c1 != c2 {
		return nil, errors.New("the private key is corrupt (check numbers differ)")
	}
	if string(typ) != keyTypeEd {
		return nil, fmt.Errorf("key type %q: lore signs with %s keys (ssh-keygen -t ed25519, or lore keygen)", typ, keyTypeEd)
	}
	pub, sk := p.str(), p.str()
	if p.err != nil || len(pub) != ed25519.PublicKeySize || len(sk) != ed25519.PrivateKeySize {
		return nil, errors.New("the ed25519 private key is malformed")
	}
	key := ed25519.PrivateKey(bytes.Clone(sk))
	if !bytes.Equal(key.Public().(ed25519.PublicKey), pub) {
		return nil, errors.New("the private key does not match its public key")
	}
	return key, nil
}

func str(b, s []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

type reader struct {
	rest []byte
	err  error
}

func (r *reader) u32() uint32 {
	if r.err != nil || len(r.rest) < 4 {
		r.err = errors.New("truncated")
		return 0
	}
	v := binary.BigEndian.Uint32(r.rest)
	r.rest = r.rest[4:]
	return v
}

func (r *reader) str() []byte {
	n := r.u32()
	if r.err != nil || uint64(n) > uint64(len(r.rest)) {
		r.err = errors.New("truncated")
		return nil
	}
	s := r.rest[:n]
	r.rest = r.rest[n:]
	return s
}
