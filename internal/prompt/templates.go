package prompt

import (
	"fmt"
	"path"
	"strings"

	"github.com/spf13/afero"
	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/manual"
)

// TaskTemplate is prompts/templates/<name>.prompt.md (seed 003 PB2): a
// named, parameterised task starter. Its front matter uses the vocabulary
// of Copilot's prompt files; its body has ${arg} placeholders.
type TaskTemplate struct {
	Name         string
	Description  string
	ArgumentHint string
	// Agent optionally names the engine, recipe or role the task is meant
	// for; AgentLine and AgentCol locate its value (0 when not set).
	Agent               string
	AgentLine, AgentCol int
	Path                string
	Body                string
	// BodyLine is the line the body starts on.
	BodyLine int
}

// Placeholders returns the template's ${arg} names in order of first use.
func (t *TaskTemplate) Placeholders() []string { return bundle.Placeholders(t.Body) }

// Expand substitutes args into the body; missing arguments become empty
// and are returned, once each.
func (t *TaskTemplate) Expand(args map[string]string) (string, []string) {
	return bundle.Expand(t.Body, args)
}

const templateSuffix = ".prompt.md"

func (s *Set) loadTemplates(fsys afero.Fs, dir string) {
	for _, p := range s.markdownFiles(fsys, dir, false) {
		if !strings.HasSuffix(p, templateSuffix) {
			s.malformed(p, 0, 0, "a task template is named <name>.prompt.md")
			continue
		}
		src, ok := s.read(fsys, p)
		if !ok {
			continue
		}
		if t := s.parseTemplate(p, strings.TrimSuffix(path.Base(p), templateSuffix), string(src)); t != nil {
			s.Templates = append(s.Templates, t)
		}
	}
}

// parseTemplate reads the front matter (name, description, argument-hint,
// agent) and the body.
func (s *Set) parseTemplate(p, name, src string) *TaskTemplate {
	t := &TaskTemplate{Name: name, Path: p, Body: src, BodyLine: 1}
	fm, ok := manual.SplitFrontMatter([]byte(src))
	if !ok {
		s.malformed(p, 1, 1, "a task template starts with front matter: ---, description: …, argument-hint: …, ---")
		return t
	}
	if !fm.Closed {
		s.malformed(p, 1, 1, "the front matter is not closed by a --- line")
		return t
	}
	t.Body, t.BodyLine = string(fm.Rest), fm.RestLine
	var doc yaml.Node
	if err := guard.Do(func() error { return yaml.Unmarshal(fm.Text, &doc) }); err != nil {
		line, msg := manual.YAMLErrorIn(err, fm.Text, 2)
		s.malformed(p, line, 1, "invalid front matter: "+msg)
		return t
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		s.malformed(p, 2, 1, "the front matter must be key: value lines")
		return t
	}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		line := k.Line + 1 // the front matter starts on line 2
		if v.Kind != yaml.ScalarNode {
			s.malformed(p, line, k.Column, fmt.Sprintf("%s: expected a single value", k.Value))
			continue
		}
		switch k.Value {
		case "name":
			if v.Value != name {
				s.malformed(p, line, v.Column, fmt.Sprintf("name %q differs from the file name %q: rename one", v.Value, name))
			}
		case "description":
			t.Description = v.Value
		case "argument-hint":
			t.ArgumentHint = v.Value
		case "agent", "mode":
			t.Agent, t.AgentLine, t.AgentCol = v.Value, v.Line+1, v.Column
		default:
			s.malformed(p, line, k.Column, fmt.Sprintf("unknown front matter key %q (keys: name, description, argument-hint, agent)", k.Value))
		}
	}
	if strings.TrimSpace(t.Description) == "" {
		s.malformed(p, 1, 1, "a task template needs a description: it is what a user reads when picking one")
	}
	for _, ph := range t.Placeholders() {
		if !strings.Contains(t.ArgumentHint, ph) {
			s.malformed(p, 1, 1, fmt.Sprintf("placeholder ${%s} is not named in argument-hint: list every argument there", ph))
		}
	}
	return t
}
