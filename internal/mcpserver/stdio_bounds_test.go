package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// A request whose id the SDK would change (a fraction, 2^53 or more) or
// drop (null) is refused with -32600 and id null, in a line or a batch;
// the session goes on, and an integer written as 1.0 stays an id.
func TestStdioRefusesIDsTheSDKWouldChange(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	in, lines, done := stdioSession(t, s)
	io.WriteString(in, strings.Replace(initialize, "2025-06-18", "2025-03-26", 1))
	next(t, lines)
	for line, want := range map[string]string{
		`{"jsonrpc":"2.0","id":null,"method":"tools/list"}`:                                     "the id is null",
		`{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}`:                                      "the id 1.5 is not an integer",
		`{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/list"}`:                         "2^53 or beyond",
		`{"jsonrpc":"2.0","id":-1e300,"method":"skills/list"}`:                                  "2^53 or beyond",
		`[{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","id":2.5,"method":"ping"}]`: "in a batch: the id 2.5 is not an integer",
	} {
		io.WriteString(in, line+"\n")
		if r := next(t, lines); string(r.ID) != "null" || r.Error == nil || r.Error.Code != -32600 || !strings.Contains(r.Error.Message, want) {
			t.Errorf("%s → %+v, want -32600 with id null: %s", line, r.Error, want)
		}
	}
	io.WriteString(in, `{"jsonrpc":"2.0","id":2.0,"method":"ping"}`+"\n")
	if r := next(t, lines); string(r.ID) != "2" || r.Error != nil {
		t.Errorf("ping with id 2.0: %+v", r)
	}
	in.Close()
	if err := <-done; err != nil {
		t.Errorf("ServeStdio = %v", err)
	}
}

// A batch of more than maxBatch messages is refused as a whole; one of
// maxBatch is answered.
func TestStdioBoundsBatches(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	in, lines, _ := stdioSession(t, s)
	io.WriteString(in, strings.Replace(initialize, "2025-06-18", "2025-03-26", 1))
	next(t, lines)
	batch := func(n int) string {
		var b []string
		for i := range n {
			b = append(b, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"skills/list"}`, i+1))
		}
		return "[" + strings.Join(b, ",") + "]\n"
	}
	io.WriteString(in, batch(maxBatch+1))
	if r := next(t, lines); r.Error == nil || r.Error.Code != -32600 || !strings.Contains(r.Error.Message, fmt.Sprintf("a batch of %d messages; send at most %d", maxBatch+1, maxBatch)) {
		t.Errorf("oversized batch → %+v", r.Error)
	}
	io.WriteString(in, batch(maxBatch))
	if line := <-lines; !strings.HasPrefix(line, "[") || strings.Count(line, `"resultType":"complete"`) != maxBatch {
		t.Errorf("batch of %d → %.300s", maxBatch, line)
	}
}

// With maxInFlight calls unanswered, Read hands on no further message
// until one of them is answered: a client that does not read its answers
// cannot make the server hold an unbounded number of them.
func TestStdioBoundsCallsInFlight(t *testing.T) {
	inR, inW := io.Pipe()
	c := newStdioConn(inR, io.Discard, slog.New(slog.DiscardHandler))
	defer c.Close()
	go func() {
		for i := range maxInFlight + 1 {
			fmt.Fprintf(inW, `{"jsonrpc":"2.0","id":%d,"method":"ping"}`+"\n", i)
		}
	}()
	for range maxInFlight {
		if _, err := c.Read(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if msg, err := c.Read(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Read with %d calls unanswered = %v, %v; want it to wait", maxInFlight, msg, err)
	}
	if err := c.Write(context.Background(), &jsonrpc.Response{ID: mustID(t, 3), Result: []byte("{}")}); err != nil {
		t.Fatal(err)
	}
	msg, err := c.Read(context.Background())
	if req, ok := msg.(*jsonrpc.Request); err != nil || !ok || req.ID != mustID(t, maxInFlight) {
		t.Errorf("Read after an answer = %v, %v; want the call with id %d", msg, err, maxInFlight)
	}
}

func mustID(t *testing.T, n int) jsonrpc.ID {
	t.Helper()
	id, err := jsonrpc.MakeID(float64(n))
	if err != nil {
		t.Fatal(err)
	}
	return id
}
