package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Write implements mcp.Connection: one message a line. An answer frees its
// id for reuse before it goes out (the client may send its next line as
// soon as it reads this one); the answers to a batch go out together; the
// initialize result tells the protocol version, which decides whether
// batches exist.
func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	resp, ok := msg.(*jsonrpc.Response)
	if !ok {
		b, err := jsonrpc.EncodeMessage(msg)
		if err != nil {
			return err
		}
		return c.writeLine(b)
	}
	c.mu.Lock()
	if c.initID.IsValid() && resp.ID == c.initID {
		c.initID = jsonrpc.ID{}
		if resp.Error == nil {
			c.version = protocolVersionOf(resp.Result)
		}
	}
	delete(c.inflight, resp.ID)
	answers := []*jsonrpc.Response{resp}
	bt := c.batches[resp.ID]
	if bt != nil {
		delete(c.batches, resp.ID)
		if !bt.put(resp) {
			c.signal()
			c.mu.Unlock()
			return nil
		}
		answers = bt.answers
	}
	c.writing++
	c.mu.Unlock()

	err := c.writeLine(c.encode(answers, bt != nil))
	c.mu.Lock()
	c.writing--
	c.signal()
	c.mu.Unlock()
	return err
}

// signal wakes a drain; c.mu must be held.
func (c *stdioConn) signal() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// encode renders answers, as an array when batch is set. An answer that
// does not encode is replaced by an internal error for its id.
func (c *stdioConn) encode(answers []*jsonrpc.Response, batch bool) []byte {
	raws := make([]json.RawMessage, len(answers))
	for i, r := range answers {
		b, err := jsonrpc.EncodeMessage(r)
		if err != nil {
			c.log.Error("an answer does not encode as JSON; sent an internal error instead", "id", showID(r.ID), "error", err)
			b = errorLine(r.ID, jsonrpc.CodeInternalError, "internal error: the answer could not be encoded; the session goes on")
		}
		raws[i] = b
	}
	if !batch {
		return raws[0]
	}
	b, _ := json.Marshal(raws)
	return b
}

// refuse answers a message the SDK never sees.
func (c *stdioConn) refuse(id jsonrpc.ID, code int64, msg string) {
	c.log.Warn("stdin: " + msg)
	_ = c.writeLine(errorLine(id, code, msg))
}

// errorLine is a JSON-RPC error response; an invalid id is written as
// null, as JSON-RPC asks for a message whose id could not be read.
func errorLine(id jsonrpc.ID, code int64, msg string) []byte {
	b, _ := json.Marshal(struct {
		JSONRPC string        `json:"jsonrpc"`
		ID      any           `json:"id"`
		Error   jsonrpc.Error `json:"error"`
	}{"2.0", id.Raw(), jsonrpc.Error{Code: code, Message: msg}})
	return b
}

// writeLine writes b and a line end in one call.
func (c *stdioConn) writeLine(b []byte) error {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	_, err := c.out.Write(append(b, '\n'))
	return err
}

// protocolVersionOf reads the protocol version of an initialize result.
func protocolVersionOf(result json.RawMessage) string {
	var r struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(result, &r)
	return r.ProtocolVersion
}
