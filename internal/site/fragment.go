package site

import (
	"html/template"
	"sync"

	"github.com/lorekit/lore/internal/cache"
)

// Fragments keeps the outputs of the fragment function of the layouts
// between the renderings of a session (lore serve): fragment NAME DATA
// writes what {{template NAME DATA}} writes, and a rendering whose layouts
// (by content) and DATA (by value, as a page's key holds its view) are
// those of an earlier call takes that call's output instead of running
// NAME again. A partial sees nothing but its DATA, and the layouts'
// functions are pure: the output is a function of the layouts, NAME and
// DATA, whatever theme the project has. The default theme writes the lint
// report's table of each file with it: after an edit, one file's table is
// made again instead of thousands. Only the outputs the last rendering
// used are kept.
type Fragments struct {
	mu         sync.Mutex
	last, next map[cache.Key]template.HTML
}

// NewFragments returns an empty memo of fragments.
func NewFragments() *Fragments { return &Fragments{} }

// start begins a rendering: the outputs it does not use are dropped at
// its end (finish).
func (f *Fragments) start() {
	f.mu.Lock()
	f.next = map[cache.Key]template.HTML{}
	f.mu.Unlock()
}

// finish ends a rendering that wrote every page.
func (f *Fragments) finish() {
	f.mu.Lock()
	f.last, f.next = f.next, nil
	f.mu.Unlock()
}

// get returns the output kept for key k.
func (f *Fragments) get(k cache.Key) (template.HTML, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out, ok := f.next[k]
	if !ok {
		if out, ok = f.last[k]; ok && f.next != nil {
			f.next[k] = out
		}
	}
	return out, ok
}

// put keeps the output for key k.
func (f *Fragments) put(k cache.Key, out template.HTML) {
	f.mu.Lock()
	if f.next != nil {
		f.next[k] = out
	}
	f.mu.Unlock()
}

// fragmentCall is the fragment function of one page kind's layouts.
type fragmentCall struct {
	t    *template.Template // the kind's layouts
	nest *nesting           // the layouts'
	kind string
	r    *run
}

// call is fragment NAME DATA.
func (c *fragmentCall) call(name string, data any) (template.HTML, error) {
	r := c.r
	h := cache.NewHasher("site/fragment").String(renderVersion).Key(r.layoutsKey).String(c.kind).String(name)
	hashView(h, r.manualID, data, &r.plans)
	k := h.Sum()
	if out, ok := r.fragments.get(k); ok {
		return out, nil
	}
	out, err := c.nest.execute(c.t, name, data)
	if err != nil {
		return "", err
	}
	r.fragments.put(k, out)
	return out, nil
}
