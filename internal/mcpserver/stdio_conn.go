package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// stdioConn is the mcp.Connection of stdioTransport. It frames the input
// into lines and decodes each line once (jsonrpc.DecodeMessage), handing
// the SDK only messages it can handle; what it cannot is answered here
// and the session goes on:
//
//   - a line that is not JSON gets -32700, one that is JSON but no
//     JSON-RPC message -32600, a line over maxMessage bytes -32600;
//   - a call whose id is still in flight gets -32600 (the SDK would
//     answer one of the two, or end the session), and so does a request
//     whose id is null, has a fraction or is 2^53 or more (idProblem);
//   - with maxInFlight calls unanswered or their answers not yet written
//     out, no further line is read until one is;
//   - a batch is split into its messages and answered in one array, or
//     refused as a whole (-32600) when it is empty or holds more than
//     maxBatch messages, holds a message that
//     does not decode, repeats an id or reuses one in flight, arrives
//     while an initialize is unanswered, or the protocol the initialize
//     result named (2025-06-18 and later) has no batches.
//
// When the input ends it waits (drainTimeout at most) until every call it
// handed on has been answered, so a client that closes stdin right after
// a request still gets the response.
type stdioConn struct {
	lines <-chan frame
	log   *slog.Logger
	// queue holds the rest of a batch; only Read uses it.
	queue []jsonrpc.Message

	outMu sync.Mutex // serialises writes: one message a Write call
	out   io.Writer

	mu       sync.Mutex
	version  string              // the protocol version the initialize result named
	initID   jsonrpc.ID          // the initialize call in flight, if valid
	inflight map[jsonrpc.ID]bool // calls handed on and not yet answered
	writing  int                 // answers being written
	batches  map[jsonrpc.ID]*batch
	changed  chan struct{} // closed and replaced when inflight or writing shrink

	closeOnce sync.Once
	closed    chan struct{}
}

// frame is a line of input without its line end, or the error that ended
// the input. last marks a line the input ended in (no line end after it).
type frame struct {
	line []byte
	last bool
	err  error
}

func newStdioConn(r io.Reader, w io.Writer, log *slog.Logger) *stdioConn {
	lines := make(chan frame)
	c := &stdioConn{lines: lines, log: log, out: w, inflight: map[jsonrpc.ID]bool{},
		batches: map[jsonrpc.ID]*batch{}, changed: make(chan struct{}), closed: make(chan struct{})}
	// Reading happens on a goroutine of its own so that Close unblocks
	// Read, as mcp.Connection requires; like the SDK's transport it ends
	// only when r does.
	go c.readLines(r, lines)
	return c
}

// SessionID implements mcp.Connection: stdio has no session id.
func (c *stdioConn) SessionID() string { return "" }

// Close implements mcp.Connection. It ends a drain in progress; r is left
// open (stdin is the process's).
func (c *stdioConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// readLines sends the lines of r, then the error that ended it.
func (c *stdioConn) readLines(r io.Reader, lines chan<- frame) {
	in := bufio.NewReaderSize(r, 64<<10)
	send := func(f frame) bool {
		select {
		case lines <- f:
			return true
		case <-c.closed:
			return false
		}
	}
	for {
		line, err := c.readLine(in)
		if len(line) > 0 && !send(frame{line: line, last: err != nil}) {
			return
		}
		if err != nil {
			send(frame{err: err})
			return
		}
	}
}

// readLine returns the next line without its line end; a line over
// maxMessage is answered with an error and skipped.
func (c *stdioConn) readLine(in *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := in.ReadSlice('\n')
		if len(line)+len(chunk) > maxMessage {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = in.ReadSlice('\n')
			}
			c.refuse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, fmt.Sprintf("message longer than %d bytes: skipped", maxMessage))
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

// Read implements mcp.Connection: the next message the SDK can handle.
func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		if len(c.queue) > 0 {
			msg := c.queue[0]
			c.queue = c.queue[1:]
			return msg, nil
		}
		if err := c.waitRoom(ctx); err != nil {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		case f := <-c.lines:
			if f.err != nil {
				if errors.Is(f.err, io.EOF) {
					c.drain()
				}
				return nil, f.err
			}
			c.queue = c.admit(f.line, f.last)
		}
	}
}

// waitRoom waits until fewer than maxInFlight calls are unanswered or
// their answers still being written.
func (c *stdioConn) waitRoom(ctx context.Context) error {
	for {
		c.mu.Lock()
		n, changed := len(c.inflight)+c.writing, c.changed
		c.mu.Unlock()
		if n < maxInFlight {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		case <-c.closed:
			return io.EOF
		}
	}
}

// admit decodes a line: the messages to hand on (none when the line is
// answered here).
func (c *stdioConn) admit(line []byte, last bool) []jsonrpc.Message {
	if line[0] == '[' {
		return c.admitBatch(line, last)
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		c.refuseLine(line, last, "", err)
		return nil
	}
	if req, ok := msg.(*jsonrpc.Request); ok {
		if why := idProblem(req, line); why != "" {
			c.refuse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request: "+why)
			return nil
		}
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		if why := c.track([]*jsonrpc.Request{req}, nil); why != "" {
			c.refuse(req.ID, jsonrpc.CodeInvalidRequest, "invalid request: "+why)
			return nil
		}
	}
	return []jsonrpc.Message{msg}
}

// track records calls as in flight (and bt as the batch they arrived in),
// or says why they cannot be: an id already in flight.
func (c *stdioConn) track(calls []*jsonrpc.Request, bt *batch) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, r := range calls {
		if c.inflight[r.ID] {
			return "id " + showID(r.ID) + " is already used by a request not yet answered; use a new id"
		}
	}
	for _, r := range calls {
		c.inflight[r.ID] = true
		if r.Method == "initialize" {
			c.initID = r.ID
		}
		if bt != nil {
			c.batches[r.ID] = bt
		}
	}
	return ""
}

// refuseLine answers a line that does not decode: -32700 when it is not
// JSON, -32600 when it is JSON but not a message. For the latter the id is
// looked for once more, so that the client learns which request failed.
func (c *stdioConn) refuseLine(line []byte, last bool, where string, err error) {
	if !json.Valid(line) {
		msg := "parse error: the line is not JSON; send one JSON-RPC message per line"
		if last {
			msg = "parse error: input ended in the middle of a message"
		}
		c.refuse(jsonrpc.ID{}, jsonrpc.CodeParseError, msg)
		return
	}
	c.refuse(idOf(line), jsonrpc.CodeInvalidRequest, "invalid request"+where+": "+err.Error())
}

// idOf returns the id of a message that did not decode as one, when it
// has a string or integer id.
func idOf(raw []byte) jsonrpc.ID {
	var m struct {
		ID any `json:"id"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return jsonrpc.ID{}
	}
	if f, ok := m.ID.(float64); ok && f != float64(int64(f)) {
		return jsonrpc.ID{}
	}
	id, err := jsonrpc.MakeID(m.ID)
	if err != nil {
		return jsonrpc.ID{}
	}
	return id
}

// showID renders an id for a message.
func showID(id jsonrpc.ID) string {
	if s, ok := id.Raw().(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(id.Raw())
}

// drain waits until every call handed on has been answered, the
// connection closes, or drainTimeout passes.
func (c *stdioConn) drain() {
	deadline := time.After(drainTimeout)
	for {
		c.mu.Lock()
		n, changed := len(c.inflight)+c.writing, c.changed
		c.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-changed:
		case <-c.closed:
			return
		case <-deadline:
			c.log.Warn(fmt.Sprintf("stdin closed; %d requests still unanswered after %s", n, drainTimeout))
			return
		}
	}
}
