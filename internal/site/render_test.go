package site

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/theme"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// promptInput is a site with bundles, templates and blocks, as the bake
// stage will hand them over.
func promptInput() *Input {
	m := manual.Parse("manuals/images.md", []byte("---\ntriggers: image, Bild\nsummary: Embed images.\n---\n# Images\n\nWrite `![alt](url)`.\n"))
	seed := "<section name=\"identity\">\nYou are Arthur.\n</section>\n<section name=\"capability-contract\">\nUse tools.\n</section>\n"
	prefix := "<section name=\"identity\">\nYou are Arthur, the project's assistant.\n</section>\n<section name=\"capability-contract\">\nUse tools.\n</section>\n" +
		"<section name=\"guardrails\">\n- Never say you cannot show images: `manual_read('images')`.\n</section>\n"
	return &Input{
		Title:   "Prompt fixture",
		Manuals: []*Manual{{M: m, Path: "manuals/images.md", URL: ManualURL("images", 0), Tokens: 30, SHA256: strings.Repeat("ab", 32)}},
		Rules:   ruleReference(),
		Bundles: []*Bundle{
			{ID: "arthur.chat.anthropic", Recipe: "arthur", Engine: "arthur", Surface: "chat", Provider: "anthropic", Style: "xml",
				Prefix: prefix, Tail: "<section name=\"runtime\">\nNow: {{ turn.now }}\n</section>\n", SHA256: strings.Repeat("01", 32),
				Bytes: len(prefix), Tokens: 1420, Budget: 1500, SeedPrefix: seed,
				Layers: []Layer{
					{Block: "identity", Layer: "project", Source: "prompts/layers/project/identity.md", Digest: strings.Repeat("c3", 32), Bytes: 52, Tokens: 12, Priority: 10},
					{Block: "capability-contract", Layer: "seed", Source: "prompts/arthur.md", Digest: strings.Repeat("d4", 32), Bytes: 48, Tokens: 9, Priority: 20},
					{Block: "guardrails", Layer: "shared", Source: "prompts/layers/shared/guardrails.md", Digest: strings.Repeat("e5", 32), Bytes: 80, Tokens: 20, Priority: 30},
				},
				Styles: []StyledPrompt{{Style: "fenced", Text: "```identity\nYou are Arthur, the project's assistant.\n```\n"}, {Style: "inline", Text: "--- identity ---\nYou are Arthur.\n"}},
				Path:   "lore/bundles/arthur.chat.anthropic.json"},
			{ID: "arthur.chat.reviewer.openai", Recipe: "arthur", Engine: "arthur", Surface: "chat", Role: "reviewer", Provider: "openai", Style: "fenced",
				Prefix: "```identity\nYou review.\n```\n", SHA256: strings.Repeat("02", 32), Bytes: 26, Tokens: 1600, Budget: 1500,
				Path: "lore/bundles/arthur.chat.reviewer.openai.json"},
		},
		Templates: []*Template{
			{Name: "explain", Description: "Explain code to a newcomer.", ArgumentHint: "<file or symbol>", Source: "prompts/templates/explain.prompt.md",
				Body: "Explain ${target} to someone new to the project.\n", Path: "lore/templates/explain.prompt.md"},
			{Name: "review", Description: "Review a change.", Agent: "reviewer", Body: "Review ${change}. <script>alert(1)</script>\n"},
		},
		Blocks: []*Block{
			{Name: "role.coding", Source: "prompts/blocks/role.coding.md", Body: "You are a careful coding agent.\n", Priority: 450, Recipes: []string{"arthur", "marvin"},
				Variants: []BlockVariant{{Style: "fenced", Source: "prompts/blocks/role.coding.fenced.md", Body: "You are a careful coding agent. Think step by step.\n"}}},
			{Name: "tooluse.default", Source: "prompts/blocks/tooluse.default.md", Body: "Use a tool when it is faster than guessing.\n"},
		},
		FS:    afero.NewMemMapFs(),
		Theme: theme.Default(),
	}
}

// TestPromptPagesGolden renders the bundle pages, the cheatsheet, the
// catalog and a manual page from view-model fixtures and compares them
// with testdata/golden/pages.
func TestPromptPagesGolden(t *testing.T) {
	out := renderFresh(t, promptInput())
	golden := filepath.Join("..", "..", "testdata", "golden", "pages")
	for _, name := range []string{"bundles/index.html", "bundles/arthur.chat.anthropic.html", "bundles/arthur.chat.reviewer.openai.html", "cheatsheet.html",
		"index.html", "manuals/images.html"} {
		got, err := afero.ReadFile(out, name)
		if err != nil {
			t.Fatalf("%s not written: %v", name, err)
		}
		file := filepath.Join(golden, filepath.FromSlash(name))
		if *update {
			_ = os.MkdirAll(filepath.Dir(file), 0o755)
			if err := os.WriteFile(file, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%s: no golden file (go test ./internal/site -run TestPromptPagesGolden -update): %v", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s: run go test ./internal/site -run TestPromptPagesGolden -update and review the diff", name, file)
		}
	}
}

func TestBundlePage(t *testing.T) {
	out := renderFresh(t, promptInput())
	read := func(p string) string {
		b, err := afero.ReadFile(out, p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	a := read("bundles/arthur.chat.anthropic.html")
	for _, want := range []string{
		`<rect class="fill" x="0" y="4" width="946" height="16"/>`, // 1420 of 1500 tokens
		`<span class="d del">- You are Arthur.</span>`,
		`<span class="d add">&#43; You are Arthur, the project&#39;s assistant.</span>`,
		`<span class="d add">&#43; &lt;section name=&#34;guardrails&#34;&gt;</span>`,
		`<summary>xml (this bundle)</summary>`, `<summary>fenced</summary>`, `<summary>inline</summary>`,
		`<th scope="row">guardrails</th><td>shared</td><td><code>prompts/layers/shared/guardrails.md</code></td><td class="num">30</td>`,
		`Now: {{ turn.now }}`,
		`<a href="../lore/bundles/arthur.chat.anthropic.json">`,
	} {
		if !strings.Contains(a, want) {
			t.Errorf("bundle page lacks %s", want)
		}
	}
	r := read("bundles/arthur.chat.reviewer.openai.html")
	if !strings.Contains(r, `<figure class="budget over">`) || !strings.Contains(r, "No seed prompt to compare with.") {
		t.Error("an over-budget bundle without a seed is not shown as such")
	}
	c := read("cheatsheet.html")
	for _, want := range []string{`id="template-explain"`, `&lt;file or symbol&gt;`, `&lt;script&gt;alert(1)&lt;/script&gt;`,
		`<summary>fenced variant</summary>`, `Runs on agent reviewer.`, `Priority 450 · used by arthur, marvin`, `used by no recipe`,
		`<a href="lore/templates/explain.prompt.md">published file</a>`} {
		if !strings.Contains(c, want) {
			t.Errorf("cheatsheet lacks %s", want)
		}
	}
	nav := read("index.html")
	if !strings.Contains(nav, `href="bundles/index.html"`) || !strings.Contains(nav, `href="cheatsheet.html"`) {
		t.Error("the sidebar does not link bundles and the cheatsheet")
	}
}

// ruleReference is the registry's rule reference, as internal/build hands
// it to the site.
func ruleReference() []Rule {
	var out []Rule
	for _, r := range lint.Rules() {
		out = append(out, Rule{ID: r.ID, Severity: r.Severity, Summary: r.Summary, Doc: r.Doc})
	}
	return out
}
