package loopback

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
)

// Policy says which requests a guarded handler answers.
type Policy struct {
	// Name prefixes the refusals ("lore serve").
	Name string
	// Port is the port the listener is on; a Host header that names a
	// port must name this one. 0 skips the port check.
	Port int
	// Hosts are the names and addresses besides loopback that Host and
	// Origin may name: the bound address of a server allowed to serve
	// beyond this machine (see Remote).
	Hosts []string
}

// For returns the policy of a server named name listening on ln: loopback
// names on ln's port and, when remote is set, also the names other
// machines reach ln by (see Remote).
func For(name string, ln net.Listener, remote bool) Policy {
	p := Policy{Name: name}
	if a, ok := ln.Addr().(*net.TCPAddr); ok {
		p.Port = a.Port
		if remote {
			p.Hosts = remoteHosts(a.IP.String())
		}
	}
	return p
}

// remoteHosts returns the names a server bound to host (the host part of its
// listen address) is reached by from other machines: host itself, or for
// an unspecified address ("", 0.0.0.0, ::) every address of this machine's
// interfaces; and this machine's host name.
func remoteHosts(host string) []string {
	var out []string
	if ip, err := netip.ParseAddr(host); err == nil && !ip.IsUnspecified() {
		out = append(out, ip.Unmap().WithZone("").String())
	} else if err != nil && host != "" {
		out = append(out, host)
	} else if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if p, err := netip.ParsePrefix(a.String()); err == nil {
				out = append(out, p.Addr().Unmap().WithZone("").String())
			}
		}
	}
	if h, err := os.Hostname(); err == nil && h != "" {
		out = append(out, h)
		if short, _, ok := strings.Cut(h, "."); ok && short != "" {
			out = append(out, short)
		}
	}
	return out
}

// Guard answers 403 Forbidden, with a short plain-text reason, to every
// request whose Host header does not name this machine (or one of
// p.Hosts) on p.Port, and to every request with an Origin header that is
// not a page of this machine (or of p.Hosts); "Origin: null" is refused.
// Every other request goes to next.
func Guard(p Policy, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if why := p.refuse(r); why != "" {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("X-Content-Type-Options", "nosniff")
			w.WriteHeader(http.StatusForbidden)
			prefix := ""
			if p.Name != "" {
				prefix = p.Name + ": "
			}
			_, _ = w.Write([]byte(prefix + why + "\n"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// refuse says why r is refused, or "".
func (p Policy) refuse(r *http.Request) string {
	host, port, ok := splitHost(r.Host)
	switch {
	case r.Host == "":
		return "refused: the request has no Host header"
	case !ok || !p.known(host):
		return "refused: Host " + strconv.Quote(r.Host) + " is not this machine (DNS rebinding protection); use http://127.0.0.1" + p.portSuffix() + "/"
	case port != "" && p.Port != 0 && port != strconv.Itoa(p.Port):
		return "refused: Host " + strconv.Quote(r.Host) + " names port " + port + ", this server listens on " + strconv.Itoa(p.Port)
	}
	origins, present := r.Header["Origin"]
	if !present {
		return ""
	}
	if len(origins) != 1 {
		return "refused: more than one Origin header"
	}
	if !p.origin(origins[0]) {
		return "refused: Origin " + strconv.Quote(origins[0]) + " is not a page of this machine (cross-site request)"
	}
	return ""
}

func (p Policy) portSuffix() string {
	if p.Port == 0 {
		return ""
	}
	return ":" + strconv.Itoa(p.Port)
}

// origin reports whether an Origin header names a page of this machine:
// http or https, a known host, any port, nothing else.
func (p Policy) origin(o string) bool {
	u, err := url.Parse(o)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil ||
		u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return false
	}
	host, port, ok := splitHost(u.Host)
	if !ok || !p.known(host) {
		return false
	}
	if port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return false
		}
	}
	return true
}

// known reports whether host is loopback or one of p.Hosts.
func (p Policy) known(host string) bool {
	if IsHost(host) {
		return true
	}
	for _, h := range p.Hosts {
		if strings.EqualFold(h, host) {
			return true
		}
	}
	return false
}

// splitHost splits a Host header (or URL host) into host and port: IPv6
// addresses come in brackets, the port is optional and all digits. It
// reports false for anything else.
func splitHost(hp string) (host, port string, ok bool) {
	if strings.HasPrefix(hp, "[") {
		end := strings.IndexByte(hp, ']')
		if end < 0 {
			return "", "", false
		}
		host, rest := hp[1:end], hp[end+1:]
		if _, err := netip.ParseAddr(host); err != nil || !strings.Contains(host, ":") {
			return "", "", false
		}
		if rest == "" {
			return host, "", true
		}
		port, found := strings.CutPrefix(rest, ":")
		return host, port, found && digits(port)
	}
	host, port, found := strings.Cut(hp, ":")
	if host == "" || strings.Contains(port, ":") || (found && !digits(port)) {
		return "", "", false
	}
	return host, port, true
}

func digits(s string) bool {
	if s == "" || len(s) > 5 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
