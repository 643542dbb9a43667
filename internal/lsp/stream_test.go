package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/afero"
)

// frame is one LSP message with its header.
func frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

const (
	lspInit = `{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"rootUri":"file:///proj","capabilities":{}}}`
	// lspFinal is answered after any input: a request the server must
	// still answer, and the end of the session.
	lspFinal = `{"jsonrpc":"2.0","id":"final","method":"shutdown"}`
	lspExit  = `{"jsonrpc":"2.0","method":"exit"}`
)

// rawSession runs Serve over in and returns the bodies of what it wrote
// and Serve's result.
func rawSession(t testing.TB, fs afero.Fs, in string) ([]string, error) {
	t.Helper()
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- Serve(context.Background(), strings.NewReader(in), &out, Options{FS: fs, Version: "test"})
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("Serve did not return on %.200q", in)
	}
	return readFrames(t, out.Bytes()), err
}

// readFrames splits the server's output into bodies, failing on a frame
// that is not Content-Length framed JSON.
func readFrames(t testing.TB, b []byte) []string {
	t.Helper()
	r := bufio.NewReader(bytes.NewReader(b))
	var out []string
	for {
		line, err := r.ReadString('\n')
		if err == io.EOF && line == "" {
			return out
		}
		n, perr := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "Content-Length:")))
		if err != nil || perr != nil || !strings.HasPrefix(line, "Content-Length: ") {
			t.Fatalf("output header %q: %v %v\n%s", line, err, perr, b)
		}
		if blank, _ := r.ReadString('\n'); blank != "\r\n" {
			t.Fatalf("output header not ended by a blank line: %q", blank)
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil || !json.Valid(body) {
			t.Fatalf("output body %q is not JSON: %v", body, err)
		}
		out = append(out, string(body))
	}
}

// answer returns the body answering id ("null" for the errors without
// one), in order.
func answers(bodies []string, id string) []string {
	var out []string
	for _, b := range bodies {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal([]byte(b), &m) == nil && m.Method == "" && string(m.ID) == id {
			out = append(out, b)
		}
	}
	return out
}

// A message lore cannot read is answered with an error, and the next one
// is served: sourcegraph/jsonrpc2 ended the connection on each of these
// (and lore lsp exited 0 without a word).
func TestStreamAnswersBrokenMessagesAndGoesOn(t *testing.T) {
	fs := project(t)
	for _, tc := range []struct {
		name, in, id, want string
	}{
		{"not JSON", frame(`{abc}`), "null", "-32700,\"message\":\"lore lsp: parse error: the message is not JSON"},
		{"a batch", frame(`[{"jsonrpc":"2.0","id":3,"method":"shutdown"}]`), "null", "-32600"},
		{"neither request nor response", frame(`{}`), "null", "unable to determine message type"},
		{"method not a string", frame(`{"jsonrpc":"2.0","id":"s","method":5}`), `"s"`, "-32600"},
		{"id -1 (answered as 2^64-1)", frame(`{"jsonrpc":"2.0","id":-1,"method":"shutdown"}`), "null", "the id -1 is negative"},
		{"id 1.5", frame(`{"jsonrpc":"2.0","id":1.5,"method":"shutdown"}`), "null", "-32600"},
		{"id null (taken for a notification)", frame(`{"jsonrpc":"2.0","id":null,"method":"shutdown"}`), "null", "the id is null"},
		{"Content-Length too short", "Content-Length: 5\r\n\r\n" + `{"jsonrpc":"2.0","id":5,"method":"shutdown"}`, "null", "not JSON: unexpected end"},
		{"no Content-Length", "X-Foo: 1\r\n\r\n{}", "null", "without a valid Content-Length"},
		{"Content-Length not a number", "Content-Length: 1e3\r\n\r\n{}", "null", "without a valid Content-Length"},
		{"Content-Length empty", "Content-Length: 0\r\n\r\n", "null", "an empty message"},
		{"garbage lines", "hello world\r\nmore junk\n", "null", "no message header were skipped"},
		{"a header line of 100 kB", strings.Repeat("X", 100000) + "\r\n\r\n", "null", "-32700"},
		{"over maxBody", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", maxBody+1, strings.Repeat(" ", maxBody+1)), "null", "was skipped; at most"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bodies, err := rawSession(t, fs, frame(lspInit)+tc.in+frame(lspFinal)+frame(lspExit))
			if err != nil {
				t.Errorf("Serve = %v", err)
			}
			got := strings.Join(answers(bodies, tc.id), "\n")
			if !strings.Contains(got, tc.want) {
				t.Errorf("answers with id %s: %s, want %q", tc.id, got, tc.want)
			}
			if len(answers(bodies, `"final"`)) != 1 {
				t.Errorf("the request after it was not answered: %q", bodies)
			}
		})
	}
}

// LF-only line ends and header names in any case are read as the
// protocol's CRLF and Content-Length.
func TestStreamReadsLenientHeaders(t *testing.T) {
	in := "content-length: " + strconv.Itoa(len(lspInit)) + "\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n" + lspInit +
		frame(lspFinal) + frame(lspExit)
	bodies, err := rawSession(t, project(t), in)
	if err != nil || len(answers(bodies, `"init"`)) != 1 || len(answers(bodies, `"final"`)) != 1 {
		t.Errorf("Serve = %v, bodies %q", err, bodies)
	}
}

// FuzzStream feeds any bytes between initialize and a final request as
// their own message: every output is framed JSON, Serve returns, and when
// the input leaves the final message its own frame (no header left open,
// no body counted into it), it is answered.
func FuzzStream(f *testing.F) {
	for _, seed := range []string{
		"", "\r\n", "{}", frame("{}"), frame("[]"), frame(`{"jsonrpc":"2.0","id":-1,"method":"shutdown"}`),
		"Content-Length: 3\r\n\r\n{}}", "Content-Length: x\r\n\r\n",
		frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///proj/manuals/x.md","languageId":"markdown","version":1,"text":"---\ntriggers: x\n---\n# X\n"}}}`),
		frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///proj/manuals/x.md","version":2},"contentChanges":[{"range":{"start":{"line":9,"character":99},"end":{"line":0,"character":0}},"text":"\u0000\r"}]}}`),
		frame(`{"jsonrpc":"2.0","id":7,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///proj/manuals/x.md"},"range":{"start":{"line":0,"character":0},"end":{"line":99,"character":0}},"context":{"diagnostics":[]}}}`),
	} {
		f.Add(seed)
	}
	fs := project(f)
	f.Fuzz(func(t *testing.T, in string) {
		bodies, _ := rawSession(t, fs, frame(lspInit)+in+"\r\n\r\n"+frame(lspFinal)+frame(lspExit))
		if len(answers(bodies, `"init"`)) != 1 {
			t.Fatalf("initialize not answered: %q", bodies)
		}
		if !strings.Contains(strings.ToLower(in), "content-length") && len(answers(bodies, `"final"`)) != 1 {
			t.Fatalf("the final request was not answered after %q: %q", in, bodies)
		}
	})
}

func TestIndexASCIIFold(t *testing.T) {
	for s, want := range map[string]int{
		"Content-Length: 3":             0,
		"\x94\x94CONTENT-length:2":      2,
		"xContent\rLength:":             -1,
		"content\x0dlength:":            -1,
		"Content-Length\x1a 2":          -1,
		"Content-Lengt":                 -1,
		"{}content-length: 9":           2,
		"\xc3\x9cber Content-Length: 1": 6,
	} {
		if got := indexASCIIFold(s, "content-length:"); got != want {
			t.Errorf("indexASCIIFold(%q) = %d, want %d", s, got, want)
		}
	}
}
