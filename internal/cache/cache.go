// Package cache is lore's build cache: the results of expensive build
// steps (rendered page bodies, highlighted code, token counts, lint
// reports, the record of what was published) kept between builds in a
// folder of the project (.lore-cache/), keyed by hashes of their inputs.
//
// Nothing read from the cache is trusted: the folder carries a tag with
// the format and the identity of the lore that wrote it, every file (and
// every record of a table's log) ends in a SHA-256 of its content and
// every stored value is checked against
// its own SHA-256 when it is read. A foreign, damaged or truncated cache,
// or a single bad value, is discarded (and noted in Problems); the build
// then computes what it needed, as without a cache.
//
// All access goes through an afero file system. A Cache is safe for
// concurrent use.
package cache

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/par"
)

// schemaVersion is the format of the cache folder; a folder of another format is
// discarded.
const schemaVersion = "lore.cache/v1"

// tagFile names the folder's tag: its format and the lore that wrote it.
const tagFile = "lore-cache.json"

// cachedirTag marks the folder as a cache for backup tools
// (https://bford.info/cachedir/).
const cachedirTag = "Signature: 8a477f597d28d172789f06886806bc55\n# This folder is lore's build cache; 'lore clean' removes it.\n"

// Key identifies a cached value: the SHA-256 of everything it was computed
// from.
type Key [32]byte

// String returns the key in hex.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// IsZero reports whether k is the zero key.
func (k Key) IsZero() bool { return k == Key{} }

// Cache is an opened cache folder.
type Cache struct {
	fs  afero.Fs
	dir string
	// inMemory: the folder held foreign files, the cache is kept in
	// memory instead.
	inMemory bool

	mu     sync.Mutex // guards tables and packs
	tables map[string]*Table
	packs  map[string]*Pack

	pmu      sync.Mutex // guards problems
	problems []string
}

type tag struct {
	Schema string `json:"schema"`
	Lore   string `json:"lore"`
	// Stamp is the HMAC of Schema and Lore under the machine key
	// (machine_key.go): it shows that lore wrote the folder here.
	Stamp string `json:"stamp"`
}

// Open opens the cache folder dir on fsys for a lore identified by build
// (its version and binary: values computed by another lore are not
// reused) on the machine whose key is in keyFile (MachineKey; "":
// KeyFile). A missing folder is created; a folder of another format or
// another lore, one another machine or user wrote (a copy, or a folder
// committed to the project), or one that cannot be read, is emptied.
// Without a key the cache is kept in memory only, and so it is when dir
// is a symbolic link, or lies in one, that leads out of the folder that
// holds it (the project): lore writes nothing through it. Open never fails: at
// worst the cache starts empty and its problem is noted.
func Open(fsys afero.Fs, dir, build, keyFile string) *Cache {
	c := &Cache{fs: fsys, dir: path.Clean(dir), tables: map[string]*Table{}, packs: map[string]*Pack{}}
	if why := linkedOut(fsys, c.dir); why != "" {
		// A committed link (.lore-cache -> /home/ci/…): nothing is read
		// or written through it, not even the tag.
		c.notef("%s", why)
		c.fs, c.dir, c.inMemory = afero.NewMemMapFs(), "cache", true
		return c
	}
	if why := specialEntry(fsys, c.dir); why != "" {
		c.notef("%s", why)
		c.fs, c.dir, c.inMemory = afero.NewMemMapFs(), "cache", true
		return c
	}
	var err error
	if keyFile == "" {
		keyFile, err = KeyFile()
	}
	var key []byte
	if err == nil {
		key, err = MachineKey(keyFile)
	}
	if err != nil {
		c.notef("no machine key to sign the build cache with (%v): it is kept in memory only", err)
		c.fs, c.dir, key = afero.NewMemMapFs(), "cache", []byte("memory")
	}
	want := tag{Schema: schemaVersion, Lore: build}
	want.Stamp = stamp(key, want)
	b, err := afero.ReadFile(fsys, c.file(tagFile))
	var got tag
	if err != nil || json.Unmarshal(b, &got) != nil || got.Schema != schemaVersion {
		if foreign := c.foreignFiles(); len(foreign) > 0 {
			// Not lore's folder: leave it alone, keep the cache in memory.
			c.notef("%s holds files lore did not write (%s): the build cache is off; move them away", c.dir, strings.Join(foreign, ", "))
			c.fs, c.dir, c.inMemory = afero.NewMemMapFs(), "cache", true
			return c
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if entries, _ := afero.ReadDir(fsys, c.dir); len(entries) > 0 {
			c.notef("%s has no %s: not a lore cache, emptied", c.dir, tagFile)
			c.wipe()
		}
	case err != nil:
		c.notef("cannot read %s: %v; the cache is emptied", c.file(tagFile), err)
		c.wipe()
	case json.Unmarshal(b, &got) != nil || got.Schema != schemaVersion:
		c.notef("%s is of another format (%q, this lore writes %q): emptied", c.dir, got.Schema, schemaVersion)
		c.wipe()
	case got.Lore != build:
		c.wipe() // another lore (an upgrade): its results may differ
	case !hmac.Equal([]byte(got.Stamp), []byte(want.Stamp)):
		c.notef("%s was not written by lore on this machine (a copy, or a folder committed to the project): emptied, nothing read from it", c.dir)
		c.wipe()
	}
	if err := c.writeTag(want); err != nil {
		c.notef("cannot write the cache %s: %v", c.dir, err)
	}
	return c
}

func (c *Cache) file(name string) string { return path.Join(c.dir, name) }

func (c *Cache) notef(format string, args ...any) {
	c.pmu.Lock()
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
	c.pmu.Unlock()
}

// Problems returns what was found wrong with the cache and discarded.
func (c *Cache) Problems() []string {
	c.pmu.Lock()
	defer c.pmu.Unlock()
	return slices.Clone(c.problems)
}

// foreignFiles lists the files in the folder whose names lore does not
// write.
func (c *Cache) foreignFiles() []string {
	entries, _ := afero.ReadDir(c.fs, c.dir)
	var out []string
	for _, e := range entries {
		if !ours(e.Name(), e.IsDir()) {
			out = append(out, e.Name())
		}
	}
	return out
}

// FolderSuffix ends the name of every folder the cache holds (Folder).
const FolderSuffix = ".dir"

// Folder returns the cache's own folder, where a user of the cache may
// keep folders of its own: their names end in FolderSuffix (others are
// foreign), and the cache removes them with itself (wipe, Remove).
// ok is false when the cache is not on the file system it was opened on
// (a folder of foreign files kept it in memory).
func (c *Cache) Folder() (dir string, ok bool) {
	return c.dir, !c.inMemory
}

// ours reports whether a file (or, dir, a folder) name is one the cache
// writes.
func ours(name string, dir bool) bool {
	if dir {
		return strings.HasSuffix(name, FolderSuffix) && name != FolderSuffix
	}
	switch name {
	case tagFile, "CACHEDIR.TAG", ".gitignore", tagFile + ".tmp":
		return true
	}
	name = strings.TrimSuffix(name, ".tmp")
	name = strings.TrimSuffix(name, logSuffix)
	return strings.HasSuffix(name, ".tab") || strings.HasSuffix(name, ".pack")
}

// wipe empties the folder (it holds lore's files only).
func (c *Cache) wipe() {
	entries, _ := afero.ReadDir(c.fs, c.dir)
	for _, e := range entries {
		_ = c.fs.RemoveAll(c.file(e.Name()))
	}
}

func (c *Cache) writeTag(t tag) error {
	if err := c.fs.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	b, _ := json.Marshal(t)
	if old, err := afero.ReadFile(c.fs, c.file(tagFile)); err != nil || string(old) != string(b)+"\n" {
		if err := writeAtomic(c.fs, c.file(tagFile), append(b, '\n')); err != nil {
			return err
		}
	}
	for name, text := range map[string]string{"CACHEDIR.TAG": cachedirTag, ".gitignore": "# lore's build cache ('lore clean' removes it)\n*\n"} {
		if _, err := c.fs.Stat(c.file(name)); err != nil {
			if err := afero.WriteFile(c.fs, c.file(name), []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// Table returns the table called name, loading it on first use.
func (c *Cache) Table(name string) *Table {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.tables[name]
	if !ok {
		t = loadTable(c, name+".tab")
		c.tables[name] = t
	}
	return t
}

// Pack returns the pack called name, loading its index on first use.
func (c *Cache) Pack(name string) *Pack {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.packs[name]
	if !ok {
		p = openPack(c, name)
		c.packs[name] = p
	}
	return p
}

// Save writes what changed since Open: the changes of tables and pack
// indexes appended to their logs, or the tables replaced atomically when
// much of them changed (table_log.go); packs compacted when most of their
// bytes are dead.
// Only the entries used (read, written or kept) since Open or the last Save
// are kept: the cache holds what the last build needed.
func (c *Cache) Save() error {
	c.mu.Lock()
	tables := slices.Sorted(maps.Keys(c.tables))
	packs := slices.Sorted(maps.Keys(c.packs))
	c.mu.Unlock()
	// Each pack and table is its own file, under its own lock: they are
	// written on every core (after one edit at 10,000 manuals, some 44 MB
	// of tables of a single value each, the search analyses' 31 MB the
	// largest, and the logs of the others).
	errs := make([]error, len(packs)+len(tables))
	par.Each(len(errs), func(i int) {
		if i < len(packs) {
			errs[i] = c.Pack(packs[i]).save()
			return
		}
		errs[i] = c.Table(tables[i-len(packs)]).save()
	})
	return errors.Join(errs...)
}

// Remove deletes the cache folder dir on fsys (lore clean). A folder that
// holds files the cache does not write is left alone; a symbolic link is
// removed, not what it points to.
func Remove(fsys afero.Fs, dir string) (removed bool, err error) {
	if _, err := fsys.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if l, ok := fsys.(afero.Lstater); ok {
		if fi, _, err := l.LstatIfPossible(dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			// A link (one committed to the project, say): the link goes,
			// what it points to stays.
			return true, fsys.Remove(dir)
		}
	}
	c := &Cache{fs: fsys, dir: path.Clean(dir)}
	if foreign := c.foreignFiles(); len(foreign) > 0 {
		return false, fmt.Errorf("%s is not a lore cache (it holds %s): not removed", dir, strings.Join(foreign, ", "))
	}
	if err := fsys.RemoveAll(dir); err != nil {
		return false, err
	}
	return true, nil
}

// writeAtomic writes data to a file beside name and renames it over name.
func writeAtomic(fsys afero.Fs, name string, data []byte) error {
	tmp := name + ".tmp"
	if err := afero.WriteFile(fsys, tmp, data, 0o644); err != nil {
		return err
	}
	if err := fsys.Rename(tmp, name); err != nil {
		_ = fsys.Remove(tmp)
		return err
	}
	return nil
}

// sum is the SHA-256 of b.
func sum(b []byte) [32]byte { return sha256.Sum256(b) }
