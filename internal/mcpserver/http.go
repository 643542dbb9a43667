package mcpserver

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lorekit/lore/internal/loopback"
)

// TokenEnv names the environment variable that holds the bearer token the
// HTTP transport requires of every request.
const TokenEnv = "LORE_MCP_TOKEN"

// MinTokenLen is the shortest bearer token accepted.
const MinTokenLen = 16

// Path is where the HTTP transport serves MCP.
const Path = "/mcp"

// sessionTimeout closes HTTP sessions idle this long (clients that left
// without ending their session).
const sessionTimeout = 30 * time.Minute

// HTTPOptions configure the streamable HTTP transport.
type HTTPOptions struct {
	// Addr is host:port to listen on; port 0 picks a free one.
	Addr string
	// AllowRemote permits a non-loopback address; it requires Token.
	AllowRemote bool
	// Token, when set, is the bearer token every request must carry.
	Token string
	// Ready, when set, is called with the URL once the listener is open.
	Ready func(url string)
	// Warn, when set, receives RemoteWarning when the listener is beyond
	// this machine.
	Warn io.Writer
}

// RemoteWarning is what Warn receives before serving beyond this machine.
const RemoteWarning = `lore mcp: warning: --allow-remote serves %s beyond this machine:
  - the bearer token is the only authentication, and it travels in plain
    HTTP: anyone who sees the traffic can read it, and then every manual,
    prompt and bundle the server answers with; put TLS in front for more
    than a trusted network;
  - the DNS rebinding protection (Host and Origin checks) now also accepts
    this machine's network addresses and host name, not only loopback.
`

// CheckAddr refuses what ServeHTTP would refuse, before anything is loaded:
// a malformed address, and a non-loopback one unless remote access is
// allowed with a token of at least MinTokenLen characters.
func CheckAddr(o HTTPOptions) error {
	host, _, err := net.SplitHostPort(o.Addr)
	if err != nil {
		return fmt.Errorf("--http %q: want host:port, e.g. 127.0.0.1:8765", o.Addr)
	}
	if o.Token != "" && len(o.Token) < MinTokenLen {
		return fmt.Errorf("%s is %d characters long: use at least %d random characters, e.g. from 'openssl rand -hex 32'", TokenEnv, len(o.Token), MinTokenLen)
	}
	if loopback.IsHost(host) {
		return nil
	}
	switch {
	case !o.AllowRemote:
		return fmt.Errorf("--http %q listens beyond this machine: use 127.0.0.1:PORT, or pass --allow-remote and set %s to a bearer token", o.Addr, TokenEnv)
	case o.Token == "":
		return fmt.Errorf("--allow-remote needs a bearer token: set %s to at least %d random characters (clients send 'Authorization: Bearer <token>')", TokenEnv, MinTokenLen)
	}
	return nil
}

// Handler returns the streamable HTTP handler of s at Path, requiring
// 'Authorization: Bearer token' on every request when token is set.
func (s *Server) Handler(token string) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp }, &mcp.StreamableHTTPOptions{
		Logger:         s.log,
		SessionTimeout: sessionTimeout,
	})
	mux := http.NewServeMux()
	mux.Handle(Path, jsonRPCErrors(s.extensionHTTP(h)))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "lore mcp serves MCP at "+Path, http.StatusNotFound)
	})
	if token == "" {
		return mux
	}
	return requireBearer(token, mux)
}

// requireBearer refuses every request without the bearer token.
func requireBearer(token string, next http.Handler) http.Handler {
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="lore"`)
			http.Error(w, "missing or wrong bearer token: send 'Authorization: Bearer <"+TokenEnv+">'", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// ServeHTTP serves MCP over streamable HTTP until ctx is done. Only
// requests addressed to this machine are answered (Host: localhost, 127.x,
// [::1], on the listener's port; with AllowRemote also the listener's
// address and this machine's names), and with an Origin header only those
// from a page of this machine: the rest get 403 (DNS rebinding
// protection, which the MCP transport requires of servers).
func (s *Server) ServeHTTP(ctx context.Context, o HTTPOptions) error {
	if err := CheckAddr(o); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return err
	}
	remote := !loopback.IsAddr(ln.Addr().String())
	if remote && o.Warn != nil {
		fmt.Fprintf(o.Warn, RemoteWarning, "http://"+ln.Addr().String()+Path)
	}
	h := loopback.Guard(loopback.For("lore mcp", ln, remote), s.Handler(o.Token))
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	if o.Ready != nil {
		o.Ready("http://" + ln.Addr().String() + Path)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}
