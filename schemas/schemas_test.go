package schemas_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/spf13/afero"
	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/schemas"
)

// repoRoot is the repository, seen from this package's folder.
const repoRoot = ".."

// compile compiles the schema called name, with every schema of the
// package known by its $id.
func compile(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	for _, n := range schemas.Names() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemas.Read(n)))
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if err := c.AddResource(schemas.BaseURL+n, doc); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
	}
	sch, err := c.Compile(schemas.BaseURL + name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return sch
}

func validate(t *testing.T, sch *jsonschema.Schema, what string, b []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return sch.Validate(inst)
}

// TestSchemasAreDraft2020WithStableIDs: every schema declares draft
// 2020-12 and the $id where the site publishes it.
func TestSchemasAreDraft2020WithStableIDs(t *testing.T) {
	names := schemas.Names()
	for _, want := range []string{schemas.Config, schemas.Manifest, schemas.Bundle, schemas.Lint, schemas.Hosts} {
		if !slices.Contains(names, want) {
			t.Errorf("no schema %s (have %v)", want, names)
		}
	}
	for _, n := range names {
		var head struct {
			Schema      string `json:"$schema"`
			ID          string `json:"$id"`
			Title       string `json:"title"`
			Description string `json:"description"`
		}
		if err := json.Unmarshal(schemas.Read(n), &head); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if head.Schema != "https://json-schema.org/draft/2020-12/schema" || head.ID != schemas.BaseURL+n || head.Title == "" || head.Description == "" {
			t.Errorf("%s: $schema %q, $id %q, title %q: want draft 2020-12, %s and a title and description", n, head.Schema, head.ID, head.Title, schemas.BaseURL+n)
		}
		compile(t, n)
	}
}

// yamlToJSON converts a YAML document as the schema sees it in an
// editor: mappings become objects, scalars JSON values.
func yamlToJSON(t *testing.T, src string) []byte {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(src), &v); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return b
}

// TestConfigSchemaAcceptsExampleProjects: the example project's lore.yaml
// and the one lore init writes follow the schema.
func TestConfigSchemaAcceptsExampleProjects(t *testing.T) {
	sch := compile(t, schemas.Config)
	for _, file := range []string{filepath.Join(repoRoot, "lore.yaml"), filepath.Join(repoRoot, "internal", "scaffold", "files", "lore.yaml"),
		filepath.Join(repoRoot, "testdata", "eval", "corpus.yaml")} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate(t, sch, file, yamlToJSON(t, string(b))); err != nil {
			t.Errorf("%s does not follow the schema: %v", file, err)
		}
	}
}

// TestConfigSchemaAgreesWithLoader: for each project file, the loader
// refuses it exactly when the schema does.
func TestConfigSchemaAgreesWithLoader(t *testing.T) {
	sch := compile(t, schemas.Config)
	for _, c := range []struct {
		src  string
		fail bool
	}{
		{"title: My manuals\nmanuals: [manuals, shared]\n", false},
		{"manuals: manuals\nout: site\ntokenizer: cl100k_base\n", false},
		{"manuals: []\n", false},
		{"title: 2024\n", false}, // a number is read as its text
		{"tools: {web_fetch: Fetch a page., manual_read: Load a manual.}\n", false},
		{"recipes:\n  arthur:\n", false},
		{"recipes:\n  arthur: {budget: 1500, addons: true, surfaces: [chat, cli], providers: [anthropic], roles: [reviewer], blocks: [tooluse.default], bot: support, params: {a: 1}}\n", false},
		{"recipes:\n  arthur: {budget: 1500.0}\n", false},
		{"trust: {project: false, surface/chat: true, agents: true}\n", false},
		{"disabled: {voice-mode: no voice surface yet}\n", false},
		{"providers: {mistral: inline}\nrecipes: {a: {providers: [mistral]}}\n", false},
		{"lint: {rules: {size/goal: off, size/*: Warning, ref/duplicate: true}, ignore: [legacy/**]}\n", false},
		{"lint:\n", false},
		{"hosts: [claude-code, codex]\n", false},
		{"hosts: codex\n", false},
		{"hosts:\n  targets: [codex]\n  profiles:\n    codex: {listing: {window: 272000, percent: 2.5}}\n", false},
		{"hosts:\n  targets: [mine]\n  profiles:\n    mine: {base: codex, title: Mine, chains: [{name: A, files: [A.md], walk: each, overflow: cut, confidence: low}]}\n", false},
		{"hosts:\n  profiles:\n    codex: {export: {format: mdc, path: \"r/{name}.mdc\"}}\n", false},

		{"titel: typo\n", true},
		{"title: [a, b]\n", true},
		{"manuals: {a: b}\n", true},
		{"manuals: [[a]]\n", true},
		{"tools: [web_fetch]\n", true},
		{"tools: {web_fetch: {description: x}}\n", true},
		{"recipes: [arthur]\n", true},
		{"recipes:\n  arthur: {engin: arthur}\n", true},
		{"recipes:\n  arthur: {budget: lots}\n", true},
		{"recipes:\n  arthur: {budget: -1}\n", true},
		{"recipes:\n  arthur: {budget: 1.5}\n", true},
		{"recipes:\n  arthur: {addons: \"yes\"}\n", true},
		{"recipes:\n  arthur: {surfaces: [chat, chat]}\n", true},
		{"recipes:\n  arthur: {surfaces: [my chat]}\n", true},
		{"recipes:\n  arthur: {surfaces: [-chat]}\n", true},
		{"recipes:\n  arthur: {blocks: [tooluse..default]}\n", true},
		{"recipes:\n  arthur: {roles: [a/b]}\n", true},
		{"recipes:\n  arthur: {bot: ../x}\n", true},
		{"recipes:\n  arthur: {params: [a]}\n", true},
		{"trust: {project: maybe}\n", true},
		{"trust: {everyone: true}\n", true},
		{"trust: {surface/a/b: true}\n", true},
		{"disabled: {voice-mode: \"  \"}\n", true},
		{"disabled: {voice-mode: }\n", true},
		{"providers: {anthropic: html}\n", true},
		{"lint: {rules: {size/goal: loud}}\n", true},
		{"lint: {rules: {size/goal: }}\n", true},
		{"lint: {ignor: [x]}\n", true},
		{"lint: [rules]\n", true},
		{"hosts: [codex, codex]\n", true},
		{"hosts: [Codex]\n", true},
		{"hosts: {targts: [codex]}\n", true},
		{"hosts: {profiles: [codex]}\n", true},
		{"hosts: {profiles: {codex: {listing: {windw: 1}}}}\n", true},
		{"hosts: {profiles: {codex: {listing: {window: lots}}}}\n", true},
		{"hosts: {profiles: {codex: {listing: {overflow: explode}}}}\n", true},
		{"hosts: {profiles: {codex: {chains: {a: 1}}}}\n", true},
		{"hosts: {profiles: {codex: {skills: {name: {confidence: sure}}}}}\n", true},
	} {
		cfg := config.Default(".")
		cfg.File = config.FileName
		loadErr := config.Parse(cfg, []byte(c.src))
		schemaErr := validate(t, sch, c.src, yamlToJSON(t, c.src))
		if (loadErr != nil) != c.fail || (schemaErr != nil) != c.fail {
			t.Errorf("%q: loader %v, schema %v; want both to %s", c.src, loadErr, schemaErr, map[bool]string{true: "refuse it", false: "accept it"}[c.fail])
		}
	}
}

// schemaNode is the part of a JSON Schema the key check reads.
type schemaNode struct {
	Description          string                `json:"description"`
	Ref                  string                `json:"$ref"`
	Properties           map[string]schemaNode `json:"properties"`
	AdditionalProperties json.RawMessage       `json:"additionalProperties"`
	Defs                 map[string]schemaNode `json:"$defs"`
}

// TestConfigSchemaKeysAreTheLoaders: the schema's properties are exactly
// config.Keys (which the loader accepts, and nothing else), each with the
// key's documentation, and unknown keys are refused at every level.
func TestConfigSchemaKeysAreTheLoaders(t *testing.T) {
	var root schemaNode
	if err := json.Unmarshal(schemas.Read(schemas.Config), &root); err != nil {
		t.Fatal(err)
	}
	recipe := root.Defs["recipe"]
	levels := map[string]schemaNode{"": root, "recipes.NAME.": recipe, "lint.": root.Properties["lint"], "hosts.": root.Defs["hosts"]}
	seen := 0
	for prefix, node := range levels {
		if string(node.AdditionalProperties) != "false" {
			t.Errorf("%q level: additionalProperties %s, want false (the loader refuses unknown keys)", prefix, node.AdditionalProperties)
		}
		var want []string
		for _, k := range config.Keys() {
			rest, ok := strings.CutPrefix(k.Path, prefix)
			if prefix == "" {
				rest, ok = k.Path, !strings.Contains(k.Path, ".")
			}
			if !ok || strings.Contains(rest, ".") {
				continue
			}
			want = append(want, rest)
			seen++
			p, ok := node.Properties[rest]
			if !ok {
				t.Errorf("the schema lacks %s", k.Path)
				continue
			}
			if p.Description != k.Doc {
				t.Errorf("%s: the schema says %q, config.Keys %q", k.Path, p.Description, k.Doc)
			}
		}
		for name := range node.Properties {
			if !slices.Contains(want, name) {
				t.Errorf("the schema has %s%s, which config.Keys does not", prefix, name)
			}
		}
	}
	if seen != len(config.Keys()) {
		t.Errorf("checked %d of %d keys: a key outside top level, recipes, lint and hosts?", seen, len(config.Keys()))
	}
}

// TestBuiltFilesFollowSchemas: a build of the example project writes a
// manifest, bundles and published schemas that follow their schemas, and
// its lint report in JSON follows the lint schema; so does a report with
// findings.
func TestBuiltFilesFollowSchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example project")
	}
	out := t.TempDir()
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: afero.NewOsFs(), Dir: repoRoot}, Out: out, NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed {
		t.Fatalf("the example project does not build: %s", res.Lint.Diagnostics.Summary())
	}
	mf, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := validate(t, compile(t, schemas.Manifest), "manifest.json", mf); err != nil {
		t.Errorf("manifest.json: %v", err)
	}
	bundles, _ := filepath.Glob(filepath.Join(out, "lore", "bundles", "*.json"))
	if len(bundles) < 5 {
		t.Fatalf("%d bundles built, want the example project's (5 or more)", len(bundles))
	}
	bsch := compile(t, schemas.Bundle)
	for _, f := range bundles {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate(t, bsch, f, b); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	// The bundle schema is not a rubber stamp.
	b, _ := os.ReadFile(bundles[0])
	var raw map[string]any
	_ = json.Unmarshal(b, &raw)
	raw["style"] = "html"
	bad, _ := json.Marshal(raw)
	if validate(t, bsch, "a bundle with style html", bad) == nil {
		t.Error("a bundle with style html validated")
	}
	// A bundle whose prompt lists the sources ({{ sources }}) reports them.
	_ = json.Unmarshal(b, &raw)
	raw["sources"] = map[string]any{"budget": 1000, "tokens": 120, "listed": 9, "available": 9}
	withSources, _ := json.Marshal(raw)
	if err := validate(t, bsch, "a bundle with sources", withSources); err != nil {
		t.Errorf("a bundle with sources: %v", err)
	}
	raw["sources"] = map[string]any{"budget": 1000, "tokens": 120, "listed": 9}
	withSources, _ = json.Marshal(raw)
	if validate(t, bsch, "a bundle with sources lacking available", withSources) == nil {
		t.Error("a bundle whose sources lack available validated")
	}

	for _, n := range schemas.Names() {
		got, err := os.ReadFile(filepath.Join(out, "schemas", n))
		if err != nil || !bytes.Equal(got, schemas.Read(n)) {
			t.Errorf("the site does not publish schemas/%s as it is: %v", n, err)
		}
	}

	lsch := compile(t, schemas.Lint)
	var clean bytes.Buffer
	if err := lint.Write(&clean, "json", res.Lint); err != nil {
		t.Fatal(err)
	}
	if err := validate(t, lsch, "lint report", clean.Bytes()); err != nil {
		t.Errorf("the example's lint report: %v", err)
	}
	fsys := afero.NewMemMapFs()
	_ = afero.WriteFile(fsys, "manuals/a.md", []byte("---\ntriggers: a\n---\nRead `manual_read('gone')`.\n"), 0o644)
	p, err := build.Load(build.Options{FS: fsys, Dir: "."})
	if err != nil {
		t.Fatal(err)
	}
	r := build.Lint(p, nil)
	if len(r.Diagnostics) < 3 {
		t.Fatalf("%d findings, want several", len(r.Diagnostics))
	}
	var dirty bytes.Buffer
	if err := lint.Write(&dirty, "json", r); err != nil {
		t.Fatal(err)
	}
	if err := validate(t, lsch, "lint report", dirty.Bytes()); err != nil {
		t.Errorf("a lint report with findings: %v\n%s", err, dirty.Bytes())
	}
	var ve *jsonschema.ValidationError
	if err := validate(t, lsch, "broken report", []byte(`{"diagnostics":[{"rule":"x"}],"summary":{}}`)); !errors.As(err, &ve) {
		t.Errorf("a broken lint report: %v, want a validation error", err)
	}
}

// TestHostProfileSchemaIsTheStruct: the schema of a host profile has
// exactly the keys profiles.Profile reads, at every level, and refuses
// others (the loader's check is key by key too).
func TestHostProfileSchemaIsTheStruct(t *testing.T) {
	var root struct {
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(schemas.Read(schemas.Config), &root); err != nil {
		t.Fatal(err)
	}
	var node map[string]any
	if err := json.Unmarshal(root.Defs["hostProfile"], &node); err != nil {
		t.Fatal(err)
	}
	var walk func(at string, n map[string]any, typ reflect.Type)
	walk = func(at string, n map[string]any, typ reflect.Type) {
		for typ.Kind() == reflect.Slice {
			typ = typ.Elem()
			n, _ = n["items"].(map[string]any)
		}
		if typ.Kind() != reflect.Struct {
			return
		}
		if n["additionalProperties"] != false {
			t.Errorf("%s: additionalProperties is not false", at)
		}
		props, _ := n["properties"].(map[string]any)
		var keys []string
		for i := range typ.NumField() {
			k, _, _ := strings.Cut(typ.Field(i).Tag.Get("yaml"), ",")
			keys = append(keys, k)
			p, ok := props[k].(map[string]any)
			if !ok {
				t.Errorf("the schema lacks %s.%s", at, k)
				continue
			}
			if d, _ := p["description"].(string); d == "" {
				t.Errorf("%s.%s has no description", at, k)
			}
			walk(at+"."+k, p, typ.Field(i).Type)
		}
		for k := range props {
			if !slices.Contains(keys, k) {
				t.Errorf("the schema has %s.%s, which profiles.Profile does not", at, k)
			}
		}
	}
	walk("hostProfile", node, reflect.TypeOf(profiles.Profile{}))
}

// TestHostsReportFollowsSchema: lore hosts --format json of a project
// with every state of an entry and of a chain follows schemas/hosts.json.
func TestHostsReportFollowsSchema(t *testing.T) {
	fsys := afero.NewMemMapFs()
	files := map[string]string{
		"lore.yaml":                 "hosts:\n  targets: [codex, claude-code]\n  profiles:\n    codex: {listing: {fallbackChars: 150}}\n",
		"AGENTS.md":                 strings.Repeat("x", 40000),
		"manuals/a/SKILL.md":        "---\nname: a\ndescription: Alpha does things. Use when: alpha, beta.\n---\n# A\n",
		"manuals/b/SKILL.md":        "---\nname: b\ndescription: " + strings.Repeat("long ", 400) + "\n---\n# B\n",
		"manuals/Weird_Name.md":     "---\ntriggers: w\nsummary: A lore manual.\n---\n# W\n",
		"manuals/x.instructions.md": strings.Repeat("y", 5000),
		"manuals/c/SKILL.md":        "---\nname: " + strings.Repeat("c", 70) + "\ndescription: C.\n---\n# C\n",
	}
	for f, s := range files {
		_ = afero.WriteFile(fsys, f, []byte(s), 0o644)
	}
	p, err := build.Load(build.Options{FS: fsys, Dir: "."})
	if err != nil {
		t.Fatal(err)
	}
	r, err := build.Hosts(p, hosts.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r2, _ := build.Hosts(p, hosts.Options{Hosts: []string{"copilot", "claude-code"}, Window: 5000})
	sch := compile(t, schemas.Hosts)
	for _, rep := range []*hosts.Report{r, r2} {
		var b bytes.Buffer
		if err := hosts.WriteJSON(&b, rep); err != nil {
			t.Fatal(err)
		}
		if err := validate(t, sch, "hosts report", b.Bytes()); err != nil {
			t.Errorf("%v\n%s", err, b.Bytes())
		}
	}
	if validate(t, sch, "broken", []byte(`{"schema":"lore-hosts/1","hosts":[{"host":"x"}]}`)) == nil {
		t.Error("a broken report validated")
	}
}

// TestDiffFollowsSchema: lore diff --format json, with every kind of
// change and with none, follows schemas/diff.json, which refuses a
// change of an unknown kind.
func TestDiffFollowsSchema(t *testing.T) {
	sch := compile(t, schemas.Diff)
	fsys := afero.NewMemMapFs()
	files := map[string]string{
		"manuals/deploy/SKILL.md":        "---\nname: deploy\ndescription: Deploy. Use when shipping.\nallowed-tools: Bash\n---\n# Deploy\n\nSee https://docs.example.com.\n",
		"manuals/deploy/scripts/x.sh":    "#!/bin/sh\ncurl -fsS https://a.example.net\n",
		"manuals/notes.md":               "---\ntriggers: n\nsummary: N.\n---\n# Notes\n",
		"manuals/deploy/references/r.md": "# R\n",
	}
	for p, text := range files {
		_ = afero.WriteFile(fsys, p, []byte(text), 0o644)
	}
	load := func() *build.Project {
		p, err := build.Load(build.Options{FS: fsys, Dir: "."})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	old := capability.NewLock(load().Surfaces())
	old, _ = capability.ParseLock("manuals.lock", old.Format())
	_ = afero.WriteFile(fsys, "manuals/deploy/scripts/x.sh", []byte("#!/bin/sh\nwget https://b.example.org\n"), 0o644)
	_ = fsys.Remove("manuals/notes.md")
	_ = afero.WriteFile(fsys, "manuals/extra.md", []byte("---\ntriggers: e\nsummary: E.\nrequires-tools: shell\n---\n# E\n"), 0o644)
	route := capability.Change{Manual: "manuals/extra.md", Name: "extra", Kind: capability.Route, Op: capability.Changed,
		Value: "deploy to staging", Probe: "trigger of deploy", Old: "deploy", New: "extra", Pos: diag.Pos{File: "manuals/extra.md", Line: 1, Col: 1}}
	for _, r := range []*capability.Report{
		{Base: "manuals.lock", Changes: append(capability.Diff(old, load().Surfaces()), route)},
		{Base: "manuals.lock"},
	} {
		var b bytes.Buffer
		if err := r.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		if err := validate(t, sch, "lore diff", b.Bytes()); err != nil {
			t.Errorf("lore diff --format json: %v\n%s", err, b.Bytes())
		}
	}
	if validate(t, sch, "a bad delta", []byte(`{"base":"x","changes":[{"manual":"m","name":"m","kind":"weapon","change":"added","value":"v"}],"summary":{"manuals":1,"changes":1,"added":1,"removed":0,"changed":0}}`)) == nil {
		t.Error("a change of kind weapon validated")
	}
}
