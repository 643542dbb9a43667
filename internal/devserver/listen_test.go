package devserver

import (
	"context"
	"net"
	"os"
	"strings"
	"testing"
)

func TestCheckAddr(t *testing.T) {
	for _, tc := range []struct {
		addr   string
		remote bool
		want   string // "" = accepted
	}{
		{"127.0.0.1:1313", false, ""},
		{"localhost:0", false, ""},
		{"[::1]:1313", false, ""},
		{"0.0.0.0:1313", false, "listens beyond this machine: use 127.0.0.1:PORT, or pass --allow-remote"},
		{":1313", false, "--allow-remote"},
		{"example.com:1313", false, "--allow-remote"},
		{"0.0.0.0:1313", true, ""},
		{"1313", false, "want host:port"},
	} {
		err := CheckAddr(tc.addr, tc.remote)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.addr, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s = %v, want %q", tc.addr, err, tc.want)
		}
	}
}

func TestServeRefusesARemoteListenerWithoutAllowRemote(t *testing.T) {
	s, _ := newServer(t)
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("cannot listen on 0.0.0.0 to check the refusal: %v", err)
		}
		t.Skip(err)
	}
	defer ln.Close()
	if err := s.Serve(context.Background(), ln, false); err == nil || !strings.Contains(err.Error(), "--allow-remote") {
		t.Errorf("Serve = %v", err)
	}
}
