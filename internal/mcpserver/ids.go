package mcpserver

import (
	"encoding/json"
	"math"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// maxExactID is the largest integer id the SDK keeps exactly: it decodes
// ids through float64.
const maxExactID = 1 << 53

// idProblem says what is wrong with the id of req, decoded from raw, or ""
// when nothing is. MCP ids are strings or integers and never null; the SDK
// decodes a number through float64 and truncates it, so an id with a
// fraction (1.5) or from 2^53 on would be answered under another id (1,
// 9007199254740992), and a request with a null id would get no answer at
// all, as if it were a notification. Integer values written otherwise
// (1.0, 1e2) are the integers they denote.
func idProblem(req *jsonrpc.Request, raw []byte) string {
	if _, isString := req.ID.Raw().(string); isString {
		return ""
	}
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(raw, &m) != nil || len(m.ID) == 0 {
		return "" // no id: a notification
	}
	if string(m.ID) == "null" {
		return "the id is null: a request needs a string or integer id, and a notification has no id member"
	}
	var f float64
	if json.Unmarshal(m.ID, &f) != nil {
		return ""
	}
	switch {
	case f != math.Trunc(f):
		return "the id " + clip(string(m.ID)) + " is not an integer: use a string or an integer id"
	case math.Abs(f) >= maxExactID:
		return "the id " + clip(string(m.ID)) + " is 2^53 or beyond, where the answer could carry another id: use a smaller integer or a string"
	}
	return ""
}
