package mcpserver

import "testing"

// TestClosedServerInstallsNothing: the watcher may ask for its sources,
// and a rebuild may finish, after the server was closed (a watcher stops
// after the server it watches for): neither panics, and the rebuilt
// snapshot is closed rather than put in service.
func TestClosedServerInstallsNothing(t *testing.T) {
	s := exampleProject(t, Options{Engine: "arthur"})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if got := s.sources(); got.File == "" {
		t.Errorf("sources of a closed server: %+v, want the project's", got)
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	snap, release := s.acquire()
	release()
	if snap != nil {
		t.Error("a reload after Close put a snapshot in service")
	}
}
