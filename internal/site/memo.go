package site

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/yuin/goldmark/ast"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/manual"
)

// The cache tables and packs the site uses.
const (
	bodyPack  = "site-body" // HTML key (body key and the answers) → rendered HTML
	depsTable = "site-deps" // body key → the lookups the rendering made
	codePack  = "site-code" // code key → highlighted HTML
	assetPack = "site-assets"
)

// bodyResult is a page body: its key (source and place), the lookups its
// rendering made with their answers, and the HTML when it was rendered in
// this build (nil when it is in the cache).
type bodyResult struct {
	key  cache.Key
	deps []byte
	html []byte
	// fresh is set on a body rendered (and cached) in this build.
	fresh bool
}

// dep kinds: what a body asked the rest of the site.
const (
	depHook  = 'h' // manual_read('x') → page of x
	depFile  = 'f' // a linked .md file → its page
	depMedia = 'm' // an image → its path in the site (and its copy)
)

// recorder answers a body's lookups from the run and writes down every
// question and answer: a cached body is reused only while all answers
// stay the same.
type recorder struct {
	r    *run
	deps []byte
}

func (x *recorder) add(kind byte, arg, val string) string {
	x.deps = append(x.deps, kind)
	x.deps = binary.AppendUvarint(x.deps, uint64(len(arg)))
	x.deps = append(x.deps, arg...)
	x.deps = binary.AppendUvarint(x.deps, uint64(len(val)))
	x.deps = append(x.deps, val...)
	return val
}

func (x *recorder) hook(name string) string { return x.add(depHook, name, x.r.hook(name)) }
func (x *recorder) file(p string) string    { return x.add(depFile, p, x.r.file(p)) }
func (x *recorder) media(p string) string   { return x.add(depMedia, p, x.r.media(p)) }

// replay asks the recorded questions again; it reports whether every
// answer is the same. Asking for an image copies it into the site, as the
// rendering did.
func (r *run) replay(deps []byte) bool {
	for len(deps) > 0 {
		kind := deps[0]
		deps = deps[1:]
		arg, rest, ok := field(deps)
		if !ok {
			return false
		}
		val, rest, ok := field(rest)
		if !ok {
			return false
		}
		deps = rest
		var got string
		switch kind {
		case depHook:
			got = r.hook(arg)
		case depFile:
			got = r.file(arg)
		case depMedia:
			got = r.media(arg)
		default:
			return false
		}
		if got != val {
			return false
		}
	}
	return true
}

// htmlKey names the HTML of a body rendered under key with the lookup
// answers deps. The answers are part of the name so that the pack and the
// deps table can never pair one rendering's HTML with another's answers,
// even when a damaged cache log restores one of them to an older entry.
func htmlKey(key cache.Key, deps []byte) cache.Key {
	return cache.NewHasher("site/body-html").Key(key).Bytes(deps).Sum()
}

func field(b []byte) (string, []byte, bool) {
	n, w := binary.Uvarint(b)
	if w <= 0 || n > uint64(len(b)-w) {
		return "", nil, false
	}
	return string(b[w : w+int(n)]), b[w+int(n):], true
}

// bodyKey identifies the rendering of src for a page at pagePath whose
// source lies in dir (links are written relative to both).
func bodyKey(src []byte, pagePath, dir string) cache.Key {
	return bodyKeyOf(cache.NewHasher("site/body-src").Bytes(src).Sum(), pagePath, dir)
}

// bodyKeyOf is bodyKey of a source identified by srcKey.
func bodyKeyOf(srcKey cache.Key, pagePath, dir string) cache.Key {
	return cache.NewHasher("site/body").String(renderVersion).String(lightStyle).String(darkStyle).
		Key(srcKey).String(rootOf(pagePath)).String(dir).Sum()
}

// source is a page body to render: its Markdown and its parsed form,
// asked for only when the body is rendered.
type source struct {
	src []byte
	doc func() (ast.Node, error)
}

// manualSource is the body of manual m: its Doc, or parsed again when the
// manual has none (restored from its model, or let go of its Doc).
func manualSource(m *manual.Manual) source {
	return source{src: m.Body(), doc: func() (ast.Node, error) {
		var doc ast.Node
		if err := guard.Do(func() error { doc = m.AST(); return nil }); err != nil {
			return nil, fmt.Errorf("the Markdown parser failed: %w", err)
		}
		return doc, nil
	}}
}

// pageSource is the Markdown src parsed into doc (nil: parsed when asked).
func pageSource(src []byte, doc ast.Node) source {
	return source{src: src, doc: func() (ast.Node, error) {
		if doc != nil {
			return doc, nil
		}
		return parseMarkdown(src)
	}}
}

// body renders a page body, or finds it in the cache: a cached body is
// used when the lookups its rendering made still give the same answers.
func (r *run) body(s source, pagePath, dir string) (*bodyResult, error) {
	return r.bodyWith(bodyKey(s.src, pagePath, dir), s, pagePath, dir)
}

func (r *run) bodyWith(key cache.Key, s source, pagePath, dir string) (*bodyResult, error) {
	if r.c != nil {
		if deps, ok := r.c.Table(depsTable).Get(key); ok && r.c.Pack(bodyPack).Has(htmlKey(key, deps)) && r.replay(deps) {
			// In use from here on, even when the build stops before its
			// pages are written (lint errors): the build after the fix
			// needs it.
			r.c.Pack(bodyPack).Keep(htmlKey(key, deps))
			return &bodyResult{key: key, deps: deps}, nil
		}
	}
	rec := &recorder{r: r}
	b := &body{root: rootOf(pagePath), dir: dir, link: rec, hl: r.hl}
	r.nBodies.Add(1)
	doc, err := s.doc()
	if err != nil {
		return nil, err
	}
	buf := r.hl.buf()
	defer r.hl.putBuf(buf)
	if err := b.renderInto(buf, s.src, doc); err != nil {
		return nil, err
	}
	if rec.deps == nil {
		rec.deps = []byte{}
	}
	if r.c != nil {
		// The page reads it back from the cache: bodies are not held in
		// memory meanwhile.
		r.c.Pack(bodyPack).Put(htmlKey(key, rec.deps), buf.Bytes())
		r.c.Table(depsTable).Put(key, rec.deps)
		return &bodyResult{key: key, deps: rec.deps, fresh: true}, nil
	}
	return &bodyResult{key: key, deps: rec.deps, html: bytes.Clone(buf.Bytes())}, nil
}

// htmlOf returns the HTML of a body: rendered in this build, or read from
// the cache (rendered again if the cache lost it meanwhile).
func (r *run) htmlOf(b *bodyResult, s source, pagePath, dir string) ([]byte, error) {
	if b != nil && b.html != nil {
		return b.html, nil
	}
	if b != nil && r.c != nil {
		if html, ok := r.c.Pack(bodyPack).Get(htmlKey(b.key, b.deps)); ok {
			return html, nil
		}
	}
	nb := &body{root: rootOf(pagePath), dir: dir, link: r, hl: r.hl}
	r.nBodies.Add(1)
	doc, err := s.doc()
	if err != nil {
		return nil, err
	}
	return nb.render(s.src, doc)
}

// keep tells the cache that the body of a page that was not rewritten is
// still in use.
func (r *run) keep(b *bodyResult) {
	if r.c != nil && b != nil && !b.fresh {
		r.c.Pack(bodyPack).Keep(htmlKey(b.key, b.deps))
	}
}
