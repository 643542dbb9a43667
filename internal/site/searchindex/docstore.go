package searchindex

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode"
)

// A document chunk (d/<n>.json) holds the records of DocsPerChunk
// consecutive documents, as JSON arrays:
//
//	[url, name, title, summary, audience, [requiresTools…]]
//
// The browser loads only the chunks of the results it shows.

// encodeDocChunks returns the chunk files of docs in order.
func encodeDocChunks(docs []Document, perChunk, summaryRunes int) ([][]byte, error) {
	var out [][]byte
	for start := 0; start < len(docs); start += perChunk {
		end := min(start+perChunk, len(docs))
		recs := make([][]any, 0, end-start)
		for _, d := range docs[start:end] {
			tools := d.RequiresTools
			if tools == nil {
				tools = []string{}
			}
			recs = append(recs, []any{d.URL, d.Name, d.Title, shorten(d.Summary, summaryRunes), d.Audience, tools})
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		if err := enc.Encode(recs); err != nil {
			return nil, err
		}
		out = append(out, bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	}
	return out, nil
}

// shorten cuts s to at most n runes at a word boundary, marking the cut
// with an ellipsis.
func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n - 1
	for i := cut; i > n/2; i-- {
		if unicode.IsSpace(r[i]) {
			cut = i
			break
		}
	}
	return strings.TrimRightFunc(string(r[:cut]), unicode.IsSpace) + "…"
}
