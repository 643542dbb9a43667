package mcpserver

import (
	"context"
	"encoding/json"
)

// Router answers how_do_i for the engine and allow-set it was opened for:
// the search catalog behind `lore howdoi`.
type Router interface {
	HowDoI(ctx context.Context, intent string) (*Answer, error)
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

// Hit is a manual the router found.
type Hit struct {
	Name    string  `json:"name"`
	Path    string  `json:"path"`
	Summary string  `json:"summary"`
	Score   float64 `json:"score"`
}

// Loaded is the manual the router loads, with what manual_read returns.
type Loaded struct {
	Hit
	Content string `json:"content"`
}

// Answer is how_do_i's answer: exactly one of Loaded, Alternatives and
// Hint (DESIGN §3).
type Answer struct {
	Loaded       *Loaded
	Alternatives []Hit
	Hint         string
}

// MarshalJSON writes {"loaded":{…}}, {"alternatives":[…]} or {"hint":"…"}.
func (a *Answer) MarshalJSON() ([]byte, error) {
	switch {
	case a.Loaded != nil:
		return json.Marshal(struct {
			Loaded *Loaded `json:"loaded"`
		}{a.Loaded})
	case len(a.Alternatives) > 0:
		return json.Marshal(struct {
			Alternatives []Hit `json:"alternatives"`
		}{a.Alternatives})
	default:
		return json.Marshal(struct {
			Hint string `json:"hint"`
		}{a.Hint})
	}
}
