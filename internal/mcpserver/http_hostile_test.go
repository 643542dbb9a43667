package mcpserver

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// httpSession posts JSON-RPC messages to one streamable HTTP session.
type httpSession struct {
	t   *testing.T
	url string
	id  string // Mcp-Session-Id
}

// post sends body and returns the JSON-RPC messages of the answer.
func (h *httpSession) post(body string) []response {
	h.t.Helper()
	req, _ := http.NewRequest("POST", h.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	if h.id != "" {
		req.Header.Set("Mcp-Session-Id", h.id)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
		h.id = id
	}
	var out []response
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		line := sc.Text()
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			if !strings.HasPrefix(line, "{") {
				continue
			}
			data = line
		}
		var r response
		if err := json.Unmarshal([]byte(data), &r); err != nil {
			h.t.Fatalf("answer %q to %.100s is not JSON: %v", data, body, err)
		}
		out = append(out, r)
	}
	return out
}

// Over HTTP, a resource URI with control characters or invalid UTF-8 gets
// a JSON-RPC error, and the session answers the next request (go-sdk
// v1.8.0 answered every later request with an empty 200).
func TestHTTPHostileResourceURIsKeepTheSession(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	ts := httptest.NewServer(s.Handler(""))
	defer ts.Close()
	h := &httpSession{t: t, url: ts.URL + Path}
	if rs := h.post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`); len(rs) != 1 || rs[0].Error != nil {
		t.Fatalf("initialize: %+v", rs)
	}
	h.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for i, uri := range []string{`lore://manual/a\u0000b`, `lore://manual/a\u0001b`, `lore://manual/a\u007fb`, "lore://manual/a\xff\xfeb", `x\u0007`, `lore://manual/\udb40\udc01`} {
		id := 10 + i
		rs := h.post(`{"jsonrpc":"2.0","id":` + itoa(id) + `,"method":"resources/read","params":{"uri":"` + uri + `"}}`)
		if len(rs) != 1 || string(rs[0].ID) != itoa(id) || rs[0].Error == nil || rs[0].Error.Code != -32602 || !strings.Contains(rs[0].Error.Message, "invalid resource URI") {
			t.Errorf("resources/read %q: %+v", uri, rs)
		}
		rs = h.post(`{"jsonrpc":"2.0","id":` + itoa(id+100) + `,"method":"tools/call","params":{"name":"manual_read","arguments":{"name":"scheduling"}}}`)
		if len(rs) != 1 || string(rs[0].ID) != itoa(id+100) || !strings.Contains(string(rs[0].Result), "# Scheduling") {
			t.Fatalf("after resources/read %q: %+v", uri, rs)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// Over HTTP every hostile body gets a JSON-RPC answer (an error with the
// message's id when it has one, under the HTTP status the SDK chose) and
// the session serves the next request.
func TestHTTPHostileBodiesGetJSONRPCErrors(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	ts := httptest.NewServer(s.Handler(""))
	defer ts.Close()
	h := &httpSession{t: t, url: ts.URL + Path}
	h.post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	h.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for _, tc := range []struct {
		body string
		id   string
		code int
	}{
		{"not json", "null", -32700},
		{"", "null", -32600},
		{"[]", "null", -32600},
		{`[{"jsonrpc":"2.0","id":5,"method":"ping"}]`, "null", -32600},
		{`{"jsonrpc":"2.0","id":6,"method":"ping","params":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`, "null", -32700},
		{`{"jsonrpc":"2.0","id":7,"method":"no/such\u0000"}`, "7", -32601},
		{`{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}`, "null", -32600},
		{"{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"prompts/get\",\"params\":{\"name\":\"\x00\"}}", "null", -32700},
		{`{"jsonrpc":"2.0","id":10,"method":"prompts/get","params":{"name":"no\u0000such","arguments":{"a":"\u0001"}}}`, "10", -32602},
		{`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"manual_read","arguments":{"name":7}}}`, "11", 0},
		{`{"jsonrpc":"2.0","id":12,"method":"resources/list","params":{"cursor":"\u0000"}}`, "12", -32602},
		// Ids the SDK would answer under another id, or not at all.
		{`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, "null", -32600},
		{`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, "null", -32600},
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, "null", -32600},
		{`{"jsonrpc":"2.0","id":2.5,"method":"skills/list"}`, "null", -32600},
	} {
		rs := h.post(tc.body)
		if len(rs) != 1 || string(rs[0].ID) != tc.id || (tc.code != 0 && (rs[0].Error == nil || rs[0].Error.Code != tc.code)) {
			t.Errorf("%.60q: %+v, want id %s code %d", tc.body, rs, tc.id, tc.code)
		}
		if rs := h.post(`{"jsonrpc":"2.0","id":100,"method":"ping"}`); len(rs) != 1 || rs[0].Error != nil || string(rs[0].Result) != "{}" {
			t.Fatalf("after %.60q: %+v", tc.body, rs)
		}
	}
}
