package bundle

import (
	"io/fs"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
)

// countingFS counts the bytes read from its files and the files opened.
type countingFS struct {
	fs.FS
	read   atomic.Int64
	opened map[string]bool
}

func (c *countingFS) Open(name string) (fs.File, error) {
	f, err := c.FS.Open(name)
	if err != nil {
		return nil, err
	}
	c.opened[name] = true
	return &countingFile{File: f, n: &c.read}, nil
}

func (c *countingFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(c.FS, name) }

func (c *countingFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(c.FS, name) }

type countingFile struct {
	fs.File
	n *atomic.Int64
}

func (f *countingFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	f.n.Add(int64(n))
	return n, err
}

// A listed file is read no further than the size the manifest records
// (and one byte more, to see that it is longer): a link to /dev/zero in a
// published folder would otherwise be hashed forever.
func TestVerifyManifestReadsNoMoreThanListed(t *testing.T) {
	key := testKey(1)
	folder := signedFolder(key)
	big := strings.Repeat("x", 8<<20)
	folder["index.html"] = &fstest.MapFile{Data: []byte(big)}
	c := &countingFS{FS: folder, opened: map[string]bool{}}
	err := VerifyManifest(pubLine(key), c)
	if err == nil || !strings.Contains(err.Error(), "1 changed (index.html)") {
		t.Fatalf("error %v, want index.html changed", err)
	}
	// manifest.json, its signature, the bundle (10 bytes) and at most
	// 14 bytes of index.html.
	if got := c.read.Load(); got > 1<<20 {
		t.Errorf("read %d bytes of an 8 MiB file the manifest lists at 13 bytes", got)
	}
}

// A file that is no regular file (a named pipe nobody writes, a device) is
// changed, and never opened: opening a pipe waits for a writer.
func TestVerifyManifestNoRegularFile(t *testing.T) {
	key := testKey(1)
	for _, mode := range []fs.FileMode{fs.ModeNamedPipe, fs.ModeDevice | fs.ModeCharDevice} {
		folder := signedFolder(key)
		folder["index.html"].Mode = mode
		c := &countingFS{FS: folder, opened: map[string]bool{}}
		err := VerifyManifest(pubLine(key), c)
		if err == nil || !strings.Contains(err.Error(), "1 changed (index.html)") {
			t.Errorf("%v: error %v, want index.html changed", mode, err)
		}
		if c.opened["index.html"] {
			t.Errorf("%v: index.html was opened", mode)
		}
		folder = signedFolder(key)
		folder[ManifestFileName].Mode = mode
		c = &countingFS{FS: folder, opened: map[string]bool{}}
		if err := VerifyManifest(pubLine(key), c); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%v manifest: error %v, want not a regular file", mode, err)
		}
		if c.opened[ManifestFileName] {
			t.Errorf("%v: manifest.json was opened", mode)
		}
	}
}
