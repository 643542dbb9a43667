package cache

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

// testKeyFile is the machine key's file of the tests (TestMain).
var testKeyFile string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "lore-cache-key")
	if err != nil {
		panic(err)
	}
	testKeyFile = filepath.Join(dir, "lore", "cache-key")
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestForeignMachineCacheEmptied: a cache folder written with another
// machine key — a copy, or one committed to the project with forged
// values — is emptied before anything is read from it, and the problem
// says why; the same folder opened with its own key is kept.
func TestForeignMachineCacheEmptied(t *testing.T) {
	fs := afero.NewMemMapFs()
	other := filepath.Join(t.TempDir(), "other-machine-key")
	c := Open(fs, ".lore-cache", "lore-1", other)
	c.Pack("html").Put(key("p1"), []byte("<script>alert(1)</script>"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if b, ok := Open(fs, ".lore-cache", "lore-1", other).Pack("html").Get(key("p1")); !ok || len(b) == 0 {
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
	file := filepath.Join(t.TempDir(), "lore", "cache-key")
	k1, err := MachineKey(file)
	if err != nil || len(k1) != keySize {
		t.Fatalf("MachineKey = %x, %v", k1, err)
	}
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("key file %v, %v: want mode 0600", fi, err)
	}
	if k2, err := MachineKey(file); err != nil || !bytes.Equal(k1, k2) {
		t.Errorf("second MachineKey = %x, %v; want %x", k2, err, k1)
	}
	if err := os.WriteFile(file, []byte("short"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := MachineKey(file); err == nil {
		t.Error("a key file of 5 bytes was accepted")
	}
	fs := afero.NewMemMapFs()
	c := Open(fs, ".lore-cache", "lore-1", file)
	if p := strings.Join(c.Problems(), "\n"); !strings.Contains(p, "kept in memory only") {
		t.Errorf("problems %q: want the cache kept in memory", p)
	}
	if _, err := fs.Stat(".lore-cache"); !os.IsNotExist(err) {
		t.Errorf("without a key the cache folder was written: %v", err)
	}
}
