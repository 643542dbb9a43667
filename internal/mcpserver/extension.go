package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Extension methods. go-sdk v1.8.0 has no hook for methods it does not
// know: a server session refuses them (checkRequest) before any receiving
// middleware runs, and its method table is closed. lore therefore answers
// them beside the SDK, at the two extension points the SDK has: the
// mcp.Transport / mcp.Connection interfaces (stdio and in-memory sessions,
// extConn) and the http.Handler of the streamable transport
// (extensionHTTP). Everything else goes to the SDK unchanged.

// extensionMethod answers one request of an extension method with a
// result to encode, or an error (a *jsonrpc.Error keeps its code).
type extensionMethod func(s *Server, ctx context.Context, params json.RawMessage) (any, error)

// extensionFor returns the extension method called method, or nil.
func extensionFor(method string) extensionMethod {
	switch method {
	case "skills/list":
		return (*Server).listSkills
	case "skills/get":
		return (*Server).getSkill
	case "resources/directory/read":
		return (*Server).readDirectory
	}
	return nil
}

// callExtension runs m with the promises of the guard middleware: a panic
// becomes an internal error, and so does a result that does not encode.
func (s *Server) callExtension(ctx context.Context, method string, m extensionMethod, params json.RawMessage) (result json.RawMessage, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic answering a request; answered with an internal error", "method", method, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			result, err = nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "internal error answering " + strconv.Quote(method) + "; the session goes on"}
		}
	}()
	res, err := m(s, ctx, params)
	if err != nil {
		var we *jsonrpc.Error
		if !errors.As(err, &we) {
			we = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
		}
		return nil, we
	}
	b, err := json.Marshal(res)
	if err != nil {
		s.log.Error("a result does not encode as JSON; answered with an internal error", "method", method, "error", err)
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "internal error: the answer to " + strconv.Quote(method) + " could not be encoded; the session goes on"}
	}
	return b, nil
}

// extended wraps t so that its sessions answer the extension methods.
func (s *Server) extended(t mcp.Transport) mcp.Transport { return &extTransport{s: s, t: t} }

// Connect connects the server to t as mcp.Server.Connect does, with the
// extension methods answered. Tests and embedders use it in place of
// MCP().Connect.
func (s *Server) Connect(ctx context.Context, t mcp.Transport) (*mcp.ServerSession, error) {
	return s.mcp.Connect(ctx, s.extended(t), nil)
}

type extTransport struct {
	s *Server
	t mcp.Transport
}

func (e *extTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := e.t.Connect(ctx)
	if err != nil {
		return nil, err
	}
	cctx, cancel := context.WithCancel(context.Background())
	return &extConn{Connection: c, s: e.s, ctx: cctx, cancel: cancel}, nil
}

// extConn answers the extension methods of the messages it reads and
// hands the SDK the rest. Like the SDK, it answers them only after a
// successful initialize, or when the request names its protocol version
// itself (protocol 2026-07-28, which has no initialize).
type extConn struct {
	mcp.Connection
	s      *Server
	ctx    context.Context // ends when the connection closes
	cancel context.CancelFunc

	mu          sync.Mutex
	initID      jsonrpc.ID    // an initialize in flight
	initDone    chan struct{} // closed when its answer is written
	initialized bool
}

// Read implements mcp.Connection.
func (c *extConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		msg, err := c.Connection.Read(ctx)
		if err != nil {
			return nil, err
		}
		req, ok := msg.(*jsonrpc.Request)
		if !ok {
			return msg, nil
		}
		m := extensionFor(req.Method)
		if m == nil {
			if req.Method == "initialize" && req.IsCall() {
				c.mu.Lock()
				c.initID, c.initDone = req.ID, make(chan struct{})
				c.mu.Unlock()
			}
			return msg, nil
		}
		if req.IsCall() {
			go c.answer(req, m)
		}
	}
}

// answer answers an extension request. One that follows an initialize
// still in flight (a client that does not wait for its answer) waits for
// it, as the SDK's own methods do.
func (c *extConn) answer(req *jsonrpc.Request, m extensionMethod) {
	resp := &jsonrpc.Response{ID: req.ID}
	c.mu.Lock()
	ready, pending := c.initialized, c.initDone
	c.mu.Unlock()
	if !ready && pending != nil {
		select {
		case <-pending:
		case <-c.ctx.Done():
		}
		c.mu.Lock()
		ready = c.initialized
		c.mu.Unlock()
	}
	if ready || newProtocol(req.Params) {
		resp.Result, resp.Error = c.s.callExtension(c.ctx, req.Method, m, req.Params)
	} else {
		resp.Error = &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: fmt.Sprintf("method %q is invalid during session initialization: send initialize first", req.Method)}
	}
	if resp.Error == nil && resp.Result == nil {
		resp.Result = json.RawMessage("{}")
	}
	if err := c.Connection.Write(c.ctx, resp); err != nil {
		c.s.log.Warn("cannot write an answer", "method", req.Method, "error", err)
	}
}

// Write implements mcp.Connection; it notes a successful initialize.
func (c *extConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.mu.Lock()
		done := c.initID.IsValid() && resp.ID == c.initID
		if done {
			c.initID = jsonrpc.ID{}
			c.initialized = c.initialized || resp.Error == nil
		}
		c.mu.Unlock()
		err := c.Connection.Write(ctx, msg)
		if done {
			c.mu.Lock()
			if c.initDone != nil {
				close(c.initDone)
				c.initDone = nil
			}
			c.mu.Unlock()
		}
		return err
	}
	return c.Connection.Write(ctx, msg)
}

// Close implements mcp.Connection; it ends the extension requests in
// flight.
func (c *extConn) Close() error {
	c.cancel()
	return c.Connection.Close()
}

// protocolMetaKey is where a request of protocol 2026-07-28 names its
// protocol version (SEP-2575).
const protocolMetaKey = "io.modelcontextprotocol/protocolVersion"

// newProtocol reports whether params name their protocol version in
// _meta, as every request of protocol 2026-07-28 does.
func newProtocol(params json.RawMessage) bool {
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if json.Unmarshal(params, &p) != nil {
		return false
	}
	_, ok := p.Meta[protocolMetaKey]
	return ok
}
