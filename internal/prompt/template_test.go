package prompt

import (
	"slices"
	"strings"
	"testing"
)

// Template errors name the file, the line and the column (in characters),
// for compile errors, lexer errors and render errors alike.
func TestTemplateErrorsHavePositions(t *testing.T) {
	cases := []struct {
		name, file, src, want string
	}{
		{"unclosed variable", "prompts/arthur.md", "<!-- block: identity -->\nYou are Arthur.\nÜber {{ engine \nnext line\n", "prompts/arthur.md:3:16"},
		{"unknown tag", "prompts/arthur.md", "<!-- block: identity -->\nA\n<!-- block: rules -->\nB {% endfor %}\n", "prompts/arthur.md:4:6"},
		{"missing endif", "prompts/arthur.md", "<!-- block: identity -->\n{% if engine %}\nyes\n", "prompts/arthur.md:4:1"},
		{"unclosed comment", "prompts/arthur.md", "<!-- block: identity -->\nok\n  {# never closed\n", "prompts/arthur.md:3:3"},
		{"undefined variable", "prompts/arthur.md", "<!-- block: identity -->\nline\nYou are {{ enigne }}.\n", "prompts/arthur.md:3:9"},
		{"unknown filter", "prompts/arthur.md", "<!-- block: identity -->\nÄ {{ engine | shout }}\n", "prompts/arthur.md:2:15"},
		{"fragment", "prompts/arthur/calendar.md", "## Calendar\n\n- {{ tools | map(attribute='name') | join(', ' }}\n", "prompts/arthur/calendar.md:3"},
		{"layer", "prompts/layers/shared/identity.md", "You are\n{{ recipe.name.x }}\n", "prompts/layers/shared/identity.md:2:1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{"lore.yaml": minimalYAML + "    addons: true\n", "prompts/arthur.md": "<!-- block: identity -->\nYou are Arthur.\n"}
			files[c.file] = c.src
			res := bakeAll(t, files)
			ds := find(res.Diagnostics, RuleTemplate)
			if len(ds) != 1 {
				t.Fatalf("want one prompt/template finding, got %v", res.Diagnostics)
			}
			if got := ds[0].Pos.String(); !strings.HasPrefix(got, c.want) {
				t.Errorf("position %s, want %s (%s)", got, c.want, ds[0].Message)
			}
			if strings.Contains(ds[0].Message, "\n") || strings.Contains(ds[0].Message, "Token[") {
				t.Errorf("message carries gonja internals: %q", ds[0].Message)
			}
		})
	}
}

func TestTemplateErrorMessages(t *testing.T) {
	res := bakeAll(t, map[string]string{"lore.yaml": minimalYAML, "prompts/arthur.md": "<!-- block: identity -->\nYou are {{ enigne }}.\n"})
	ds := find(res.Diagnostics, RuleTemplate)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, `undefined variable "enigne"`) {
		t.Fatalf("got %v", ds)
	}
}

// A static block that reads a per-turn value is a cache-order error at the
// use; a dynamic block may only use bare placeholders.
func TestPerTurnValuesOnlyInDynamicBlocks(t *testing.T) {
	res := bakeAll(t, map[string]string{"lore.yaml": minimalYAML, "prompts/arthur.md": `<!-- block: identity -->
You are Arthur. It is {{ turn.now }}.
<!-- block: runtime-context dynamic -->
Tokens: {{ turn.tokens }}
{% if turn.tokens > 1000 %}Be brief.{% endif %}
`, "prompts/layers/shared/guardrails.md": "- Never mention {{ turn.session }}.\n"})
	co := find(res.Diagnostics, RuleCacheOrder)
	if got := positions(co); len(got) != 2 || got[0] != "prompts/arthur.md:2:26" || got[1] != "prompts/layers/shared/guardrails.md:1:20" {
		t.Errorf("cache-order findings at %v: %v", got, co)
	}
	tpl := find(res.Diagnostics, RuleTemplate)
	if got := positions(tpl); len(got) != 1 || got[0] != "prompts/arthur.md:5:7" {
		t.Errorf("template findings at %v: %v", got, tpl)
	}
	for _, b := range res.Bundles {
		if strings.Contains(b.Prefix, "turn.") {
			t.Errorf("%s: per-turn value in the prefix:\n%s", b.ID, b.Prefix)
		}
	}
}

// The tail keeps {{ turn.NAME }} for the runtime while static values in the
// same dynamic block are rendered; nothing of it reaches the prefix.
func TestTailVariablesKeptOutOfPrefix(t *testing.T) {
	res := bakeAll(t, map[string]string{"lore.yaml": minimalYAML, "prompts/arthur.md": `<!-- block: identity -->
You are {{ engine }}.
<!-- block: runtime-context dynamic -->
{{ engine }} on {{ surface }} · now {{turn.now}} · used {{   turn.tokens   }} tokens
`})
	wantOnly(t, res.Diagnostics)
	b := res.Bundles[0]
	if want := "<section name=\"runtime-context\">\narthur on chat · now {{ turn.now }} · used {{ turn.tokens }} tokens\n</section>\n"; b.Tail != want {
		t.Errorf("tail:\n%q\nwant\n%q", b.Tail, want)
	}
	if strings.Contains(b.Prefix, "turn") || strings.Contains(b.Prefix, "runtime-context") {
		t.Errorf("prefix holds the tail:\n%s", b.Prefix)
	}
}

// A value a dynamic block shows (here a recipe parameter) becomes no
// placeholder of the tail: neither {{ turn.NAME }} in it nor the NUL
// marker the build uses for one; the block's own placeholder stays.
func TestTailValuesMakeNoPlaceholder(t *testing.T) {
	res := bakeAll(t, map[string]string{"lore.yaml": minimalYAML + "    params:\n      note: \"see {{turn.secret}} and \\0turn.key\\0\\0\\0\\0\"\n",
		"prompts/arthur.md": "<!-- block: identity -->\nYou are {{ engine }}.\n<!-- block: runtime-context dynamic -->\n{{ params.note }} at {{ turn.now }}\n"})
	wantOnly(t, res.Diagnostics)
	b := res.Bundles[0]
	if want := "<section name=\"runtime-context\">\nsee { {turn.secret}} and turn.key at {{ turn.now }}\n</section>\n"; b.Tail != want {
		t.Errorf("tail:\n%q\nwant\n%q", b.Tail, want)
	}
}

func TestMarkers(t *testing.T) {
	res := bakeAll(t, map[string]string{"lore.yaml": minimalYAML, "prompts/arthur.md": `stray text
<!-- block: identity priority=5 -->
A
<!-- block identity -->
<!-- block: rules priority=high -->
<!-- block: rules loud -->
<!-- block: identity -->
B
` + "```\n<!-- block: inside-a-fence -->\n```\n"})
	ds := find(res.Diagnostics, RuleTemplate)
	var got []string
	for _, d := range ds {
		got = append(got, d.Pos.String()+" "+d.Message)
	}
	for i, want := range []string{"prompts/arthur.md:1:1 text before the first block marker", "prompts/arthur.md:4:1 malformed block marker",
		"prompts/arthur.md:5:1 block \"rules\": priority must be", "prompts/arthur.md:6:1 block \"rules\": unknown marker option \"loud\"",
		"prompts/arthur.md:7:1 block \"identity\" is defined twice (first on line 2)"} {
		if i >= len(got) || !strings.HasPrefix(got[i], want) {
			t.Errorf("finding %d: got %q, want %q…", i, got, want)
		}
	}
	if len(got) != 5 {
		t.Errorf("got %d findings: %q", len(got), got)
	}
}

// A static addon fragment that reads a per-turn value is one cache-order
// finding, and the fragment stays out of the bundle (it is not also a
// render error).
func TestStaticFragmentReadingTurnIsOneFinding(t *testing.T) {
	res := bakeAll(t, map[string]string{"lore.yaml": minimalYAML + "    addons: true\n", "prompts/arthur.md": "<!-- block: identity -->\nArthur.\n",
		"prompts/arthur/cal.md": "Calendar at {{ turn.now }}.\n"})
	if got := positions(res.Diagnostics); !slices.Equal(got, []string{"prompts/arthur/cal.md:1:16"}) || res.Diagnostics[0].Rule != RuleCacheOrder {
		t.Errorf("findings: %v", res.Diagnostics)
	}
	if b := res.Bundles[0]; strings.Contains(b.Prefix, "Calendar") {
		t.Errorf("the fragment reached the prefix:\n%s", b.Prefix)
	}
}
