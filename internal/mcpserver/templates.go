package mcpserver

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/prompt"
)

// servedTemplates returns the task templates of set that can be served: a
// template with an error (broken front matter, say) is skipped with a
// warning, and so is one named like a bundle, which keeps the prompt name.
func servedTemplates(set *prompt.Set, bundles []*bundle.Bundle) ([]*prompt.TaskTemplate, []string) {
	var out []*prompt.TaskTemplate
	var warns []string
	for _, t := range set.Templates {
		var errs []string
		for _, d := range set.Malformed {
			if d.Pos.File == t.Path {
				errs = append(errs, fmt.Sprintf("%d: %s", d.Pos.Line, d.Message))
			}
		}
		switch {
		case len(errs) > 0:
			warns = append(warns, fmt.Sprintf("%s: skipped: %s", t.Path, strings.Join(errs, "; ")))
		case slices.ContainsFunc(bundles, func(b *bundle.Bundle) bool { return b.ID == t.Name }):
			warns = append(warns, fmt.Sprintf("%s: skipped: the prompt name %q is taken by a bundle", t.Path, t.Name))
		default:
			out = append(out, t)
		}
	}
	return out, warns
}

// templateDescription is what a client shows for a task template.
func templateDescription(t *prompt.TaskTemplate) string {
	d := t.Description
	if d == "" {
		d = "Task template " + t.Name + "."
	}
	if t.Agent != "" {
		d += " (meant for " + t.Agent + ")"
	}
	return d
}

// hintValue returns what the argument-hint says of placeholder name: its
// part "name=<…>" or "name=…", without the angle brackets.
func hintValue(t *prompt.TaskTemplate, name string) (string, bool) {
	re := regexp.MustCompile(`(?:^|\s)` + regexp.QuoteMeta(name) + `=(<[^>]*>|\S+)`)
	if m := re.FindStringSubmatch(t.ArgumentHint); m != nil {
		return strings.Trim(m[1], "<>"), true
	}
	return "", false
}

// argDescription describes placeholder name for a client's form: its part
// of the argument-hint ("target=<what to review> focus=<…>"), or the whole
// hint.
func argDescription(t *prompt.TaskTemplate, name string) string {
	if v, ok := hintValue(t, name); ok {
		return v
	}
	if t.ArgumentHint != "" {
		return "Fills ${" + name + "}; " + t.ArgumentHint
	}
	return "Fills ${" + name + "} in the template."
}

// hintChoices returns the alternatives the argument-hint lists for
// placeholder name, "mode=<quick|thorough>" or "mode=[quick|thorough]"; a
// description ("<what to review>") lists none.
func hintChoices(t *prompt.TaskTemplate, name string) []string {
	v, ok := hintValue(t, name)
	if !ok || !strings.Contains(v, "|") {
		return nil
	}
	var out []string
	for c := range strings.SplitSeq(strings.Trim(v, "[]()"), "|") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}
