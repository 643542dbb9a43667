package mcpserver

import (
	"context"
	"encoding/json"
	"path"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
)

func TestResourcesAreManualsSkillsAndManifest(t *testing.T) {
	fs := builtProject(t)
	s, _ := newServer(t, fs, Options{Engine: "arthur"})
	cs := connect(t, s, nil)
	ctx := context.Background()
	res, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*mcp.Resource{}
	for _, r := range res.Resources {
		got[r.URI] = r
	}
	want := []string{"lore://manifest", "lore://manual/doc-create", "lore://manual/embed-images", "lore://manual/scheduling",
		"skill://doc-create/SKILL.md", "skill://embed-images/SKILL.md", "skill://scheduling/SKILL.md"}
	if len(got) != len(want) {
		t.Errorf("resources = %v, want %v", keys(got), want)
	}
	for _, u := range want {
		if got[u] == nil {
			t.Errorf("missing resource %s", u)
		}
	}
	if r := got["lore://manual/embed-images"]; r != nil {
		if r.Description != "Show images the way Arthur does." || r.MIMEType != "text/markdown" || r.Name != "embed-images" || r.Title != "Images for Arthur" {
			t.Errorf("embed-images resource = %+v", r)
		}
	}

	read := func(uri string) (string, string, error) {
		rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			return "", "", err
		}
		return rr.Contents[0].Text, rr.Contents[0].MIMEType, nil
	}
	text, mime, err := read("lore://manual/embed-images")
	if err != nil || text != fixture["manuals/for-arthur/embed-images.md"] || mime != "text/markdown" {
		t.Errorf("read embed-images = %q %q %v", text, mime, err)
	}
	// The manifest tells arthur no more than manual_list: the manual only
	// eddie sees is not in it, nor in any list of names.
	text, mime, err = read("lore://manifest")
	var mf build.Manifest
	if err != nil || mime != "application/json" || json.Unmarshal([]byte(text), &mf) != nil {
		t.Errorf("read manifest = %.80q %q %v", text, mime, err)
	}
	if len(mf.Manuals) == 0 || strings.Contains(text, "memory-notes") || strings.Contains(text, `"eddie"`) {
		t.Errorf("arthur's manifest lists eddie's manual or recipe, or nothing: %s", text)
	}
	if r := got[manifestURI]; r == nil || r.Size != int64(len(text)) {
		t.Errorf("the manifest resource's size is not that of its text: %+v, %d bytes", r, len(text))
	}
	// Asked as no engine, it is the build's manifest.json as written.
	manifest, _ := afero.ReadFile(fs, path.Join(projectDir, "public/manifest.json"))
	all, _ := newServer(t, fs, Options{})
	rr, err := connect(t, all, nil).ReadResource(ctx, &mcp.ReadResourceParams{URI: manifestURI})
	if err != nil || rr.Contents[0].Text != string(manifest) || !strings.Contains(string(manifest), "memory-notes") {
		t.Errorf("read manifest as no engine = %v, want manifest.json as written", err)
	}
	// A manual hidden from the engine (another engine's audience) is not
	// read through the template either: the answer is that of an unknown
	// name, like manual_read's.
	if text, _, err := read("lore://manual/memory-notes"); err == nil || strings.Contains(text, "# Memory notes") ||
		!strings.Contains(err.Error(), `no manual called "memory-notes" for engine arthur`) {
		t.Errorf("read memory-notes = %.80q %v, want the not-found error", text, err)
	}
	for uri, want := range map[string]string{
		"lore://manual/embed-imgaes":      "Did you mean manual_read('embed-images')?",
		"lore://manual/../../etc/passwd":  "not found",
		"lore://manual/..%2F..%2Fetc":     "invalid manual name",
		"file:///etc/passwd":              "not found",
		"lore://manifest/../../lore.yaml": "not found",
	} {
		_, _, err := read(uri)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("read %s = %v, want an error with %q", uri, err, want)
		}
	}
	if _, _, err := read("lore://manual/scheduling"); err != nil {
		t.Errorf("the server stopped serving: %v", err)
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
