package main

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"lore": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script: one
// behaviour per file, named category_behaviour.txtar.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			// $PORT is a free loopback port for scripts that serve.
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				return err
			}
			env.Setenv("PORT", strconv.Itoa(ln.Addr().(*net.TCPAddr).Port))
			// The user's cache folder (the build cache's machine key) is
			// the script's own, outside its project.
			cacheHome, err := os.MkdirTemp("", "lore-usercache")
			if err != nil {
				return err
			}
			env.Defer(func() { os.RemoveAll(cacheHome) })
			env.Setenv("XDG_CACHE_HOME", cacheHome)
			return ln.Close()
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"waithttp": waitHTTP,
			"bigfile":  bigfile,
			"httpget":  httpGet,
			"replace":  replace,
			"lspframe": lspFrame,
			"flipbyte": flipByte,
		},
	})
}

// waitHTTP polls a URL until its body matches a regular expression:
//
//	waithttp URL REGEXP
//
// It gives up after 30 seconds. With !, it waits until the body stops
// matching.
func waitHTTP(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: waithttp URL REGEXP")
	}
	re, err := regexp.Compile(args[1])
	ts.Check(err)
	deadline := time.Now().Add(30 * time.Second)
	last := "no answer"
	for time.Now().Before(deadline) {
		resp, err := http.Get(args[0])
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			last = fmt.Sprintf("status %d, %d bytes", resp.StatusCode, len(b))
			if re.Match(b) != neg {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	ts.Fatalf("waithttp %s %q: gave up after 30s (%s)", args[0], args[1], last)
}

// httpGet sends one request and checks the status of the answer and,
// optionally, that its body matches a regular expression:
//
//	httpget [-H 'Name: value']... [-d BODY] URL STATUS [REGEXP]
//
// -H sets a header ("Host: x" sets the Host header); -d sends BODY with
// POST as JSON, accepting JSON or an event stream (what an MCP client
// sends). With !, the body must not match REGEXP.
func httpGet(ts *testscript.TestScript, neg bool, args []string) {
	usage := "usage: httpget [-H 'Name: value']... [-d BODY] URL STATUS [REGEXP]"
	var headers [][2]string
	var body *string
	for len(args) >= 2 && (args[0] == "-H" || args[0] == "-d") {
		if args[0] == "-d" {
			body = &args[1]
		} else {
			name, value, ok := strings.Cut(args[1], ":")
			if !ok {
				ts.Fatalf("httpget -H %q: want 'Name: value'", args[1])
			}
			headers = append(headers, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
		}
		args = args[2:]
	}
	if len(args) < 2 || len(args) > 3 || (neg && len(args) != 3) {
		ts.Fatalf("%s", usage)
	}
	status, err := strconv.Atoi(args[1])
	if err != nil {
		ts.Fatalf("%s", usage)
	}
	method, rd := http.MethodGet, io.Reader(nil)
	if body != nil {
		method, rd = http.MethodPost, strings.NewReader(*body)
	}
	req, err := http.NewRequest(method, args[0], rd)
	ts.Check(err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
	}
	for _, h := range headers {
		if strings.EqualFold(h[0], "Host") {
			req.Host = h[1]
		} else {
			req.Header.Add(h[0], h[1])
		}
	}
	client := &http.Client{Timeout: 30 * time.Second}
	resp, err := client.Do(req)
	ts.Check(err)
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	ts.Check(err)
	ts.Logf("%s %s: %d\n%s", method, args[0], resp.StatusCode, b)
	if resp.StatusCode != status {
		ts.Fatalf("httpget %s: status %d, want %d", args[0], resp.StatusCode, status)
	}
	if len(args) == 3 {
		re, err := regexp.Compile(args[2])
		ts.Check(err)
		if re.Match(b) == neg {
			ts.Fatalf("httpget %s: body %s %q", args[0], map[bool]string{false: "does not match", true: "matches"}[neg], args[2])
		}
	}
}

// bigfile writes a file of at least SIZE bytes of Markdown text lines, or
// of LINE (a Go-quoted string) repeated after the heading:
//
//	bigfile PATH SIZE [LINE]
func bigfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: bigfile PATH SIZE [LINE]")
	}
	size, err := strconv.Atoi(args[1])
	if err != nil {
		ts.Fatalf("bigfile: %v", err)
	}
	line := []byte("A line of text in a file far too large to be a manual.\n")
	if len(args) == 3 {
		l, err := strconv.Unquote(args[2])
		if err != nil || l == "" {
			ts.Fatalf("bigfile: LINE must be a non-empty Go-quoted string: %s", args[2])
		}
		line = []byte(l)
	}
	var b bytes.Buffer
	b.WriteString("# Big\n\n")
	for b.Len() < size {
		b.Write(line)
	}
	ts.Check(os.MkdirAll(filepath.Dir(ts.MkAbs(args[0])), 0o755))
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), b.Bytes(), 0o644))
}

// replace edits a file in place, replacing the first occurrence of OLD by
// NEW, both taken literally, or, after -q, as Go-quoted strings (for
// newlines):
//
//	replace [-q] PATH OLD NEW
//
// It fails when OLD does not occur: a tampering test must tamper.
func replace(ts *testscript.TestScript, neg bool, args []string) {
	quoted := len(args) > 0 && args[0] == "-q"
	if quoted {
		args = args[1:]
	}
	if neg || len(args) != 3 {
		ts.Fatalf("usage: replace [-q] PATH OLD NEW")
	}
	if quoted {
		for i := 1; i < 3; i++ {
			u, err := strconv.Unquote(args[i])
			if err != nil {
				ts.Fatalf("replace -q: %s is not a Go-quoted string: %v", args[i], err)
			}
			args[i] = u
		}
	}
	p := ts.MkAbs(args[0])
	data, err := os.ReadFile(p)
	ts.Check(err)
	old, repl := args[1], args[2]
	if !bytes.Contains(data, []byte(old)) {
		ts.Fatalf("replace: %q does not occur in %s", old, args[0])
	}
	ts.Check(os.WriteFile(p, bytes.Replace(data, []byte(old), []byte(repl), 1), 0o644))
}

// flipByte flips the lowest bit of one byte of a file (a tamper that
// keeps its size):
//
//	flipbyte PATH OFFSET
//
// A negative OFFSET counts from the end of the file.
func flipByte(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: flipbyte PATH OFFSET")
	}
	off, err := strconv.Atoi(args[1])
	ts.Check(err)
	p := ts.MkAbs(args[0])
	data, err := os.ReadFile(p)
	ts.Check(err)
	if off < 0 {
		off += len(data)
	}
	if off < 0 || off >= len(data) {
		ts.Fatalf("flipbyte: offset %s outside %s (%d bytes)", args[1], args[0], len(data))
	}
	data[off] ^= 0x01
	ts.Check(os.WriteFile(p, data, 0o644))
}
