package site

import (
	"fmt"
	"html/template"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/lorekit/lore/theme"
)

// partialCache is the partialCached function of one page kind's layouts:
// partialCached NAME DATA KEY... writes what {{template NAME DATA}} writes,
// and reuses the output of an earlier call with the same NAME and KEY
// (strings, numbers, booleans) on a page of the same kind instead of
// running NAME again. The default theme calls it for the partials every
// page shows (the CSP meta, the asset links, header, sidebar, footer) and
// for a manual's size gauge, with the fields they read as the key; the
// output is NAME's own, escaped by html/template as NAME, and is meant for
// a place between elements, where {{template NAME DATA}} would sit.
//
// A partial is reused only where its output provably depends on KEY
// alone: when NAME and every template it calls are the default theme's
// (reuse), as the default theme's callers chose their keys for them, or
// are not the default theme's at all (the project's own partials, whose
// only callers are the project's own layouts). A project's override of a
// default partial runs for every call, so that it may read anything of
// its data. The outputs live as long as the layouts: one rendering.
type partialCache struct {
	t     *template.Template // the kind's layouts
	nest  *nesting           // the layouts'
	reuse map[string]bool    // partial name → its output may be reused
	mu    sync.Mutex
	out   map[string]template.HTML // name and key → output
}

// call is partialCached.
func (c *partialCache) call(name string, data any, key ...any) (template.HTML, error) {
	if !c.reuse[name] {
		return c.run(name, data)
	}
	k, err := partialKey(name, key)
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	out, ok := c.out[k]
	c.mu.Unlock()
	if ok {
		return out, nil
	}
	if out, err = c.run(name, data); err != nil {
		return "", err
	}
	c.mu.Lock()
	c.out[k] = out
	c.mu.Unlock()
	return out, nil
}

// run executes the partial name with data.
func (c *partialCache) run(name string, data any) (template.HTML, error) {
	return c.nest.execute(c.t, name, data)
}

// partialKey joins name and the key's values into one map key.
func partialKey(name string, key []any) (string, error) {
	var b strings.Builder
	b.WriteString(name)
	for _, v := range key {
		var s string
		switch v := v.(type) {
		case string:
			s = v
		case int:
			s = strconv.Itoa(v)
		case bool:
			s = strconv.FormatBool(v)
		default:
			return "", fmt.Errorf("partialCached %s: key %v is not a string, number or boolean", name, v)
		}
		b.WriteByte(0)
		b.WriteString(strconv.Itoa(len(s)))
		b.WriteByte(':')
		b.WriteString(s)
	}
	return b.String(), nil
}

// calledTemplate finds the templates a template's source calls.
var calledTemplate = regexp.MustCompile(`\{\{-?\s*template\s+"([^"]+)"`)

// reusable reports, for every template of t, whether it may be reused by
// partialCached: it and every template it calls are as def (the default
// theme's layouts of the same kind) defines them, or it is not defined by
// def at all. def nil: t is the default theme.
func reusable(t, def *template.Template) map[string]bool {
	src := func(t *template.Template, name string) (string, bool) {
		x := t.Lookup(name)
		if x == nil || x.Tree == nil || x.Tree.Root == nil {
			return "", false
		}
		return x.Tree.Root.String(), true
	}
	same := map[string]bool{}
	var check func(name string, seen map[string]bool) bool
	check = func(name string, seen map[string]bool) bool {
		if seen[name] {
			return true
		}
		seen[name] = true
		s, ok := src(t, name)
		d, dok := src(def, name)
		if ok != dok || s != d {
			return false
		}
		for _, m := range calledTemplate.FindAllStringSubmatch(s, -1) {
			if !check(m[1], seen) {
				return false
			}
		}
		return true
	}
	for _, x := range t.Templates() {
		name := x.Name()
		if def == nil {
			same[name] = true
			continue
		}
		if def.Lookup(name) == nil {
			same[name] = true // the project's own partial
			continue
		}
		same[name] = check(name, map[string]bool{})
	}
	return same
}

// defaultLayouts parses the default theme's layouts when theme is not the
// default theme itself (nil when it is).
func defaultLayouts(t fs.FS) (map[string]*template.Template, error) {
	if t == theme.Default() {
		return nil, nil
	}
	return parseLayouts(theme.Default())
}
