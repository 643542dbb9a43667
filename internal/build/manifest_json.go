package build

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

// manifestEntries keeps, between the builds of a session, the JSON of
// every manual's entry of manifest.json by the entry itself: an entry
// equal to the last build's is not encoded again. At 10,000 manuals the
// manifest is 10 MB, and encoding and indenting it whole was a fifth of a
// second of every rebuild for the one entry an edit changes. The bytes
// are json.MarshalIndent's of the whole manifest (TestManifestJSON).
type manifestEntries struct {
	mu   sync.Mutex
	last map[string]manifestEntry // by the manual's path
}

type manifestEntry struct {
	m    ManifestManual
	json []byte // indented as an element of the manifest's manuals
}

// manualsKey is how the manifest's manuals begin once it is indented,
// when they are none (marshal).
const manualsKey = "\n  \"manuals\": [],\n"

// marshal returns mf as json.MarshalIndent(mf, "", "  ") does, and a
// newline. The manuals' entries are those kept when equal (e may be nil:
// every entry is encoded, nothing kept).
func (e *manifestEntries) marshal(mf *Manifest) ([]byte, error) {
	manuals := mf.Manuals
	shell := *mf
	shell.Manuals = []ManifestManual{}
	head, err := json.MarshalIndent(&shell, "", "  ")
	if err != nil {
		return nil, err
	}
	if len(manuals) == 0 {
		return append(head, '\n'), nil
	}
	i := bytes.Index(head, []byte(manualsKey))
	if i < 0 || bytes.Contains(head[i+1:], []byte(manualsKey)) {
		return nil, fmt.Errorf("manifest.json: the manuals' place is not found once")
	}
	if e == nil {
		// Nothing kept: the entries go straight into the manifest.
		out := make([]byte, 0, len(head)+len(manuals)<<10) // about 1 KiB an entry
		out = append(out, head[:i]...)
		out = append(out, "\n  \"manuals\": [\n"...)
		for j := range manuals {
			if j > 0 {
				out = append(out, ",\n"...)
			}
			out = appendManifestManual(out, &manuals[j])
		}
		out = append(out, "\n  ],\n"...)
		out = append(out, head[i+len(manualsKey):]...)
		return append(out, '\n'), nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	last := e.last
	next := make(map[string]manifestEntry, len(manuals))
	parts := make([][]byte, len(manuals))
	size := len(head)
	for j, m := range manuals {
		if k, ok := last[m.Path]; ok && sameManifestManual(k.m, m) {
			parts[j] = k.json
		} else {
			parts[j] = appendManifestManual(nil, &m)
		}
		next[m.Path] = manifestEntry{m: m, json: parts[j]}
		size += len(parts[j]) + 2
	}
	out := make([]byte, 0, size+16)
	out = append(out, head[:i]...)
	out = append(out, "\n  \"manuals\": [\n"...)
	for j, p := range parts {
		if j > 0 {
			out = append(out, ",\n"...)
		}
		out = append(out, p...)
	}
	out = append(out, "\n  ],\n"...)
	out = append(out, head[i+len(manualsKey):]...)
	e.last = next
	return append(out, '\n'), nil
}

// sameManifestManual reports whether two entries are equal, field for
// field.
func sameManifestManual(a, b ManifestManual) bool {
	return a.Name == b.Name && a.Path == b.Path && a.URL == b.URL && a.Dialect == b.Dialect && a.Audience == b.Audience &&
		sameStrings(a.Triggers, b.Triggers) && a.Summary == b.Summary && sameStrings(a.RequiresTools, b.RequiresTools) &&
		a.Lines == b.Lines && a.Bytes == b.Bytes && a.Tokens == b.Tokens && a.SHA256 == b.SHA256 && a.Source == b.Source &&
		sameStrings(a.References, b.References) && sameStrings(a.ReferencedBy, b.ReferencedBy) && sameStrings(a.Recipes, b.Recipes)
}

// sameStrings reports whether a and b encode alike: equal, and both nil
// (null) or neither.
func sameStrings(a, b []string) bool { return (a == nil) == (b == nil) && slices.Equal(a, b) }
