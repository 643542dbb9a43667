// Package lsp is lore's language server (LSP over a byte stream, usually
// stdio): the diagnostics of lore lint as one types, hover, go to
// definition and references for manual_read('x'), completion of manual
// names, header keys, audiences and tools, code actions for every fix
// lore lint --fix knows, and the sections of a manual as symbols.
//
// The protocol types and the dispatch of methods to handlers are
// github.com/tliron/glsp/protocol_3_16 (LSP 3.16; lore adds 3.17's
// positionEncoding); the transport is github.com/sourcegraph/jsonrpc2
// over lore's own Content-Length framing (stream), which answers a broken
// message instead of ending the connection. Open documents are laid over the file system
// in memory, so every answer sees the unsaved text; the project is
// loaded through build like the CLI loads it.
package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/spf13/afero"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
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
	s.proto = s.handlers()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	conn := jsonrpc2.NewConn(ctx, newStream(pipe{in, out}), jsonrpc2.HandlerWithError(s.handle).SuppressErrClosed(),
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
	opts  Options
	proto *protocol.Handler

	mu          sync.Mutex
	conn        *jsonrpc2.Conn
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

// handlers maps the methods lore answers to their handlers; glsp decodes
// the parameters and dispatches.
func (s *server) handlers() *protocol.Handler {
	return &protocol.Handler{
		Initialize:                      s.initialize,
		Initialized:                     func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:                        s.shutdownRequest,
		CancelRequest:                   func(*glsp.Context, *protocol.CancelParams) error { return nil },
		SetTrace:                        func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		WorkspaceDidChangeConfiguration: func(*glsp.Context, *protocol.DidChangeConfigurationParams) error { return nil },
		WorkspaceDidChangeWatchedFiles:  s.watchedFilesChanged,
		TextDocumentDidOpen:             s.didOpen,
		TextDocumentDidChange:           s.didChange,
		TextDocumentDidSave:             s.didSave,
		TextDocumentDidClose:            s.didClose,
		TextDocumentHover:               s.hoverRequest,
		TextDocumentDefinition:          s.definitionRequest,
		TextDocumentReferences:          s.referencesRequest,
		TextDocumentCompletion:          s.completionRequest,
		TextDocumentCodeAction:          s.codeActionRequest,
		TextDocumentDocumentSymbol:      s.symbolsRequest,
	}
}

// handle answers one request or notification, one at a time. A panic in
// a handler (a library on odd input) becomes an error answer, not a dead
// server.
func (s *server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("lore lsp: %s failed: %v", req.Method, r)}
		}
	}()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conn = conn
	if req.Method == protocol.MethodExit {
		s.exitedEarly = !s.shutdown
		s.once.Do(func() { close(s.exited) })
		return nil, nil
	}
	if req.Method != protocol.MethodInitialize && !s.proto.IsInitialized() {
		if req.Notif {
			return nil, nil // dropped before initialize and after shutdown
		}
		if s.shutdown {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "lore lsp: " + req.Method + " after shutdown"}
		}
		return nil, &jsonrpc2.Error{Code: codeServerNotInitialized, Message: "lore lsp: " + req.Method + " before initialize"}
	}
	gc := &glsp.Context{Method: req.Method, Notify: func(string, any) {}, Call: func(string, any, any) {}}
	if req.Params != nil {
		gc.Params = *req.Params
	}
	r, validMethod, validParams, err := s.proto.Handle(gc)
	switch {
	case !validMethod && req.Notif:
		return nil, nil
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "lore lsp does not answer " + req.Method}
	case !validParams && req.Method == protocol.MethodInitialize:
		return s.initializeLoosely(gc.Params)
	case !validParams:
		msg := "missing params"
		if err != nil && len(gc.Params) > 0 {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		var je *jsonrpc2.Error
		if errors.As(err, &je) {
			return nil, je
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: err.Error()}
	}
	return r, nil
}

func (s *server) shutdownRequest(*glsp.Context) error {
	s.shutdown = true
	return nil
}

func (s *server) watchedFilesChanged(*glsp.Context, *protocol.DidChangeWatchedFilesParams) error {
	s.gen++ // files changed outside the editor: load the project anew
	return nil
}

// document returns the open document of uri, or nil.
func (s *server) doc(uri protocol.DocumentUri) *document { return s.docs[uriPath(string(uri))] }

func (s *server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	item := p.TextDocument
	d := &document{uri: string(item.URI), path: uriPath(string(item.URI)), version: int(item.Version), text: newText(item.Text)}
	s.docs[d.path] = d
	s.gen++
	return s.publish(d)
}

// didChange applies incremental or full changes to an open document.
func (s *server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	d := s.doc(p.TextDocument.URI)
	if d == nil {
		return nil
	}
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			d.text = newText(c.Text)
		case protocol.TextDocumentContentChangeEvent:
			a, b := d.text.offset(c.Range.Start), d.text.offset(c.Range.End)
			if b < a {
				a, b = b, a
			}
			d.text = newText(d.text.s[:a] + c.Text + d.text.s[b:])
		}
	}
	d.version = int(p.TextDocument.Version)
	s.gen++
	if s.opts.Debounce > 0 {
		s.schedule(d.path)
		return nil
	}
	return s.publish(d)
}

// didSave refreshes the project-wide findings of every open document.
func (s *server) didSave(*glsp.Context, *protocol.DidSaveTextDocumentParams) error {
	s.gen++
	for _, d := range s.sortedDocs() {
		if err := s.publish(d); err != nil {
			return err
		}
	}
	return nil
}

// didClose forgets the document and clears its findings.
func (s *server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	d := s.doc(p.TextDocument.URI)
	if d == nil {
		return nil
	}
	delete(s.docs, d.path)
	s.gen++
	return s.notify(protocol.ServerTextDocumentPublishDiagnostics,
		protocol.PublishDiagnosticsParams{URI: protocol.DocumentUri(d.uri), Diagnostics: []protocol.Diagnostic{}})
}

// notify sends a notification to the client.
func (s *server) notify(method string, params any) error {
	if s.conn == nil {
		return nil
	}
	return s.conn.Notify(context.Background(), method, params)
}

// schedule publishes the findings of file once no change has come for
// the debounce time; a change before then starts the wait again.
func (s *server) schedule(file string) {
	if t := s.timers[file]; t != nil {
		t.Stop()
	}
	s.timers[file] = time.AfterFunc(s.opts.Debounce, func() {
		defer func() { _ = recover() }() // a panic here must not end the server
		s.mu.Lock()
		defer s.mu.Unlock()
		if d := s.docs[file]; d != nil {
			_ = s.publish(d)
		}
	})
}

func (s *server) sortedDocs() []*document {
	var out []*document
	for _, d := range s.docs {
		out = append(out, d)
	}
	sortDocs(out)
	return out
}
