package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// maxMessage bounds one JSON-RPC line on stdio (the SDK's default).
const maxMessage = 16 << 20

// drainTimeout bounds how long the server waits, after stdin ends, for
// the answers to requests it already read.
const drainTimeout = 10 * time.Second

// noBatches is the first protocol version without JSON-RPC batches; the
// SDK ends the session on a batch from such a client.
const noBatches = "2025-06-18"

// stdioFilter stands between stdin and the SDK's newline-delimited JSON
// transport. The SDK ends the session on a line that is not a JSON-RPC
// message; the filter answers such a line itself with a parse or
// invalid-request error and passes only well-formed messages on, so one bad
// line does not end the session. It also holds back the end of stdin until
// every request it passed on has been answered, so a client that closes
// stdin right after a request still gets the response.
type stdioFilter struct {
	in  *bufio.Reader
	out *lockedWriter
	log *slog.Logger

	buf []byte // the rest of the line being handed to the SDK

	mu       sync.Mutex
	version  string          // the protocol version the server answered initialize with
	initSent bool            // an initialize request was passed on
	pending  map[string]bool // ids of requests passed on and not yet answered
	writing  map[string]int  // ids of requests whose answer is being written
	changed  chan struct{}   // closed and replaced whenever writing shrinks
	closed   chan struct{}
	once     sync.Once
}

func newStdioFilter(r io.Reader, w io.Writer, log *slog.Logger) *stdioFilter {
	f := &stdioFilter{in: bufio.NewReaderSize(r, 64<<10), log: log, pending: map[string]bool{},
		writing: map[string]int{}, changed: make(chan struct{}), closed: make(chan struct{})}
	f.out = &lockedWriter{w: w, leaving: f.leaving, left: f.left}
	return f
}

// writer is the filter's side of stdout.
func (f *stdioFilter) writer() io.WriteCloser { return f.out }

// Read hands the SDK the next well-formed message line.
func (f *stdioFilter) Read(p []byte) (int, error) {
	for len(f.buf) == 0 {
		line, err := f.readLine()
		if len(line) > 0 {
			f.admit(line, err != nil)
		}
		if err != nil && len(f.buf) == 0 {
			if errors.Is(err, io.EOF) {
				f.drain()
			}
			return 0, err
		}
	}
	n := copy(p, f.buf)
	f.buf = f.buf[n:]
	return n, nil
}

// Close ends a pending drain.
func (f *stdioFilter) Close() error {
	f.once.Do(func() { close(f.closed) })
	return nil
}

// readLine returns the next line without its end; a line over maxMessage is
// answered with an error and skipped.
func (f *stdioFilter) readLine() ([]byte, error) {
	var line []byte
	for {
		chunk, err := f.in.ReadSlice('\n')
		if len(line)+len(chunk) > maxMessage {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = f.in.ReadSlice('\n')
			}
			f.reply(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("message longer than %d bytes: skipped", maxMessage))
			if err != nil {
				return nil, err
			}
			line = line[:0]
			continue
		}
		line = append(line, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimSpace(line), err
	}
}

// admit passes a well-formed message on to the SDK, or answers it.
func (f *stdioFilter) admit(line []byte, last bool) {
	if !json.Valid(line) {
		msg := "parse error: the line is not JSON; send one JSON-RPC message per line"
		if last {
			msg = "parse error: input ended in the middle of a message"
		}
		f.reply(nil, jsonrpc.CodeParseError, msg)
		return
	}
	var ids []string
	hasInit := false
	if line[0] == '[' {
		// The SDK ends the session on a batch once it has negotiated
		// 2025-06-18 or later, which it does while it handles the first
		// initialize that succeeds; that initialize's result tells the
		// version. Until it is out, a batch could race the handling, so
		// it is refused.
		f.mu.Lock()
		v, sent := f.version, f.initSent
		f.mu.Unlock()
		switch {
		case v >= noBatches:
			f.reply(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: protocol %s has no JSON-RPC batches; send one message per line", v))
			return
		case v == "" && sent:
			f.reply(nil, jsonrpc.CodeInvalidRequest, "invalid request: a batch before initialize was answered; wait for the initialize result")
			return
		}
		var batch []json.RawMessage
		_ = json.Unmarshal(line, &batch)
		if len(batch) == 0 {
			f.reply(nil, jsonrpc.CodeInvalidRequest, "invalid request: an empty batch")
			return
		}
		seen := map[string]bool{}
		for _, raw := range batch {
			id, isInit, err := check(raw)
			if err == nil && id != "" && seen[id] {
				err = errors.New("the batch uses id " + id + " twice")
			}
			if err != nil {
				f.reply(rawID(raw), jsonrpc.CodeInvalidRequest, "invalid request in a batch: "+err.Error())
				return
			}
			if id != "" {
				seen[id] = true
				ids = append(ids, id)
			}
			hasInit = hasInit || isInit
		}
	} else {
		id, isInit, err := check(line)
		if err != nil {
			f.reply(rawID(line), jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
			return
		}
		if id != "" {
			ids = append(ids, id)
		}
		hasInit = isInit
	}
	f.mu.Lock()
	for _, id := range ids {
		if f.pending[id] {
			f.mu.Unlock()
			// The SDK would answer one of the two, or end the session
			// (a batch reusing the id of a request in flight).
			f.reply(rawID(line), jsonrpc.CodeInvalidRequest, "invalid request: id "+id+" is already used by a request not yet answered; use a new id")
			return
		}
	}
	for _, id := range ids {
		f.pending[id] = true
	}
	f.initSent = f.initSent || hasInit
	f.mu.Unlock()
	f.buf = append(append(f.buf[:0], line...), '\n')
}

// check decodes one message; for a call it returns the key of its id and
// whether it is an initialize.
func check(raw []byte) (id string, isInit bool, err error) {
	msg, err := jsonrpc.DecodeMessage(raw)
	if err != nil {
		return "", false, err
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		return idKey(rawID(raw)), req.Method == "initialize", nil
	}
	return "", false, nil
}

// envelope is what the filter reads of a message: its id and method, and
// the protocol version of an initialize result.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result struct {
		ProtocolVersion string `json:"protocolVersion"`
	} `json:"result"`
}

func rawID(raw []byte) json.RawMessage {
	var e envelope
	if json.Unmarshal(raw, &e) != nil || len(e.ID) == 0 || e.ID[0] == '{' || e.ID[0] == '[' {
		return nil
	}
	return e.ID
}

// idKey normalises an id so a request's and its response's match: 1 and
// 1.0 are the same id, and so are "A" and "\u0041" (the SDK answers with
// the decoded string, invalid UTF-8 replaced by U+FFFD).
func idKey(id json.RawMessage) string {
	if len(id) == 0 {
		return ""
	}
	if id[0] == '"' {
		var s string
		if json.Unmarshal(id, &s) != nil {
			return string(id)
		}
		b, _ := json.Marshal(s)
		return string(b)
	}
	if v, err := strconv.ParseFloat(string(id), 64); err == nil {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return string(id)
}

// reply writes a JSON-RPC error response for a message the SDK never sees.
func (f *stdioFilter) reply(id json.RawMessage, code int64, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: code, Message: msg}})
	f.log.Warn("stdin: " + msg)
	_, _ = f.out.write(append(b, '\n'))
}

// leaving is called with a line before it goes out: it records the
// protocol version of an initialize response (the client may send its
// next line as soon as it reads this one) and moves the requests the line
// answers from pending to writing, so that their ids may be used again.
// It returns their keys for left.
func (f *stdioFilter) leaving(line []byte) []string {
	var es []envelope
	if bytes.HasPrefix(line, []byte("[")) {
		_ = json.Unmarshal(line, &es)
	} else {
		var e envelope
		if json.Unmarshal(line, &e) == nil {
			es = append(es, e)
		}
	}
	var keys []string
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, e := range es {
		if e.Method != "" {
			continue
		}
		if v := e.Result.ProtocolVersion; v != "" && len(es) == 1 && line[0] != '[' {
			f.version = v
		}
		k := idKey(e.ID)
		if f.pending[k] {
			delete(f.pending, k)
			f.writing[k]++
			keys = append(keys, k)
		}
	}
	return keys
}

// left is called once the answers to keys are written (or failed to be).
func (f *stdioFilter) left(keys []string) {
	if len(keys) == 0 {
		return
	}
	f.mu.Lock()
	for _, k := range keys {
		if f.writing[k]--; f.writing[k] <= 0 {
			delete(f.writing, k)
		}
	}
	close(f.changed)
	f.changed = make(chan struct{})
	f.mu.Unlock()
}

// drain waits until every request passed on has been answered, the
// connection closes, or drainTimeout passes.
func (f *stdioFilter) drain() {
	deadline := time.After(drainTimeout)
	for {
		f.mu.Lock()
		n, changed := len(f.pending)+len(f.writing), f.changed
		f.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-changed:
		case <-f.closed:
			return
		case <-deadline:
			f.log.Warn(fmt.Sprintf("stdin closed; %d requests still unanswered after %s", n, drainTimeout))
			return
		}
	}
}

// lockedWriter writes whole messages to stdout, one at a time, and tells
// the filter which requests they answer.
type lockedWriter struct {
	mu      sync.Mutex
	w       io.Writer
	leaving func([]byte) []string // sees a message before it is written
	left    func([]string)        // is told when it was
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	keys := l.leaving(p)
	n, err := l.write(p)
	l.left(keys)
	return n, err
}

func (l *lockedWriter) write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Close leaves stdout open: it is the process's.
func (l *lockedWriter) Close() error { return nil }
