package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/lorekit/lore/internal/search"
)

// stdioSession runs ServeStdio over pipes and returns a writer for stdin,
// a reader of response lines and the channel ServeStdio's result arrives
// on.
func stdioSession(t *testing.T, s *Server) (io.WriteCloser, <-chan string, <-chan error) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- s.ServeStdio(context.Background(), inR, outW)
		outW.Close()
	}()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 8<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		io.Copy(io.Discard, outR)
	}()
	t.Cleanup(func() { inW.Close() })
	return inW, lines, done
}

const initialize = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
`

type response struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// next returns the next response line, failing after 10 s without one.
func next(t *testing.T, lines <-chan string) response {
	t.Helper()
	var line string
	select {
	case l, ok := <-lines:
		if !ok {
			t.Fatal("stdout ended without a response")
		}
		line = l
	case <-time.After(10 * time.Second):
		t.Fatal("no response within 10 s")
	}
	var r response
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("response %q: %v", line, err)
	}
	return r
}

func TestStdioAnswersBadLinesAndKeepsServing(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	in, sc, done := stdioSession(t, s)
	io.WriteString(in, initialize)
	if r := next(t, sc); string(r.ID) != "0" || r.Error != nil {
		t.Fatalf("initialize: %+v", r)
	}
	for line, want := range map[string]struct {
		code int
		msg  string
	}{
		`garbage{`:                  {-32700, "parse error"},
		`{"foo":1}`:                 {-32600, "invalid request"},
		`[]`:                        {-32600, "batches"},
		`{"jsonrpc":"2.0","id":"x"`: {-32700, "parse error"},
		`{"jsonrpc":"2.0","id":8,"method":"no/such"}`: {-32601, ""},
	} {
		io.WriteString(in, line+"\n")
		r := next(t, sc)
		if r.Error == nil || r.Error.Code != want.code || !strings.Contains(r.Error.Message, want.msg) {
			t.Errorf("%s → %+v, want code %d with %q", line, r.Error, want.code, want.msg)
		}
	}
	// Protocol 2025-06-18 has no batches: answered, and the session goes on.
	io.WriteString(in, `[{"jsonrpc":"2.0","id":10,"method":"tools/list"}]`+"\n")
	if r := next(t, sc); r.Error == nil || r.Error.Code != -32600 || !strings.Contains(r.Error.Message, "no JSON-RPC batches") {
		t.Errorf("batch → %+v", r.Error)
	}
	io.WriteString(in, `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"manual_read","arguments":{"name":"scheduling"}}}`+"\n")
	if r := next(t, sc); string(r.ID) != "9" || !strings.Contains(string(r.Result), "# Scheduling") {
		t.Errorf("after bad lines: %+v %s", r, r.Result)
	}
	in.Close()
	if err := <-done; err != nil {
		t.Errorf("ServeStdio = %v", err)
	}
}

func TestStdioBatchesUnderTheOlderProtocol(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	in, lines, done := stdioSession(t, s)
	io.WriteString(in, strings.Replace(initialize, "2025-06-18", "2025-03-26", 1))
	if r := next(t, lines); !strings.Contains(string(r.Result), `"protocolVersion":"2025-03-26"`) {
		t.Fatalf("initialize: %s", r.Result)
	}
	io.WriteString(in, `[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"manual_read","arguments":{"name":"scheduling"}}},{"jsonrpc":"2.0","id":2,"method":"prompts/list"}]`+"\n")
	select {
	case line := <-lines:
		var batch []response
		if err := json.Unmarshal([]byte(line), &batch); err != nil || len(batch) != 2 {
			t.Errorf("batch answer %.200q: %v", line, err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no answer to the batch")
	}
	// A batch that repeats an id, and one that holds no message, are
	// refused as a whole; a batch of notifications gets no answer at all.
	for line, want := range map[string]string{
		`[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"ping"}]`: "uses id 3 twice",
		`[{"jsonrpc":"2.0","id":4,"method":"ping"},{"foo":1}]`:                                "invalid request in a batch",
		`[1,2]`: "invalid request in a batch",
	} {
		io.WriteString(in, line+"\n")
		if r := next(t, lines); r.Error == nil || r.Error.Code != -32600 || !strings.Contains(r.Error.Message, want) {
			t.Errorf("%s → %+v, want %q", line, r.Error, want)
		}
	}
	io.WriteString(in, `[{"jsonrpc":"2.0","method":"notifications/initialized"}]`+"\n"+`[{"jsonrpc":"2.0","id":5,"method":"ping"}]`+"\n")
	if line := <-lines; line != `[{"jsonrpc":"2.0","id":5,"result":{}}]` {
		t.Errorf("a batch of one ping → %s", line)
	}
	in.Close()
	if err := <-done; err != nil {
		t.Errorf("ServeStdio = %v", err)
	}
}

func TestStdioClosedMidRequestAnswersThenEnds(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	in, sc, done := stdioSession(t, s)
	// A 1 MB intent, then stdin closes at once.
	intent := strings.Repeat("x", 1<<20)
	io.WriteString(in, initialize+`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"how_do_i","arguments":{"intent":"`+intent+`"}}}`+"\n")
	in.Close()
	r := byID(t, sc, 2)["1"]
	if string(r.ID) != "1" || !strings.Contains(string(r.Result), "how_do_i takes one short sentence") {
		t.Errorf("response = %+v %.200s", r, r.Result)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeStdio = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ServeStdio did not end after stdin closed")
	}
}

func TestStdioInputEndingInsideAMessage(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	in, sc, done := stdioSession(t, s)
	io.WriteString(in, initialize+`{"jsonrpc":"2.0","id":2,"method":"tools/ca`)
	in.Close()
	r := byID(t, sc, 2)["null"]
	if r.Error == nil || r.Error.Code != -32700 || !strings.Contains(r.Error.Message, "input ended in the middle of a message") {
		t.Errorf("response = %+v", r)
	}
	if err := <-done; err != nil {
		t.Errorf("ServeStdio = %v", err)
	}
}

// byID reads n responses, in whatever order they come, by id.
func byID(t *testing.T, lines <-chan string, n int) map[string]response {
	t.Helper()
	out := map[string]response{}
	for range n {
		r := next(t, lines)
		out[string(r.ID)] = r
	}
	return out
}

// blockingRouter answers how_do_i only once release is closed.
type blockingRouter struct{ release chan struct{} }

func (b *blockingRouter) HowDoI(ctx context.Context, intent string) (*search.Answer, error) {
	select {
	case <-b.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return &search.Answer{Hint: "released"}, nil
}

func TestStdioRefusesAnIDInFlight(t *testing.T) {
	br := &blockingRouter{release: make(chan struct{})}
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur", OpenRouter: func(string, Who) (Router, error) { return br, nil }})
	in, lines, done := stdioSession(t, s)
	io.WriteString(in, strings.Replace(initialize, "2025-06-18", "2025-03-26", 1))
	next(t, lines)
	io.WriteString(in, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"how_do_i","arguments":{"intent":"x"}}}`+"\n")
	// 1.0 is the same id as 1, in a line or in a batch.
	for _, line := range []string{`{"jsonrpc":"2.0","id":1.0,"method":"ping"}`, `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`} {
		io.WriteString(in, line+"\n")
		if r := next(t, lines); r.Error == nil || r.Error.Code != -32600 || !strings.Contains(r.Error.Message, "id 1 is already used") {
			t.Errorf("%s: %+v", line, r)
		}
	}
	close(br.release)
	if r := next(t, lines); string(r.ID) != "1" || !strings.Contains(string(r.Result), "released") {
		t.Errorf("how_do_i: %+v %s", r, r.Result)
	}
	// Once answered, the id may be used again.
	io.WriteString(in, `{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n")
	if r := next(t, lines); string(r.ID) != "1" || r.Error != nil {
		t.Errorf("ping after the answer: %+v", r)
	}
	in.Close()
	if err := <-done; err != nil {
		t.Errorf("ServeStdio = %v", err)
	}
}
