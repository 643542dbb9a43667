package lsp

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/spf13/afero"
)

// charts is an open document with umlauts and an emoji before the
// positions the tests look at: lore counts code points, LSP UTF-16 units.
const charts = "---\n" +
	"triggers: [Diagramm, chart]\n" +
	"summary: Grüße 😀 charts\n" +
	"---\n" +
	"# Charts\n" +
	"\n" +
	"Über 😀 Ärger: see the images manual.\n" +
	"Call manual_read('images') now.\n" +
	"\n" +
	"## Colours\n" +
	"\n" +
	"### Dark\n" +
	"\n" +
	"## Sizes\n"

func project(t *testing.T) afero.Fs {
	t.Helper()
	fs := afero.NewMemMapFs()
	files := map[string]string{
		"/proj/lore.yaml":            "tools:\n  web_fetch: Fetch a page.\n  doc_create: Create a document.\nrecipes:\n  arthur:\n  eddie-recipe:\n    engine: eddie\n",
		"/proj/manuals/images.md":    "---\ntriggers: images, Bilder\nsummary: Embed images.\n---\n# Images\n\nText.\n",
		"/proj/manuals/zz/images.md": "---\ntriggers: pictures\nsummary: Other images.\n---\n# Images\n\nText.\n",
		"/proj/manuals/charts.md":    "on disk, not what the editor shows\n",
		"/proj/prompts/system.md":    "Before answering about images: manual_read('images').\n",
	}
	for p, s := range files {
		if err := afero.WriteFile(fs, p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fs
}

// client is a scripted LSP client talking to Serve over pipes.
type client struct {
	t     *testing.T
	conn  *jsonrpc2.Conn
	diags chan PublishDiagnosticsParams
	done  chan error
}

func start(t *testing.T, fs afero.Fs) *client {
	t.Helper()
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	c := &client{t: t, diags: make(chan PublishDiagnosticsParams, 16), done: make(chan error, 1)}
	go func() {
		c.done <- Serve(context.Background(), sr, sw, Options{FS: fs, Version: "test"})
		sw.Close()
	}()
	h := jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, r *jsonrpc2.Request) (any, error) {
		if r.Method == "textDocument/publishDiagnostics" {
			var p PublishDiagnosticsParams
			if err := json.Unmarshal(*r.Params, &p); err == nil {
				c.diags <- p
			}
		}
		return nil, nil
	})
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipe{cr, cw}, jsonrpc2.VSCodeObjectCodec{}), h)
	t.Cleanup(func() { c.conn.Close(); cw.Close() })
	var caps map[string]any
	c.call("initialize", map[string]any{"rootUri": "file:///proj", "capabilities": map[string]any{}}, &caps)
	if c, ok := caps["capabilities"].(map[string]any); !ok || c["positionEncoding"] != "utf-16" || c["hoverProvider"] != true {
		t.Fatalf("capabilities: %v", caps)
	}
	c.notify("initialized", map[string]any{})
	return c
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// published waits for the next diagnostics of uri.
func (c *client) published(uri string) PublishDiagnosticsParams {
	c.t.Helper()
	for {
		select {
		case p := <-c.diags:
			if p.URI == uri {
				return p
			}
		case <-time.After(30 * time.Second):
			c.t.Fatalf("no diagnostics for %s", uri)
		}
	}
}

const chartsURI = "file:///proj/manuals/charts.md"

func (c *client) openCharts() PublishDiagnosticsParams {
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": chartsURI, "languageId": "markdown", "version": 1, "text": charts}})
	return c.published(chartsURI)
}

func at(line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": chartsURI}, "position": Position{Line: line, Character: char}}
}

func find(ds []Diagnostic, code string) (Diagnostic, bool) {
	for _, d := range ds {
		if d.Code == code {
			return d, true
		}
	}
	return Diagnostic{}, false
}

func TestDiagnosticsUTF16Columns(t *testing.T) {
	c := start(t, project(t))
	p := c.openCharts()
	if p.Version == nil || *p.Version != 1 {
		t.Errorf("version %v, want 1", p.Version)
	}
	// "Über 😀 Ärger: " is 14 code points but 15 UTF-16 units (😀 takes two).
	prose, ok := find(p.Diagnostics, "ref/prose-reference")
	want := Range{Start: Position{Line: 6, Character: 15}, End: Position{Line: 6, Character: 36}}
	if !ok || prose.Range != want || prose.Severity != severityWarning || prose.Source != "lore" {
		t.Errorf("prose reference: %+v (found %v), want range %+v", prose, ok, want)
	}
	header, ok := find(p.Diagnostics, "header/not-yaml")
	if !ok || header.Range.Start != (Position{Line: 1, Character: 10}) || header.Severity != severityError {
		t.Errorf("header/not-yaml: %+v (found %v)", header, ok)
	}
}

func TestDidChangeIncremental(t *testing.T) {
	c := start(t, project(t))
	c.openCharts()
	// Replace "see the images manual" (UTF-16 15..36 on line 6) with
	// "read on": an offset error would garble the text and keep the finding.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": chartsURI, "version": 2},
		"contentChanges": []any{map[string]any{"range": Range{Start: Position{Line: 6, Character: 15}, End: Position{Line: 6, Character: 36}}, "text": "read on"}},
	})
	p := c.published(chartsURI)
	if _, ok := find(p.Diagnostics, "ref/prose-reference"); ok || p.Version == nil || *p.Version != 2 {
		t.Errorf("after the change: %+v", p)
	}
	var syms []DocumentSymbol
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": chartsURI}}, &syms)
	var h Hover
	c.call("textDocument/hover", at(7, 8), &h)
	if !strings.Contains(h.Contents.Value, "Embed images.") {
		t.Errorf("hover after the change: %q", h.Contents.Value)
	}
	// A full change replaces the text.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": chartsURI, "version": 3},
		"contentChanges": []any{map[string]any{"text": "---\ntriggers: chart\nsummary: Charts.\n---\n# Charts\n\nText.\n"}},
	})
	if p := c.published(chartsURI); len(p.Diagnostics) != 0 {
		t.Errorf("after the full change: %+v", p.Diagnostics)
	}
}

func TestHover(t *testing.T) {
	c := start(t, project(t))
	c.openCharts()
	var h Hover
	c.call("textDocument/hover", at(7, 8), &h)
	for _, w := range []string{"**images** — `manuals/images.md`", "Embed images.", "triggers: images, Bilder", "shadows: `manuals/zz/images.md`"} {
		if !strings.Contains(h.Contents.Value, w) {
			t.Errorf("hover lacks %q:\n%s", w, h.Contents.Value)
		}
	}
	if h.Range == nil || h.Range.Start != (Position{Line: 7, Character: 5}) || h.Range.End != (Position{Line: 7, Character: 26}) {
		t.Errorf("hover range %+v", h.Range)
	}
	var key Hover
	c.call("textDocument/hover", at(2, 3), &key)
	if !strings.HasPrefix(key.Contents.Value, "**summary**: one line") {
		t.Errorf("header key hover: %q", key.Contents.Value)
	}
	var none *Hover
	c.call("textDocument/hover", at(5, 0), &none)
	if none != nil {
		t.Errorf("hover on a blank line: %+v", none)
	}
}

func TestDefinitionAndReferences(t *testing.T) {
	c := start(t, project(t))
	c.openCharts()
	var loc Location
	c.call("textDocument/definition", at(7, 20), &loc)
	if loc.URI != "file:///proj/manuals/images.md" {
		t.Errorf("definition: %+v", loc)
	}
	var refs []Location
	c.call("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": chartsURI}, "position": Position{Line: 7, Character: 20},
		"context": map[string]any{"includeDeclaration": true}}, &refs)
	got := map[string]Range{}
	for _, r := range refs {
		got[r.URI] = r.Range
	}
	if r, ok := got[chartsURI]; !ok || r.Start != (Position{Line: 7, Character: 5}) {
		t.Errorf("references lack the open document's call: %+v", refs)
	}
	if r, ok := got["file:///proj/prompts/system.md"]; !ok || r.Start != (Position{Line: 0, Character: 31}) {
		t.Errorf("references lack the prompt's call: %+v", refs)
	}
	if len(refs) != 2 {
		t.Errorf("%d references, want 2: %+v", len(refs), refs)
	}
	// From inside the manual itself: who reads images.md.
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///proj/manuals/images.md", "languageId": "markdown", "version": 1,
		"text": "---\ntriggers: images, Bilder\nsummary: Embed images.\n---\n# Images\n\nText.\n"}})
	c.published("file:///proj/manuals/images.md")
	var self []Location
	c.call("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": "file:///proj/manuals/images.md"}, "position": Position{Line: 4, Character: 2},
		"context": map[string]any{"includeDeclaration": true}}, &self)
	if len(self) != 2 {
		t.Errorf("references of the manual itself: %+v", self)
	}
}

func labels(l CompletionList) []string {
	var out []string
	for _, i := range l.Items {
		out = append(out, i.Label)
	}
	return out
}

func TestCompletion(t *testing.T) {
	c := start(t, project(t))
	c.openCharts()
	var names CompletionList
	c.call("textDocument/completion", at(7, 18), &names) // after "Call manual_read('"
	if got := strings.Join(labels(names), ","); got != "charts,images" {
		t.Errorf("manual names: %s", got)
	}
	var keys CompletionList
	c.call("textDocument/completion", at(2, 0), &keys)
	if got := strings.Join(labels(keys), ","); got != "audience,summary,requires-tools" {
		t.Errorf("header keys: %s", got)
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": chartsURI, "version": 2},
		"contentChanges": []any{map[string]any{"range": Range{Start: Position{Line: 3}, End: Position{Line: 3}}, "text": "audience: \nrequires-tools: web_fetch, \n"}},
	})
	c.published(chartsURI)
	var engines, tools CompletionList
	c.call("textDocument/completion", at(3, 10), &engines)
	if got := strings.Join(labels(engines), ","); got != "arthur,eddie" {
		t.Errorf("audiences: %s", got)
	}
	c.call("textDocument/completion", at(4, 27), &tools)
	if got := strings.Join(labels(tools), ","); got != "web_fetch,doc_create" || tools.Items[1].Detail != "Create a document." {
		t.Errorf("tools: %s %+v", got, tools.Items)
	}
	var body CompletionList
	c.call("textDocument/completion", at(9, 3), &body)
	if len(body.Items) != 0 {
		t.Errorf("completion in the body: %v", labels(body))
	}
}

func TestCodeActions(t *testing.T) {
	c := start(t, project(t))
	c.openCharts()
	actions := func(r Range) []CodeAction {
		var out []CodeAction
		c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": chartsURI}, "range": r, "context": map[string]any{"diagnostics": []any{}}}, &out)
		return out
	}
	header := actions(Range{Start: Position{Line: 1, Character: 12}, End: Position{Line: 1, Character: 12}})
	var quick []CodeAction
	var all *CodeAction
	for i, a := range header {
		switch a.Kind {
		case kindQuickFix:
			quick = append(quick, a)
		case kindFixAll:
			all = &header[i]
		}
	}
	if len(quick) != 1 || len(quick[0].Diagnostics) != 1 || quick[0].Diagnostics[0].Code != "header/not-yaml" {
		t.Fatalf("quick fixes on line 2: %+v", quick)
	}
	edits := quick[0].Edit.Changes[chartsURI]
	want := TextEdit{Range: Range{Start: Position{Line: 1}, End: Position{Line: 1, Character: 27}}, NewText: "triggers: Diagramm, chart"}
	if len(edits) != 1 || edits[0] != want {
		t.Errorf("header fix: %+v, want %+v", edits, want)
	}
	if all == nil || !strings.Contains(all.Edit.Changes[chartsURI][0].NewText, "see `manual_read('images')`.") {
		t.Errorf("fix all: %+v", all)
	}
	prose := actions(Range{Start: Position{Line: 6, Character: 20}, End: Position{Line: 6, Character: 20}})
	if len(prose) < 1 || prose[0].Kind != kindQuickFix {
		t.Fatalf("prose actions: %+v", prose)
	}
	pe := prose[0].Edit.Changes[chartsURI]
	wantProse := TextEdit{Range: Range{Start: Position{Line: 6, Character: 15}, End: Position{Line: 6, Character: 36}}, NewText: "see `manual_read('images')`"}
	if len(pe) != 1 || pe[0] != wantProse {
		t.Errorf("prose fix: %+v, want %+v", pe, wantProse)
	}
}

func TestDocumentSymbols(t *testing.T) {
	c := start(t, project(t))
	c.openCharts()
	var syms []DocumentSymbol
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": chartsURI}}, &syms)
	var b strings.Builder
	var walk func([]DocumentSymbol, string)
	walk = func(ss []DocumentSymbol, indent string) {
		for _, s := range ss {
			b.WriteString(indent + s.Name + "\n")
			walk(s.Children, indent+"  ")
		}
	}
	walk(syms, "")
	if want := "Charts\n  Colours\n    Dark\n  Sizes\n"; b.String() != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", b.String(), want)
	}
	if len(syms) == 1 && syms[0].SelectionRange.Start.Line != 4 {
		t.Errorf("Charts at line %d, want 4", syms[0].SelectionRange.Start.Line)
	}
}

func TestShutdownExit(t *testing.T) {
	c := start(t, project(t))
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			t.Errorf("exit after shutdown: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("server did not exit")
	}
	c2 := start(t, project(t))
	c2.notify("exit", nil)
	if err := <-c2.done; err == nil {
		t.Error("exit without shutdown returned nil")
	}
}

func TestUnknownMethod(t *testing.T) {
	c := start(t, project(t))
	err := c.conn.Call(context.Background(), "workspace/symbol", map[string]any{"query": "x"}, nil)
	if e, ok := err.(*jsonrpc2.Error); !ok || e.Code != jsonrpc2.CodeMethodNotFound {
		t.Errorf("unknown method: %v", err)
	}
}

func TestDebouncedChanges(t *testing.T) {
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	c := &client{t: t, diags: make(chan PublishDiagnosticsParams, 16), done: make(chan error, 1)}
	go func() {
		c.done <- Serve(context.Background(), sr, sw, Options{FS: project(t), Debounce: 300 * time.Millisecond})
		sw.Close()
	}()
	h := jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, r *jsonrpc2.Request) (any, error) {
		var p PublishDiagnosticsParams
		if r.Method == "textDocument/publishDiagnostics" && json.Unmarshal(*r.Params, &p) == nil {
			c.diags <- p
		}
		return nil, nil
	})
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipe{cr, cw}, jsonrpc2.VSCodeObjectCodec{}), h)
	t.Cleanup(func() { c.conn.Close(); cw.Close() })
	c.call("initialize", map[string]any{"rootUri": "file:///proj"}, nil)
	c.openCharts()
	// Three quick changes yield one publication, of the last version.
	for v := 2; v <= 4; v++ {
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": chartsURI, "version": v},
			"contentChanges": []any{map[string]any{"range": Range{Start: Position{Line: 5}, End: Position{Line: 5}}, "text": "x"}},
		})
	}
	p := c.published(chartsURI)
	if p.Version == nil || *p.Version != 4 {
		t.Errorf("published version %v, want 4 (the changes coalesce)", p.Version)
	}
	select {
	case extra := <-c.diags:
		t.Errorf("a second publication: version %v", extra.Version)
	case <-time.After(500 * time.Millisecond):
	}
}

func TestSaveRefreshesOtherDocuments(t *testing.T) {
	c := start(t, project(t))
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": chartsURI, "languageId": "markdown", "version": 1,
		"text": "---\ntriggers: chart\nsummary: Charts.\n---\n# Charts\n\nCall manual_read('colours') first.\n"}})
	if _, ok := find(c.published(chartsURI).Diagnostics, "ref/unknown-manual"); !ok {
		t.Fatal("manual_read('colours') resolves before colours.md exists")
	}
	const colours = "file:///proj/manuals/colours.md"
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": colours, "languageId": "markdown", "version": 1,
		"text": "---\ntriggers: colour\nsummary: Colours.\n---\n# Colours\n\nText.\n"}})
	c.published(colours)
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": colours}})
	// Saving publishes every open document again, in path order.
	if p := c.published(chartsURI); len(p.Diagnostics) != 0 {
		t.Errorf("after saving colours.md, charts.md still has %+v", p.Diagnostics)
	}
	c.published(colours)
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": colours}})
	if p := c.published(colours); len(p.Diagnostics) != 0 {
		t.Errorf("closing clears the findings: %+v", p.Diagnostics)
	}
}
