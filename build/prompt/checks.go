package prompt

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/build/config"
	"github.com/lorekit/lore/build/manual"
)

// checkSet runs the checks that concern the prompts folder as a whole.
func (b *baker) checkSet() {
	recipes := Recipes(b.s, b.cfg)
	engines := map[string][]string{} // engine → recipes
	addons := map[string]bool{}
	for _, r := range recipes {
		engines[r.Engine] = append(engines[r.Engine], r.Name)
		if r.Addons {
			addons[r.Engine] = true
		}
	}
	frags := make([]string, 0, len(b.s.Fragments))
	for e := range b.s.Fragments {
		frags = append(frags, e)
	}
	slices.Sort(frags)
	for _, e := range frags {
		if addons[e] {
			continue
		}
		msg := fmt.Sprintf("addon fragment for engine %q, which no recipe enables addons for: set `addons: true` on its recipe in lore.yaml, or remove the fragment", e)
		if len(engines[e]) == 0 {
			msg = fmt.Sprintf("addon fragment for engine %q, which has no engine prompt in a recipe: fragments live in prompts/<engine>/ of an engine with `addons: true`", e)
		}
		for _, f := range b.s.Fragments[e] {
			b.diags = append(b.diags, diagAt(f.Path, 1, 1, RuleFragmentEngine, msg))
		}
	}
	for _, r := range b.cfg.Recipes {
		if b.s.Engine(r.Engine) != nil {
			continue
		}
		for _, key := range []string{"budget", "surfaces", "providers", "roles", "blocks"} {
			if _, set := r.KeyLines[key]; set {
				b.diags = append(b.diags, b.recipeDiag(r, key, RuleTemplate, fmt.Sprintf("recipe %q configures prompt bundles (%s) but %s does not exist: write the engine prompt or drop the prompt keys",
					r.Name, key, path.Join(b.s.Dir, r.Engine+".md"))))
				break
			}
		}
	}
}

// checkRecipe runs the checks of one recipe: roles, library blocks and the
// manual_read hooks of every prompt file its bundles use.
func (b *baker) checkRecipe(r *config.Recipe) {
	for _, role := range r.Roles {
		if !b.roleDirExists(role) {
			b.diags = append(b.diags, b.recipeDiag(r, "roles", RuleUnknownRole, fmt.Sprintf("recipe %q names role %q but %s does not exist: a role is the layer prompts/layers/agents/<role>/ (e.g. its operating-rules.md); create it or remove the role",
				r.Name, role, path.Join(b.s.Dir, "layers", "agents", role)+"/")))
		}
	}
	var styles []bundle.Style
	for _, p := range Providers(r) {
		if st := b.style(p); !slices.Contains(styles, st) {
			styles = append(styles, st)
		}
	}
	for _, name := range r.Blocks {
		lb := b.s.Library[name]
		if lb == nil {
			msg := fmt.Sprintf("recipe %q: library block %q does not exist (no %s): it is left out of the bundles", r.Name, name, path.Join(b.s.Dir, "blocks", name+".md"))
			var names []string
			for n := range b.s.Library {
				names = append(names, n)
			}
			if c := config.Closest(name, names); c != "" {
				msg += fmt.Sprintf("; did you mean %q?", c)
			}
			b.diags = append(b.diags, b.recipeDiag(r, "blocks", RuleUnknownBlock, msg))
			continue
		}
		for _, st := range styles {
			if lb.For(st) == nil {
				b.diags = append(b.diags, b.recipeDiag(r, "blocks", RuleUnknownBlock, fmt.Sprintf("recipe %q: library block %q has no %s.md or %s.%s.md for style %s: it is left out of those bundles",
					r.Name, name, name, name, st, st)))
			}
		}
	}
	b.checkHooks(r)
}

// sources returns the prompt files the bundles of r read.
func (b *baker) sources(r *config.Recipe) []string {
	var out []string
	if e := b.s.Engine(r.Engine); e != nil {
		out = append(out, e.Path)
	}
	if r.Addons {
		for _, f := range b.s.Fragments[r.Engine] {
			out = append(out, f.Path)
		}
	}
	for _, name := range r.Blocks {
		if lb := b.s.Library[name]; lb != nil {
			if lb.Base != nil {
				out = append(out, lb.Base.Path)
			}
			for _, v := range lb.Variants {
				out = append(out, v.Path)
			}
		}
	}
	ids := map[string]bool{"shared": true, "project": true}
	for _, sf := range r.Surfaces {
		ids["surface/"+sf] = true
	}
	for _, role := range r.Roles {
		ids["agents/"+role] = true
	}
	if r.Bot != "" {
		ids["bot/"+r.Bot] = true
	}
	if r.Chat != "" {
		ids["chat/"+r.Chat] = true
	}
	for _, l := range b.s.Layers {
		if ids[l.Layer] {
			out = append(out, l.Path)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// checkHooks resolves every manual_read('name') of r's prompt files through
// r's manualPaths (seed 000 §4, rule 1) and checks each hook line says when
// to load it (rule 2).
func (b *baker) checkHooks(r *config.Recipe) {
	for _, p := range b.sources(r) {
		src := b.s.Files[p]
		inFence := fenceLines(string(src))
		lines := strings.Split(string(src), "\n")
		for _, ref := range manual.ManualReads(src, nil) {
			if inFence(ref.Line) {
				continue
			}
			if !hasTrigger(lines, ref.Line-1) {
				b.diags = append(b.diags, diagAt(p, ref.Line, ref.Col, RuleHookTrigger, fmt.Sprintf(
					"hook manual_read('%s') says nothing about when to load it: add the trigger, e.g. \"`manual_read('%s')` — when the user asks for …\" (the manual explains itself; the hook is the triage)",
					ref.Target, ref.Target)))
			}
			if b.o.Manuals == nil {
				continue
			}
			if msg := b.unresolved(r, ref.Target); msg != "" {
				b.diags = append(b.diags, diagAt(p, ref.Line, ref.Col, RuleUnknownManual, msg))
			}
		}
	}
}

func (b *baker) unresolved(r *config.Recipe, name string) string {
	if !manual.ValidName(name) {
		return "manual_read('" + name + "') is not a valid manual name: names are file names without extension and never contain /, \\ or .."
	}
	p, audience, ok := b.o.Manuals.Resolve(r, name)
	if !ok {
		msg := fmt.Sprintf("manual_read('%s') does not resolve through the manualPaths of recipe %q (%s)", name, r.Name, strings.Join(r.ManualPaths, ", "))
		if len(r.ManualPaths) == 0 {
			msg = fmt.Sprintf("manual_read('%s') matches no manual of the project", name)
		}
		if c := config.Closest(name, b.o.Manuals.Names(r)); c != "" {
			msg += fmt.Sprintf(": did you mean manual_read('%s')?", c)
		} else {
			msg += ": add the manual's folder to the recipe's manualPaths, or fix the name"
		}
		return msg
	}
	if audience != "" && audience != r.Engine {
		return fmt.Sprintf("manual_read('%s') resolves to %s, whose audience is %s, not %s: hook it from %s's prompt, or drop the audience line",
			name, p, audience, r.Engine, audience)
	}
	return ""
}

// whenWords open a "when to load" clause, in English and German.
var whenWords = regexp.MustCompile(`(?i)(?:^|[^\pL])(when|whenever|if|before|after|for|once|while|unless|in case|wenn|falls|sobald|bevor|bei|für|vor|sofern)(?:[^\pL]|$)`)

var callRE = regexp.MustCompile("`?manual_read\\([^)]*\\)`?")

// hasTrigger reports whether the hook on line i says when to load its
// manual. The unit is the hook's list item (with its continuation lines)
// or paragraph: it passes when it carries a when-clause, or when it is a
// list item with text of its own under a lead-in paragraph that does.
func hasTrigger(lines []string, i int) bool {
	first, last := unitOf(lines, i)
	unit := callRE.ReplaceAllString(strings.Join(lines[first:last+1], " "), " ")
	if whenWords.MatchString(unit) {
		return true
	}
	words := strings.FieldsFunc(unit, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c > 127)
	})
	if len(words) < 2 || bulletLenOf(lines[first]) == 0 {
		return false
	}
	// Walk up over the list to its lead-in paragraph.
	j := first - 1
	for j >= 0 && strings.TrimSpace(lines[j]) != "" && (bulletLenOf(lines[j]) > 0 || strings.HasPrefix(lines[j], " ")) {
		j--
	}
	for j >= 0 && strings.TrimSpace(lines[j]) == "" {
		j--
	}
	for ; j >= 0 && strings.TrimSpace(lines[j]) != "" && !isHeading(lines[j]); j-- {
		if whenWords.MatchString(lines[j]) {
			return true
		}
	}
	return false
}

// unitOf returns the first and last line of the list item or paragraph
// holding line i.
func unitOf(lines []string, i int) (int, int) {
	first := i
	for first > 0 && bulletLenOf(lines[first]) == 0 && !isHeading(lines[first]) {
		prev := lines[first-1]
		if strings.TrimSpace(prev) == "" || isHeading(prev) {
			break
		}
		first--
		if bulletLenOf(prev) > 0 {
			break
		}
	}
	last := i
	for last+1 < len(lines) {
		next := lines[last+1]
		if strings.TrimSpace(next) == "" || isHeading(next) || bulletLenOf(next) > 0 && !strings.HasPrefix(next, "  ") {
			break
		}
		last++
	}
	return first, last
}

func isHeading(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "#") }

func bulletLenOf(l string) int {
	t := strings.TrimLeft(l, " ")
	if len(t) >= 2 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ' {
		return 2
	}
	n := 0
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	if n > 0 && n+1 < len(t) && (t[n] == '.' || t[n] == ')') && t[n+1] == ' ' {
		return n + 2
	}
	return 0
}
