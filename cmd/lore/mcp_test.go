package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// copyExample copies the bundled example project (lore.yaml, manuals/,
// prompts/ when present) into a temporary folder.
func copyExample(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, src := range []string{"lore.yaml", "manuals", "prompts"} {
		from := filepath.Join("..", "..", src)
		if _, err := os.Stat(from); os.IsNotExist(err) && src == "prompts" {
			continue
		}
		err := filepath.Walk(from, func(p string, fi os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(filepath.Join("..", ".."), p)
			to := filepath.Join(dir, rel)
			if fi.IsDir() {
				return os.MkdirAll(to, 0o755)
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(to, b, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestMCPStdioSubprocess starts 'lore mcp' as a client would — a
// subprocess speaking MCP on stdin and stdout — on the example project:
// initialize, list, call, read, shut down.
func TestMCPStdioSubprocess(t *testing.T) {
	bin, err := exec.LookPath("lore") // testscript.Main put lore on $PATH
	if err != nil {
		t.Fatal(err)
	}
	dir := copyExample(t)
	cmd := exec.Command(bin, "mcp", "--engine", "arthur")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil)
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("initialize: %v\n%s", err, stderr.String())
	}
	if info := cs.InitializeResult().ServerInfo; info.Name != "lore" {
		t.Errorf("server = %+v", info)
	}

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	if strings.Join(names, ",") != "how_do_i,manual_list,manual_read" {
		t.Errorf("tools = %v", names)
	}

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "manual_read", Arguments: map[string]any{"name": "embed-images"}})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(filepath.Join(dir, "manuals", "embedding", "embed-images.md"))
	if got := res.Content[0].(*mcp.TextContent).Text; res.IsError || got != string(want) {
		t.Errorf("manual_read(embed-images) = %v %.100q", res.IsError, got)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "manual_read", Arguments: map[string]any{"name": "../lore.yaml"}})
	if err != nil || !res.IsError {
		t.Errorf("manual_read(../lore.yaml) = %v %v", res, err)
	}

	// how_do_i finds the right manual for an English and a German intent
	// (labelled in testdata/eval/example.tsv) and answers exactly what
	// 'lore howdoi --format json' prints.
	for intent, want := range map[string]string{
		"can you put the product photo from that link into your answer": "embed-images",
		"zeig mir ein Foto vom Brandenburger Tor":                       "embed-images",
		"einen Termin mit Zeitzone in den Kalender eintragen":           "calendar-events",
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "how_do_i", Arguments: map[string]any{"intent": intent}})
		if err != nil || res.IsError {
			t.Fatalf("how_do_i(%q): %v %v", intent, err, res)
		}
		got := res.Content[0].(*mcp.TextContent).Text
		var a struct {
			Loaded *struct{ Name, Content string }
		}
		if err := json.Unmarshal([]byte(got), &a); err != nil || a.Loaded == nil || a.Loaded.Name != want || !strings.Contains(a.Loaded.Content, "# ") {
			t.Errorf("how_do_i(%q) = %.200s, want %s loaded", intent, got, want)
		}
		cli := exec.Command(bin, "howdoi", "--engine", "arthur", "--format", "json", intent)
		cli.Dir = dir
		out, err := cli.Output()
		if err != nil {
			t.Fatalf("lore howdoi: %v", err)
		}
		if string(out) != got+"\n" {
			t.Errorf("how_do_i(%q) differs from lore howdoi:\nmcp: %.300s\ncli: %.300s", intent, got, out)
		}
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "how_do_i", Arguments: map[string]any{"intent": "order a pizza"}})
	if err != nil || res.IsError || !strings.HasPrefix(res.Content[0].(*mcp.TextContent).Text, `{"hint":`) {
		t.Errorf("how_do_i(order a pizza) = %v %v", res, err)
	}

	rl, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rl.Resources {
		if r.URI == "lore://manual/embed-images" && r.Description != "" {
			found = true
		}
		if r.URI == "lore://manual/memory-notes" {
			t.Errorf("eddie's manual is listed for arthur")
		}
	}
	if !found {
		t.Errorf("lore://manual/embed-images is not listed with its summary")
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "lore://manifest"})
	if err != nil || !strings.Contains(rr.Contents[0].Text, `"schema": "lore.manifest/v1"`) {
		t.Errorf("manifest: %v", err)
	}

	// Every baked bundle of the engine and every task template is a prompt.
	pl, err := cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	prompts := map[string]*mcp.Prompt{}
	for _, p := range pl.Prompts {
		prompts[p.Name] = p
		if strings.HasPrefix(p.Name, "eddie.") {
			t.Errorf("eddie's bundle %s is listed for arthur", p.Name)
		}
	}
	for _, name := range []string{"arthur.chat.anthropic", "arthur.cli.openai.reviewer", "review", "plan"} {
		if prompts[name] == nil {
			t.Errorf("prompt %s is missing (have %d prompts)", name, len(prompts))
		}
	}
	bundleJSON, err := os.ReadFile(filepath.Join(dir, "public", "lore", "bundles", "arthur.chat.anthropic.json"))
	if err != nil {
		t.Fatal(err)
	}
	gp, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "arthur.chat.anthropic"})
	if err != nil {
		t.Fatal(err)
	}
	var baked struct{ Prefix string }
	if err := json.Unmarshal(bundleJSON, &baked); err != nil {
		t.Fatal(err)
	}
	if got := gp.Messages[0].Content.(*mcp.TextContent).Text; got != baked.Prefix || !strings.Contains(got, "You are Arthur") {
		t.Errorf("the bundle prompt's first message is not the bundle's prefix: %.200q", got)
	}
	gp, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "review", Arguments: map[string]string{"target": "the MCP server", "focus": "safety"}})
	if err != nil || !strings.HasPrefix(gp.Messages[0].Content.(*mcp.TextContent).Text, "Review the MCP server.") {
		t.Errorf("review prompt: %v %v", gp, err)
	}

	// Shut down: the client closes stdin; the server answers and exits 0.
	if err := cs.Close(); err != nil {
		t.Errorf("close: %v\n%s", err, stderr.String())
	}
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 0 {
		t.Errorf("lore mcp exit: %v\n%s", cmd.ProcessState, stderr.String())
	}
	if !strings.Contains(stderr.String(), "lore mcp: serving") {
		t.Errorf("stderr = %s", stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "public", "manifest.json")); err != nil {
		t.Errorf("lore mcp did not build the missing output: %v", err)
	}
}
