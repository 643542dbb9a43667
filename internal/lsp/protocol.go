package lsp

import (
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The protocol types are those of github.com/tliron/glsp/protocol_3_16
// (LSP 3.16); these are lore's additions.

// initializeResult is the answer to initialize: the 3.16 capabilities
// plus positionEncoding (LSP 3.17), which tells a 3.17 client that
// positions count UTF-16 code units, the encoding every client supports.
type initializeResult struct {
	Capabilities capabilities                         `json:"capabilities"`
	ServerInfo   *protocol.InitializeResultServerInfo `json:"serverInfo,omitempty"`
}

type capabilities struct {
	protocol.ServerCapabilities
	PositionEncoding string `json:"positionEncoding"`
}

// rootParams are the parts of initialize's parameters lore reads, decoded
// on their own when a client's capabilities do not fit the 3.16 types.
type rootParams struct {
	RootURI          string `json:"rootUri"`
	RootPath         string `json:"rootPath"`
	WorkspaceFolders []struct {
		URI string `json:"uri"`
	} `json:"workspaceFolders"`
}

// kindFixAll is the code action that applies every fix of a document.
const kindFixAll = protocol.CodeActionKind("source.fixAll.lore")

// Error codes of LSP beyond JSON-RPC's.
const (
	codeServerNotInitialized = -32002
)

func ptr[T any](v T) *T { return &v }
