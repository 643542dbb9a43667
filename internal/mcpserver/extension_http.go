package mcpserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// sessionHeader carries the session of the streamable HTTP transport.
const sessionHeader = "Mcp-Session-Id"

// extensionHTTP answers a POSTed extension request (one JSON-RPC message
// calling skills/list, skills/get or resources/directory/read) with a JSON
// response, as the streamable HTTP transport allows, and hands every
// other request to next, body intact. A request naming a session must name
// one of the server's (404 otherwise, as the SDK answers); one without a
// session is answered as the SDK answers it, in a session of its own.
func (s *Server) extensionHTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, mcp.DefaultMaxRequestBodyBytes+1))
		r.Body = readCloser{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
		if err != nil || len(body) > mcp.DefaultMaxRequestBodyBytes {
			next.ServeHTTP(w, r)
			return
		}
		if why := bodyIDProblem(bytes.TrimSpace(body)); why != "" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write(append(errorLine(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request: "+why), '\n'))
			return
		}
		if !mayCallExtension(body) {
			next.ServeHTTP(w, r)
			return
		}
		msg, err := jsonrpc.DecodeMessage(bytes.TrimSpace(body))
		req, ok := msg.(*jsonrpc.Request)
		if err != nil || !ok {
			next.ServeHTTP(w, r)
			return
		}
		m := extensionFor(req.Method)
		if m == nil {
			next.ServeHTTP(w, r)
			return
		}
		if id := r.Header.Get(sessionHeader); id != "" && !s.hasSession(id) {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		if !req.IsCall() {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		resp := &jsonrpc.Response{ID: req.ID}
		resp.Result, resp.Error = s.callExtension(r.Context(), req.Method, m, req.Params)
		b, err := jsonrpc.EncodeMessage(resp)
		if err != nil {
			b = errorLine(req.ID, jsonrpc.CodeInternalError, "internal error: the answer could not be encoded")
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(append(b, '\n'))
	})
}

// bodyIDProblem returns idProblem's answer for the first request of a
// POSTed message or batch whose id the SDK would change or drop.
func bodyIDProblem(body []byte) string {
	var raws []json.RawMessage
	if len(body) == 0 || body[0] != '[' {
		raws = []json.RawMessage{body}
	} else if json.Unmarshal(body, &raws) != nil {
		return "" // the SDK answers a body that is not JSON
	}
	for _, raw := range raws {
		if req, ok := decodeRequest(raw); ok {
			if why := idProblem(req, raw); why != "" {
				return why
			}
		}
	}
	return ""
}

// decodeRequest decodes raw when it is a JSON-RPC request.
func decodeRequest(raw []byte) (*jsonrpc.Request, bool) {
	msg, err := jsonrpc.DecodeMessage(raw)
	if err != nil {
		return nil, false
	}
	req, ok := msg.(*jsonrpc.Request)
	return req, ok
}

// mayCallExtension is a quick look at a body before decoding it: only a
// body that names an extension method (its slash possibly escaped) can
// call one; the rest go to the SDK without a second decoding.
func mayCallExtension(body []byte) bool {
	return bytes.Contains(body, []byte("skills")) || bytes.Contains(body, []byte("directory"))
}

// hasSession reports whether the SDK server holds the session id.
func (s *Server) hasSession(id string) bool {
	for ss := range s.mcp.Sessions() {
		if ss.ID() == id {
			return true
		}
	}
	return false
}
