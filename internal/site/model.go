package site

import (
	"io/fs"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/site/searchindex"
)

// Input is everything the site shows. The build fills it from the project
// and the results of its stages; the site only renders it.
type Input struct {
	Title   string
	BaseURL string
	// EditURL prefixes a project-relative path to make an "edit this page"
	// link (https://github.com/org/repo/edit/main/).
	EditURL string

	// Engines are the engines of the home page's engine filter (the
	// recipes' engines, or without recipes the manuals' audiences).
	Engines []string
	// Tools is the tool inventory, in the order of the project file.
	Tools []Tool

	// Manuals is every manual file, in path order. Names may repeat
	// (shadowing); URL tells their pages apart.
	Manuals []*Manual
	// Diagnostics are every finding of the build; Files how many files
	// the lint looked at.
	Diagnostics diag.List
	Files       int
	// Rules is the rule reference, in reference order.
	Rules []Rule

	// Bundles, Templates and Blocks come from the bake stage; nil when the
	// project has no prompts.
	Bundles   []*Bundle
	Templates []*Template
	Blocks    []*Block

	// Strays are the layouts left running past their time limit by
	// earlier renderings of the same session (nil: none kept).
	Strays *Strays

	// FS is the project's file system: content pages and the images
	// manuals link to are read from it.
	FS afero.Fs
	// ContentDir is the content/ folder on FS ("" or missing: none).
	ContentDir string
	// ProjectDir is the project folder on FS ("" for "."): an image a page
	// links to is copied only when it resolves inside it (internal/wall).
	ProjectDir string
	// RelPath turns a path on FS into the project-relative path an edit
	// link needs (nil: paths on FS are project-relative).
	RelPath func(fsPath string) string
	// Theme holds layouts/ and assets/ (theme.New with the project's
	// theme/ folder as override).
	Theme fs.FS
	// Downloads are extra files linked from the footer (manifest.json),
	// as site-root-relative paths.
	Downloads []string
	// Sums are the SHA-256 of the manuals' sources, when the caller has
	// computed them already (they key the manuals' pages and bodies).
	Sums map[*manual.Manual]cache.Key
	// Hosts is what each agent host loads of the manuals (internal/hosts):
	// the Hosts page, and a link from every manual a host cuts. nil: no
	// page. Site.Write lets go of it once the pages are written.
	Hosts *hosts.Report
	// HostsLater, when set, makes Hosts when Site.WriteHosts or
	// Site.Write is called, whichever comes first (Hosts is then unused):
	// the simulation is tens of megabytes at thousands of manuals, which a
	// single build need not hold while the bodies are rendered and linted.
	HostsLater func() *hosts.Report
	// SearchAnalyses, when set, keeps the search index's analysis of every
	// page for the next build (lore serve): an edit re-analyses one page.
	SearchAnalyses *searchindex.Analyses
	// PageKeys, when set, keeps the keys of the manual pages between the
	// renderings of a session (lore serve): a page whose inputs did not
	// change is neither built nor hashed again.
	PageKeys *PageKeys
	// Fragments, when set, keeps the outputs of the layouts' fragment
	// calls between the renderings of a session (lore serve): the lint
	// report's table of a file whose findings did not change is not
	// made again.
	Fragments *Fragments
	// SearchVocabulary is the project's routing vocabulary (lore.yaml
	// vocabulary:, the text of its files), which the search index and the
	// browser's query analysis add to lore's, as how_do_i does.
	SearchVocabulary string
}

// Rule is one entry of the rule reference: what the rules page shows of a
// lint rule.
type Rule struct {
	ID       string
	Severity diag.Severity // the default severity
	Summary  string        // Markdown, one line: when the rule fires
	Doc      string        // Markdown, one paragraph
}

// Tool is one entry of the tool inventory.
type Tool struct {
	Name        string
	Description string
}

// Manual is what a manual's page shows beyond the parsed file.
type Manual struct {
	// M is the parsed manual; its Doc is rendered as the page body.
	M *manual.Manual
	// Path is the file's path relative to the project.
	Path string
	// URL is the page's path from the site root (ManualURL).
	URL    string
	Tokens int
	SHA256 string
	// References are the names the manual reads with manual_read, in order
	// of first appearance; ReferencedBy the names of manuals that read it.
	References   []string
	ReferencedBy []string
	// Recipes are the recipes whose cascade returns this file for its name.
	Recipes []string
	// Engines are the engines this file is visible to: those whose
	// manual_read returns it for its name (build.Project.Ask, the rule of
	// manual.Visibility and the cascade). The engine filter shows exactly
	// these.
	Engines []string
	// Shadows lists the files this one hides in a recipe; ShadowedBy the
	// files that hide it.
	Shadows    []Shadow
	ShadowedBy []Shadow
	// Capabilities is the manual's capability surface (a skill's is on
	// its SKILL.md); nil for documents inside a skill's folder.
	Capabilities *Capabilities
}

// Shadow is one name conflict inside a recipe's manualPaths.
type Shadow struct {
	Recipe string
	Other  *Manual
}

// Bundle is a frozen prompt bundle: one recipe × surface × role × provider.
type Bundle struct {
	ID       string
	Recipe   string
	Engine   string
	Surface  string
	Role     string
	Provider string
	Style    string
	// Prefix is the cached, static part of the prompt in Style; Tail the
	// per-turn template.
	Prefix string
	Tail   string
	SHA256 string
	Bytes  int
	Tokens int
	Budget int
	// Layers are the contributing blocks, broadest first.
	Layers []Layer
	// SeedPrefix is the prefix composed from the seed layer alone, in
	// Style: the page shows the diff from it to Prefix.
	SeedPrefix string
	// Styles are the prefix rendered in the other provider styles.
	Styles []StyledPrompt
	// Path is the bundle file's path from the site root
	// (lore/bundles/<id>.json).
	Path string
}

// Layer describes one block's contribution to a bundle.
type Layer struct {
	Block    string
	Layer    string
	Source   string
	Digest   string
	Bytes    int
	Tokens   int
	Priority int
}

// StyledPrompt is a prompt rendered in one provider style.
type StyledPrompt struct {
	Style string
	Text  string
}

// Template is a task template (prompts/templates/<name>.prompt.md).
type Template struct {
	Name         string
	Description  string
	ArgumentHint string
	Agent        string
	Source       string
	Body         string
	// Path is the published file's path from the site root
	// (lore/templates/<name>.prompt.md); "" when it is not published.
	Path string
}

// Block is a library block (prompts/blocks/<name>[.<style>].md).
type Block struct {
	Name   string
	Source string
	Body   string
	// Priority orders the block in a bundle; Recipes are the recipes that
	// list it under blocks:.
	Priority int
	Recipes  []string
	// Variants are the per-style versions, by style name.
	Variants []BlockVariant
}

// BlockVariant is a block's text for one provider style.
type BlockVariant struct {
	Style  string
	Source string
	Body   string
}
