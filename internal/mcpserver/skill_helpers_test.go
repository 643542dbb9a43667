package mcpserver

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"maps"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
)

// skillFixture adds Agent Skills folders to the fixture: pdf-processing
// with references, a script, a binary asset, a document only eddie sees,
// a nested skill only eddie sees and one everyone sees; a SKILL.md whose
// name is no Agent Skills name and that has no description; two manuals
// whose names map to the same skill name.
var skillFixture = map[string]string{
	"manuals/skills/pdf-processing/SKILL.md": `---
name: pdf-processing
description: Extract text and fill forms in PDF files.
license: Apache-2.0
metadata:
  version: "2.1"
  reviewed: no
---
# PDF processing

Read [the forms guide](references/forms.md), then run scripts/extract.py.
`,
	"manuals/skills/pdf-processing/references/forms.md":      "# Forms\n\nFill forms field by field.\n",
	"manuals/skills/pdf-processing/references/eddie-only.md": "---\naudience: eddie\nsummary: Eddie's forms.\n---\n# Eddie only\n",
	"manuals/skills/pdf-processing/scripts/extract.py":       "print('extract')\n",
	"manuals/skills/pdf-processing/assets/logo.png":          "\x89PNG\r\n\x1a\n\x00\x00\xffbinary",
	"manuals/skills/pdf-processing/nested/SKILL.md":          "---\nname: nested\ndescription: Only for Eddie.\naudience: eddie\n---\n# Nested\n",
	"manuals/skills/pdf-processing/nested/notes.txt":         "eddie's notes\n",
	"manuals/skills/pdf-processing/inner/SKILL.md":           "---\nname: inner\ndescription: Tips inside the PDF skill.\n---\n# Inner\n\nSee [tips](tips.md).\n",
	"manuals/skills/pdf-processing/inner/tips.md":            "# Tips\n\nOne tip.\n",
	"manuals/skills/display-tools/SKILL.md":                  "---\nname: Display Tools\n---\n# Display tools\n\nShow things.\n",
	"manuals/a.b.md":                                         "---\nsummary: The first a-b.\n---\n# A dot B\n",
	"manuals/a_b.md":                                         "---\nsummary: The second a-b.\n---\n# A underscore B\n",
}

// skillProject writes and builds the fixture with skillFixture; the
// Agent Skills name and description rules are off, so that the broken
// SKILL.md builds.
func skillProject(t testing.TB) afero.Fs {
	t.Helper()
	files := maps.Clone(fixture)
	maps.Copy(files, skillFixture)
	files["lore.yaml"] += "lint:\n  rules:\n    skill/name: off\n    skill/description: off\n"
	fs := writeProject(t, files)
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: fs, Dir: projectDir}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed {
		t.Fatalf("fixture build failed: %v", res.Lint.Diagnostics)
	}
	return fs
}

// rpcSession is a stdio session driven with raw JSON-RPC lines.
type rpcSession struct {
	t     *testing.T
	in    io.WriteCloser
	lines <-chan string
	id    int
}

// rpcResponse is a JSON-RPC response with its error's data.
type rpcResponse struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
}

// newRPC starts a stdio session on s; init, when set, is the protocol
// version to initialize with.
func newRPC(t *testing.T, s *Server, init string) *rpcSession {
	in, lines, _ := stdioSession(t, s)
	r := &rpcSession{t: t, in: in, lines: lines}
	if init != "" {
		io.WriteString(in, strings.Replace(initialize, "2025-06-18", init, 1))
		if res := next(t, lines); res.Error != nil {
			t.Fatalf("initialize: %+v", res.Error)
		}
	}
	return r
}

// call sends one request and returns its response.
func (r *rpcSession) call(method string, params any) rpcResponse {
	r.t.Helper()
	r.id++
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": r.id, "method": method, "params": params})
	if err != nil {
		r.t.Fatal(err)
	}
	io.WriteString(r.in, string(b)+"\n")
	var res rpcResponse
	line := <-r.lines
	if err := json.Unmarshal([]byte(line), &res); err != nil {
		r.t.Fatalf("%s: %q: %v", method, line, err)
	}
	if string(res.ID) != mustJSON(r.t, r.id) {
		r.t.Fatalf("%s: answer for id %s, want %d: %s", method, res.ID, r.id, line)
	}
	return res
}

// result calls and decodes the result into v, failing on an error.
func (r *rpcSession) result(method string, params, v any) {
	r.t.Helper()
	res := r.call(method, params)
	if res.Error != nil {
		r.t.Fatalf("%s %v: error %+v", method, params, res.Error)
	}
	if err := json.Unmarshal(res.Result, v); err != nil {
		r.t.Fatalf("%s: %s: %v", method, res.Result, err)
	}
}

// digest is the sha256: digest of b.
func digest(b []byte) string {
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:])
}
