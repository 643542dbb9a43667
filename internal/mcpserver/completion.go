package mcpserver

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/config"
)

// maxCompletions is the most values a completion returns (the protocol's
// limit).
const maxCompletions = 100

// complete answers completion/complete for the arguments of prompts and
// resource templates: the values the project knows for them, those that
// start with what the client typed first, then those that contain it.
//
//   - lore://manual/{name}: the names manual_read resolves;
//   - skill://{+path}: the paths of every skill file;
//   - a task template's placeholder: the choices its argument-hint lists
//     (topic=<a|b|c>), and the project's vocabulary when the placeholder
//     names one (see vocabulary);
//   - a bundle's per-turn value: the vocabulary its name names, if any.
//
// A prompt or template the server does not have, or an argument it does
// not take, is an invalid-params error.
func (s *Server) complete(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	p := req.Params
	if p == nil || p.Ref == nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "completion/complete needs a ref (ref/prompt or ref/resource) and an argument"}
	}
	snap, release := s.acquire()
	defer release()
	values, err := snap.completions(p.Ref, p.Argument.Name)
	if err != nil {
		return nil, err
	}
	return &mcp.CompleteResult{Completion: matching(values, p.Argument.Value)}, nil
}

// completions returns every value known for argument arg of ref.
func (snap *snapshot) completions(ref *mcp.CompleteReference, arg string) ([]string, error) {
	invalid := func(msg string) error { return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg} }
	switch ref.Type {
	case "ref/resource":
		switch ref.URI {
		case manualTemplate:
			if arg == "name" {
				return snap.names(), nil
			}
		case skillTemplate:
			if arg == "path" {
				return snap.skills.paths(), nil
			}
		default:
			return nil, invalid("no resource template " + clip(ref.URI) + ": resources/templates/list lists them")
		}
		return nil, invalid("the template " + ref.URI + " has no argument " + clip(arg))
	case "ref/prompt":
		for _, b := range snap.bundles {
			if b.ID == ref.Name {
				if !slices.Contains(bundle.TailVariables(b.Tail), arg) {
					return nil, invalid("the bundle " + b.ID + " takes no argument " + clip(arg))
				}
				return snap.vocabulary(arg), nil
			}
		}
		for _, t := range snap.templates {
			if t.Name == ref.Name {
				if !slices.Contains(t.Placeholders(), arg) {
					return nil, invalid("the task template " + t.Name + " takes no argument " + clip(arg))
				}
				return append(hintChoices(t, arg), snap.vocabulary(arg)...), nil
			}
		}
		return nil, invalid("no prompt " + clip(ref.Name) + ": prompts/list lists every bundle and task template")
	}
	return nil, invalid("unknown ref type " + clip(ref.Type) + ": use ref/prompt or ref/resource")
}

// vocabulary returns the project's values for an argument whose name says
// what it takes: manual (a manual's name), skill, engine (or agent,
// audience), recipe, role, surface, provider, tool. Other names have none.
func (snap *snapshot) vocabulary(arg string) []string {
	cfg := snap.project.Config
	recipes := cfg.Recipes
	if snap.who.Engine != "" {
		recipes = slices.DeleteFunc(slices.Clone(recipes), func(r *config.Recipe) bool { return r.Engine != snap.who.Engine })
	}
	var out []string
	from := func(f func(*config.Recipe) []string) []string {
		for _, r := range recipes {
			out = append(out, f(r)...)
		}
		return out
	}
	switch strings.NewReplacer("-", "_", " ", "_").Replace(strings.ToLower(arg)) {
	case "manual", "manual_name", "manuals":
		return snap.names()
	case "skill", "skill_name":
		for _, sk := range snap.skills.skills {
			out = append(out, sk.name)
		}
		return out
	case "engine", "agent", "audience":
		if snap.who.Engine != "" {
			return []string{snap.who.Engine}
		}
		return snap.project.ViewEngines()
	case "recipe":
		return from(func(r *config.Recipe) []string { return []string{r.Name} })
	case "role":
		return from(func(r *config.Recipe) []string { return r.Roles })
	case "surface":
		return from(func(r *config.Recipe) []string { return r.Surfaces })
	case "provider":
		return from(func(r *config.Recipe) []string { return r.Providers })
	case "tool", "tool_name", "tools":
		if !snap.who.AnyTools {
			return snap.who.Tools
		}
		return cfg.ToolNames
	}
	return nil
}

// paths returns the path of every skill file (its URI without skill://).
func (ss *skillSet) paths() []string {
	out := make([]string, 0, len(ss.files))
	for _, sk := range ss.skills {
		for _, f := range sk.files {
			out = append(out, strings.TrimPrefix(f.uri, skillScheme))
		}
	}
	return out
}

// matching returns the values that start with typed, ignoring case, then
// those that contain it, each group sorted, without repeats; at most
// maxCompletions of them, with the total.
func matching(values []string, typed string) mcp.CompletionResultDetails {
	t := strings.ToLower(typed)
	rank := func(v string) int {
		l := strings.ToLower(v)
		switch {
		case strings.HasPrefix(l, t):
			return 0
		case strings.Contains(l, t):
			return 1
		}
		return 2
	}
	var hits []string
	seen := map[string]bool{}
	for _, v := range values {
		if v != "" && !seen[v] && rank(v) < 2 {
			seen[v] = true
			hits = append(hits, v)
		}
	}
	slices.SortFunc(hits, func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a, b)) })
	res := mcp.CompletionResultDetails{Values: hits, Total: len(hits)}
	if len(hits) > maxCompletions {
		res.Values, res.HasMore = hits[:maxCompletions], true
	}
	if res.Values == nil {
		res.Values = []string{}
	}
	return res
}
