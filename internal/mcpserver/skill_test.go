package mcpserver

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// listResult and entry are skills/list and a skill entry as a client
// reads them.
type listResult struct {
	ResultType string  `json:"resultType"`
	TTLMs      *int    `json:"ttlMs"`
	CacheScope string  `json:"cacheScope"`
	Skills     []entry `json:"skills"`
	NextCursor string  `json:"nextCursor"`
}

type entry struct {
	URI         string          `json:"uri"`
	Frontmatter json.RawMessage `json:"frontmatter"`
	Resources   []struct {
		URI    string `json:"uri"`
		Digest string `json:"digest"`
		Size   int    `json:"size"`
	} `json:"resources"`
}

func (e entry) uris() []string {
	var out []string
	for _, r := range e.Resources {
		out = append(out, r.URI)
	}
	return out
}

// listAll pages through skills/list.
func listAll(r *rpcSession) []entry {
	var out []entry
	cursor := ""
	for pages := 0; ; pages++ {
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		var page listResult
		r.result("skills/list", params, &page)
		if page.ResultType != "complete" || page.TTLMs == nil || page.CacheScope != "public" {
			r.t.Errorf("skills/list result fields: %+v", page)
		}
		out = append(out, page.Skills...)
		if cursor = page.NextCursor; cursor == "" || pages > 100 {
			return out
		}
	}
}

// readFile reads a skill file and returns its bytes, text or blob.
func readFile(r *rpcSession, uri string) ([]byte, string) {
	var res mcp.ReadResourceResult
	r.result("resources/read", map[string]any{"uri": uri}, &res)
	c := res.Contents[0]
	if c.Text != "" {
		return []byte(c.Text), c.MIMEType
	}
	return c.Blob, c.MIMEType
}

func TestSkillsExtensionIsDeclared(t *testing.T) {
	s, _ := newServer(t, skillProject(t), Options{Engine: "arthur"})
	cs := connect(t, s, nil)
	ext := cs.InitializeResult().Capabilities.Extensions[skillsExtension]
	if got := mustJSON(t, ext); got != `{"directoryRead":true}` || cs.InitializeResult().Capabilities.Resources == nil {
		t.Errorf("extension settings = %s, resources %v", got, cs.InitializeResult().Capabilities.Resources)
	}
}

func TestSkillsListServesEveryVisibleManual(t *testing.T) {
	s, _ := newServer(t, skillProject(t), Options{Engine: "arthur"})
	r := newRPC(t, s, "2025-06-18")
	skills := listAll(r)
	var uris []string
	byURI := map[string]entry{}
	for _, e := range skills {
		uris = append(uris, e.URI)
		byURI[e.URI] = e
	}
	// memory-notes is eddie's, and the nested skill too: neither is listed.
	want := []string{"skill://a-b-2/SKILL.md", "skill://a-b/SKILL.md", "skill://display-tools/SKILL.md", "skill://doc-create/SKILL.md",
		"skill://embed-images/SKILL.md", "skill://pdf-processing/SKILL.md", "skill://pdf-processing/inner/SKILL.md", "skill://scheduling/SKILL.md"}
	if !slices.Equal(uris, want) {
		t.Fatalf("skills = %v\nwant %v", uris, want)
	}

	// A SKILL.md keeps its front matter verbatim, in its order (YAML 1.2:
	// `no` is text); its manifest is the whole folder but what the engine
	// must not see.
	pdf := byURI["skill://pdf-processing/SKILL.md"]
	if got := string(pdf.Frontmatter); got != `{"name":"pdf-processing","description":"Extract text and fill forms in PDF files.","license":"Apache-2.0","metadata":{"version":"2.1","reviewed":"no"}}` {
		t.Errorf("pdf-processing front matter = %s", got)
	}
	wantFiles := []string{"skill://pdf-processing/SKILL.md", "skill://pdf-processing/assets/logo.png", "skill://pdf-processing/inner/SKILL.md",
		"skill://pdf-processing/inner/tips.md", "skill://pdf-processing/references/forms.md", "skill://pdf-processing/scripts/extract.py"}
	if got := pdf.uris(); !slices.Equal(got, wantFiles) {
		t.Errorf("pdf-processing files = %v\nwant %v", got, wantFiles)
	}

	// Every file of every skill reads back with the digest and size of
	// its manifest entry.
	for _, e := range skills {
		for _, f := range e.Resources {
			data, _ := readFile(r, f.URI)
			if digest(data) != f.Digest || len(data) != f.Size {
				t.Errorf("%s: read %d bytes %s, manifest says %d %s", f.URI, len(data), digest(data), f.Size, f.Digest)
			}
		}
	}
	if data, mime := readFile(r, "skill://pdf-processing/SKILL.md"); string(data) != skillFixture["manuals/skills/pdf-processing/SKILL.md"] || mime != "text/markdown" {
		t.Errorf("SKILL.md = %q %s", data, mime)
	}
	if data, mime := readFile(r, "skill://pdf-processing/assets/logo.png"); string(data) != skillFixture["manuals/skills/pdf-processing/assets/logo.png"] || mime != "image/png" {
		t.Errorf("logo.png = %q %s", data, mime)
	}
}

func TestSkillsOfLoreManualsAreWritten(t *testing.T) {
	s, _ := newServer(t, skillProject(t), Options{Engine: "arthur"})
	r := newRPC(t, s, "2025-06-18")
	for uri, want := range map[string]string{
		// The lore header becomes name, description and allowed-tools.
		"skill://doc-create/SKILL.md": "---\nname: doc-create\ndescription: Create a project document.\nallowed-tools: doc_create\n---\n# Documents\n\nCreate documents with doc_create.\n",
		// An invalid name is mapped; a missing description is the title.
		"skill://display-tools/SKILL.md": "---\nname: display-tools\ndescription: Display tools\n---\n# Display tools\n\nShow things.\n",
		// Two names that map to one are told apart in path order.
		"skill://a-b-2/SKILL.md": "---\nname: a-b-2\ndescription: The second a-b.\n---\n# A underscore B\n",
	} {
		var res struct {
			ResultType string `json:"resultType"`
			Skill      entry  `json:"skill"`
		}
		r.result("skills/get", map[string]any{"uri": uri}, &res)
		data, _ := readFile(r, uri)
		if string(data) != want || res.ResultType != "complete" || res.Skill.URI != uri {
			t.Errorf("%s = %q (%+v), want %q", uri, data, res, want)
		}
		var fm map[string]string
		if json.Unmarshal(res.Skill.Frontmatter, &fm) != nil || !strings.Contains(want, "name: "+fm["name"]+"\ndescription: "+fm["description"]+"\n") {
			t.Errorf("%s: front matter %s does not match the file", uri, res.Skill.Frontmatter)
		}
	}
}

func TestSkillsRefuseWhatIsNotServed(t *testing.T) {
	s, _ := newServer(t, skillProject(t), Options{Engine: "arthur"})
	r := newRPC(t, s, "2025-06-18")
	for _, tc := range []struct{ method, uri, want string }{
		{"skills/get", "skill://memory-notes/SKILL.md", "No skill is served at skill://memory-notes/SKILL.md; skills/list"},
		{"skills/get", "skill://pdf-processing/nested/SKILL.md", "No skill is served"},
		{"skills/get", "skill://pdf-processing", "takes the URI of the skill's SKILL.md"},
		{"skills/get", "skill://pdf-processing/scripts/extract.py", "a file of a skill"},
		{"resources/read", "skill://pdf-processing/references/eddie-only.md", "no skill file is served"},
		{"resources/read", "skill://pdf-processing/nested/notes.txt", "no skill file is served"},
		{"resources/read", "skill://pdf-processing/references", "is a directory"},
		{"resources/directory/read", "skill://pdf-processing/SKILL.md", "not a directory resource"},
		{"resources/directory/read", "skill://pdf-processing/nested", "no directory is served"},
		{"skills/list", "", "invalid cursor"},
		// URIs no resource can have are refused as resources/read
		// refuses them, naming the character and its offset.
		{"skills/get", "skill://pdf-processing\x00/SKILL.md", "invalid resource URI: it holds the control character U+0000 at byte 22"},
		{"skills/get", "skill://\x1b[31mpdf/SKILL.md", "control character U+001B at byte 8"},
		{"resources/directory/read", "skill://pdf-processing/\u202e", "unprintable character U+202E at byte 23"},
		{"resources/directory/read", "skill://" + strings.Repeat("a", maxURI), "bytes long (at most 4096)"},
	} {
		params := map[string]any{"uri": tc.uri}
		if tc.method == "skills/list" {
			params = map[string]any{"cursor": "!!"}
		}
		res := r.call(tc.method, params)
		if res.Error == nil || res.Error.Code != -32602 || !strings.Contains(res.Error.Message, tc.want) {
			t.Errorf("%s %s → %+v, want -32602 %q", tc.method, tc.uri, res.Error, tc.want)
		}
	}
	// The session goes on.
	var res listResult
	r.result("skills/list", map[string]any{}, &res)
}

func TestSkillsDirectoryRead(t *testing.T) {
	s, _ := newServer(t, skillProject(t), Options{Engine: "arthur", PageSize: 2})
	r := newRPC(t, s, "2025-06-18")
	read := func(uri string) []string {
		var out []string
		cursor := ""
		for {
			var res struct {
				Resources  []mcp.Resource `json:"resources"`
				NextCursor string         `json:"nextCursor"`
			}
			params := map[string]any{"uri": uri}
			if cursor != "" {
				params["cursor"] = cursor
			}
			r.result("resources/directory/read", params, &res)
			for _, c := range res.Resources {
				out = append(out, c.Name+" "+c.MIMEType)
			}
			if cursor = res.NextCursor; cursor == "" {
				return out
			}
		}
	}
	if got, want := read("skill://pdf-processing"), []string{"pdf-processing text/markdown", "assets inode/directory", "inner inode/directory",
		"references inode/directory", "scripts inode/directory"}; !slices.Equal(got, want) {
		t.Errorf("root = %v\nwant %v", got, want)
	}
	if got, want := read("skill://pdf-processing/references"), []string{"forms.md text/markdown"}; !slices.Equal(got, want) {
		t.Errorf("references = %v, want %v", got, want)
	}
	// Pages of two make the whole listing too.
	if got := listAll(r); len(got) != 8 {
		t.Errorf("%d skills in pages of two, want 8", len(got))
	}
}

func TestSkillsFollowTheEngine(t *testing.T) {
	s, _ := newServer(t, skillProject(t), Options{Engine: "eddie"})
	r := newRPC(t, s, "2025-06-18")
	var uris []string
	var pdf entry
	for _, e := range listAll(r) {
		uris = append(uris, e.URI)
		if e.URI == "skill://pdf-processing/SKILL.md" {
			pdf = e
		}
	}
	for _, want := range []string{"skill://memory-notes/SKILL.md", "skill://pdf-processing/nested/SKILL.md"} {
		if !slices.Contains(uris, want) {
			t.Errorf("eddie's skills %v lack %s", uris, want)
		}
	}
	// doc-create needs doc_create, which eddie lacks.
	if slices.Contains(uris, "skill://doc-create/SKILL.md") {
		t.Errorf("eddie's skills %v hold doc-create", uris)
	}
	for _, want := range []string{"skill://pdf-processing/references/eddie-only.md", "skill://pdf-processing/nested/notes.txt"} {
		if !slices.Contains(pdf.uris(), want) {
			t.Errorf("eddie's pdf-processing %v lacks %s", pdf.uris(), want)
		}
	}
}

func TestSkillsNeedInitialize(t *testing.T) {
	s, _ := newServer(t, skillProject(t), Options{Engine: "arthur"})
	r := newRPC(t, s, "")
	if res := r.call("skills/list", map[string]any{}); res.Error == nil || !strings.Contains(res.Error.Message, "invalid during session initialization") {
		t.Errorf("skills/list before initialize → %+v", res)
	}
	// Protocol 2026-07-28 names its version in every request instead.
	res := r.call("skills/list", map[string]any{"_meta": map[string]any{protocolMetaKey: "2026-07-28"}})
	if res.Error != nil || !strings.Contains(string(res.Result), "skill://pdf-processing/SKILL.md") {
		t.Errorf("skills/list with the protocol in _meta → %+v %.100s", res.Error, res.Result)
	}
}

func TestSkillsOverHTTP(t *testing.T) {
	s, _ := newServer(t, skillProject(t), Options{Engine: "arthur"})
	ts := httptest.NewServer(s.Handler(""))
	defer ts.Close()
	post := func(session, body string) (int, string) {
		req, _ := http.NewRequest("POST", ts.URL+Path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if session != "" {
			req.Header.Set(sessionHeader, session)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	get := `{"jsonrpc":"2.0","id":7,"method":"skills/get","params":{"uri":"skill://pdf-processing/SKILL.md"}}`
	if code, body := post("", get); code != 200 || !strings.HasPrefix(body, `{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete"`) {
		t.Errorf("without a session: %d %.200s", code, body)
	}
	if code, body := post("no-such-session", get); code != 404 {
		t.Errorf("with an unknown session: %d %.200s", code, body)
	}
	// In a real session, and next to the SDK's own methods.
	cs := httpClient(t, ts.URL+Path)
	defer cs.Close()
	if code, body := post(cs.ID(), get); code != 200 || !strings.Contains(body, `"sha256:`) {
		t.Errorf("in session %s: %d %.200s", cs.ID(), code, body)
	}
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Errorf("tools/list after skills/get: %v", err)
	}
	// Unknown skill: -32602 as JSON-RPC, never a plain-text error.
	if code, body := post("", `{"jsonrpc":"2.0","id":8,"method":"skills/get","params":{"uri":"skill://x/SKILL.md"}}`); code != 200 || !strings.Contains(body, `"code":-32602`) {
		t.Errorf("unknown skill: %d %s", code, body)
	}
}

func TestSkillFileTextOrBlob(t *testing.T) {
	for data, text := range map[string]bool{"plain\n": true, "nul\x00": false, "bad \xff utf-8": false, "": true} {
		f := newSkillFile("skill://x/f", "f", "text/plain", []byte(data))
		if f.text() != text {
			t.Errorf("%q: text = %v", data, f.text())
		}
		if !text {
			// A blob goes out as base64, which any client decodes back.
			b, _ := json.Marshal(&mcp.ResourceContents{URI: f.uri, Blob: f.data})
			var back mcp.ResourceContents
			if json.Unmarshal(b, &back) != nil || !bytes.Equal(back.Blob, f.data) {
				t.Errorf("%q does not survive as a blob: %s", data, b)
			}
			if !strings.Contains(string(b), base64.StdEncoding.EncodeToString(f.data)) {
				t.Errorf("blob %s is not base64", b)
			}
		}
	}
}
