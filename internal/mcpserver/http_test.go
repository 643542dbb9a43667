package mcpserver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const testToken = "0123456789abcdef0123"

func TestCheckAddr(t *testing.T) {
	for _, tc := range []struct {
		o    HTTPOptions
		want string // "" = accepted
	}{
		{HTTPOptions{Addr: "127.0.0.1:8765"}, ""},
		{HTTPOptions{Addr: "localhost:0"}, ""},
		{HTTPOptions{Addr: "[::1]:8765"}, ""},
		{HTTPOptions{Addr: "0.0.0.0:8765"}, "listens beyond this machine"},
		{HTTPOptions{Addr: ":8765"}, "listens beyond this machine"},
		{HTTPOptions{Addr: "example.com:8765"}, "listens beyond this machine"},
		{HTTPOptions{Addr: "0.0.0.0:8765", AllowRemote: true}, "--allow-remote needs a bearer token: set LORE_MCP_TOKEN"},
		{HTTPOptions{Addr: "0.0.0.0:8765", AllowRemote: true, Token: "short"}, "LORE_MCP_TOKEN is 5 characters long"},
		{HTTPOptions{Addr: "0.0.0.0:8765", AllowRemote: true, Token: testToken}, ""},
		{HTTPOptions{Addr: "8765"}, "want host:port"},
	} {
		err := CheckAddr(tc.o)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%+v: %v", tc.o, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%+v = %v, want %q", tc.o, err, tc.want)
		}
	}
}

func TestServeHTTPRefusesRemoteBindsWithoutToken(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, o := range []HTTPOptions{{Addr: "0.0.0.0:0"}, {Addr: "0.0.0.0:0", AllowRemote: true}} {
		ready := false
		o.Ready = func(string) { ready = true }
		if err := s.ServeHTTP(ctx, o); err == nil || ready {
			t.Errorf("%+v: served (%v)", o, err)
		}
	}
}

// bearer adds a token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

func TestHTTPRequiresTheBearerTokenOnEveryRequest(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{})
	ts := httptest.NewServer(s.Handler(testToken))
	defer ts.Close()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	for _, auth := range []string{"", "Bearer wrong-token-0123456789", "Basic " + testToken, "Bearer " + testToken + "x"} {
		req, _ := http.NewRequest("POST", ts.URL+Path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("Authorization %q: status %d", auth, resp.StatusCode)
		}
	}
	// With the token, a whole session works.
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL + Path,
		HTTPClient: &http.Client{Transport: bearer{testToken, http.DefaultTransport}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if text, isErr, _ := call(t, cs, "manual_read", map[string]any{"name": "scheduling"}); isErr || !strings.Contains(text, "# Scheduling") {
		t.Errorf("manual_read over HTTP: %v %q", isErr, text)
	}
}

func TestServeHTTPOnLoopback(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- s.ServeHTTP(ctx, HTTPOptions{Addr: "127.0.0.1:0", Ready: func(u string) { urls <- u }})
	}()
	var url string
	select {
	case url = <-urls:
	case err := <-done:
		t.Fatal(err)
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/mcp") {
		t.Errorf("url = %s", url)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if text, isErr, _ := call(t, cs, "how_do_i", map[string]any{"intent": "Bild zeigen"}); isErr || !strings.HasPrefix(text, `{"loaded":`) {
		t.Errorf("how_do_i over HTTP: %v %q", isErr, text)
	}
	// A 1 MB intent is a tool error, and the session goes on.
	if text, isErr, _ := call(t, cs, "how_do_i", map[string]any{"intent": strings.Repeat("Bild ", 1<<20/5)}); !isErr || !strings.Contains(text, "one short sentence") {
		t.Errorf("1 MB intent over HTTP: %v %.100q", isErr, text)
	}
	if _, isErr, _ := call(t, cs, "manual_list", map[string]any{}); isErr {
		t.Error("the session stopped serving")
	}
	// A request for another host name is refused (DNS rebinding).
	req, _ := http.NewRequest("POST", url, strings.NewReader("{}"))
	req.Host = "evil.example"
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("foreign Host: status %d", resp.StatusCode)
		}
	}
	cs.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeHTTP = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ServeHTTP did not stop")
	}
}
