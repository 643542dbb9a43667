package searchindex

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// ci reports whether the tests run in CI, where a missing tool is a failure.
func ci() bool { return os.Getenv("CI") == "true" }

// needTool returns the path of a tool the test needs. Without it the test
// fails under CI=true and is skipped otherwise.
func needTool(t *testing.T, name string, paths ...string) string {
	t.Helper()
	for _, p := range paths {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if ci() {
		t.Fatalf("%s is required under CI=true (.ci/run installs it)", name)
	}
	t.Skipf("%s not found; skipped (it is required under CI=true)", name)
	return ""
}

// runNode runs a script of testdata/ with node and returns its stdout.
func runNode(t *testing.T, script string, args ...string) []byte {
	t.Helper()
	node := needTool(t, "node")
	cmd := exec.Command(node, append([]string{filepath.Join("testdata", script)}, args...)...)
	var stderr []byte
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		stderr = ee.Stderr
	}
	if err != nil {
		t.Fatalf("node %s: %v\n%s%s", script, err, out, stderr)
	}
	return out
}
