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
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The client decodes what the server sends into its own types where
// glsp's do not read a field back (IntegerOrString, a diagnostic's code,
// has no pointer UnmarshalJSON).
type (
	wireDiagnostic struct {
		Range    protocol.Range
		Severity protocol.DiagnosticSeverity
		Code     string
		Source   string
		Message  string
	}
	wirePublish struct {
		URI         string
		Version     *int
		Diagnostics []wireDiagnostic
	}
	wireAction struct {
		Title       string
		Kind        string
		Diagnostics []wireDiagnostic
		IsPreferred bool
		Edit        *protocol.WorkspaceEdit
	}
)

// Range is a shorthand for a protocol range on one line or two.
func rng(l1, c1, l2, c2 int) protocol.Range {
	return protocol.Range{Start: pos(l1, c1), End: pos(l2, c2)}
}

// hoverText returns the Markdown of a hover.
func hoverText(h protocol.Hover) string {
	if m, ok := h.Contents.(protocol.MarkupContent); ok {
		return m.Value
	}
	return ""
}

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

func project(t testing.TB) afero.Fs {
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
	diags chan wirePublish
	done  chan error
}

func start(t *testing.T, fs afero.Fs) *client {
	t.Helper()
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	c := &client{t: t, diags: make(chan wirePublish, 16), done: make(chan error, 1)}
	go func() {
		c.done <- Serve(context.Background(), sr, sw, Options{FS: fs, Version: "test"})
		sw.Close()
	}()
	h := jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, r *jsonrpc2.Request) (any, error) {
		if r.Method == "textDocument/publishDiagnostics" {
			var p wirePublish
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
func (c *client) published(uri string) wirePublish {
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

func (c *client) openCharts() wirePublish {
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": chartsURI, "languageId": "markdown", "version": 1, "text": charts}})
	return c.published(chartsURI)
}

func at(line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": chartsURI}, "position": pos(line, char)}
}

func find(ds []wireDiagnostic, code string) (wireDiagnostic, bool) {
	for _, d := range ds {
		if d.Code == code {
			return d, true
		}
	}
	return wireDiagnostic{}, false
}

func TestDiagnosticsUTF16Columns(t *testing.T) {
	c := start(t, project(t))
	p := c.openCharts()
	if p.Version == nil || *p.Version != 1 {
		t.Errorf("version %v, want 1", p.Version)
	}
	// "Über 😀 Ärger: " is 14 code points but 15 UTF-16 units (😀 takes two).
	prose, ok := find(p.Diagnostics, "ref/prose-reference")
	want := rng(6, 15, 6, 36)
	if !ok || prose.Range != want || prose.Severity != protocol.DiagnosticSeverityWarning || prose.Source != "lore" {
		t.Errorf("prose reference: %+v (found %v), want range %+v", prose, ok, want)
	}
	header, ok := find(p.Diagnostics, "header/not-yaml")
	if !ok || header.Range.Start != pos(1, 10) || header.Severity != protocol.DiagnosticSeverityError {
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
		"contentChanges": []any{map[string]any{"range": rng(6, 15, 6, 36), "text": "read on"}},
	})
	p := c.published(chartsURI)
	if _, ok := find(p.Diagnostics, "ref/prose-reference"); ok || p.Version == nil || *p.Version != 2 {
		t.Errorf("after the change: %+v", p)
	}
	var syms []protocol.DocumentSymbol
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": chartsURI}}, &syms)
	var h protocol.Hover
	c.call("textDocument/hover", at(7, 8), &h)
	if !strings.Contains(hoverText(h), "Embed images.") {
		t.Errorf("hover after the change: %q", hoverText(h))
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
	var h protocol.Hover
	c.call("textDocument/hover", at(7, 8), &h)
	for _, w := range []string{"**images** — `manuals/images.md`", "Embed images.", "triggers: images, Bilder", "shadows: `manuals/zz/images.md`"} {
		if !strings.Contains(hoverText(h), w) {
			t.Errorf("hover lacks %q:\n%s", w, hoverText(h))
		}
	}
	if h.Range == nil || *h.Range != rng(7, 5, 7, 26) {
		t.Errorf("hover range %+v", h.Range)
	}
	var key protocol.Hover
	c.call("textDocument/hover", at(2, 3), &key)
	if !strings.HasPrefix(hoverText(key), "**summary**: one line") {
		t.Errorf("header key hover: %q", hoverText(key))
	}
	var none *protocol.Hover
	c.call("textDocument/hover", at(5, 0), &none)
	if none != nil {
		t.Errorf("hover on a blank line: %+v", none)
	}
}

func TestDefinitionAndReferences(t *testing.T) {
	c := start(t, project(t))
	c.openCharts()
	var loc protocol.Location
	c.call("textDocument/definition", at(7, 20), &loc)
	if loc.URI != "file:///proj/manuals/images.md" {
		t.Errorf("definition: %+v", loc)
	}
	var refs []protocol.Location
	c.call("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": chartsURI}, "position": pos(7, 20),
		"context": map[string]any{"includeDeclaration": true}}, &refs)
	got := map[string]protocol.Range{}
	for _, r := range refs {
		got[r.URI] = r.Range
	}
	if r, ok := got[chartsURI]; !ok || r != rng(7, 5, 7, 26) {
		t.Errorf("references lack the open document's call: %+v", refs)
	}
	if r, ok := got["file:///proj/prompts/system.md"]; !ok || r != rng(0, 31, 0, 52) {
		t.Errorf("references lack the prompt's call: %+v", refs)
	}
	if len(refs) != 2 {
		t.Errorf("%d references, want 2: %+v", len(refs), refs)
	}
	// From inside the manual itself: who reads images.md.
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///proj/manuals/images.md", "languageId": "markdown", "version": 1,
		"text": "---\ntriggers: images, Bilder\nsummary: Embed images.\n---\n# Images\n\nText.\n"}})
	c.published("file:///proj/manuals/images.md")
	var self []protocol.Location
	c.call("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": "file:///proj/manuals/images.md"}, "position": pos(4, 2),
		"context": map[string]any{"includeDeclaration": true}}, &self)
	if len(self) != 2 {
		t.Errorf("references of the manual itself: %+v", self)
	}
}

func labels(l protocol.CompletionList) []string {
	var out []string
	for _, i := range l.Items {
		out = append(out, i.Label)
	}
	return out
}

func TestCompletion(t *testing.T) {
	c := start(t, project(t))
	c.openCharts()
	var names protocol.CompletionList
	c.call("textDocument/completion", at(7, 18), &names) // after "Call manual_read('"
	if got := strings.Join(labels(names), ","); got != "charts,images" {
		t.Errorf("manual names: %s", got)
	}
	var keys protocol.CompletionList
	c.call("textDocument/completion", at(2, 0), &keys)
	if got := strings.Join(labels(keys), ","); got != "audience,summary,requires-tools" {
		t.Errorf("header keys: %s", got)
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": chartsURI, "version": 2},
		"contentChanges": []any{map[string]any{"range": rng(3, 0, 3, 0), "text": "audience: \nrequires-tools: web_fetch, \n"}},
	})
	c.published(chartsURI)
	var engines, tools protocol.CompletionList
	c.call("textDocument/completion", at(3, 10), &engines)
	if got := strings.Join(labels(engines), ","); got != "arthur,eddie" {
		t.Errorf("audiences: %s", got)
	}
	c.call("textDocument/completion", at(4, 27), &tools)
	if got := strings.Join(labels(tools), ","); got != "web_fetch,doc_create" || tools.Items[1].Detail == nil || *tools.Items[1].Detail != "Create a document." {
		t.Errorf("tools: %s %+v", got, tools.Items)
	}
	var body protocol.CompletionList
	c.call("textDocument/completion", at(9, 3), &body)
	if len(body.Items) != 0 {
		t.Errorf("completion in the body: %v", labels(body))
	}
}

func TestCodeActions(t *testing.T) {
	c := start(t, project(t))
	c.openCharts()
	actions := func(r protocol.Range) []wireAction {
		var out []wireAction
		c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": chartsURI}, "range": r, "context": map[string]any{"diagnostics": []any{}}}, &out)
		return out
	}
	header := actions(rng(1, 12, 1, 12))
	var quick []wireAction
	var all *wireAction
	for i, a := range header {
		switch a.Kind {
		case protocol.CodeActionKindQuickFix:
			quick = append(quick, a)
		case kindFixAll:
			all = &header[i]
		}
	}
	if len(quick) != 1 || len(quick[0].Diagnostics) != 1 || quick[0].Diagnostics[0].Code != "header/not-yaml" {
		t.Fatalf("quick fixes on line 2: %+v", quick)
	}
	edits := quick[0].Edit.Changes[chartsURI]
	want := protocol.TextEdit{Range: rng(1, 0, 1, 27), NewText: "triggers: Diagramm, chart"}
	if len(edits) != 1 || edits[0] != want {
		t.Errorf("header fix: %+v, want %+v", edits, want)
	}
	if all == nil || !strings.Contains(all.Edit.Changes[chartsURI][0].NewText, "see `manual_read('images')`.") {
		t.Errorf("fix all: %+v", all)
	}
	prose := actions(rng(6, 20, 6, 20))
	if len(prose) < 1 || prose[0].Kind != protocol.CodeActionKindQuickFix || !prose[0].IsPreferred {
		t.Fatalf("prose actions: %+v", prose)
	}
	pe := prose[0].Edit.Changes[chartsURI]
	wantProse := protocol.TextEdit{Range: rng(6, 15, 6, 36), NewText: "see `manual_read('images')`"}
	if len(pe) != 1 || pe[0] != wantProse {
		t.Errorf("prose fix: %+v, want %+v", pe, wantProse)
	}
}

func TestDocumentSymbols(t *testing.T) {
	c := start(t, project(t))
	c.openCharts()
	var syms []protocol.DocumentSymbol
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": chartsURI}}, &syms)
	var b strings.Builder
	var walk func([]protocol.DocumentSymbol, string)
	walk = func(ss []protocol.DocumentSymbol, indent string) {
		for _, s := range ss {
			b.WriteString(indent + s.Name + "\n")
			walk(s.Children, indent+"  ")
		}
	}
	walk(syms, "")
	if want := "Charts\n  Colours\n    Dark\n  Sizes\n"; b.String() != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", b.String(), want)
	}
	if len(syms) != 1 || syms[0].SelectionRange != rng(4, 0, 4, 8) || syms[0].Range != rng(4, 0, 13, 8) {
		t.Errorf("Charts: %+v", syms)
	}
	if dark := syms[0].Children[0].Children[0]; dark.Name != "Dark" || dark.Range != rng(11, 0, 12, 0) {
		t.Errorf("Dark: %+v", dark)
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
	c := &client{t: t, diags: make(chan wirePublish, 16), done: make(chan error, 1)}
	go func() {
		c.done <- Serve(context.Background(), sr, sw, Options{FS: project(t), Debounce: 300 * time.Millisecond})
		sw.Close()
	}()
	h := jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, r *jsonrpc2.Request) (any, error) {
		var p wirePublish
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
			"contentChanges": []any{map[string]any{"range": rng(5, 0, 5, 0), "text": "x"}},
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

// vscodeCapabilities is a client's initialize as VS Code 1.9x sends it
// (LSP 3.17): fields the 3.16 types do not know are ignored.
const vscodeCapabilities = `{"processId":4242,"clientInfo":{"name":"Visual Studio Code","version":"1.95.0"},"locale":"de",
"rootPath":"/proj","rootUri":"file:///proj","capabilities":{"workspace":{"applyEdit":true,"workspaceEdit":{"documentChanges":true,
"resourceOperations":["create","rename","delete"],"failureHandling":"textOnlyTransactional","normalizesLineEndings":true,
"changeAnnotationSupport":{"groupsOnLabel":true}},"configuration":true,"didChangeWatchedFiles":{"dynamicRegistration":true,
"relativePatternSupport":true},"symbol":{"dynamicRegistration":true,"symbolKind":{"valueSet":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26]},
"tagSupport":{"valueSet":[1]},"resolveSupport":{"properties":["location.range"]}},"codeLens":{"refreshSupport":true},
"executeCommand":{"dynamicRegistration":true},"didChangeConfiguration":{"dynamicRegistration":true},"workspaceFolders":true,
"foldingRange":{"refreshSupport":true},"semanticTokens":{"refreshSupport":true},"fileOperations":{"dynamicRegistration":true,
"didCreate":true,"didRename":true,"didDelete":true,"willCreate":true,"willRename":true,"willDelete":true},
"inlineValue":{"refreshSupport":true},"inlayHint":{"refreshSupport":true},"diagnostics":{"refreshSupport":true}},
"textDocument":{"publishDiagnostics":{"relatedInformation":true,"versionSupport":false,"tagSupport":{"valueSet":[1,2]},
"codeDescriptionSupport":true,"dataSupport":true},"synchronization":{"dynamicRegistration":true,"willSave":true,
"willSaveWaitUntil":true,"didSave":true},"completion":{"dynamicRegistration":true,"contextSupport":true,
"completionItem":{"snippetSupport":true,"commitCharactersSupport":true,"documentationFormat":["markdown","plaintext"],
"deprecatedSupport":true,"preselectSupport":true,"tagSupport":{"valueSet":[1]},"insertReplaceSupport":true,
"resolveSupport":{"properties":["documentation","detail","additionalTextEdits"]},"insertTextModeSupport":{"valueSet":[1,2]},
"labelDetailsSupport":true},"insertTextMode":2,"completionItemKind":{"valueSet":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]},
"completionList":{"itemDefaults":["commitCharacters","editRange","insertTextFormat","insertTextMode","data"]}},
"hover":{"dynamicRegistration":true,"contentFormat":["markdown","plaintext"]},"signatureHelp":{"dynamicRegistration":true,
"signatureInformation":{"documentationFormat":["markdown","plaintext"],"parameterInformation":{"labelOffsetSupport":true},
"activeParameterSupport":true},"contextSupport":true},"definition":{"dynamicRegistration":true,"linkSupport":true},
"references":{"dynamicRegistration":true},"documentHighlight":{"dynamicRegistration":true},"documentSymbol":{"dynamicRegistration":true,
"symbolKind":{"valueSet":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26]},"hierarchicalDocumentSymbolSupport":true,
"tagSupport":{"valueSet":[1]},"labelSupport":true},"codeAction":{"dynamicRegistration":true,"isPreferredSupport":true,
"disabledSupport":true,"dataSupport":true,"resolveSupport":{"properties":["edit"]},"codeActionLiteralSupport":{"codeActionKind":{"valueSet":
["","quickfix","refactor","refactor.extract","refactor.inline","refactor.rewrite","source","source.organizeImports"]}},
"honorsChangeAnnotations":true},"codeLens":{"dynamicRegistration":true},"formatting":{"dynamicRegistration":true},
"rangeFormatting":{"dynamicRegistration":true,"rangesSupport":true},"onTypeFormatting":{"dynamicRegistration":true},
"rename":{"dynamicRegistration":true,"prepareSupport":true,"prepareSupportDefaultBehavior":1,"honorsChangeAnnotations":true},
"documentLink":{"dynamicRegistration":true,"tooltipSupport":true},"typeDefinition":{"dynamicRegistration":true,"linkSupport":true},
"implementation":{"dynamicRegistration":true,"linkSupport":true},"colorProvider":{"dynamicRegistration":true},
"foldingRange":{"dynamicRegistration":true,"rangeLimit":5000,"lineFoldingOnly":true,"foldingRangeKind":{"valueSet":["comment","imports","region"]},
"foldingRange":{"collapsedText":false}},"declaration":{"dynamicRegistration":true,"linkSupport":true},
"selectionRange":{"dynamicRegistration":true},"callHierarchy":{"dynamicRegistration":true},"semanticTokens":{"dynamicRegistration":true,
"tokenTypes":["namespace","type","class"],"tokenModifiers":["declaration","definition"],"formats":["relative"],
"requests":{"range":true,"full":{"delta":true}},"multilineTokenSupport":false,"overlappingTokenSupport":false,
"serverCancelSupport":true,"augmentsSyntaxTokens":true},"linkedEditingRange":{"dynamicRegistration":true},
"typeHierarchy":{"dynamicRegistration":true},"inlineValue":{"dynamicRegistration":true},"inlayHint":{"dynamicRegistration":true,
"resolveSupport":{"properties":["tooltip","textEdits","label.tooltip","label.location","label.command"]}},
"diagnostic":{"dynamicRegistration":true,"relatedDocumentSupport":false}},"window":{"showMessage":{"messageActionItem":
{"additionalPropertiesSupport":true}},"showDocument":{"support":true},"workDoneProgress":true},"general":{"staleRequestSupport":
{"cancel":true,"retryOnContentModified":["textDocument/semanticTokens/full","textDocument/semanticTokens/range"]},
"regularExpressions":{"engine":"ECMAScript","version":"ES2020"},"markdown":{"parser":"marked","version":"1.1.0"},
"positionEncodings":["utf-16"]},"notebookDocument":{"synchronization":{"dynamicRegistration":true,"executionSummarySupport":true}}},
"trace":"off","workspaceFolders":[{"uri":"file:///proj","name":"proj"}]}`

// rawClient connects to a server without initializing it.
func rawClient(t *testing.T, fs afero.Fs) *client {
	t.Helper()
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	c := &client{t: t, diags: make(chan wirePublish, 16), done: make(chan error, 1)}
	go func() {
		c.done <- Serve(context.Background(), sr, sw, Options{FS: fs, Version: "test"})
		sw.Close()
	}()
	h := jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, r *jsonrpc2.Request) (any, error) {
		var p wirePublish
		if r.Method == "textDocument/publishDiagnostics" && json.Unmarshal(*r.Params, &p) == nil {
			c.diags <- p
		}
		return nil, nil
	})
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipe{cr, cw}, jsonrpc2.VSCodeObjectCodec{}), h)
	t.Cleanup(func() { c.conn.Close(); cw.Close() })
	return c
}

// TestInitializeRealClient: a 3.17 client's whole initialize is accepted,
// and so is one whose capabilities do not fit the 3.16 types (lore reads
// only the root); requests before initialize and after shutdown are
// refused with the protocol's codes.
func TestInitializeRealClient(t *testing.T) {
	c := rawClient(t, project(t))
	err := c.conn.Call(context.Background(), "textDocument/hover", at(0, 0), nil)
	if e, ok := err.(*jsonrpc2.Error); !ok || e.Code != codeServerNotInitialized {
		t.Errorf("hover before initialize: %v", err)
	}
	var caps map[string]any
	c.call("initialize", json.RawMessage(vscodeCapabilities), &caps)
	if c, ok := caps["capabilities"].(map[string]any); !ok || c["positionEncoding"] != "utf-16" || c["definitionProvider"] != true {
		t.Fatalf("capabilities: %v", caps)
	}
	c.notify("initialized", map[string]any{})
	if p := c.openCharts(); len(p.Diagnostics) == 0 {
		t.Error("no findings after a real client's initialize")
	}
	c.call("shutdown", nil, nil)
	err = c.conn.Call(context.Background(), "textDocument/hover", at(7, 8), nil)
	if e, ok := err.(*jsonrpc2.Error); !ok || e.Code != jsonrpc2.CodeInvalidRequest {
		t.Errorf("hover after shutdown: %v", err)
	}

	odd := rawClient(t, project(t))
	var caps2 map[string]any
	odd.call("initialize", map[string]any{"rootUri": "file:///proj", "capabilities": map[string]any{"textDocument": map[string]any{"hover": "yes"}}}, &caps2)
	if _, ok := caps2["capabilities"]; !ok {
		t.Fatalf("initialize with odd capabilities: %v", caps2)
	}
	if p := odd.openCharts(); len(p.Diagnostics) == 0 {
		t.Error("no findings after an odd client's initialize")
	}
}

// TestCallsAreTheModels: the language server reads the references the
// parser marked: a call in a code block is none (as for lint), a call in
// a prompt file is read from its text, and a lone CR ends a line.
func TestCallsAreTheModels(t *testing.T) {
	c := start(t, project(t))
	const uri = "file:///proj/manuals/fenced.md"
	text := "---\rtriggers: x\rsummary: X.\r---\r# X\r\r```\rmanual_read('images')\r```\r\rSee `manual_read('images')`.\r"
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
	c.published(uri)
	var inFence *protocol.Hover
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(7, 3)}, &inFence)
	if inFence != nil {
		t.Errorf("hover on a call in a code block: %+v", inFence)
	}
	var h protocol.Hover
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(10, 8)}, &h)
	if !strings.Contains(hoverText(h), "Embed images.") || h.Range == nil || *h.Range != rng(10, 5, 10, 26) {
		t.Errorf("hover after lone CRs: %q %+v", hoverText(h), h.Range)
	}
	const prompt = "file:///proj/prompts/system.md"
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": prompt, "languageId": "markdown", "version": 1,
		"text": "Before answering about images: manual_read('images').\n"}})
	var loc protocol.Location
	c.call("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": prompt}, "position": pos(0, 40)}, &loc)
	if loc.URI != "file:///proj/manuals/images.md" {
		t.Errorf("definition from a prompt: %+v", loc)
	}
}

// TestReferencesLongLine lists the 60,000 calls of a prompt file's one
// line of 1.3 MB: counting each call's UTF-16 column from the line's
// start took about a minute, past the client's 30 s; the positions of a
// file's calls are counted in one pass.
func TestReferencesLongLine(t *testing.T) {
	fs := project(t)
	const n = 60_000
	call := "`manual_read('images')` "
	if err := afero.WriteFile(fs, "/proj/prompts/many.md", []byte(strings.Repeat(call, n)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, fs)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///proj/manuals/images.md", "languageId": "markdown", "version": 1,
		"text": "---\ntriggers: images, Bilder\nsummary: Embed images.\n---\n# Images\n\nText.\n"}})
	c.published("file:///proj/manuals/images.md")
	var refs []protocol.Location
	c.call("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": "file:///proj/manuals/images.md"}, "position": pos(4, 2),
		"context": map[string]any{"includeDeclaration": true}}, &refs)
	last := 0
	for _, r := range refs {
		if r.URI == "file:///proj/prompts/many.md" {
			last = max(last, int(r.Range.Start.Character))
		}
	}
	if len(refs) != n+1 || last != (n-1)*len(call)+1 {
		t.Errorf("%d references, the last call of many.md at column %d", len(refs), last)
	}
}
