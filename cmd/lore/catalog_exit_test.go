package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The exit codes of index, howdoi, read, list and eval: 0 clean, 1 a
// finding (not found, eval under threshold), 2 usage, configuration or I/O
// failure. (testscript's "! exec" cannot tell 1 from 2.)
func TestCatalogCommandExitCodes(t *testing.T) {
	dir := t.TempDir()
	for p, s := range map[string]string{
		"lore.yaml":         "recipes:\n  arthur:\n    manualPaths: [manuals/]\n",
		"manuals/charts.md": "---\ntriggers: chart, Diagramm\nsummary: Show a chart inline.\n---\n# Charts\n",
		"ok.tsv":            "id\tlang\tintent\texpected\ne1\ten\tshow a chart\tcharts.md\n",
		"bad.tsv":           "id\tlang\tintent\texpected\ne1\ten\tshow a chart\n",
		"miss.tsv":          "id\tlang\tintent\texpected\ne1\ten\tbake bread\tcharts.md\n",
	} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	for _, tc := range []struct {
		args string
		code int
	}{
		{"index --out out", 0},
		{"index", 2},
		{"howdoi chart --catalog out", 0},
		{"howdoi chart --catalog out --format yaml", 2},
		{"howdoi chart --catalog out --engine marvin", 2},
		{"howdoi chart --catalog nowhere", 2},
		{"howdoi", 2},
		{"read charts", 0},
		{"read ../charts", 2},
		{"read nosuch", 1},
		{"read charts --engine marvin", 2},
		{"list --catalog out", 0},
		{"list --catalog out --format xml", 2},
		{"eval ok.tsv --catalog out --min-top1 0.9", 0},
		{"eval miss.tsv --catalog out --min-top3 0.5", 1},
		{"eval bad.tsv --catalog out", 2},
		{"eval nosuch.tsv --catalog out", 2},
	} {
		var out, errb bytes.Buffer
		if got := run(strings.Fields(tc.args), strings.NewReader(""), &out, &errb); got != tc.code {
			t.Errorf("lore %s: exit %d, want %d\n%s", tc.args, got, tc.code, errb.String())
		}
	}
}
