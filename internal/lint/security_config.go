package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
)

// configText returns lore.yaml as security/injection reads it: the
// values a model is shown (the tool inventory's descriptions, recipe
// parameters rendered into prompts), with each comment blanked to spaces
// so that offsets stay those of the file. nil without a lore.yaml read
// through the input's file system, or when the run reports elsewhere.
func configText(in *Input) *scanText {
	if in.Config == nil || in.Config.File == "" || in.FS == nil || in.Report != nil && !in.Report(in.Config.File) {
		return nil
	}
	src, _, err := readText(in.FS, in.Config.File, false)
	if err != nil || src == nil {
		return nil
	}
	src = blankYAMLComments(src)
	return &scanText{path: in.Config.File, src: src, kind: scan.Markdown, lines: diag.NewLines(src)}
}

// blankYAMLComments returns src with each YAML comment (a # at a line's
// start or after a blank, outside quotes) replaced by spaces up to the
// line's end; src is not changed.
func blankYAMLComments(src []byte) []byte {
	out := make([]byte, len(src))
	copy(out, src)
	var quote byte
	comment := false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case c == '\n':
			quote, comment = 0, false
		case comment:
			out[i] = ' '
		case quote != 0:
			if c == '\'' && quote == c && i+1 < len(out) && out[i+1] == '\'' {
				i++ // '' inside single quotes is a quote
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || out[i-1] == ' ' || out[i-1] == ':' || out[i-1] == '[' || out[i-1] == '{' || out[i-1] == ',' {
				quote = c
			}
		case c == '#' && (i == 0 || out[i-1] == ' ' || out[i-1] == '\t' || out[i-1] == '\n'):
			comment = true
			out[i] = ' '
		}
	}
	return out
}
