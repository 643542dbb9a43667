package lsp

import (
	"encoding/json"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// initialize takes the project folder from the client and answers with
// the server's capabilities.
func (s *server) initialize(_ *glsp.Context, p *protocol.InitializeParams) (any, error) {
	r := rootParams{}
	if p.RootURI != nil {
		r.RootURI = string(*p.RootURI)
	}
	if p.RootPath != nil {
		r.RootPath = *p.RootPath
	}
	for _, f := range p.WorkspaceFolders {
		r.WorkspaceFolders = append(r.WorkspaceFolders, struct {
			URI string `json:"uri"`
		}{URI: string(f.URI)})
	}
	s.setRoot(r)
	return s.capabilities(), nil
}

// initializeLoosely answers an initialize whose parameters glsp's 3.16
// types cannot decode (a newer client's capabilities): lore needs only
// the root.
func (s *server) initializeLoosely(params json.RawMessage) (any, error) {
	var r rootParams
	if err := json.Unmarshal(params, &r); err != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: err.Error()}
	}
	s.setRoot(r)
	s.proto.SetInitialized(true)
	return s.capabilities(), nil
}

// setRoot sets the project folder: Options.Dir, else the client's first
// workspace folder, root URI or root path, else the working folder.
func (s *server) setRoot(p rootParams) {
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

func (s *server) capabilities() initializeResult {
	var c capabilities
	c.PositionEncoding = "utf-16"
	c.TextDocumentSync = protocol.TextDocumentSyncOptions{OpenClose: ptr(true), Change: ptr(protocol.TextDocumentSyncKindIncremental),
		Save: protocol.SaveOptions{IncludeText: ptr(false)}}
	c.HoverProvider = true
	c.DefinitionProvider = true
	c.ReferencesProvider = true
	c.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: []string{"'", "\"", ",", ":", " "}}
	c.CodeActionProvider = protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, kindFixAll}}
	c.DocumentSymbolProvider = true
	return initializeResult{Capabilities: c, ServerInfo: &protocol.InitializeResultServerInfo{Name: "lore", Version: ptr(s.opts.Version)}}
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
