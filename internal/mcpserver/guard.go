package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxURI bounds the resource URI a client may ask for.
const maxURI = 4096

// guard is the server's outermost receiving middleware: whatever a
// request holds, it gets a JSON-RPC answer and the session goes on. It
// refuses resource URIs the SDK would echo into an error it cannot encode
// (go-sdk v1.8.0 ResourceNotFoundError quotes the URI with %q, which is not
// JSON for control characters: the session ends), turns a panic in a
// handler into an internal error, and replaces an error or a result that
// would not encode (the SDK ends the session when it cannot encode an
// answer).
func (s *Server) guard(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("panic answering a request; answered with an internal error", "method", method, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				res, err = nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "internal error answering " + strconv.Quote(method) + "; the session goes on"}
			}
			res, err = s.encodable(method, req, res, err)
		}()
		if r, ok := req.(*mcp.ReadResourceRequest); ok && r.Params != nil {
			if why := badURI(r.Params.URI); why != "" {
				return nil, invalidURI(r.Params.URI, why)
			}
		}
		return next(ctx, method, req)
	}
}

// encodable returns res and err, or what replaces them when they would not
// encode as JSON.
func (s *Server) encodable(method string, req mcp.Request, res mcp.Result, err error) (mcp.Result, error) {
	if err != nil {
		var we *jsonrpc.Error
		if !errors.As(err, &we) || len(we.Data) == 0 || json.Valid(we.Data) {
			return nil, err
		}
		s.log.Warn("an error's data is not JSON; sent without it", "method", method)
		fixed := &jsonrpc.Error{Code: we.Code, Message: we.Message}
		if r, ok := req.(*mcp.ReadResourceRequest); ok && r.Params != nil {
			fixed.Data = uriData(r.Params.URI)
		}
		return nil, fixed
	}
	if res == nil {
		return nil, nil
	}
	if _, merr := json.Marshal(res); merr != nil {
		s.log.Error("a result does not encode as JSON; answered with an internal error", "method", method, "error", merr)
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "internal error: the answer to " + strconv.Quote(method) + " could not be encoded; the session goes on"}
	}
	return res, nil
}

// badURI says what is wrong with a resource URI no resource can have, or
// "".
func badURI(uri string) string {
	if len(uri) > maxURI {
		return fmt.Sprintf("is %d bytes long (at most %d)", len(uri), maxURI)
	}
	for i, r := range uri {
		switch {
		case r == utf8.RuneError:
			return fmt.Sprintf("holds U+FFFD (invalid UTF-8, or an escaped lone surrogate) at byte %d", i)
		case unicode.IsControl(r):
			return fmt.Sprintf("holds the control character %U at byte %d", r, i)
		case !unicode.IsPrint(r):
			return fmt.Sprintf("holds the unprintable character %U at byte %d", r, i)
		}
	}
	return ""
}

// invalidURI is the error for a resource URI that badURI refuses.
func invalidURI(uri, why string) error {
	return &jsonrpc.Error{
		Code:    jsonrpc.CodeInvalidParams,
		Message: "invalid resource URI: it " + why + "; read lore://manual/<name>, lore://manifest or the files of a skill, skill://<name>/SKILL.md and beside it (resources/list lists them)",
		Data:    uriData(uri),
	}
}

// resourceNotFound is the error for a resource URI that names nothing the
// server has; unlike mcp.ResourceNotFoundError its data is always JSON.
func resourceNotFound(uri, msg string) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg, Data: uriData(uri)}
}

// uriData is the data of a resource error: {"uri": uri}, the URI cut to
// maxURI bytes.
func uriData(uri string) json.RawMessage {
	if len(uri) > maxURI {
		uri = uri[:maxURI]
	}
	b, err := json.Marshal(map[string]string{"uri": uri})
	if err != nil {
		return nil
	}
	return b
}
