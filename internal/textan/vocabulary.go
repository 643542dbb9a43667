package textan

import (
	"fmt"
	"strings"
)

// A vocabulary text has the form of lore's glossary: one entry a line,
// `word, word: rendering, rendering`, # comments. Each entry joins both of
// lore's word lists: as a German word (normalised and stemmed, split in
// compounds, like glossary_de_en.txt) and as an English word whose
// renderings are related terms (like thesaurus_en.txt), so one file serves
// German words for English manuals (Abrechnung: billing) and a team's
// jargon (k8s: kubernetes).

// CheckVocabulary reports the first line of a vocabulary text that is not
// an entry: its number and what is wrong (0, "" when every line is an
// entry, a comment or blank).
func CheckVocabulary(text string) (int, string) {
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		switch {
		case !ok:
			return i + 1, "an entry is `word, word: rendering, rendering`; this line has no colon (start a comment with #)"
		case strings.Trim(k, " ,\t") == "":
			return i + 1, "the entry names no word before the colon"
		case strings.Trim(v, " ,\t") == "":
			return i + 1, fmt.Sprintf("the entry %q has no rendering after the colon", strings.TrimSpace(k))
		}
	}
	return 0, ""
}
