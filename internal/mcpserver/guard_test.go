package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestBadURI(t *testing.T) {
	for uri, want := range map[string]string{
		"lore://manual/images":        "",
		"lore://manifest":             "",
		"lore://manual/Bücher":        "",
		"lore://manual/a\x00b":        "control character U+0000 at byte 15",
		"lore://manual/a\x7fb":        "control character U+007F",
		"lore://manual/a\u0085b":      "control character U+0085",
		"lore://manual/a\u2028b":      "unprintable character U+2028",
		"lore://manual/\U000E0001":    "unprintable character U+E0001",
		"lore://manual/a\xffb":        "U+FFFD",
		strings.Repeat("x", maxURI+1): "4097 bytes long",
	} {
		got := badURI(uri)
		if (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("badURI(%.40q) = %q, want %q", uri, got, want)
		}
	}
}

func TestGuardAnswersWhatTheSDKCouldNotEncode(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{})
	read := &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: "lore://nothing\x01"}}
	ctx := context.Background()
	for name, tc := range map[string]struct {
		next mcp.MethodHandler
		req  mcp.Request
		code int64
	}{
		"panic": {func(context.Context, string, mcp.Request) (mcp.Result, error) { panic("boom") }, &mcp.ListToolsRequest{}, jsonrpc.CodeInternalError},
		"error data not JSON": {func(context.Context, string, mcp.Request) (mcp.Result, error) {
			return nil, &jsonrpc.Error{Code: 7, Message: "m", Data: json.RawMessage(`{"uri":"\x01"}`)}
		}, &mcp.ListToolsRequest{}, 7},
		"wrapped error data not JSON": {func(context.Context, string, mcp.Request) (mcp.Result, error) {
			return nil, errors.Join(errors.New("outer"), &jsonrpc.Error{Code: 8, Message: "m", Data: json.RawMessage(`{`)})
		}, &mcp.ListToolsRequest{}, 8},
		"result not JSON": {func(context.Context, string, mcp.Request) (mcp.Result, error) {
			return &mcp.CallToolResult{StructuredContent: json.RawMessage(`{`)}, nil
		}, &mcp.ListToolsRequest{}, jsonrpc.CodeInternalError},
		"control character in a URI": {func(context.Context, string, mcp.Request) (mcp.Result, error) {
			t.Error("the handler was called for a URI with a control character")
			return nil, nil
		}, read, jsonrpc.CodeInvalidParams},
	} {
		res, err := s.guard(tc.next)(ctx, "m", tc.req)
		var we *jsonrpc.Error
		if res != nil || !errors.As(err, &we) || we.Code != tc.code {
			t.Errorf("%s: %v, %v; want error code %d", name, res, err, tc.code)
			continue
		}
		b, merr := json.Marshal(we)
		if merr != nil || !json.Valid(b) {
			t.Errorf("%s: the error does not encode: %v", name, merr)
		}
	}
}

func TestResourceErrorsAreJSON(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{})
	for _, uri := range []string{"lore://elsewhere/\"x\"", "lore://manual/no-such", "lore://manual/../../etc/passwd"} {
		_, err := s.readResource(context.Background(), &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: uri}})
		var we *jsonrpc.Error
		if !errors.As(err, &we) || we.Code != jsonrpc.CodeInvalidParams || !json.Valid(we.Data) {
			t.Errorf("%s: %v", uri, err)
			continue
		}
		var d struct{ URI string }
		if json.Unmarshal(we.Data, &d) != nil || d.URI != uri {
			t.Errorf("%s: data %s", uri, we.Data)
		}
	}
}

func TestExtensionMethodsKeepTheGuardsPromises(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{})
	ctx := context.Background()
	for name, tc := range map[string]struct {
		m    extensionMethod
		code int64
	}{
		"panic":           {func(*Server, context.Context, json.RawMessage) (any, error) { panic("boom") }, jsonrpc.CodeInternalError},
		"result not JSON": {func(*Server, context.Context, json.RawMessage) (any, error) { return json.RawMessage(`{`), nil }, jsonrpc.CodeInternalError},
		"plain error":     {func(*Server, context.Context, json.RawMessage) (any, error) { return nil, errors.New("x") }, jsonrpc.CodeInternalError},
		"invalid params":  {(*Server).getSkill, jsonrpc.CodeInvalidParams},
		"an error's code": {func(*Server, context.Context, json.RawMessage) (any, error) { return nil, &jsonrpc.Error{Code: 7} }, 7},
	} {
		res, err := s.callExtension(ctx, "skills/get", tc.m, json.RawMessage(`[1]`))
		var we *jsonrpc.Error
		if res != nil || !errors.As(err, &we) || we.Code != tc.code {
			t.Errorf("%s: %s, %v; want error code %d", name, res, err, tc.code)
		}
	}
}
