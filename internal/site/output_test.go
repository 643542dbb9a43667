package site

import (
	"io/fs"
	"path"
	"strings"
	"sync"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// keyedOutput is an Output as the build's: it remembers the key of every
// file it wrote, and a file (or a group of files) written from the same
// non-zero key is fresh.
type keyedOutput struct {
	fs   afero.Fs
	mu   sync.Mutex
	keys map[string]cache.Key
}

func newKeyedOutput(fsys afero.Fs) *keyedOutput {
	return &keyedOutput{fs: fsys, keys: map[string]cache.Key{}}
}

func (o *keyedOutput) Fresh(p string, key cache.Key) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	k, ok := o.keys[p]
	return ok && !key.IsZero() && k == key
}

func (o *keyedOutput) FreshGroup(dir string, key cache.Key) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	prefix := strings.TrimSuffix(dir, "/") + "/"
	n := 0
	for p, k := range o.keys {
		if strings.HasPrefix(p, prefix) {
			if k != key {
				return false
			}
			n++
		}
	}
	return n > 0 && !key.IsZero()
}

func (o *keyedOutput) Write(p string, key cache.Key, data []byte) error {
	if err := o.fs.MkdirAll(path.Dir(p), 0o755); err != nil {
		return err
	}
	if err := afero.WriteFile(o.fs, p, data, 0o644); err != nil {
		return err
	}
	o.mu.Lock()
	o.keys[p] = key
	o.mu.Unlock()
	return nil
}

// Keep keeps the file at p when its bytes have the SHA-256 sum (read from
// the file system: a test that changes a file behind the output is
// answered truly).
func (o *keyedOutput) Keep(p string, key, sum cache.Key) bool {
	b, err := afero.ReadFile(o.fs, p)
	if err != nil || cache.Of(b) != sum {
		return false
	}
	o.mu.Lock()
	o.keys[p] = key
	o.mu.Unlock()
	return true
}

// renderSite renders in with c the way the build does (New with a cache,
// Bodies, then Write) into o, and returns the rendering's counts.
func renderSite(t *testing.T, in *Input, c *cache.Cache, o Output) Stats {
	t.Helper()
	s := bodied(t, in, c, o)
	if err := s.Write(o); err != nil {
		t.Fatal(err)
	}
	return s.Stats()
}

// bodied is a rendering of in with its bodies rendered (Site.Bodies),
// before its pages.
func bodied(t *testing.T, in *Input, c *cache.Cache, o Output) *Site {
	t.Helper()
	s, err := New(in, c)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Bodies(o, nil); err != nil {
		t.Fatal(err)
	}
	return s
}

// renderFresh renders in once, with an empty cache, into a new file system.
func renderFresh(t *testing.T, in *Input) afero.Fs {
	t.Helper()
	out := afero.NewMemMapFs()
	renderSite(t, in, cache.Open(afero.NewMemMapFs(), "cache", "test", ""), newKeyedOutput(out))
	return out
}

// A second rendering of the same input with the same cache and output
// renders no body and no page again, and leaves every file as it was.
func TestRenderAgainKeepsEverything(t *testing.T) {
	in := promptInput()
	c := cache.Open(afero.NewMemMapFs(), "cache", "test", "")
	out := afero.NewMemMapFs()
	o := newKeyedOutput(out)
	first := renderSite(t, in, c, o)
	if first.Pages == 0 {
		t.Fatalf("the first rendering wrote no page: %+v", first)
	}
	before := snapshot(t, out)
	if len(before) < 10 {
		t.Fatalf("the first rendering wrote %d files", len(before))
	}
	if again := renderSite(t, promptInput(), c, o); again.Bodies != 0 || again.Pages != 0 {
		t.Errorf("rendering the same input again made %+v, want nothing (first: %+v)", again, first)
	}
	after := snapshot(t, out)
	if len(after) != len(before) {
		t.Errorf("%d files after the second rendering, %d before", len(after), len(before))
	}
	for p, b := range before {
		if after[p] != b {
			t.Errorf("%s changed on the second rendering", p)
		}
	}
}

func snapshot(t *testing.T, fsys afero.Fs) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := afero.Walk(fsys, ".", func(p string, fi fs.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		b, err := afero.ReadFile(fsys, p)
		out[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
