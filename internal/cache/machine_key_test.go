package cache

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

// testKeyFile is the machine key's file in the tests' file systems.
const testKeyFile = "/home/user/.cache/lore/cache-key"

// TestForeignMachineCacheEmptied: a cache folder written with another
// machine key — a copy, or one committed to the project with forged
// values — is emptied before anything is read from it, and the problem
// says why; the same folder opened with its own key is kept.
func TestForeignMachineCacheEmptied(t *testing.T) {
	fs := afero.NewMemMapFs()
	c := Open(fs, ".lore-cache", "lore-1", "/other/machine/key")
	c.Pack("html").Put(key("p1"), []byte("<script>alert(1)</script>"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if b, ok := Open(fs, ".lore-cache", "lore-1", "/other/machine/key").Pack("html").Get(key("p1")); !ok || len(b) == 0 {
		t.Fatalf("the writer's own key: got %q, %v; want the value kept", b, ok)
	}
	c = Open(fs, ".lore-cache", "lore-1", testKeyFile)
	if b, ok := c.Pack("html").Get(key("p1")); ok {
		t.Errorf("a foreign cache's value was read: %q", b)
	}
	if p := strings.Join(c.Problems(), "\n"); !strings.Contains(p, "not written by lore on this machine") {
		t.Errorf("problems %q: want the foreign cache named", p)
	}
}

// TestMachineKey: the key is made once, 32 bytes readable by its owner
// only, and read back; a file of another size is refused, not replaced.
func TestMachineKey(t *testing.T) {
	fs := afero.NewMemMapFs()
	k1, err := MachineKey(fs, testKeyFile)
	if err != nil || len(k1) != keySize {
		t.Fatalf("MachineKey = %x, %v", k1, err)
	}
	if fi, err := fs.Stat(testKeyFile); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("key file %v, %v: want mode 0600", fi, err)
	}
	if k2, err := MachineKey(fs, testKeyFile); err != nil || !bytes.Equal(k1, k2) {
		t.Errorf("second MachineKey = %x, %v; want %x", k2, err, k1)
	}
	if err := afero.WriteFile(fs, testKeyFile, []byte("short"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := MachineKey(fs, testKeyFile); err == nil {
		t.Error("a key file of 5 bytes was accepted")
	}
	c := Open(fs, ".lore-cache", "lore-1", testKeyFile)
	if p := strings.Join(c.Problems(), "\n"); !strings.Contains(p, "kept in memory only") {
		t.Errorf("problems %q: want the cache kept in memory", p)
	}
	if _, err := fs.Stat(".lore-cache"); !os.IsNotExist(err) {
		t.Errorf("without a key the cache folder was written: %v", err)
	}
}
