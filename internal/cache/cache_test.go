package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

func key(s string) Key { return NewHasher("test").String(s).Sum() }

// fill stores a table entry and two pack values, and saves.
func fill(t *testing.T, fs afero.Fs) {
	t.Helper()
	c := Open(fs, ".lore-cache", "lore-1", testKeyFile)
	c.Table("tokens").Put(key("a"), []byte("42"))
	c.Pack("html").Put(key("p1"), []byte("<p>one</p>"))
	c.Pack("html").Put(key("p2"), []byte("<p>two</p>"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if p := c.Problems(); len(p) > 0 {
		t.Fatalf("problems on a fresh cache: %v", p)
	}
}

func TestRoundTrip(t *testing.T) {
	fs := afero.NewMemMapFs()
	fill(t, fs)
	c := Open(fs, ".lore-cache", "lore-1", testKeyFile)
	if v, ok := c.Table("tokens").Get(key("a")); !ok || string(v) != "42" {
		t.Fatalf("table: %q %v", v, ok)
	}
	for k, want := range map[string]string{"p1": "<p>one</p>", "p2": "<p>two</p>"} {
		if v, ok := c.Pack("html").Get(key(k)); !ok || string(v) != want {
			t.Fatalf("pack %s: %q %v", k, v, ok)
		}
	}
	if _, ok := c.Pack("html").Get(key("p3")); ok {
		t.Fatal("a value never stored was found")
	}
	if p := c.Problems(); len(p) > 0 {
		t.Fatalf("problems: %v", p)
	}
	for _, f := range []string{tagFile, "CACHEDIR.TAG", ".gitignore"} {
		if _, err := fs.Stat(".lore-cache/" + f); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}
}

// TestUnusedEntriesDropped: a save keeps what was used since the last one.
func TestUnusedEntriesDropped(t *testing.T) {
	fs := afero.NewMemMapFs()
	fill(t, fs)
	c := Open(fs, ".lore-cache", "lore-1", testKeyFile)
	c.Pack("html").Keep(key("p1"))
	c.Table("tokens").Get(key("a"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	c = Open(fs, ".lore-cache", "lore-1", testKeyFile)
	if _, ok := c.Pack("html").Get(key("p1")); !ok {
		t.Error("a kept value was dropped")
	}
	if c.Pack("html").Has(key("p2")) {
		t.Error("an unused value was kept")
	}
}

// TestCompaction: when most of a pack is dead it is rewritten with the
// live values only.
func TestCompaction(t *testing.T) {
	fs := afero.NewMemMapFs()
	c := Open(fs, ".lore-cache", "lore-1", testKeyFile)
	big := bytes.Repeat([]byte("x"), 1<<20)
	for i := range 8 {
		c.Pack("html").Put(key(fmt.Sprint(i)), append([]byte(fmt.Sprint(i)), big...))
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	c = Open(fs, ".lore-cache", "lore-1", testKeyFile)
	c.Pack("html").Keep(key("3"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	fi, err := fs.Stat(".lore-cache/html.pack")
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > 2<<20 {
		t.Errorf("pack of %d bytes after compaction", fi.Size())
	}
	c = Open(fs, ".lore-cache", "lore-1", testKeyFile)
	if v, ok := c.Pack("html").Get(key("3")); !ok || v[0] != '3' || len(v) != 1+1<<20 {
		t.Error("the live value did not survive compaction")
	}
}

// TestDamagedCache: every kind of damage is detected, noted and turns
// into a miss; nothing damaged is returned.
func TestDamagedCache(t *testing.T) {
	cases := []struct {
		name   string
		damage func(fs afero.Fs)
		check  func(t *testing.T, c *Cache)
		note   string
	}{
		{"foreign format", func(fs afero.Fs) {
			afero.WriteFile(fs, ".lore-cache/"+tagFile, []byte(`{"schema":"lore.cache/v0","lore":"lore-1"}`), 0o644)
		}, everythingMissing, "another format"},
		{"not a tag", func(fs afero.Fs) {
			afero.WriteFile(fs, ".lore-cache/"+tagFile, []byte("garbage"), 0o644)
		}, everythingMissing, "another format"},
		{"folder without tag", func(fs afero.Fs) {
			fs.Remove(".lore-cache/" + tagFile)
		}, everythingMissing, "not a lore cache"},
		{"truncated table", func(fs afero.Fs) {
			b, _ := afero.ReadFile(fs, ".lore-cache/tokens.tab")
			afero.WriteFile(fs, ".lore-cache/tokens.tab", b[:len(b)-5], 0o644)
		}, tableMissing, "checksum mismatch"},
		{"flipped table byte", func(fs afero.Fs) {
			b, _ := afero.ReadFile(fs, ".lore-cache/tokens.tab")
			b[len(tableMagic)+40] ^= 1
			afero.WriteFile(fs, ".lore-cache/tokens.tab", b, 0o644)
		}, tableMissing, "checksum mismatch"},
		{"truncated pack", func(fs afero.Fs) {
			b, _ := afero.ReadFile(fs, ".lore-cache/html.pack")
			afero.WriteFile(fs, ".lore-cache/html.pack", b[:len(b)-3], 0o644)
		}, func(t *testing.T, c *Cache) {
			if _, ok := c.Pack("html").Get(key("p2")); ok {
				t.Error("a value cut off by truncation was returned")
			}
			if v, ok := c.Pack("html").Get(key("p1")); !ok || string(v) != "<p>one</p>" {
				t.Error("an intact value before the cut was lost")
			}
		}, "truncated"},
		{"flipped pack byte", func(fs afero.Fs) {
			b, _ := afero.ReadFile(fs, ".lore-cache/html.pack")
			i := bytes.Index(b, []byte("two"))
			b[i] = 'T'
			afero.WriteFile(fs, ".lore-cache/html.pack", b, 0o644)
		}, func(t *testing.T, c *Cache) {
			if v, ok := c.Pack("html").Get(key("p2")); ok {
				t.Errorf("a damaged value was returned: %q", v)
			}
		}, "checksum mismatch"},
		{"pack replaced", func(fs afero.Fs) {
			afero.WriteFile(fs, ".lore-cache/html.pack", []byte("<p>one</p><p>two</p>"), 0o644)
		}, func(t *testing.T, c *Cache) {
			if c.Pack("html").Has(key("p1")) {
				t.Error("the index of a foreign pack was kept")
			}
		}, "not a lore pack"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fs := afero.NewMemMapFs()
			fill(t, fs)
			tc.damage(fs)
			c := Open(fs, ".lore-cache", "lore-1", testKeyFile)
			tc.check(t, c)
			if p := strings.Join(c.Problems(), "\n"); !strings.Contains(p, tc.note) {
				t.Errorf("problems %q do not mention %q", p, tc.note)
			}
			// The next save leaves a sound cache.
			c.Table("tokens").Put(key("b"), []byte("7"))
			if err := c.Save(); err != nil {
				t.Fatal(err)
			}
			c = Open(fs, ".lore-cache", "lore-1", testKeyFile)
			if v, ok := c.Table("tokens").Get(key("b")); !ok || string(v) != "7" {
				t.Error("the cache does not work after the damage")
			}
		})
	}
}

func everythingMissing(t *testing.T, c *Cache) {
	tableMissing(t, c)
	if c.Pack("html").Has(key("p1")) {
		t.Error("a pack value of a discarded cache is still there")
	}
}

func tableMissing(t *testing.T, c *Cache) {
	if v, ok := c.Table("tokens").Get(key("a")); ok {
		t.Errorf("a value of a discarded table was returned: %q", v)
	}
}

// TestOtherLore: a cache written by another lore is emptied silently (an
// upgrade is no damage).
func TestOtherLore(t *testing.T) {
	fs := afero.NewMemMapFs()
	fill(t, fs)
	c := Open(fs, ".lore-cache", "lore-2", testKeyFile)
	everythingMissing(t, c)
	if p := c.Problems(); len(p) > 0 {
		t.Errorf("an upgrade was reported as a problem: %v", p)
	}
}

func TestRemove(t *testing.T) {
	fs := afero.NewMemMapFs()
	fill(t, fs)
	if ok, err := Remove(fs, ".lore-cache"); !ok || err != nil {
		t.Fatalf("remove: %v %v", ok, err)
	}
	if _, err := fs.Stat(".lore-cache"); err == nil {
		t.Fatal("the cache is still there")
	}
	if ok, err := Remove(fs, ".lore-cache"); ok || err != nil {
		t.Fatalf("removing a missing cache: %v %v", ok, err)
	}
	afero.WriteFile(fs, "notes/a.txt", []byte("mine"), 0o644)
	if _, err := Remove(fs, "notes"); err == nil {
		t.Fatal("a folder that is not a cache was removed")
	}
}

// TestForeignFolder: a folder of the cache's name that holds someone
// else's files is neither emptied nor used; the build goes on in memory.
func TestForeignFolder(t *testing.T) {
	fs := afero.NewMemMapFs()
	afero.WriteFile(fs, ".lore-cache/notes.txt", []byte("mine"), 0o644)
	c := Open(fs, ".lore-cache", "lore-1", testKeyFile)
	c.Table("tokens").Put(key("a"), []byte("1"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if v, ok := c.Table("tokens").Get(key("a")); !ok || string(v) != "1" {
		t.Error("the cache in memory does not work")
	}
	entries, _ := afero.ReadDir(fs, ".lore-cache")
	if len(entries) != 1 {
		t.Errorf("the foreign folder was changed: %d entries", len(entries))
	}
	if p := strings.Join(c.Problems(), "\n"); !strings.Contains(p, "notes.txt") {
		t.Errorf("problems %q do not name the foreign file", p)
	}
}

// BenchmarkHasher measures keys of the two shapes builds make by the
// hundred thousand: a short key (a few parts, as a compressed sibling's)
// and a view's (thousands of short parts).
func BenchmarkHasher(b *testing.B) {
	var k Key
	b.Run("short", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			k = NewHasher("precompress").String(".br").Int(11).Key(k).Sum()
		}
	})
	b.Run("view", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			h := NewHasher("site/page")
			for i := range 2000 {
				h.String("field").Int(i)
			}
			k = h.Key(k).Sum()
		}
	})
}

// A key is the SHA-256 of its parts' stream (each with its length),
// however the parts fall on the Hasher's buffer: short and long parts,
// strings, bytes, ints and keys, in any mix.
func TestHasherIsItsStream(t *testing.T) {
	var want []byte
	str := func(s string) []byte { return append(binary.AppendUvarint(nil, uint64(len(s))), s...) }
	h := NewHasher("kind")
	want = append(want, str("kind")...)
	for i := range 300 {
		s := strings.Repeat("x", (i*37)%700)
		h.String(s).Int(-i).Bytes([]byte(s[:len(s)/2])).Key(Key{byte(i)})
		want = append(want, str(s)...)
		want = binary.AppendVarint(want, int64(-i))
		want = append(want, str(s[:len(s)/2])...)
		k := Key{byte(i)}
		want = append(want, k[:]...)
	}
	if got := h.Sum(); got != Key(sha256.Sum256(want)) {
		t.Errorf("key %x is not the SHA-256 of its stream", got)
	}
}
