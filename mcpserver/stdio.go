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

	mu      sync.Mutex
	version string          // the protocol version the server answered initialize with
	pending map[string]bool // ids of requests passed on and not yet answered
	changed chan struct{}   // closed and replaced whenever pending shrinks
	closed  chan struct{}
	once    sync.Once
}

func newStdioFilter(r io.Reader, w io.Writer, log *slog.Logger) *stdioFilter {
	f := &stdioFilter{in: bufio.NewReaderSize(r, 64<<10), log: log, pending: map[string]bool{},
		changed: make(chan struct{}), closed: make(chan struct{})}
	f.out = &lockedWriter{w: w, before: f.negotiated, answered: f.answered}
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
	if line[0] == '[' {
		f.mu.Lock()
		v := f.version
		f.mu.Unlock()
		if v >= noBatches {
			f.reply(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: protocol %s has no JSON-RPC batches; send one message per line", v))
			return
		}
		var batch []json.RawMessage
		_ = json.Unmarshal(line, &batch)
		if len(batch) == 0 {
			f.reply(nil, jsonrpc.CodeInvalidRequest, "invalid request: an empty batch")
			return
		}
		for _, raw := range batch {
			id, err := check(raw)
			if err != nil {
				f.reply(rawID(raw), jsonrpc.CodeInvalidRequest, "invalid request in a batch: "+err.Error())
				return
			}
			if id != "" {
				ids = append(ids, id)
			}
		}
	} else {
		id, err := check(line)
		if err != nil {
			f.reply(rawID(line), jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
			return
		}
		if id != "" {
			ids = append(ids, id)
		}
	}
	f.mu.Lock()
	for _, id := range ids {
		f.pending[id] = true
	}
	f.mu.Unlock()
	f.buf = append(append(f.buf[:0], line...), '\n')
}

// check decodes one message; for a call it returns the key of its id.
func check(raw []byte) (string, error) {
	msg, err := jsonrpc.DecodeMessage(raw)
	if err != nil {
		return "", err
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		return idKey(rawID(raw)), nil
	}
	return "", nil
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

// idKey normalises an id so a request's and its response's match (1 and
// 1.0 are the same id).
func idKey(id json.RawMessage) string {
	if len(id) == 0 || id[0] == '"' {
		return string(id)
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

// negotiated records the protocol version of an initialize response
// before the line goes out: the client may send its next line as soon as
// it reads this one.
func (f *stdioFilter) negotiated(line []byte) {
	var e envelope
	if !bytes.HasPrefix(line, []byte("[")) && json.Unmarshal(line, &e) == nil && e.Method == "" {
		if v := e.Result.ProtocolVersion; v != "" {
			f.mu.Lock()
			f.version = v
			f.mu.Unlock()
		}
	}
}

// answered records the responses in a line written to stdout.
func (f *stdioFilter) answered(line []byte) {
	var ids []json.RawMessage
	if bytes.HasPrefix(line, []byte("[")) {
		var batch []envelope
		_ = json.Unmarshal(line, &batch)
		for _, e := range batch {
			if e.Method == "" {
				ids = append(ids, e.ID)
			}
		}
	} else {
		var e envelope
		if json.Unmarshal(line, &e) == nil && e.Method == "" {
			ids = append(ids, e.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	f.mu.Lock()
	for _, id := range ids {
		delete(f.pending, idKey(id))
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
		n, changed := len(f.pending), f.changed
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
	mu       sync.Mutex
	w        io.Writer
	before   func([]byte) // sees a message before it is written
	answered func([]byte) // and after
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	if l.before != nil {
		l.before(p)
	}
	n, err := l.write(p)
	if err == nil {
		l.answered(p)
	}
	return n, err
}

func (l *lockedWriter) write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Close leaves stdout open: it is the process's.
func (l *lockedWriter) Close() error { return nil }
