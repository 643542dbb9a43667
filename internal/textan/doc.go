// Package textan is lore's text analysis, the one chain that both of
// lore's searches run: the how_do_i catalog (internal/search registers
// its functions with bleve as the catalog's tokenizer, character filter
// and token filters, and analyses requests with it) and the site's browser
// search (internal/site/searchindex indexes pages with it and writes its
// data for theme/assets/js/search, which runs the same steps on a query).
//
// The steps: Unicode words (Words); ASCII folding (Fold); English terms:
// possessives, lower case, stop words, Snowball stemming (EnglishTerm);
// German terms: lower case, stop words, umlauts normalised (ä and ae → a,
// ß → ss), light stemming, and a compound's head among the vocabulary's
// words (Compounds); and for requests: separable verbs joined, filler
// words dropped, the language told, German words rendered in English
// through the glossary (in other forms of the word too: passenden →
// passen, Umsetzung → umsetzen, entwirf → entwerfen; a compound by its
// parts), English words related through the thesaurus, German spellings
// of Latin and Greek words written the English way (Cognates), and the
// names a word's symbols spell (SymbolNames: C# → csharp, .NET → dotnet). An
// Analysis holds the vocabulary: lore's glossary_de_en.txt and
// thesaurus_en.txt with a project's vocabulary (lore.yaml vocabulary:)
// added. What needs an index's own vocabulary stays with the index's
// owner: internal/search keeps only the cognates its catalog holds and
// splits compounds at its catalog's English words too (PartRenderings
// gives such a split the glossary's terms of a part).
//
// Key computes the key under which lint and `lore eval` compare triggers.
//
// The package imports the standard library and the Snowball stemmers
// (github.com/blevesearch/snowballstem) only: no search engine.
package textan
