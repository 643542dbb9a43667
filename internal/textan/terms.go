package textan

// A Term is an index term and the position of the word it comes from
// (Token.Pos).
type Term struct {
	Term string
	Pos  int
}

// English returns the English terms of text as the catalog indexes its
// routing fields: the text folded to ASCII (Fold), cut into words
// (Words), each word's EnglishTerm; stop words are dropped, positions
// kept.
func English(text string) []Term { return EnglishUnfolded(Fold(text)) }

// EnglishUnfolded returns the English terms of text without folding it
// first (as the catalog indexes bodies: "Prüfung" keeps its ü).
func EnglishUnfolded(text string) []Term {
	var out []Term
	Words(text, func(t Token) {
		if e := EnglishTerm(t.Text); e != "" {
			out = append(out, Term{e, t.Pos})
		}
	})
	return out
}

// German returns the German terms of text: each word's GermanTerms (a
// compound's head after the word, at its position); stop words are
// dropped.
func (c *Compounds) German(text string) []Term {
	var out []Term
	Words(text, func(t Token) {
		for _, g := range c.GermanTerms(t.Text) {
			out = append(out, Term{g, t.Pos})
		}
	})
	return out
}
