// Package api is lore's interface for programs that embed it: build a
// project, lint it, route a request through its catalog and verify baked
// bundles, with the results as plain values.
//
// Each entry point takes an options struct and returns a result: Build,
// Lint and Verify work on a project folder on disk (the folder a lore.yaml
// or a manuals/ folder is in, as for the lore command), and OpenCatalog
// opens the catalog a build wrote, whose HowDoI answers as the how_do_i
// tool does. Findings are Finding values — rule, severity, position and
// message — never errors: an error means lore itself could not do the
// job (an unreadable project file, a folder that holds no manuals).
//
// Paths in results are slash-separated and relative to the project folder.
// Everything else of lore is internal; an agent runtime that only loads
// baked bundles needs github.com/lorekit/lore/build/bundle, which uses the
// standard library only.
package api
