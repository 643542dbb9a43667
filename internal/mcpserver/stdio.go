package mcpserver

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxMessage bounds one JSON-RPC line on stdio (the SDK's default).
const maxMessage = mcp.DefaultMaxLineLength

// drainTimeout bounds how long the server waits, after stdin ends, for
// the answers to requests it already read.
const drainTimeout = 10 * time.Second

// maxInFlight bounds the calls being answered at once: with that many
// unanswered, the server reads no further line until one is answered. A
// client that sends faster than it reads the answers is slowed down
// instead of making the server hold every answer (a read of a 16 MiB
// skill file is 16 MiB and more per answer).
const maxInFlight = 8

// maxBatch bounds the messages of one JSON-RPC batch, whose answers are
// held until the last is ready.
const maxBatch = maxInFlight

// noBatches is the first protocol version without JSON-RPC batches.
const noBatches = "2025-06-18"

// ServeStdio serves one client over newline-delimited JSON-RPC on r and
// w until r ends or ctx is done. Lines that are not JSON-RPC messages are
// answered with a protocol error and the session goes on; when r ends, the
// requests already read are answered before ServeStdio returns.
func (s *Server) ServeStdio(ctx context.Context, r io.Reader, w io.Writer) error {
	err := s.mcp.Run(ctx, s.extended(&stdioTransport{r: r, w: w, log: s.log}))
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, mcp.ErrConnectionClosed) {
		return nil
	}
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// stdioTransport is newline-delimited JSON-RPC over a reader and a writer:
// the framing of the SDK's mcp.IOTransport, with the guarantees a server
// facing any client needs and the SDK's transport does not give (go-sdk
// v1.8.0 ends the session on the first line it cannot decode, on a batch
// under protocol 2025-06-18 or later, on a batch that repeats an id and
// on a batch reusing the id of a request in flight, and it drops the
// requests in flight when its input ends). See stdioConn.
type stdioTransport struct {
	r   io.Reader
	w   io.Writer
	log *slog.Logger
}

// Connect implements mcp.Transport.
func (t *stdioTransport) Connect(context.Context) (mcp.Connection, error) {
	return newStdioConn(t.r, t.w, t.log), nil
}
