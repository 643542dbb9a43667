package site

import (
	"maps"
	"slices"
	"sync"

	"github.com/lorekit/lore/internal/binenc"
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/manual"
)

// PageKeys remembers, between the renderings of a session (lore serve),
// or of single builds through the build cache (AppendBinary), the key of
// each manual page with the key of its inputs (manualInKey): a page whose
// inputs are those of the last rendering has the same key, and its view
// is neither built nor hashed again. Only the entries the last rendering
// used are kept.
type PageKeys struct {
	mu         sync.Mutex
	last, next map[string]pageKeyEntry // page path → entry
}

// pageKeyEntry is a page's key and the key of the inputs it was made
// from.
type pageKeyEntry struct{ in, key cache.Key }

// NewPageKeys returns an empty memo of page keys.
func NewPageKeys() *PageKeys { return &PageKeys{} }

// pageKeysVersion starts the binary form of a memo (AppendBinary).
const pageKeysVersion = 1

// AppendBinary appends the entries of the last rendering that wrote every
// page, in a binary form ReadPageKeys reads: a single build keeps them in
// the build cache for the next process.
func (k *PageKeys) AppendBinary(b []byte) []byte {
	k.mu.Lock()
	defer k.mu.Unlock()
	w := binenc.Writer{B: b}
	w.Int(pageKeysVersion)
	w.Int(len(k.last))
	for _, p := range slices.Sorted(maps.Keys(k.last)) {
		e := k.last[p]
		w.Str(p)
		w.Bytes(e.in[:])
		w.Bytes(e.key[:])
	}
	return w.B
}

// ReadPageKeys returns the memo AppendBinary wrote; false when b is not
// one.
func ReadPageKeys(b []byte) (*PageKeys, bool) {
	r := binenc.NewReader(b)
	if r.Int() != pageKeysVersion {
		return nil, false
	}
	n := r.Count()
	k := &PageKeys{last: make(map[string]pageKeyEntry, n)}
	for range n {
		p := r.Str()
		var e pageKeyEntry
		if !r.Bytes(e.in[:]) || !r.Bytes(e.key[:]) {
			return nil, false
		}
		k.last[p] = e
	}
	if !r.Done() {
		return nil, false
	}
	return k, true
}

// start begins a rendering: the entries it does not use are dropped at
// its end.
func (k *PageKeys) start() {
	k.mu.Lock()
	k.next = make(map[string]pageKeyEntry, len(k.last))
	k.mu.Unlock()
}

// finish ends a rendering that wrote every page.
func (k *PageKeys) finish() {
	k.mu.Lock()
	k.last, k.next = k.next, nil
	k.mu.Unlock()
}

// get returns the key of the page at p made from the inputs in.
func (k *PageKeys) get(p string, in cache.Key) (cache.Key, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := k.last[p]
	if !ok || e.in != in {
		return cache.Key{}, false
	}
	if k.next != nil {
		k.next[p] = e
	}
	return e.key, true
}

// put keeps the key of the page at p made from the inputs in.
func (k *PageKeys) put(p string, in, key cache.Key) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.next != nil {
		k.next[p] = pageKeyEntry{in: in, key: key}
	}
}

// faceKey is what a manual's page can show of the other manuals and
// content pages: each manual's name, path, page, label, summary and
// references (the links, the pager, the neighbourhood and the lists of
// readers are made of these), each content page's file and page, and the
// edit URL. Computed once per rendering (Write).
func (r *run) faceKey() cache.Key {
	h := cache.NewHasher("site/face").String(renderVersion).String(r.in.EditURL)
	h.Int(len(r.in.Manuals))
	for _, m := range r.in.Manuals {
		h.String(m.M.Name).String(m.Path).String(m.M.Path).String(m.URL).String(r.label(m)).String(m.M.Summary).Strings(m.References)
		n := 0
		for _, ref := range m.M.Refs {
			if ref.Kind == manual.RefLink {
				n++
			}
		}
		h.Int(n)
		for _, ref := range m.M.Refs {
			if ref.Kind == manual.RefLink {
				h.String(ref.Target).Bool(ref.Image)
			}
		}
	}
	h.Int(len(r.docs))
	for _, d := range r.docs {
		h.String(d.File).String(d.URL)
	}
	return h.Sum()
}

// manualInKey is the key of everything manual m's page is made from: the
// site's key, what it shows of the other manuals (r.face), and of m itself
// its Manual whole (as a view's key holds it: the parsed manual by its
// identity, the manuals it shadows or is shadowed by with their own),
// its findings, the hosts that cut it and its body b (key and lookups).
// false for a page whose body is rendered with it (no cache: the body's
// lookups are not known ahead).
func (r *run) manualInKey(m *Manual, b *bodyResult) (cache.Key, bool) {
	if b == nil {
		return cache.Key{}, false
	}
	h := cache.NewHasher("site/manual-page-in").String(renderVersion).Key(r.siteKey).Key(r.face)
	hashView(h, r.manualID, m, &r.plans)
	hashView(h, r.manualID, r.findings[m.M.Path], &r.plans)
	hashView(h, r.manualID, r.hostCuts(m), &r.plans)
	h.Key(b.key).Bytes(b.deps)
	return h.Sum(), true
}

// graphInKey is the key of everything the reference graph's page is made
// from (graphInput): the site's key, what the pages show of every manual
// (r.face: names, paths, pages, labels, summaries, references, links)
// and which manuals have an error.
func (r *run) graphInKey(p *page) cache.Key {
	h := cache.NewHasher("site/graph-page-in").String(renderVersion).Key(r.siteKey).Key(r.face).
		String(p.Path).String(p.Title).String(p.Desc).String(p.Kind)
	for _, m := range r.in.Manuals {
		h.Bool(hasError(r.findings[m.M.Path]))
	}
	return h.Sum()
}
