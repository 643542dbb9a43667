package api

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"sync"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/search"
)

// Catalog is an opened routing catalog. It is safe for concurrent use;
// Close releases it. A Catalog not made by OpenCatalog, or closed, answers
// every request with an error.
type Catalog struct {
	mu sync.RWMutex
	c  *search.Catalog // nil: closed
}

// OpenCatalog opens the catalog in dir: a catalog folder, or a build
// output folder (the catalog is then its lore/catalog.bleve).
func OpenCatalog(dir string) (*Catalog, error) {
	if !search.Exists(dir) {
		if inner := filepath.Join(dir, filepath.FromSlash(build.CatalogDir)); search.Exists(inner) {
			dir = inner
		}
	}
	var c *search.Catalog
	err := guard.Do(func() (err error) {
		c, err = search.Open(dir)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &Catalog{c: c}, nil
}

// Close releases the catalog. Closing it again does nothing.
func (c *Catalog) Close() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.c == nil {
		return nil
	}
	err := guard.Do(c.c.Close)
	c.c = nil
	return err
}

// errNoCatalog is the error of a request to a closed or zero Catalog.
func errNoCatalog() error {
	return errors.New("the catalog is closed (or was not opened with OpenCatalog): open it with api.OpenCatalog")
}

// Asker is who asks: the engine and the tools it may call.
type Asker struct {
	// Engine is the asking engine: only manuals for it, reached by its
	// recipe's manualPaths, are answered. "" asks as no particular engine.
	Engine string
	// Tools is the allow-set: a manual that requires a tool outside it is
	// never answered. nil takes the engine's recipe tools, or, without a
	// recipe, does not check tools.
	Tools []string
}

// Manual is a manual in an Answer.
type Manual struct {
	Name    string
	Path    string // relative to the project folder
	Summary string
	// Score is the router's confidence, from 0 to 1, that the manual
	// answers the request.
	Score float64
	// Content is the manual's Markdown; only a loaded manual has it.
	Content string
}

// Answer is how_do_i's answer: exactly one of Loaded, Alternatives and
// Hint is set.
type Answer struct {
	// Loaded is the manual, when one is clearly ahead.
	Loaded *Manual
	// Alternatives are the candidates, best first, when none is.
	Alternatives []Manual
	// Hint says what to do when nothing fits.
	Hint string
}

// HowDoI routes a request, in English or German, as the how_do_i tool
// does. Asking as an engine the project's recipes do not define is an
// error, and so is a request longer than 4096 bytes (how_do_i routes one
// sentence).
func (c *Catalog) HowDoI(request string, a Asker) (Answer, error) {
	var out Answer
	if c == nil {
		return out, errNoCatalog()
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.c == nil {
		return out, errNoCatalog()
	}
	err := guard.Do(func() error {
		v, err := c.c.VisibilityFor(a.Engine, a.Tools, a.Tools != nil)
		if err != nil {
			return err
		}
		ans, err := c.c.HowDoI(request, v)
		if err != nil {
			return err
		}
		if ans.Loaded != nil {
			m := manualOf(ans.Loaded.Hit)
			m.Content = ans.Loaded.Content
			out.Loaded = &m
		}
		for _, h := range ans.Alternatives {
			out.Alternatives = append(out.Alternatives, manualOf(h))
		}
		out.Hint = ans.Hint
		return nil
	})
	return out, err
}

func manualOf(h search.Hit) Manual {
	return Manual{Name: h.Name, Path: h.Path, Summary: h.Summary, Score: h.Score}
}

// MarshalJSON writes the answer as lore howdoi --format json and the MCP
// tool do: {"loaded":{"name","path","summary","score","content"}},
// {"alternatives":[{"name","path","summary","score"}…]} or {"hint":"…"}.
func (a Answer) MarshalJSON() ([]byte, error) {
	type hit struct {
		Name    string  `json:"name"`
		Path    string  `json:"path"`
		Summary string  `json:"summary"`
		Score   float64 `json:"score"`
	}
	switch {
	case a.Loaded != nil:
		type loaded struct {
			hit
			Content string `json:"content"`
		}
		m := a.Loaded
		return json.Marshal(struct {
			Loaded loaded `json:"loaded"`
		}{loaded{hit{m.Name, m.Path, m.Summary, m.Score}, m.Content}})
	case len(a.Alternatives) > 0:
		hits := make([]hit, len(a.Alternatives))
		for i, m := range a.Alternatives {
			hits[i] = hit{m.Name, m.Path, m.Summary, m.Score}
		}
		return json.Marshal(struct {
			Alternatives []hit `json:"alternatives"`
		}{hits})
	default:
		return json.Marshal(struct {
			Hint string `json:"hint"`
		}{a.Hint})
	}
}
