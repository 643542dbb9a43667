// Package loopback keeps lore's local servers (lore serve, lore mcp --http)
// local: it tells loopback addresses from others, and guards a handler so
// that it answers only requests addressed to this machine (the Host header)
// and, when a browser says where a request comes from (the Origin header),
// only requests from pages of this machine. That is the defence against DNS
// rebinding: a page of evil.example whose name resolves to 127.0.0.1 sends
// Host: evil.example and Origin: http://evil.example, and is refused.
package loopback

import (
	"net"
	"net/netip"
	"strings"
)

// IsHost reports whether host, a name or an IP address without a port and
// without brackets, names this machine only: localhost, any 127.x address,
// ::1.
func IsHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}

// IsAddr reports whether a listen address (host:port) is on loopback only.
// An address without a host (":8080") listens on every interface and is
// not.
func IsAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	return err == nil && IsHost(host)
}
