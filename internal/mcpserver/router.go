package mcpserver

import (
	"context"
	"fmt"
	"slices"

	"github.com/lorekit/lore/internal/search"
)

// Router answers how_do_i for the engine and allow-set it was opened for.
// OpenCatalog opens the real one, the search catalog behind `lore howdoi`.
type Router interface {
	HowDoI(ctx context.Context, intent string) (*search.Answer, error)
}

// OpenRouter opens the Router over the catalog a build wrote to
// catalogDir (public/lore/catalog.bleve), for who. The server calls it on
// start and after every rebuild; a Router that is also an io.Closer is
// closed once no request uses it any more.
type OpenRouter func(catalogDir string, who Who) (Router, error)

// Who is the asking agent: an engine and its allow-set of tools.
type Who struct {
	// Engine is the engine ("" asks as no particular engine).
	Engine string
	// Tools is the allow-set: only manuals whose requires-tools all lie in
	// it are visible. It is ignored when AnyTools is set.
	Tools []string
	// AnyTools skips the tool check (no engine and no --tools given).
	AnyTools bool
}

// OpenCatalog is the OpenRouter of the search catalog: how_do_i answers
// exactly as `lore howdoi --format json` does for the same engine and
// allow-set.
func OpenCatalog(catalogDir string, who Who) (Router, error) {
	c, err := search.Open(catalogDir)
	if err != nil {
		return nil, err
	}
	if who.Engine != "" {
		if engines := c.Meta().Engines; len(engines) > 0 && !slices.Contains(engines, who.Engine) {
			c.Close()
			return nil, fmt.Errorf("the catalog in %s has no engine %q: rebuild it with 'lore build'", catalogDir, who.Engine)
		}
	}
	return &catalogRouter{c: c, v: search.Visibility{Engine: who.Engine, Tools: who.Tools, AnyTools: who.AnyTools}}, nil
}

// catalogRouter asks a search catalog as one engine and allow-set.
type catalogRouter struct {
	c *search.Catalog
	v search.Visibility
}

func (r *catalogRouter) HowDoI(ctx context.Context, intent string) (*search.Answer, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return r.c.HowDoI(intent, r.v)
}

func (r *catalogRouter) Close() error { return r.c.Close() }
