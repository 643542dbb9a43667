// Package lsp is lore's language server (LSP 3.17 over a byte stream,
// usually stdio): the diagnostics of lore lint as one types, hover, go to
// definition and references for manual_read('x'), completion of manual
// names, header keys, audiences and tools, code actions for every fix
// lore lint --fix knows, and the sections of a manual as symbols.
//
// The transport is github.com/sourcegraph/jsonrpc2 (Content-Length
// framing); the protocol types are the small subset in protocol.go. Open
// documents are laid over the file system in memory, so every answer
// sees the unsaved text; the project is loaded through build like the
// CLI loads it.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/url"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/spf13/afero"
)

// Options configure a server.
type Options struct {
	// FS is the file system the project lives on.
	FS afero.Fs
	// Dir is the project folder; "" takes the root the client names in
	// initialize (or the working folder).
	Dir string
	// ConfigFile is an explicit project file ("" looks for lore.yaml).
	ConfigFile string
	// Version is lore's version, reported to the client.
	Version string
	// Log receives the transport's complaints (stderr; nil discards).
	Log io.Writer
	// Debounce is how long the findings of a changed document wait for
	// the next change (typing); 0 lints on every change.
	Debounce time.Duration
}

// Serve answers LSP requests read from in on out until the client sends
// exit or in ends. It returns an error when the client exits without
// shutdown first (the protocol's exit code 1).
func Serve(ctx context.Context, in io.Reader, out io.Writer, o Options) error {
	if o.Log == nil {
		o.Log = io.Discard
	}
	s := &server{opts: o, docs: map[string]*document{}, timers: map[string]*time.Timer{}, exited: make(chan struct{})}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream := jsonrpc2.NewBufferedStream(pipe{in, out}, jsonrpc2.VSCodeObjectCodec{})
	conn := jsonrpc2.NewConn(ctx, stream, jsonrpc2.HandlerWithError(s.handle).SuppressErrClosed(),
		jsonrpc2.SetLogger(log.New(o.Log, "lore lsp: ", 0)))
	select {
	case <-conn.DisconnectNotify():
	case <-s.exited:
		conn.Close()
	case <-ctx.Done():
		conn.Close()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.exitedEarly {
		return errors.New("exit without shutdown")
	}
	return nil
}

// pipe joins the two halves of stdio into the stream the transport wants.
type pipe struct {
	io.Reader
	io.Writer
}

func (p pipe) Close() error {
	if c, ok := p.Reader.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

type server struct {
	opts Options

	mu          sync.Mutex
	dir         string
	docs        map[string]*document // by file path
	timers      map[string]*time.Timer
	gen         int // bumped whenever a document changes
	snap        *snapshot
	shutdown    bool
	exitedEarly bool
	exited      chan struct{}
	once        sync.Once
}

// document is an open document.
type document struct {
	uri     string
	path    string
	version int
	text    *text
}

// handle dispatches one request or notification. A panic in a handler
// (a library on odd input) becomes an error answer, not a dead server.
func (s *server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("lore lsp: %s failed: %v", req.Method, r)}
		}
	}()
	s.mu.Lock()
	defer s.mu.Unlock()
	params := func(v any) error {
		if req.Params == nil {
			return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "missing params"}
		}
		if err := json.Unmarshal(*req.Params, v); err != nil {
			return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: err.Error()}
		}
		return nil
	}
	switch req.Method {
	case "initialize":
		var p initializeParams
		if err := params(&p); err != nil {
			return nil, err
		}
		s.initialize(p)
		return s.capabilities(), nil
	case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
		return nil, nil
	case "workspace/didChangeWatchedFiles":
		s.gen++ // files changed outside the editor: load the project anew
		return nil, nil
	case "shutdown":
		s.shutdown = true
		return nil, nil
	case "exit":
		s.exitedEarly = !s.shutdown
		s.once.Do(func() { close(s.exited) })
		return nil, nil
	case "textDocument/didOpen":
		var p didOpenParams
		if err := params(&p); err != nil {
			return nil, err
		}
		d := s.open(p.TextDocument)
		return nil, s.publish(ctx, conn, d)
	case "textDocument/didChange":
		var p didChangeParams
		if err := params(&p); err != nil {
			return nil, err
		}
		d := s.change(p)
		if d == nil {
			return nil, nil
		}
		if s.opts.Debounce > 0 {
			s.schedule(conn, d.path)
			return nil, nil
		}
		return nil, s.publish(ctx, conn, d)
	case "textDocument/didSave":
		var p didSaveParams
		if err := params(&p); err != nil {
			return nil, err
		}
		// Saving refreshes the project-wide findings of every open document.
		s.gen++
		for _, d := range s.sortedDocs() {
			if err := s.publish(ctx, conn, d); err != nil {
				return nil, err
			}
		}
		return nil, nil
	case "textDocument/didClose":
		var p didCloseParams
		if err := params(&p); err != nil {
			return nil, err
		}
		if d := s.docs[uriPath(p.TextDocument.URI)]; d != nil {
			delete(s.docs, d.path)
			s.gen++
			return nil, conn.Notify(ctx, "textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: d.uri, Diagnostics: []Diagnostic{}})
		}
		return nil, nil
	case "textDocument/hover", "textDocument/definition", "textDocument/completion", "textDocument/references":
		var p positionParams
		if err := params(&p); err != nil {
			return nil, err
		}
		d := s.doc(p.TextDocument.URI)
		if d == nil {
			return nil, nil
		}
		switch req.Method {
		case "textDocument/hover":
			return nilIfNone(s.hover(d, p.Position)), nil
		case "textDocument/definition":
			return nilIfNone(s.definition(d, p.Position)), nil
		case "textDocument/references":
			return s.references(d, p.Position), nil
		}
		return s.completion(d, p.Position), nil
	case "textDocument/codeAction":
		var p codeActionParams
		if err := params(&p); err != nil {
			return nil, err
		}
		d := s.doc(p.TextDocument.URI)
		if d == nil {
			return []CodeAction{}, nil
		}
		return s.codeActions(d, p), nil
	case "textDocument/documentSymbol":
		var p struct {
			TextDocument textDocumentIdentifier `json:"textDocument"`
		}
		if err := params(&p); err != nil {
			return nil, err
		}
		d := s.doc(p.TextDocument.URI)
		if d == nil {
			return []DocumentSymbol{}, nil
		}
		return s.symbols(d), nil
	}
	if req.Notif {
		return nil, nil
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "lore lsp does not answer " + req.Method}
}

// nilIfNone turns a nil pointer into an untyped nil (JSON null).
func nilIfNone[T any](v *T) any {
	if v == nil {
		return nil
	}
	return v
}

func (s *server) initialize(p initializeParams) {
	dir := s.opts.Dir
	if dir == "" {
		switch {
		case len(p.WorkspaceFolders) > 0:
			dir = uriPath(p.WorkspaceFolders[0].URI)
		case p.RootURI != "":
			dir = uriPath(p.RootURI)
		case p.RootPath != "":
			dir = filepath.ToSlash(p.RootPath)
		default:
			dir = "."
		}
	}
	if !path.IsAbs(dir) {
		if abs, err := filepath.Abs(dir); err == nil {
			dir = filepath.ToSlash(abs)
		}
	}
	s.dir = path.Clean(dir)
	s.gen++
}

func (s *server) capabilities() any {
	return map[string]any{
		"capabilities": map[string]any{
			"positionEncoding":       "utf-16",
			"textDocumentSync":       map[string]any{"openClose": true, "change": syncIncremental, "save": map[string]any{"includeText": false}},
			"hoverProvider":          true,
			"definitionProvider":     true,
			"referencesProvider":     true,
			"completionProvider":     map[string]any{"triggerCharacters": []string{"'", "\"", ",", ":", " "}},
			"codeActionProvider":     map[string]any{"codeActionKinds": []string{kindQuickFix, kindFixAll}},
			"documentSymbolProvider": true,
		},
		"serverInfo": map[string]any{"name": "lore", "version": s.opts.Version},
	}
}

func (s *server) open(item textDocumentItem) *document {
	d := &document{uri: item.URI, path: uriPath(item.URI), version: item.Version, text: newText(item.Text)}
	s.docs[d.path] = d
	s.gen++
	return d
}

// change applies incremental or full changes to an open document.
func (s *server) change(p didChangeParams) *document {
	d := s.docs[uriPath(p.TextDocument.URI)]
	if d == nil {
		return nil
	}
	for _, c := range p.ContentChanges {
		if c.Range == nil {
			d.text = newText(c.Text)
			continue
		}
		a, b := d.text.offset(c.Range.Start), d.text.offset(c.Range.End)
		if b < a {
			a, b = b, a
		}
		d.text = newText(d.text.s[:a] + c.Text + d.text.s[b:])
	}
	d.version = p.TextDocument.Version
	s.gen++
	return d
}

// schedule publishes the findings of file once no change has come for
// the debounce time; a change before then starts the wait again.
func (s *server) schedule(conn *jsonrpc2.Conn, file string) {
	if t := s.timers[file]; t != nil {
		t.Stop()
	}
	s.timers[file] = time.AfterFunc(s.opts.Debounce, func() {
		defer func() { _ = recover() }() // a panic here must not end the server
		s.mu.Lock()
		defer s.mu.Unlock()
		if d := s.docs[file]; d != nil {
			_ = s.publish(context.Background(), conn, d)
		}
	})
}

func (s *server) doc(uri string) *document { return s.docs[uriPath(uri)] }

func (s *server) sortedDocs() []*document {
	var out []*document
	for _, d := range s.docs {
		out = append(out, d)
	}
	sortDocs(out)
	return out
}

// uriPath returns the file path of a file:// URI (other URIs are kept as
// they are: they name no file lore reads).
func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return uri
	}
	p := u.Path
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' { // file:///C:/…
		p = p[1:]
	}
	return path.Clean(p)
}

// fileURI returns the file:// URI of a path.
func fileURI(p string) string {
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
