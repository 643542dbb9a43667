package mcpserver

import (
	"bytes"
	"io"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// maxEchoBody bounds how much of a request body is kept to find the id
// an error answer carries.
const maxEchoBody = 1 << 20

// jsonRPCErrors makes the SDK's plain-text refusals of a POSTed message
// (a body that is not JSON, an unknown method, a batch under protocol
// 2025-06-18, ...) JSON-RPC error responses: the same HTTP status, a body
// {"jsonrpc":"2.0","id":ID,"error":{...}} with the id of the message when
// it has one, so that a client reading JSON-RPC gets an answer to every
// request, as on stdio.
func jsonRPCErrors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		body := &capped{max: maxEchoBody}
		if r.Body != nil {
			r.Body = readCloser{io.TeeReader(r.Body, body), r.Body}
		}
		ew := &errorWriter{w: w}
		next.ServeHTTP(ew, r)
		if ew.intercepted {
			ew.finish(body.b.Bytes())
		}
	})
}

type readCloser struct {
	io.Reader
	io.Closer
}

// capped keeps the first max bytes written to it.
type capped struct {
	b   bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// errorWriter passes a response through unless it is an error that is not
// JSON, which it keeps to answer as JSON-RPC.
type errorWriter struct {
	w           http.ResponseWriter
	wrote       bool
	intercepted bool
	status      int
	msg         bytes.Buffer
}

func (e *errorWriter) Header() http.Header { return e.w.Header() }

func (e *errorWriter) WriteHeader(status int) {
	if e.wrote || e.intercepted {
		return
	}
	if status >= 400 && !strings.HasPrefix(e.w.Header().Get("Content-Type"), "application/json") {
		e.intercepted, e.status = true, status
		return
	}
	e.wrote = true
	e.w.WriteHeader(status)
}

func (e *errorWriter) Write(p []byte) (int, error) {
	if !e.wrote && !e.intercepted {
		e.WriteHeader(http.StatusOK)
	}
	if e.intercepted {
		if e.msg.Len() < 4096 {
			e.msg.Write(p)
		}
		return len(p), nil
	}
	return e.w.Write(p)
}

func (e *errorWriter) Flush() {
	if !e.intercepted {
		if f, ok := e.w.(http.Flusher); ok {
			f.Flush()
		}
	}
}

func (e *errorWriter) Unwrap() http.ResponseWriter { return e.w }

// finish writes the kept error as a JSON-RPC error response.
func (e *errorWriter) finish(body []byte) {
	msg := strings.TrimSpace(e.msg.String())
	if msg == "" {
		msg = http.StatusText(e.status)
	}
	code := int64(jsonrpc.CodeInvalidRequest)
	switch {
	case strings.Contains(msg, "not handled"):
		code = jsonrpc.CodeMethodNotFound
	case strings.Contains(msg, "invalid ID"):
	case strings.Contains(msg, "unmarshal") || strings.Contains(msg, "nesting depth") || strings.Contains(msg, "invalid character"):
		code = jsonrpc.CodeParseError
	}
	var id jsonrpc.ID
	if body := bytes.TrimSpace(body); len(body) > 0 && body[0] == '{' {
		id = idOf(body)
	}
	b := errorLine(id, code, msg)
	h := e.w.Header()
	h.Set("Content-Type", "application/json")
	h.Del("Content-Length")
	e.w.WriteHeader(e.status)
	_, _ = e.w.Write(append(b, '\n'))
}
