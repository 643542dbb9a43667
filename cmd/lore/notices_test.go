package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// noticeRow is a row of the module table in THIRD_PARTY_NOTICES.md.
var noticeRow = regexp.MustCompile(`(?m)^\| ([a-z0-9][^ |]*) \| (v[^ |]+) \| ([^|]+) \|$`)

// TestThirdPartyNoticesListEveryModule: THIRD_PARTY_NOTICES.md names every
// module compiled into lore, at the version go.mod selects, with a
// licence, and no other: a new dependency must bring its licence along.
func TestThirdPartyNoticesListEveryModule(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}}{{end}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var built []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l != "" {
			built = append(built, l)
		}
	}
	slices.Sort(built)
	built = slices.Compact(built)
	b, err := os.ReadFile(filepath.Join("..", "..", "THIRD_PARTY_NOTICES.md"))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, m := range noticeRow.FindAllStringSubmatch(string(b), -1) {
		if strings.TrimSpace(m[3]) == "" {
			t.Errorf("%s: no licence", m[1])
		}
		listed = append(listed, m[1]+" "+m[2])
	}
	slices.Sort(listed)
	for _, m := range built {
		if !slices.Contains(listed, m) {
			t.Errorf("THIRD_PARTY_NOTICES.md lacks %s (compiled into lore): add it with its licence", m)
		}
	}
	for _, m := range listed {
		if !slices.Contains(built, m) {
			t.Errorf("THIRD_PARTY_NOTICES.md lists %s, which lore is not built from", m)
		}
	}
}
