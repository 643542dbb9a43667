package scan

import (
	"bytes"
)

// A transcript labels each turn with its role: "System: …", "User: …",
// "Assistant: …". A line of a manual's prose that starts with the label
// of the system turn and speaks to the model ("### System: The assistant
// must comply …", "SYSTEM OVERRIDE: you are now …") imitates a system
// message inside the text the model reads. A label on a line of code, or
// one that names a machine ("System: macOS 13"), is not reported.

var (
	// roleLabelRE is the label at a line's start, after Markdown's marks
	// (a heading, a quote, a list item, emphasis, a bracket).
	roleLabelRE = lazyRegexp(`(?i)^[ \t]{0,3}(?:[#>*_+\-]+[ \t]*)*\[?(?:system|developer|admin)(?:[ \t]+(?:message|prompt|override|instructions?|notice|note|update))?\]?[*_]*[ \t]*[:\]][*_]*[ \t]*(\S.*)$`)
	// modelWordsRE is what the text after a label says to the model.
	modelWordsRE = lazyRegexp(`(?i)\b(?:you are|you're|you must|you will|you should|you may now|your (?:new |real |true )?(?:instructions|rules|task|role|guidelines|prompt)|the (?:assistant|model|ai|agent|llm)|assistant|language model|ignore|disregard|override|comply|obey|safety|guardrails?|jailbr\w*|unrestricted)\b`)
)

// roleLabels appends the role labels in the prose src[off:end] (a
// segment of the file), outside the code spans code, to hits.
func roleLabels(hits []Hit, src []byte, off, end int, code [][2]int) []Hit {
	for ls := off; ls < end; {
		le := bytes.IndexByte(src[ls:end], '\n')
		if le < 0 {
			le = end
		} else {
			le += ls
		}
		line := src[ls:le]
		if len(hits) < maxRoleMarkerHits && len(line) < maxLabelLine && bytes.ContainsAny(line, ":]") {
			if m := roleLabelRE.FindSubmatchIndex(line); m != nil && !inSpans(code, ls) && modelWordsRE.Match(line[m[2]:m[3]]) {
				hits = append(hits, Hit{Off: ls, End: le, What: "text that imitates the label of a system turn (System: …): " +
					"a model may read what follows as a message of its system prompt"})
			}
		}
		ls = le + 1
	}
	return hits
}

// maxLabelLine bounds the lines read for a label: the patterns are
// linear, but a label line is short.
const maxLabelLine = 4096
