package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// maxBody bounds one LSP message; a longer one is skipped and answered
// with an error.
const maxBody = 64 << 20

// maxHeaderLine bounds one header line.
const maxHeaderLine = 4096

// stream is the LSP base protocol (Content-Length framing) as a
// jsonrpc2.ObjectStream that never ends the connection on what a client
// sends: sourcegraph/jsonrpc2 v0.2.3 closes the connection on the first
// frame it cannot read or decode (a body that is not JSON, a batch, an id
// it cannot hold, a header without Content-Length, LF-only line ends),
// and lore lsp exited 0 without a word. Here such a frame is answered
// with a JSON-RPC error (id null unless the id can be read), the bytes
// up to the next header are skipped, and the next message is served.
type stream struct {
	r      *bufio.Reader
	closer io.Closer

	mu sync.Mutex // one message a write
	w  io.Writer
}

func newStream(rw io.ReadWriteCloser) *stream {
	return &stream{r: bufio.NewReaderSize(rw, maxHeaderLine), closer: rw, w: rw}
}

// WriteObject implements jsonrpc2.ObjectStream.
func (s *stream) WriteObject(obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err = s.w.Write(append(fmt.Appendf(nil, "Content-Length: %d\r\n\r\n", len(data)), data...))
	return err
}

// Close implements jsonrpc2.ObjectStream.
func (s *stream) Close() error { return s.closer.Close() }

// ReadObject implements jsonrpc2.ObjectStream: it stores the next message
// that decodes into v, answering those that do not. It fails only when
// the input fails (io.EOF when it ends).
func (s *stream) ReadObject(v any) error {
	for {
		body, problem, err := s.readFrame()
		if err != nil {
			return err
		}
		if problem != "" {
			s.refuse(nil, -32700, "lore lsp: "+problem)
		}
		if body == nil {
			continue
		}
		// Decode into a fresh value: a decoding that fails half way
		// must leave nothing in v for the next message.
		fresh := reflect.New(reflect.TypeOf(v).Elem())
		if err := json.Unmarshal(body, fresh.Interface()); err != nil {
			if !json.Valid(body) {
				s.refuse(nil, -32700, "lore lsp: parse error: the message is not JSON: "+err.Error())
			} else {
				s.refuse(bodyID(body), -32600, "lore lsp: invalid request: "+err.Error()+"; send one JSON-RPC request or notification per message, with a string or non-negative integer id")
			}
			continue
		}
		if why := idProblem(body); why != "" {
			s.refuse(nil, -32600, "lore lsp: invalid request: "+why)
			continue
		}
		reflect.ValueOf(v).Elem().Set(fresh.Elem())
		return nil
	}
}

// refuse answers a message the connection never sees.
func (s *stream) refuse(id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	_ = s.WriteObject(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg}})
}

// bodyID returns the id of a message that did not decode, when it is one
// the transport can answer under (a string or a non-negative integer).
func bodyID(body []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	var s string
	if json.Unmarshal(m.ID, &s) == nil {
		return m.ID
	}
	var n uint64
	if json.Unmarshal(m.ID, &n) == nil {
		return m.ID
	}
	return nil
}

// idProblem says what is wrong with the id of a request the transport
// decoded, or "": a null id would make it a notification (no answer), a
// negative one is answered under another id (-1 as 2^64-1).
func idProblem(body []byte) string {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	if json.Unmarshal(body, &m) != nil || m.Method == nil || len(m.ID) == 0 {
		return ""
	}
	switch {
	case string(m.ID) == "null":
		return "the id is null: a request needs a string or integer id, and a notification has no id member"
	case m.ID[0] == '-':
		return "the id " + string(m.ID) + " is negative: use a non-negative integer or a string"
	}
	return ""
}

// readFrame reads the next message: its body, or nil with a problem to
// answer when the frame is broken. Lines end at CRLF or LF; header names
// are case-insensitive; bytes that are no header (the rest of a broken
// message) are skipped up to the next Content-Length header.
func (s *stream) readFrame() (body []byte, problem string, err error) {
	length, junk, headers := int64(-1), false, false
	for {
		line, long, err := s.readLine()
		if err != nil {
			if errors.Is(err, io.EOF) && (junk || headers) {
				return nil, "input ended inside a message header", nil
			}
			return nil, "", err
		}
		switch {
		case long:
			junk = true
		case line == "":
			if length >= 0 {
				return s.readBody(length, junk)
			}
			if junk || headers {
				return nil, "a message header without a valid Content-Length: skipped up to the next header", nil
			}
		default:
			i := indexASCIIFold(line, "content-length:")
			if i < 0 {
				if name, _, ok := strings.Cut(line, ":"); ok && name != "" && !strings.ContainsAny(name, " \t{}[]\"") {
					headers = true // another header (Content-Type): ignored
				} else {
					junk = true
				}
				continue
			}
			junk = junk || i > 0
			headers = true
			n, perr := strconv.ParseInt(strings.TrimSpace(line[i+len("content-length:"):]), 10, 64)
			if perr != nil || n < 0 {
				length, junk = -1, true
				continue
			}
			length = n
		}
	}
}

// indexASCIIFold is the byte offset of the first occurrence of lower (in
// lowercase ASCII) in s, ignoring ASCII case, or -1. Unlike lowering s
// first it keeps offsets of s: strings.ToLower turns an invalid byte into
// three.
func indexASCIIFold(s, lower string) int {
	for i := 0; i+len(lower) <= len(s); i++ {
		j := 0
		for ; j < len(lower); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lower[j] {
				break
			}
		}
		if j == len(lower) {
			return i
		}
	}
	return -1
}

// readBody reads a body of n bytes; one over maxBody is skipped.
func (s *stream) readBody(n int64, junk bool) ([]byte, string, error) {
	problem := ""
	if junk {
		problem = "bytes that are no message header were skipped"
	}
	if n > maxBody {
		if _, err := io.CopyN(io.Discard, s.r, n); err != nil {
			return nil, "", err
		}
		return nil, fmt.Sprintf("a message of %d bytes was skipped; at most %d bytes a message", n, maxBody), nil
	}
	// Read what arrives rather than allocate what the header claims.
	b, err := io.ReadAll(io.LimitReader(s.r, n))
	if err != nil {
		return nil, "", err
	}
	if int64(len(b)) < n {
		return nil, "input ended inside a message body", nil
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, "an empty message (Content-Length: " + strconv.FormatInt(n, 10) + ")", nil
	}
	return b, problem, nil
}

// readLine reads one header line without its line end; long reports a
// line over maxHeaderLine, which is skipped.
func (s *stream) readLine() (line string, long bool, err error) {
	b, err := s.r.ReadSlice('\n')
	for errors.Is(err, bufio.ErrBufferFull) {
		long = true
		_, err = s.r.ReadSlice('\n')
	}
	if err != nil {
		return "", long, err
	}
	if long {
		return "", true, nil
	}
	return strings.TrimRight(string(b), "\r\n"), false, nil
}
