package lint

import "github.com/lorekit/lore/build/diag"

var promptTemplate = &Rule{
	ID: "prompt/template", Severity: diag.Error,
	Summary: "a prompt template does not compile or render (line:col)",
	Doc: "Engine prompts, addon fragments, layers and library blocks are Jinja/Pebble templates rendered with gonja; every one is " +
		"compiled at build time and rendered for every bundle, and an error names the file, line and column. Undefined variables are errors " +
		"(the context is engine, recipe, surface, role, provider, style, lang, params, tools and addonSections; per-turn values are " +
		"{{ turn.NAME }} placeholders in dynamic blocks). The rule also covers the structure around templates: malformed or duplicate " +
		"`<!-- block: NAME -->` markers, text before the first marker, task templates without front matter or description, and a recipe " +
		"that configures bundles for an engine without a prompt.",
}
