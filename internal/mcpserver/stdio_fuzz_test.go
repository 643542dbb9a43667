package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"
)

// fuzzInit and fuzzFinal frame every input: the session is initialized
// first, and a well-formed request after the input must still be answered.
const (
	fuzzInit = `{"jsonrpc":"2.0","id":"fuzz-init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
`
	fuzzFinal = `{"jsonrpc":"2.0","id":"fuzz-final","method":"tools/list"}` + "\n"
)

// FuzzStdio feeds arbitrary lines to a stdio session after initialize:
// the session never ends early, every output line is JSON, every request
// line with an id gets exactly one answer, and the final tools/list is
// answered.
func FuzzStdio(f *testing.F) {
	for _, seed := range []string{
		``,
		"\n\n\n",
		`not json`,
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"lore://manual/a\u0000b"}}`,
		`{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"lore://manual/a\u007fb"}}`,
		`{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"x\u0007\udb40\udc01"}}`,
		"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/read\",\"params\":{\"uri\":\"lore://manual/\xff\xfe\"}}",
		"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"ping\"}",
		`{"jsonrpc":"2.0","id":"\u0041","method":"ping"}`,
		`{"jsonrpc":"2.0","id":5,"method":"prompts/get","params":{"name":"plan\u0000","arguments":{"what":"\u0001"}}}`,
		`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"manual_read","arguments":{"name":"\u0000"}}}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"how_do_i","arguments":{"intent":[[[[[[1]]]]]]}}}`,
		`{"jsonrpc":"2.0","id":8,"method":"resources/list","params":{"cursor":"\u0000garbage"}}`,
		`{"jsonrpc":"2.0","id":9,"method":"no/such\u0000"}`,
		`{"jsonrpc":"2.0","id":10,"method":"ping","params":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`,
		`[{"jsonrpc":"2.0","id":11,"method":"ping"},{"jsonrpc":"2.0","id":12,"method":"tools/list"}]`,
		`[]`,
		`{"jsonrpc":"2.0","id":13,"result":{}}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1e400,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":14,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}` + "\n" + `[{"jsonrpc":"2.0","id":15,"method":"ping"}]`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":16}}`,
		`{"jsonrpc":"2.0","id":17,"method":"logging/setLevel","params":{"level":"debug"}}`,
		`{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"manual_read","arguments":{"name":"` + strings.Repeat("x", 100000) + `"}}}`,
		`{"jsonrpc":"2.0","id":19,"method":"ping"` + "\r\n" + `}`,
		`{"jsonrpc":"2.0","id":20,"method":"skills/list","params":{"cursor":"\u0000"}}`,
		`{"jsonrpc":"2.0","id":21,"method":"skills/get","params":{"uri":"skill://a\u0000/SKILL.md"}}`,
		"{\"jsonrpc\":\"2.0\",\"id\":22,\"method\":\"resources/directory/read\",\"params\":{\"uri\":\"skill://\xff\"}}",
		`{"jsonrpc":"2.0","id":23,"method":"skills/get","params":[1]}`,
		`{"jsonrpc":"2.0","method":"skills/list"}`,
		`[{"jsonrpc":"2.0","id":24,"method":"skills/list"},{"jsonrpc":"2.0","id":25,"method":"ping"}]`,
		`{"jsonrpc":"2.0","id":26,"method":"resources/read","params":{"uri":"skill://scheduling/SKILL.md"}}`,
		`{"jsonrpc":"2.0","id":27.5,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":null,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":28,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":28.0,"method":"ping"}`,
		strings.Repeat(`{"jsonrpc":"2.0","id":"many","method":"skills/list"}`+"\n", 3) + `[` + strings.TrimSuffix(strings.Repeat(`{"jsonrpc":"2.0","id":"b","method":"ping"},`, 9), ",") + `]`,
	} {
		f.Add([]byte(seed))
	}
	// The server's log tells when the end of stdin waited out drainTimeout
	// for an answer that never came (a request left unanswered).
	var logs syncBuffer
	s, _ := newServer(f, builtProject(f), Options{Engine: "arthur", Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := fuzzInit + string(data) + "\n" + fuzzFinal
		var out syncBuffer
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		done := make(chan error, 1)
		logged := len(logs.String())
		go func() { done <- s.ServeStdio(ctx, strings.NewReader(in), &out) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("ServeStdio = %v\noutput:\n%s", err, out.String())
			}
		case <-time.After(40 * time.Second):
			t.Fatalf("ServeStdio did not return\noutput:\n%s", out.String())
		}
		if l := logs.String()[logged:]; strings.Contains(l, "still unanswered") {
			t.Errorf("requests were left unanswered until the drain timeout:\n%s", l)
		}
		want, skip := expectedIDs(in)
		got := map[string]int{}
		for line := range strings.SplitSeq(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if !json.Valid([]byte(line)) {
				t.Fatalf("output line is not JSON: %q", line)
			}
			for _, id := range responseIDs([]byte(line)) {
				got[id]++
			}
		}
		for id, n := range want {
			if !skip[id] && got[id] != n {
				t.Errorf("id %s: %d answers, want %d\ninput:\n%q\noutput:\n%s", id, got[id], n, in, out.String())
			}
		}
		if !skip[fuzzKey(json.RawMessage(`"fuzz-final"`))] && got[fuzzKey(json.RawMessage(`"fuzz-final"`))] == 0 {
			t.Errorf("the final tools/list was not answered\noutput:\n%s", out.String())
		}
	})
}

// expectedIDs counts the request lines of in that carry a string or
// number id, by id. skip holds ids that need not be answered exactly
// once: those also used inside a batch (a batch may be refused as a whole,
// or answered in one array), those a notifications/cancelled names, and
// those of a line that is neither a request nor a response (it may be
// refused as an invalid request, with its id).
func expectedIDs(in string) (want map[string]int, skip map[string]bool) {
	want, skip = map[string]int{}, map[string]bool{}
	for line := range strings.SplitSeq(in, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !json.Valid([]byte(line)) {
			// The server reads a stream, not lines: a value at the start
			// of the line may be read and answered before the garbage
			// after it is refused.
			for _, k := range strayIDs(line) {
				skip[k] = true
			}
			continue
		}
		if line[0] == '[' {
			var raw []json.RawMessage
			_ = json.Unmarshal([]byte(line), &raw)
			for _, r := range raw {
				m, _ := decodeMsg(r)
				if k := fuzzKey(m.ID); k != "" {
					skip[k] = true
				}
				if k := fuzzKey(m.Params.RequestID); k != "" {
					skip[k] = true
				}
			}
			continue
		}
		m, ok := decodeMsg([]byte(line))
		if !ok {
			continue
		}
		if k := fuzzKey(m.Params.RequestID); k != "" {
			skip[k] = true
		}
		if k := fuzzKey(m.ID); k != "" && m.Method == nil && !m.Reply {
			skip[k] = true // neither request nor response: may be refused with its id
		}
		if k := fuzzKey(m.ID); k != "" && m.Method != nil {
			if exactID(m.ID) {
				want[k]++
			} else {
				skip[k] = true // refused with id null (idProblem)
			}
		}
	}
	return want, skip
}

// idMember finds the ids a line that is not JSON may still hold.
var idMember = regexp.MustCompile(`"id"\s*:\s*(-?[0-9][0-9.eE+-]*|"(?:[^"\\]|\\.)*")`)

// strayIDs returns the keys of the ids in a line that is not valid JSON:
// those of the value the line starts with, and any "id" member in it.
func strayIDs(line string) []string {
	var out []string
	var first json.RawMessage
	if json.NewDecoder(strings.NewReader(line)).Decode(&first) == nil {
		if m, ok := decodeMsg(first); ok {
			if k := fuzzKey(m.ID); k != "" {
				out = append(out, k)
			}
		}
	}
	for _, sm := range idMember.FindAllStringSubmatch(line, -1) {
		if k := fuzzKey(json.RawMessage(sm[1])); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// fuzzMsg is what the oracle reads of a JSON-RPC message.
type fuzzMsg struct {
	ID     json.RawMessage
	Method *string
	Params struct{ RequestID json.RawMessage }
	// Reply: the message has a result or an error member (a response,
	// which the server does not answer).
	Reply bool
}

// decodeMsg reads a message as JSON-RPC does: member names are
// case-sensitive ("Id" is no id), which encoding/json's struct decoding
// is not.
func decodeMsg(b []byte) (fuzzMsg, bool) {
	var m fuzzMsg
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil {
		return m, false
	}
	m.ID = top["id"]
	_, result := top["result"]
	_, failed := top["error"]
	m.Reply = result || failed
	if raw, ok := top["method"]; ok {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			m.Method = &s
		}
	}
	var params map[string]json.RawMessage
	if json.Unmarshal(top["params"], &params) == nil {
		m.Params.RequestID = params["requestId"]
	}
	return m, true
}

// exactID reports whether a request id survives the SDK's decoding: a
// string, or an integer below 2^53 in magnitude.
func exactID(id json.RawMessage) bool {
	var v any
	if json.Unmarshal(id, &v) != nil {
		return false
	}
	f, isNumber := v.(float64)
	return !isNumber || f == math.Trunc(f) && math.Abs(f) < maxExactID
}

// responseIDs returns the ids of the responses in an output line.
func responseIDs(line []byte) []string {
	var ms []fuzzMsg
	if bytes.HasPrefix(line, []byte("[")) {
		var raw []json.RawMessage
		_ = json.Unmarshal(line, &raw)
		for _, r := range raw {
			if m, ok := decodeMsg(r); ok {
				ms = append(ms, m)
			}
		}
	} else if m, ok := decodeMsg(line); ok {
		ms = append(ms, m)
	}
	var out []string
	for _, m := range ms {
		if k := fuzzKey(m.ID); k != "" && m.Method == nil {
			out = append(out, k)
		}
	}
	return out
}

// fuzzKey is the key of a string or number id ("" for anything else):
// the decoded value, so that "\u0041" and "A", 1 and 1.0 are the same.
func fuzzKey(id json.RawMessage) string {
	var v any
	if len(id) == 0 || json.Unmarshal(id, &v) != nil {
		return ""
	}
	switch v := v.(type) {
	case string:
		return "s" + v
	case float64:
		b, _ := json.Marshal(v)
		return "n" + string(b)
	}
	return ""
}
