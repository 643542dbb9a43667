package config

import "strings"

// Key documents one key of the project file: the loader knows exactly
// these keys, the reference page (content/reference/config.md) and the
// JSON Schema (schemas/lore.yaml.json) are checked against them.
type Key struct {
	// Path is the key's place in the file: "title", "recipes.NAME.budget",
	// "lint.rules".
	Path    string
	Type    string
	Default string
	Doc     string
}

// Keys lists every key of lore.yaml, top-level keys first in the order of
// a typical file, each recipe's and lint's keys after their parent.
func Keys() []Key { return keys }

var keys = []Key{
	{"title", "string", "lore", "The site's title, shown in its header and the manifest."},
	{"baseURL", "string", "", "Where the site is published, e.g. https://example.org/manuals/: the sitemap gets absolute addresses. The site's own links stay relative."},
	{"editURL", "string", "", "The prefix of each page's \"edit this page\" link; the source's path is appended (https://github.com/OWNER/REPO/edit/main/)."},
	{"manuals", "list of paths", "[manuals]", "The manual roots, relative to lore.yaml. A name found in two roots is the first root's. `manuals: []` is a project of prompts only."},
	{"prompts", "path", "prompts", "The prompts folder: engine prompts (NAME.md), layers/, blocks/, addons/ and templates/."},
	{"content", "path", "content", "Your own documentation pages, published on the site beside the manuals."},
	{"theme", "path", "theme", "A theme folder whose layouts and assets replace the built-in ones of the same name."},
	{"out", "path", "public", "The output folder of `lore build` (`--out` overrides it). The build replaces it whole, so it must be a folder of its own: not the project folder or one above it, not a folder lore reads (manuals, prompts, content, theme) or one in .git, and either empty or an earlier output of lore."},
	{"tokenizer", "string", "o200k_base", "The tiktoken encoding for token counts (budgets, manual sizes, bundles): o200k_base or cl100k_base."},
	{"precompress", "string", "assets", "Which published files get brotli (.br) and gzip (.gz) copies for servers that send them: `assets`, the site's scripts, styles, search index, sitemap and manifests; `all`, also every page and manual source; `off`, none. Pages are left to the host, which compresses them as it serves them (lore's copies are brotli 6 and gzip 6; a file of 1 MiB or more, such as a large manifest.json, gets the gzip copy only, a file under 4 KiB none); writing two copies of every page cost a quarter of a cold build's CPU time. `lore serve` writes no copies into its private folder: it compresses as it serves."},
	{"tools", "mapping: tool → description", "{}", "The tool inventory: every tool a recipe allows or a manual requires, with the description the model sees."},
	{"recipes", "mapping: name → recipe", "{}", "One recipe per engine and configuration: the manuals it reads, the tools it may call and the prompt bundles to bake. The keys of a recipe follow."},
	{"trust", "mapping: layer → boolean", "{}", "Whether each prompt layer is trusted (shared, project, surface, bot, chat, agents, or one layer such as surface/chat): an untrusted layer contributes only its guardrails."},
	{"disabled", "mapping: block → reason", "{}", "Blocks that may be absent from bundles, each with the reason. Blocks of the safety floor cannot be disabled."},
	{"providers", "mapping: provider → style", "{anthropic: xml, openai: fenced, ollama: inline}", "How each provider's bundles render their sections: xml, fenced or inline. Entries add to or replace the defaults."},
	{"lint", "mapping", "{}", "The linter's settings: rules and ignore."},
	{"hosts", "list of host names, or mapping", "[]", "The agent hosts the project targets (`hosts: [claude-code, codex]`): the host/* lint rules check what each of them loads. The mapping form also sets host profiles: targets and profiles."},
	{"vocabulary", "list of paths", "[]", "Your own routing vocabulary: text files relative to lore.yaml, one entry a line, `word, word: rendering, rendering` — a German word and the English words your manuals use for it (`Abrechnung: billing, invoice`), or a word of your requests and your manuals' word for it (`k8s: kubernetes`). how_do_i uses them beside lore's glossary and thesaurus; `#` starts a comment."},

	{"recipes.NAME.engine", "name", "NAME", "The engine the recipe configures: its prompt is prompts/ENGINE.md; several recipes may share an engine."},
	{"recipes.NAME.manualPaths", "list of paths", "every manual", "The folders the engine reads manuals from, in order: a name found in two is the first one's. Without it the engine reads every manual."},
	{"recipes.NAME.tools", "list of tool names", "[]", "The tools the engine may call (its allow-set), from the tool inventory; manuals that require other tools are not offered to it."},
	{"recipes.NAME.addons", "boolean", "false", "Whether the addon fragments of prompts/addons/ join the engine's prompt."},
	{"recipes.NAME.budget", "whole number", "0", "The token budget of each bundle's prefix; 0 for none."},
	{"recipes.NAME.sourcesBudget", "whole number", "1000", "The token budget of `{{ sources }}`, the list of the manuals the engine can load (name and summary) for a prompt that lets the model choose: as many as fit, then a pointer to manual_list(). The bundle reports it (sources)."},
	{"recipes.NAME.surfaces", "list of names", "[default]", "The surfaces to bake for (chat, cli, background, …): prompts/layers/surface/NAME/."},
	{"recipes.NAME.providers", "list of names", "[anthropic]", "The providers to bake for; each needs a render style (see providers)."},
	{"recipes.NAME.roles", "list of names", "[]", "Roles baked as extra bundles: prompts/layers/agents/ROLE/."},
	{"recipes.NAME.blocks", "list of block names", "[]", "Library blocks from prompts/blocks/ included in the prompt (tooluse.default, output.concise, …)."},
	{"recipes.NAME.bot", "name", "", "A bot layer: prompts/layers/bot/NAME/."},
	{"recipes.NAME.chat", "name", "", "A chat layer: prompts/layers/chat/NAME/."},
	{"recipes.NAME.lang", "string", "en", "The language of the engine's prompt."},
	{"recipes.NAME.params", "mapping", "{}", "Template parameters, available in prompts as {{ params.NAME }}."},

	{"hosts.targets", "list of host names", "[]", "The hosts the project targets: claude-code, codex, copilot, cursor, gemini-cli or a profile of hosts.profiles."},
	{"hosts.profiles", "mapping: host → profile", "{}", "Host profiles: fields set over a built-in profile of the same name (lists replace whole lists), or a new host, starting from `base:` (a built-in profile) when given. The fields are those of the built-in profiles; see the [Agent hosts](hosts.md) reference."},

	{"lint.rules", "mapping: rule → severity", "{}", "A severity per rule id or group (`size/*`): error, warning, info or off."},
	{"lint.ignore", "list of globs", "[]", "Files not to lint, as globs relative to lore.yaml (`legacy/**`)."},
}

// keyNames returns the names of the keys directly under parent ("" for
// the top level), in table order.
func keyNames(parent string) []string {
	var out []string
	for _, k := range keys {
		rest, ok := strings.CutPrefix(k.Path, parent)
		if parent == "" {
			ok = !strings.Contains(k.Path, ".")
		}
		if ok && !strings.Contains(rest, ".") {
			out = append(out, rest)
		}
	}
	return out
}

var (
	topKeys    = keyNames("")
	recipeKeys = keyNames("recipes.NAME.")
	lintKeys   = keyNames("lint.")
	hostsKeys  = keyNames("hosts.")
)
