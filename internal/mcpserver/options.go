package mcpserver

import (
	"log/slog"

	"github.com/lorekit/lore/internal/build"
)

// Options configure a Server.
type Options struct {
	// Project selects the project (file system, folder, --config).
	Project build.Options
	// Public is the build output folder; "" means the project's (public/).
	Public string
	// Engine is the engine the server answers for; "" answers as no
	// particular engine (every manual, every bundle).
	Engine string
	// Tools is the allow-set for manual_list, how_do_i and the manual
	// resources when ToolsGiven; otherwise the engine's recipe tools, or no
	// tool check without an engine.
	Tools      []string
	ToolsGiven bool
	// OpenRouter opens the how_do_i router over the built catalog. Without
	// it how_do_i answers with a tool error saying the catalog is not
	// available.
	OpenRouter OpenRouter
	// Logger receives warnings (skipped bundles, missing template
	// arguments, rebuild failures) and build progress; nil discards them.
	// In stdio mode it must not write to stdout.
	Logger *slog.Logger
	// Version is reported to clients as the server's version.
	Version string
	// PageSize bounds the entries of one page of a list (tools, prompts,
	// resources, skills, a directory); 0 means the SDK's default.
	PageSize int
}
