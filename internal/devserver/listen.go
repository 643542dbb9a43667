package devserver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/lorekit/lore/internal/loopback"
)

// CheckAddr refuses a listen address Serve would not serve on: one beyond
// this machine unless allowRemote is set.
func CheckAddr(addr string, allowRemote bool) error {
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return fmt.Errorf("--addr %q: want host:port, e.g. 127.0.0.1:1313", addr)
	}
	if !allowRemote && !loopback.IsAddr(addr) {
		return fmt.Errorf("--addr %s listens beyond this machine: use 127.0.0.1:PORT, or pass --allow-remote to serve the network (no authentication)", addr)
	}
	return nil
}

// remoteWarning is printed when the site is served beyond this machine.
const remoteWarning = `lore serve: warning: --allow-remote serves %s beyond this machine:
  - there is no authentication: anyone on the network who reaches this address
    reads every manual, prompt, bundle and lint finding of the project;
  - it is plain HTTP: what it serves can be read and altered on the way;
  - the DNS rebinding protection (Host and Origin checks) now also accepts this
    machine's network addresses and host name, not only loopback.
  Serve on 127.0.0.1 unless the network is yours alone.
`

// Serve serves the site on ln until ctx is done. Only requests addressed
// to this machine are answered (Host: localhost, 127.x, [::1], on ln's
// port; with allowRemote also ln's address and this machine's names), and
// with an Origin header only those from a page of this machine; every
// other request, on every path, gets 403.
func (s *Server) Serve(ctx context.Context, ln net.Listener, allowRemote bool) error {
	remote := !loopback.IsAddr(ln.Addr().String())
	if remote && !allowRemote {
		return fmt.Errorf("%s listens beyond this machine: pass --allow-remote to serve the network", ln.Addr())
	}
	if remote {
		fmt.Fprintf(s.o.Log, remoteWarning, "http://"+ln.Addr().String()+"/")
	}
	h := loopback.Guard(loopback.For("lore serve", ln, remote), s.Handler())
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}()
	fmt.Fprintf(s.o.Log, "lore serve: serving http://%s/ (Ctrl+C to stop)\n", ln.Addr())
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
