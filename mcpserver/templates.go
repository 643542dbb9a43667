package mcpserver

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/manual"
)

// templateSuffix ends the file name of a task template.
const templateSuffix = ".prompt.md"

// taskTemplate is prompts/templates/<name>.prompt.md (seed 003 PB2): YAML
// front matter name, description, argument-hint, agent; a Markdown body
// with ${arg} placeholders.
type taskTemplate struct {
	Name         string
	Description  string
	ArgumentHint string
	Agent        string
	Body         string
	Path         string
	// Args are the body's placeholders in order of first use.
	Args []string
}

// readTemplates reads every task template in dir, sorted by name. A
// missing folder means none; a template with broken front matter, an
// invalid or duplicate name is skipped with a warning.
func readTemplates(fsys afero.Fs, dir string) ([]*taskTemplate, []string) {
	entries, err := afero.ReadDir(fsys, dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, []string{fmt.Sprintf("cannot read the task templates in %s: %v", dir, err)}
	}
	var out []*taskTemplate
	var warns []string
	seen := map[string]string{}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), templateSuffix) {
			continue
		}
		file := path.Join(dir, e.Name())
		t, err := readTemplate(fsys, file)
		if err != nil {
			warns = append(warns, fmt.Sprintf("%s: skipped: %v", file, err))
			continue
		}
		if first, ok := seen[t.Name]; ok {
			warns = append(warns, fmt.Sprintf("%s: skipped: template name %q is already taken by %s", file, t.Name, first))
			continue
		}
		seen[t.Name] = file
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b *taskTemplate) int { return cmp.Compare(a.Name, b.Name) })
	return out, warns
}

func readTemplate(fsys afero.Fs, file string) (*taskTemplate, error) {
	src, err := readLimited(fsys, file)
	if err != nil {
		return nil, err
	}
	m := manual.Parse(file, src)
	for _, p := range m.Problems {
		if p.Rule == "skill/yaml" {
			return nil, fmt.Errorf("line %d: %s", p.Line, p.Message)
		}
	}
	t := &taskTemplate{Name: manual.NameOf(file), Path: file, Body: string(m.Body())}
	meta := m.Header.Meta
	str := func(k string) string {
		if v, ok := meta[k]; ok && v != nil {
			return strings.TrimSpace(fmt.Sprint(v))
		}
		return ""
	}
	if n := str("name"); n != "" {
		t.Name = n
	}
	if !manual.ValidName(t.Name) {
		return nil, fmt.Errorf("template name %q is not a valid prompt name ([A-Za-z0-9][A-Za-z0-9._-]*)", t.Name)
	}
	t.Description, t.ArgumentHint, t.Agent = str("description"), str("argument-hint"), str("agent")
	t.Args = placeholders(t.Body)
	return t, nil
}

// dropCollisions removes templates named like a bundle: the bundle keeps
// the prompt name.
func dropCollisions(tpls []*taskTemplate, bundles []*bundleFile, warns *[]string) []*taskTemplate {
	return slices.DeleteFunc(tpls, func(t *taskTemplate) bool {
		for _, b := range bundles {
			if b.ID == t.Name {
				*warns = append(*warns, fmt.Sprintf("%s: skipped: the prompt name %q is taken by a bundle", t.Path, t.Name))
				return true
			}
		}
		return false
	})
}

// description is what a client shows for the template's prompt.
func (t *taskTemplate) description() string {
	d := t.Description
	if d == "" {
		d = "Task template " + t.Name + "."
	}
	if t.ArgumentHint != "" {
		d += " Arguments: " + t.ArgumentHint
	}
	if t.Agent != "" {
		d += " (meant for agent " + t.Agent + ")"
	}
	return d
}

// argDescription describes placeholder name for a client's form.
func (t *taskTemplate) argDescription(name string) string {
	if len(t.Args) == 1 && t.ArgumentHint != "" {
		return t.ArgumentHint
	}
	d := "Replaces ${" + name + "} in the template; left empty when not given."
	if t.ArgumentHint != "" {
		d += " Hint: " + t.ArgumentHint
	}
	return d
}
