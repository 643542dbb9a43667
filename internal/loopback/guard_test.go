package loopback

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestIsHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LocalHost": true, "127.0.0.1": true, "127.8.9.10": true, "::1": true,
		"::ffff:127.0.0.1": true,
		"":                 false, "0.0.0.0": false, "::": false, "10.0.0.1": false, "evil.example": false,
		"localhost.evil.example": false, "127.0.0.1.evil.example": false, "[::1]": false,
	} {
		if got := IsHost(host); got != want {
			t.Errorf("IsHost(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestIsAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:1313": true, "localhost:0": true, "[::1]:80": true,
		":1313": false, "0.0.0.0:1313": false, "[::]:1313": false, "192.168.1.5:80": false, "1313": false,
	} {
		if got := IsAddr(addr); got != want {
			t.Errorf("IsAddr(%q) = %v, want %v", addr, got, want)
		}
	}
}

func TestGuard(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("served")) })
	loop := Guard(Policy{Name: "t", Port: 1313}, ok)
	remote := Guard(Policy{Name: "t", Port: 1313, Hosts: []string{"192.168.1.5", "box.lan"}}, ok)
	for _, tc := range []struct {
		h      http.Handler
		host   string
		origin []string
		want   int
		why    string
	}{
		{loop, "127.0.0.1:1313", nil, 200, ""},
		{loop, "localhost:1313", nil, 200, ""},
		{loop, "localhost", nil, 200, ""},
		{loop, "[::1]:1313", nil, 200, ""},
		{loop, "[::1]", nil, 200, ""},
		{loop, "127.0.0.2:1313", nil, 200, ""},
		{loop, "127.0.0.1:1313", []string{"http://localhost:3000"}, 200, ""},
		{loop, "127.0.0.1:1313", []string{"https://127.0.0.1"}, 200, ""},
		{loop, "127.0.0.1:1313", []string{"http://[::1]:1313"}, 200, ""},
		{loop, "evil.example", nil, 403, `Host "evil.example" is not this machine`},
		{loop, "evil.example:1313", nil, 403, "not this machine"},
		{loop, "localhost.evil.example:1313", nil, 403, "not this machine"},
		{loop, "127.0.0.1:1314", nil, 403, "names port 1314, this server listens on 1313"},
		{loop, "127.0.0.1:", nil, 403, "not this machine"},
		{loop, "127.0.0.1:x", nil, 403, "not this machine"},
		{loop, "::1", nil, 403, "not this machine"},
		{loop, "[::1", nil, 403, "not this machine"},
		{loop, "[127.0.0.1]:1313", nil, 403, "not this machine"},
		{loop, "192.168.1.5:1313", nil, 403, "not this machine"},
		{loop, "", nil, 403, "no Host header"},
		{loop, "127.0.0.1:1313", []string{"http://evil.example"}, 403, `Origin "http://evil.example" is not a page of this machine`},
		{loop, "127.0.0.1:1313", []string{"null"}, 403, `Origin "null"`},
		{loop, "127.0.0.1:1313", []string{""}, 403, "Origin"},
		{loop, "127.0.0.1:1313", []string{"file://"}, 403, "Origin"},
		{loop, "127.0.0.1:1313", []string{"ftp://localhost"}, 403, "Origin"},
		{loop, "127.0.0.1:1313", []string{"http://localhost.evil.example"}, 403, "Origin"},
		{loop, "127.0.0.1:1313", []string{"http://user@localhost"}, 403, "Origin"},
		{loop, "127.0.0.1:1313", []string{"http://localhost/path"}, 403, "Origin"},
		{loop, "127.0.0.1:1313", []string{"http://localhost:99999"}, 403, "Origin"},
		{loop, "127.0.0.1:1313", []string{"http://localhost", "http://evil.example"}, 403, "more than one Origin"},
		{remote, "192.168.1.5:1313", nil, 200, ""},
		{remote, "BOX.lan:1313", []string{"http://box.lan:1313"}, 200, ""},
		{remote, "127.0.0.1:1313", nil, 200, ""},
		{remote, "evil.example:1313", nil, 403, "not this machine"},
		{remote, "192.168.1.5:1313", []string{"http://evil.example"}, 403, "Origin"},
	} {
		r := httptest.NewRequest("GET", "/manifest.json", nil)
		r.Host = tc.host
		if tc.origin != nil {
			r.Header["Origin"] = tc.origin
		}
		w := httptest.NewRecorder()
		tc.h.ServeHTTP(w, r)
		body := w.Body.String()
		if w.Code != tc.want || (tc.want == 403 && (!strings.Contains(body, tc.why) || !strings.HasPrefix(body, "t: refused: "))) || (tc.want == 200 && body != "served") {
			t.Errorf("Host %q Origin %q: %d %q, want %d %q", tc.host, tc.origin, w.Code, body, tc.want, tc.why)
		}
		if tc.want == 403 && !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
			t.Errorf("Host %q: refusal is %s", tc.host, w.Header().Get("Content-Type"))
		}
	}
}

func TestRemote(t *testing.T) {
	if got := remoteHosts("192.168.1.5"); len(got) == 0 || got[0] != "192.168.1.5" {
		t.Errorf("Remote(192.168.1.5) = %v", got)
	}
	if got := remoteHosts("box.lan"); len(got) == 0 || got[0] != "box.lan" {
		t.Errorf("Remote(box.lan) = %v", got)
	}
	// Every interface: at least the loopback interface's own address.
	all := remoteHosts("0.0.0.0")
	if len(all) == 0 {
		t.Error("Remote(0.0.0.0) is empty")
	}
	for _, h := range all {
		if strings.ContainsAny(h, "[]/%") {
			t.Errorf("Remote(0.0.0.0) holds %q, not a bare host", h)
		}
	}
}

func TestFor(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	if p := For("x", ln, false); p.Port != port || len(p.Hosts) != 0 || p.Name != "x" {
		t.Errorf("For(loopback) = %+v", p)
	}
	if p := For("x", ln, true); p.Port != port || len(p.Hosts) == 0 || p.Hosts[0] != "127.0.0.1" {
		t.Errorf("For(loopback, remote) = %+v", p)
	}
}
