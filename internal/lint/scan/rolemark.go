package scan

import (
	"bytes"
	"sort"
	"strings"
)

// A manual reaches the model inside a turn of the conversation (a tool's
// result, a system message). Text that imitates the markers a chat
// template puts between turns — <|im_start|>system, [INST] <<SYS>>,
// <|start_header_id|>, </tool_result><system> — tries to end that turn and
// open one of its own, with a role the manual does not have. No manual
// needs them in its prose; one that explains a chat template shows them
// in a code block or a code span.

// specialTokens are the turn markers of the common chat templates (ChatML,
// Llama 2 and 3, Gemma, Phi, gpt-oss), as their templates write them;
// they are found in any case.
var specialTokens = []string{"<|im_start|>", "<|im_end|>", "<|im_sep|>", "<|system|>", "<|user|>", "<|assistant|>",
	"<|endoftext|>", "<|begin_of_text|>", "<|start_header_id|>", "<|end_header_id|>", "<|eot_id|>", "<|start|>",
	"<|end|>", "<|channel|>", "<|message|>", "<|return|>", "[INST]", "[/INST]", "<<SYS>>", "<</SYS>>",
	"<start_of_turn>", "<end_of_turn>"}

// roleTags are the names of the tags that wrap a system prompt or a tool's
// result; a closing one ends the wrapper the manual sits in. An opening
// one is reported with its closing one in the same file (alone, <system>
// is as likely a placeholder: "replace <system> with your OS").
var roleTags = []string{"system", "system_prompt", "tool_result", "function_results", "tool_response"}

// RoleMarkers returns the chat-template markers and role tags in the prose
// of src and in its fenced blocks of text, not in code spans or blocks in
// a programming language, and the lines of its prose labelled as the
// system turn (roleLabels). A script is code and is not read.
func RoleMarkers(src []byte, kind Kind) []Hit {
	if kind == Script || !bytes.ContainsAny(src, "<[:") {
		return nil
	}
	var lower []byte // asciiLower(src), made when a segment first needs it
	var hits []Hit
	for _, seg := range Segments(src, kind) {
		if seg.Code && !proseLangs[string(bytes.ToLower([]byte(seg.Lang)))] {
			continue
		}
		var code [][2]int
		if !seg.Code {
			code = CodeSpans(src, seg.Off, seg.End)
			hits = roleLabels(hits, src, seg.Off, seg.End, code)
		}
		if !bytes.ContainsAny(src[seg.Off:seg.End], "<[") {
			continue // every marker starts with one of them
		}
		if lower == nil {
			lower = asciiLower(src) // same length: offsets in it are offsets in src
		}
		text := lower[seg.Off:seg.End]
		for _, t := range tokenMarkers {
			hits = appendMarkers(hits, text, seg.Off, t.key, code, t.what)
		}
		for _, t := range tagMarkers {
			n := len(hits)
			hits = appendMarkers(hits, text, seg.Off, t.closing.key, code, t.closing.what)
			if len(hits) > n || bytes.Contains(lower, t.closing.key) {
				hits = appendMarkers(hits, text, seg.Off, t.opening.key, code, t.opening.what)
			}
		}
	}
	return hits
}

// marker is a marker appendMarkers looks for: its lower-case bytes, and
// what a hit says it imitates.
type marker struct {
	key  []byte
	what string
}

// tokenMarkers are specialTokens as appendMarkers takes them, and
// tagMarkers the closing and opening tags of roleTags: made once, not
// for every segment of every file.
var (
	tokenMarkers = func() []marker {
		out := make([]marker, len(specialTokens))
		for i, t := range specialTokens {
			out[i] = marker{[]byte(strings.ToLower(t)), "a chat template's turn marker " + t}
		}
		return out
	}()
	tagMarkers = func() []struct{ closing, opening marker } {
		out := make([]struct{ closing, opening marker }, len(roleTags))
		for i, name := range roleTags {
			closing, opening := "</"+name+">", "<"+name+">"
			out[i].closing = marker{[]byte(closing), "a closing " + closing + " tag"}
			out[i].opening = marker{[]byte(opening), "an opening " + opening + " tag"}
		}
		return out
	}()
)

// appendMarkers appends a hit for each occurrence of marker in text (the
// lower-case bytes from off of the file) outside the code spans code.
func appendMarkers(hits []Hit, text []byte, off int, m []byte, code [][2]int, what string) []Hit {
	for i := 0; ; {
		k := bytes.Index(text[i:], m)
		if k < 0 {
			return hits
		}
		s := off + i + k
		i += k + len(m)
		if inSpans(code, s) || len(hits) >= maxRoleMarkerHits {
			continue
		}
		hits = append(hits, Hit{Off: s, End: s + len(m), What: "text that imitates " + what +
			": a model may read what follows as a turn of its own (system, user or tool)"})
	}
}

// maxRoleMarkerHits bounds the hits of one file.
const maxRoleMarkerHits = 50

// inSpans reports whether off lies in one of the sorted, disjoint ranges
// spans.
func inSpans(spans [][2]int, off int) bool {
	i := sort.Search(len(spans), func(i int) bool { return spans[i][1] > off })
	return i < len(spans) && spans[i][0] <= off
}

// asciiLower returns src with its ASCII letters in lower case and every
// other byte kept: the markers are ASCII, and bytes.ToLower would change
// the length (İ is two bytes, its lower case three), so that offsets in
// it would not be offsets in src.
func asciiLower(src []byte) []byte {
	out := make([]byte, len(src))
	for i, c := range src {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}
