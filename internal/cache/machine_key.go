package cache

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// A cache folder lives in the project, so whoever can commit to the
// project can commit one: a pull request that adds .lore-cache/ (git add
// -f) with page bodies holding a script, or lint reports that say "no
// findings" for a manual that has some, would have them published or
// passed by the next build, since a value's SHA-256 shows that it is
// whole, not who wrote it. The folder's tag therefore carries an HMAC of
// its format and lore identity under a secret of this machine and user,
// kept outside every project; a folder whose tag does not carry this
// machine's is emptied before anything is read from it.

// KeyFile returns where the machine key lives: lore/cache-key in the
// user's cache folder (os.UserCacheDir).
func KeyFile() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "lore", "cache-key"), nil
}

// keySize is the size of a machine key in bytes.
const keySize = 32

// MachineKey returns the key in file, creating it (32 random bytes,
// readable by its owner only) when it is missing. The key belongs to the
// machine, not to a project: it is read from the OS file system whatever
// file system the project is on (a project on a base-path file system must
// not receive it among its files).
func MachineKey(file string) ([]byte, error) {
	b, err := os.ReadFile(file)
	if err == nil && len(b) == keySize {
		return b, nil
	}
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		if err == nil {
			err = fmt.Errorf("%s is not a key of %d bytes", file, keySize)
		}
		return nil, err
	}
	key := make([]byte, keySize)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return MachineKey(file) // another lore made it first
	}
	if err != nil {
		return nil, err
	}
	_, werr := f.Write(key)
	if err := errors.Join(werr, f.Close()); err != nil {
		return nil, err
	}
	return key, nil
}

// stamp is the authenticator of a tag under key.
func stamp(key []byte, t tag) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(t.Schema + "\x00" + t.Lore))
	return hex.EncodeToString(m.Sum(nil))
}
