package devserver

import (
	"container/list"
	"io/fs"
	"sync"

	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/precompress"
)

// The build writes no compressed siblings into the server's folder (a
// session's private output, build.RunOptions.Private): the server
// compresses the files it sends, and keeps the encodings of the files it
// sent last, by file identity, so that a page's scripts, styles and
// search index are compressed once per build that changes them rather
// than once per request.

// fileID identifies a file's content: a build replaces a file by renaming
// a new one over it (a new inode, a new time), never by writing into it.
type fileID struct {
	name     string
	dev, ino uint64
	size     int64
	mtime    int64
}

func idOf(name string, fi fs.FileInfo) fileID {
	dev, ino := inode(fi)
	return fileID{name: name, dev: dev, ino: ino, size: fi.Size(), mtime: fi.ModTime().UnixNano()}
}

// encoded are a file's encodings (nil: not worth sending, see
// precompress.Encode).
type encoded struct {
	id     fileID
	br, gz []byte
}

func (e *encoded) size() int { return len(e.br) + len(e.gz) }

// compressedCacheBytes bounds the encodings the server keeps: the whole
// browser-side search index of a 10,000-manual site, compressed, and
// some.
const compressedCacheBytes = 32 << 20

// encodings keeps the encodings of the files sent last, least recently
// used first out, up to max bytes.
type encodings struct {
	mu    sync.Mutex
	max   int
	bytes int
	order *list.List // of *encoded, most recently used first
	byID  map[fileID]*list.Element
	// byName finds the entry of an older version of a file, which a new
	// version replaces.
	byName map[string]*list.Element
}

func newEncodings(max int) *encodings {
	return &encodings{max: max, order: list.New(), byID: map[fileID]*list.Element{}, byName: map[string]*list.Element{}}
}

// of returns the encodings of the file id whose bytes read returns:
// compressed now unless kept. ok is false when the file cannot be read
// or its compression failed (it is then sent as it is).
func (c *encodings) of(id fileID, read func() ([]byte, error)) (e *encoded, ok bool) {
	c.mu.Lock()
	if el, found := c.byID[id]; found {
		c.order.MoveToFront(el)
		c.mu.Unlock()
		return el.Value.(*encoded), true
	}
	c.mu.Unlock()
	data, err := read()
	if err != nil {
		return nil, false
	}
	e = &encoded{id: id}
	if guard.Do(func() error { e.br, e.gz = precompress.Encode(data); return nil }) != nil {
		return nil, false
	}
	c.put(e)
	return e, true
}

// put keeps e, in place of any older version of its file, and lets go of
// the least recently used encodings beyond the bound.
func (c *encodings) put(e *encoded) {
	if e.size() > c.max/4 {
		return // one file would push out most of the others
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byName[e.id.name]; ok {
		c.remove(el)
	}
	el := c.order.PushFront(e)
	c.byID[e.id], c.byName[e.id.name] = el, el
	c.bytes += e.size()
	for c.bytes > c.max {
		c.remove(c.order.Back())
	}
}

func (c *encodings) remove(el *list.Element) {
	e := c.order.Remove(el).(*encoded)
	delete(c.byID, e.id)
	if c.byName[e.id.name] == el {
		delete(c.byName, e.id.name)
	}
	c.bytes -= e.size()
}
