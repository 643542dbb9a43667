package mcpserver

import (
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// batch collects the answers to the calls of one JSON-RPC batch, which go
// out together as one array once the last is in.
type batch struct {
	order   map[jsonrpc.ID]int
	answers []*jsonrpc.Response
	left    int
}

// put records an answer and reports whether the batch is complete.
func (b *batch) put(r *jsonrpc.Response) bool {
	b.answers[b.order[r.ID]] = r
	b.left--
	return b.left == 0
}

// admitBatch splits a batch line into its messages (each decoded once),
// or answers the line when the batch cannot be handed on as a whole.
func (c *stdioConn) admitBatch(line []byte, last bool) []jsonrpc.Message {
	c.mu.Lock()
	v, initBusy := c.version, c.initID.IsValid()
	c.mu.Unlock()
	switch {
	case v >= noBatches:
		c.refuse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: protocol %s has no JSON-RPC batches; send one message per line", v))
		return nil
	case initBusy:
		// The initialize result decides whether batches exist at all.
		c.refuse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request: a batch before initialize was answered; wait for the initialize result")
		return nil
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(line, &raws); err != nil {
		c.refuseLine(line, last, " (a batch)", err)
		return nil
	}
	if len(raws) == 0 {
		c.refuse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request: an empty batch")
		return nil
	}
	if len(raws) > maxBatch {
		c.refuse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: a batch of %d messages; send at most %d in one batch, or one message per line", len(raws), maxBatch))
		return nil
	}
	msgs := make([]jsonrpc.Message, 0, len(raws))
	var calls []*jsonrpc.Request
	seen := map[jsonrpc.ID]bool{}
	for _, raw := range raws {
		msg, err := jsonrpc.DecodeMessage(raw)
		if err != nil {
			c.refuse(idOf(raw), jsonrpc.CodeInvalidRequest, "invalid request in a batch: "+err.Error())
			return nil
		}
		if req, ok := msg.(*jsonrpc.Request); ok {
			if why := idProblem(req, raw); why != "" {
				c.refuse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request in a batch: "+why)
				return nil
			}
		}
		if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
			if seen[req.ID] {
				c.refuse(req.ID, jsonrpc.CodeInvalidRequest, "invalid request in a batch: the batch uses id "+showID(req.ID)+" twice")
				return nil
			}
			seen[req.ID] = true
			calls = append(calls, req)
		}
		msgs = append(msgs, msg)
	}
	var bt *batch
	if len(calls) > 0 {
		bt = &batch{order: map[jsonrpc.ID]int{}, answers: make([]*jsonrpc.Response, len(calls)), left: len(calls)}
		for i, r := range calls {
			bt.order[r.ID] = i
		}
	}
	if why := c.track(calls, bt); why != "" {
		c.refuse(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "invalid request in a batch: "+why)
		return nil
	}
	return msgs
}
