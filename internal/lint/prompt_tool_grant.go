package lint

import (
	"regexp"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
)

var promptToolGrant = &Rule{
	ID: "prompt/tool-grant", Severity: diag.Error, Floor: true,
	Summary: "a prompt names a tool its recipe does not allow",
	Doc: "A recipe's `tools:` are everything its bundles may use; a role may narrow that set, never widen it (seed 001), and trigger " +
		"instructions for an addon's tools belong in the addon's fragment, not in the core engine prompt (seed 000 §7a, §8). A tool named in " +
		"an engine prompt block, library block, addon fragment or layer that reaches a recipe's bundles, but missing from that recipe's " +
		"tools, is an error at the name: the model is told to call something it does not have, or a role grants itself a tool. Tools are " +
		"recognised by the inventory's names (lore.yaml `tools:`) and by tool-looking identifiers (snake_case followed by `(`, in backticks, " +
		"after call/use/invoke/aufrufen/verwenden or next to the word tool); a mention the sentence forbids (\"never call doc_delete\") " +
		"grants nothing, and one that a condition leaves out of the rendered text does not count. Add the tool to the recipe, move the " +
		"line into an addon fragment, or delete it. Recipes without `tools:` are not checked.",
	Project: promptRule(func(p *Pass) {
		var inventory map[string]string
		var names []string
		if p.In.Config != nil {
			inventory, names = p.In.Config.Tools, p.In.Config.ToolNames
		}
		for _, rc := range p.In.Prompts.Reach {
			r, t := rc.Recipe, rc.Template
			if t == nil || t.Text == "" || !hasToolList(r) {
				continue
			}
			for _, m := range toolMentions(t.Text, inventory) {
				if slices.Contains(r.Tools, m.name) || !renderedMentions(rc.Rendered, m.name) {
					continue
				}
				hint := "add it to the recipe's tools: in lore.yaml, or delete the mention"
				if _, known := inventory[m.name]; known {
					hint = "add it to the recipe's tools: in lore.yaml, or, for an addon's tool, move the line into the addon's fragment " +
						"(prompts/" + r.Engine + "/<addon>.md, seed 000 §7a)"
				} else if c := config.Closest(m.name, r.Tools); c != "" {
					hint = "did you mean `" + c + "`?"
				} else if c := config.Closest(m.name, names); c != "" {
					hint = "the inventory has `" + c + "`; " + hint
				}
				allowed := "none"
				if len(r.Tools) > 0 {
					allowed = strings.Join(r.Tools, ", ")
				}
				p.ReportAt(posIn(t.Path, t.Text, t.Start, m.off), posIn(t.Path, t.Text, t.Start, m.off+len(m.name)),
					"names tool %q, which recipe %q does not allow (its tools: %s): a role or prompt may narrow the recipe's tools, never add one; %s",
					m.name, r.Name, allowed, hint)
			}
		}
	}),
}

// hasToolList reports whether recipe r lists its tools.
func hasToolList(r *config.Recipe) bool {
	_, set := r.KeyLines["tools"]
	return set || len(r.Tools) > 0
}

// toolMention is a tool named in prose: the name and its byte offset.
type toolMention struct {
	name string
	off  int
}

var snakeRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$`)

// Words around a tool name that make it one.
var (
	callVerbs = words("call calls calling called invoke invokes invoking invoked use uses using used run runs running ran",
		"execute executes executing executed trigger triggers triggering access rufe ruf verwende verwenden verwendest",
		"benutze benutzen benutzt nutze nutzen nutzt führe starte starten zugriff")
	callAfter = words("tool tools function functions werkzeug werkzeuge aufrufen aufzurufen auf verwenden zu benutzen nutzen",
		"ausführen auszuführen starten command")
	// listWords join several names after one verb ("call a, b or the c tool").
	listWords = words("and or und oder the a an das die den dem der tool tools function functions werkzeug werkzeuge both either",
		"also only even to your any other dein deine")
)

// toolMentions returns the tool names in text: every inventory name with
// an underscore, and snake_case identifiers or one-word inventory names
// that the text calls like a tool. Mentions the sentence forbids are left
// out.
func toolMentions(text string, inventory map[string]string) []toolMention {
	toks := tokenize(blankTags(blankComments(text)))
	var out []toolMention
	for _, s := range sentences(toks) {
		for i, t := range s {
			if t.Kind != tWord {
				continue
			}
			name := t.Text
			_, known := inventory[name]
			snake := snakeRE.MatchString(name) && !strings.HasSuffix(strings.ToLower(name), "_case")
			if !known && !snake {
				continue
			}
			verb := callVerbBefore(s, i)
			if !(known && snake) && verb < 0 && !toolContext(s, i) {
				continue
			}
			if forbidden(s, i, verb) {
				continue
			}
			out = append(out, toolMention{name: name, off: t.Off})
		}
	}
	return out
}

// toolContext reports a name written as a call: followed by "(", opening
// a code span, next to "tool" or a German call verb.
func toolContext(s []token, i int) bool {
	t := s[i]
	if i+1 < len(s) && s[i+1].Text == "(" && s[i+1].Off == t.End {
		return true
	}
	if i > 0 && s[i-1].Text == "`" && s[i-1].End == t.Off && i+1 < len(s) && (s[i+1].Text == "`" || s[i+1].Text == "(") {
		return true
	}
	if i > 0 && (s[i-1].Low == "tool" || s[i-1].Low == "function" || s[i-1].Low == "werkzeug") {
		return true
	}
	for k := i + 1; k < len(s) && k <= i+4; k++ {
		w := s[k]
		if w.Kind != tWord {
			if w.Text == "`" || w.Text == "," || w.Text == "/" {
				continue
			}
			return false
		}
		if callAfter[w.Low] {
			return true
		}
		if !listWords[w.Low] && !snakeRE.MatchString(w.Text) {
			return false
		}
	}
	return false
}

// callVerbBefore returns the index of the call verb that governs the
// name at i ("you may call a, b and c"), or -1.
func callVerbBefore(s []token, i int) int {
	for k := i - 1; k >= 0 && k >= i-12; k-- {
		w := s[k]
		if w.Kind != tWord {
			if w.Text == "`" || w.Text == "," || w.Text == "/" || w.Text == "&" || w.Text == "(" || w.Text == ")" || w.Text == "'" {
				continue
			}
			return -1
		}
		if callVerbs[w.Low] {
			return k
		}
		if !listWords[w.Low] && !snakeRE.MatchString(w.Text) {
			return -1
		}
	}
	return -1
}

// forbidden reports a mention the sentence forbids: a negation that
// governs its call verb ("never call x", "do not use x"), or, without a
// verb, a negation in the sentence that nothing inverts ("x ist nicht
// erlaubt"). "Never refuse to call x" grants.
func forbidden(s []token, i, verb int) bool {
	m := &sentence{t: s}
	if verb >= 0 {
		if m.linkedNegation(verb, false) {
			return true
		}
		// German: "rufe x nie auf", "x nicht aufrufen".
		for k := i + 1; k < len(s) && k <= i+3; k++ {
			if w := m.word(k); w == "nicht" || w == "nie" || w == "niemals" || w == "keinesfalls" {
				return true
			}
		}
		return false
	}
	for k := range s {
		w := m.word(k)
		if inverters[w] && w != "need" && w != "needs" {
			return false
		}
	}
	for k := range s {
		if negators[m.word(k)] {
			return true
		}
	}
	return false
}

// renderedMentions reports whether any rendered text names tool: a name
// a condition left out of every bundle of the recipe names nothing there.
func renderedMentions(rendered []string, tool string) bool {
	for _, r := range rendered {
		for off := 0; ; {
			i := strings.Index(r[off:], tool)
			if i < 0 {
				break
			}
			i += off
			before, after := i == 0 || !isIdentByte(r[i-1]), i+len(tool) == len(r) || !isIdentByte(r[i+len(tool)])
			if before && after {
				return true
			}
			off = i + 1
		}
	}
	return false
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
