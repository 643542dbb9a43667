package diag

import (
	"regexp"
	"strconv"
	"strings"
)

// yamlParserProblems are the problems the YAML parsers (yaml.v2 and
// yaml.v3, not their scanners) report. For these the libraries print the
// 0-based line of the mark as "line N", one less than the line meant.
var yamlParserProblems = []string{
	"did not find expected <stream-start>",
	"did not find expected <document start>",
	"did not find expected node content",
	"did not find expected key",
	"did not find expected '-' indicator",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"found duplicate %TAG directive",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found undefined tag handle",
}

var typeErrorLineRE = regexp.MustCompile(`\bline (\d+):`)

// YAMLError splits the error of a YAML decoder (gopkg.in/yaml.v3 or
// yaml.v2) into the 1-based line of the YAML text it points at and the
// message without its "yaml: line N:" prefix. The libraries print scanner
// errors with 1-based lines, parser errors with 0-based ones and errors on
// the first line without any; all three become the 1-based line. An error
// of the decoder about aliases (an unknown anchor) names no line: line 0.
func YAMLError(err error) (line int, msg string) {
	msg = strings.TrimPrefix(err.Error(), "yaml: ")
	line = 1
	if strings.Contains(msg, "anchor") || strings.Contains(msg, "aliasing") {
		line = 0 // the decoder's errors about aliases name no line
	}
	rest, ok := strings.CutPrefix(msg, "line ")
	if !ok {
		// Type errors ("unmarshal errors:\n  line 2: cannot unmarshal …")
		// carry the 1-based line of the node.
		if sm := typeErrorLineRE.FindStringSubmatch(msg); sm != nil {
			if l, e := strconv.Atoi(sm[1]); e == nil && l > 0 {
				line = l
			}
		}
		return line, msg
	}
	num, text, ok := strings.Cut(rest, ":")
	l, e := strconv.Atoi(num)
	if !ok || e != nil || l < 1 {
		return line, msg
	}
	msg = strings.TrimSpace(text)
	line = l
	for _, p := range yamlParserProblems {
		if strings.HasPrefix(msg, p) {
			line++
			break
		}
	}
	return line, msg
}
