package main

import (
	"io"

	"github.com/lorekit/lore/internal/diag"
)

// writeContent writes text taken from the project's files (a manual, a
// baked prompt, a diff of them) to w. On a terminal, control characters
// other than line ends and tabs are shown as escapes (diag.PrintableText),
// so a manual cannot clear the screen, retitle the window or overwrite the
// lines before it; piped or redirected, the bytes are written as they are.
func writeContent(w io.Writer, text string) error {
	if isTerminal(w) {
		text = diag.PrintableText(text)
	}
	_, err := io.WriteString(w, text)
	return err
}
