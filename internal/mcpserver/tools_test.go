package mcpserver

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestToolsHaveSchemasAndDescriptions(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	cs := connect(t, s, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"manual_list": "", "manual_read": "name", "how_do_i": "intent"}
	var got []string
	for _, tool := range res.Tools {
		got = append(got, tool.Name)
		arg, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %s", tool.Name)
			continue
		}
		if len(tool.Description) < 80 {
			t.Errorf("%s: description too thin for a model: %q", tool.Name, tool.Description)
		}
		if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s: not annotated read-only", tool.Name)
		}
		schema := tool.InputSchema.(map[string]any)
		if schema["type"] != "object" {
			t.Errorf("%s: schema type %v", tool.Name, schema["type"])
		}
		if arg == "" {
			continue
		}
		props := schema["properties"].(map[string]any)
		p, ok := props[arg].(map[string]any)
		if !ok || p["type"] != "string" || p["description"] == nil {
			t.Errorf("%s: property %s = %v, want a described string", tool.Name, arg, props[arg])
		}
		if req, _ := schema["required"].([]any); !slices.Contains(req, any(arg)) {
			t.Errorf("%s: %s is not required: %v", tool.Name, arg, schema["required"])
		}
	}
	slices.Sort(got)
	if strings.Join(got, ",") != "how_do_i,manual_list,manual_read" {
		t.Errorf("tools = %v", got)
	}
	if !strings.Contains(toolNamed(res.Tools, "manual_list").Description, "engine arthur") {
		t.Errorf("manual_list does not name the engine")
	}
}

func toolNamed(ts []*mcp.Tool, name string) *mcp.Tool {
	for _, t := range ts {
		if t.Name == name {
			return t
		}
	}
	return nil
}

func TestManualListIsTheEnginesVisibleManuals(t *testing.T) {
	fs := builtProject(t)
	for _, tc := range []struct {
		name string
		o    Options
		want string
	}{
		// arthur: its own embed-images wins; memory-notes is eddie's.
		{"arthur", Options{Engine: "arthur"}, "doc-create,embed-images,scheduling"},
		// eddie may write memory but not create documents.
		{"eddie", Options{Engine: "eddie"}, "embed-images,memory-notes,scheduling"},
		// --tools replaces the allow-set.
		{"arthur without tools", Options{Engine: "arthur", ToolsGiven: true, Tools: []string{}}, "embed-images,scheduling"},
		// No engine: every manual, no tool check.
		{"no engine", Options{}, "doc-create,embed-images,memory-notes,scheduling"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := newServer(t, fs, tc.o)
			cs := connect(t, s, nil)
			text, isErr, res := call(t, cs, "manual_list", map[string]any{})
			if isErr {
				t.Fatal(text)
			}
			var out listOutput
			if err := json.Unmarshal([]byte(mustJSON(t, res.StructuredContent)), &out); err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, m := range out.Manuals {
				names = append(names, m.Name)
				if m.Summary == "" {
					t.Errorf("%s has no summary", m.Name)
				}
				if !strings.Contains(text, m.Name+" — "+m.Summary) {
					t.Errorf("text lacks %s: %q", m.Name, text)
				}
			}
			if got := strings.Join(names, ","); got != tc.want {
				t.Errorf("manual_list = %s, want %s", got, tc.want)
			}
		})
	}
}

func TestManualReadReturnsTheCascadeWinner(t *testing.T) {
	fs := builtProject(t)
	for engine, want := range map[string]string{"arthur": "manuals/for-arthur/embed-images.md", "eddie": "manuals/embed-images.md"} {
		s, _ := newServer(t, fs, Options{Engine: engine})
		cs := connect(t, s, nil)
		text, isErr, _ := call(t, cs, "manual_read", map[string]any{"name": "embed-images"})
		if isErr {
			t.Fatal(text)
		}
		if text != fixture[want] {
			t.Errorf("%s: manual_read(embed-images) = %q, want %s", engine, text, want)
		}
	}
}

func TestManualReadRefusesBadNames(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	cs := connect(t, s, nil)
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"embed-imgaes", []string{`no manual called "embed-imgaes" for engine arthur`, "manual_read('embed-images')", "manual_list"}},
		{"../../etc/passwd", []string{`invalid manual name "../../etc/passwd"`, "never a path", "manual_list"}},
		{"manuals/doc-create.md", []string{"invalid manual name", "Did you mean manual_read('doc-create')?"}},
		{`..\lore.yaml`, []string{"invalid manual name", "never a path"}},
		{"..", []string{"invalid manual name"}},
		{"", []string{`"name" is empty`}},
		{strings.Repeat("a", 1<<20), []string{"invalid manual name", "…"}},
		{"zzzzzzzz", []string{`no manual called "zzzzzzzz"`}},
	} {
		text, isErr, _ := call(t, cs, "manual_read", map[string]any{"name": tc.name})
		if !isErr {
			t.Errorf("manual_read(%.40q) succeeded: %.80q", tc.name, text)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("manual_read(%.40q) error %.300q lacks %q", tc.name, text, w)
			}
		}
		if len(text) > 1000 {
			t.Errorf("manual_read(%.40q): error of %d bytes echoes the input", tc.name, len(text))
		}
		if strings.Contains(text, "root:x:0:0") {
			t.Errorf("manual_read(%.40q) read a system file", tc.name)
		}
	}
	// The server keeps serving.
	if text, isErr, _ := call(t, cs, "manual_read", map[string]any{"name": "scheduling"}); isErr || !strings.HasPrefix(text, "---") {
		t.Errorf("after bad names: %v %q", isErr, text)
	}
}

func TestMalformedArgumentsAreToolErrors(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	cs := connect(t, s, nil)
	for _, tc := range []struct {
		tool string
		args any
		want string
	}{
		{"manual_read", map[string]any{"name": 42}, `want "string"`},
		{"manual_read", map[string]any{}, "name"},
		{"how_do_i", map[string]any{"intent": []string{"a"}}, `want "string"`},
		{"how_do_i", json.RawMessage(`"just a string"`), "validating"},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
		if err != nil {
			// A protocol error is acceptable too, as long as it is clear.
			if !strings.Contains(err.Error(), "argument") && !strings.Contains(err.Error(), "invalid") {
				t.Errorf("%s(%v): unclear protocol error %v", tc.tool, tc.args, err)
			}
			continue
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if !res.IsError || !strings.Contains(text, tc.want) {
			t.Errorf("%s(%v) = %v %q, want a tool error with %q", tc.tool, tc.args, res.IsError, text, tc.want)
		}
	}
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "manual_write", Arguments: map[string]any{}})
	if err == nil || !strings.Contains(err.Error(), `unknown tool "manual_write"`) {
		t.Errorf("unknown tool: %v", err)
	}
	if _, isErr, _ := call(t, cs, "manual_list", map[string]any{}); isErr {
		t.Error("the server stopped serving")
	}
}

func TestHowDoIAnswersExactlyOneForm(t *testing.T) {
	s, rs := newServer(t, builtProject(t), Options{Engine: "arthur"})
	cs := connect(t, s, nil)
	for intent, key := range map[string]string{
		"show an image in the chat": "loaded",
		"Bild im Chat zeigen":       "loaded",
		"create a document":         "alternatives",
		"order a pizza":             "hint",
	} {
		text, isErr, res := call(t, cs, "how_do_i", map[string]any{"intent": intent})
		if isErr {
			t.Fatalf("%s: %s", intent, text)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(text), &m); err != nil {
			t.Fatalf("%s: not JSON: %v", intent, err)
		}
		if len(m) != 1 || m[key] == nil {
			t.Errorf("%s: %s, want exactly %q", intent, text, key)
		}
		var structured, plain any
		_ = json.Unmarshal([]byte(mustJSON(t, res.StructuredContent)), &structured)
		_ = json.Unmarshal([]byte(text), &plain)
		if !reflect.DeepEqual(structured, plain) {
			t.Errorf("%s: structured content differs from text", intent)
		}
	}
	text, _, _ := call(t, cs, "how_do_i", map[string]any{"intent": "show an image"})
	if !strings.Contains(text, `"content":"# Images for Arthur\n"`) || !strings.Contains(text, `"score":0.9`) {
		t.Errorf("loaded answer lacks content or score: %s", text)
	}
	r := rs.opened[0]
	if r.dir != "/proj/public/lore/catalog.bleve" || r.who.Engine != "arthur" || strings.Join(r.who.Tools, ",") != "doc_create,how_do_i,manual_read" {
		t.Errorf("router opened with %q %+v", r.dir, r.who)
	}
}

func TestHowDoIRefusesBadIntents(t *testing.T) {
	s, rs := newServer(t, builtProject(t), Options{Engine: "arthur"})
	cs := connect(t, s, nil)
	for intent, want := range map[string]string{
		strings.Repeat("show an image ", 1<<20/14): "how_do_i takes one short sentence",
		"   ": `"intent" is empty`,
	} {
		text, isErr, _ := call(t, cs, "how_do_i", map[string]any{"intent": intent})
		if !isErr || !strings.Contains(text, want) {
			t.Errorf("how_do_i(%.30q) = %v %.200q", intent, isErr, text)
		}
	}
	if n := rs.opened[0].calls.Load(); n != 0 {
		t.Errorf("the router was asked %d times", n)
	}
	if _, isErr, _ := call(t, cs, "how_do_i", map[string]any{"intent": "show an image"}); isErr {
		t.Error("the server stopped serving")
	}
}

func TestHowDoIWithoutCatalogSaysSo(t *testing.T) {
	fs := builtProject(t)
	o := Options{Engine: "arthur"}
	o.Project.FS, o.Project.Dir = fs, projectDir
	s, err := New(o) // no OpenRouter
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cs := connect(t, s, nil)
	text, isErr, _ := call(t, cs, "how_do_i", map[string]any{"intent": "show an image"})
	if !isErr || !strings.Contains(text, "how_do_i is unavailable") || !strings.Contains(text, "manual_list") {
		t.Errorf("how_do_i without a catalog = %v %q", isErr, text)
	}
}

func TestUnknownEngineIsRefused(t *testing.T) {
	o := Options{Engine: "zaphod"}
	o.Project.FS, o.Project.Dir = builtProject(t), projectDir
	_, err := New(o)
	if err == nil || !strings.Contains(err.Error(), `unknown engine "zaphod": the project's recipes define arthur, eddie`) {
		t.Errorf("New(zaphod) = %v", err)
	}
}
