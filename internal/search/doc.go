// Package search is the how_do_i catalog: a bleve index of everything an
// engine can discover — manuals of both dialects and the tool descriptions
// of lore.yaml — built offline into one segment, and the router that
// answers an intent with the manual to load, a few alternatives, or a hint.
//
// # The catalog
//
// Build writes a folder: the bleve index (a typed mapping: triggers and
// summary analysed in English and in German, each trigger also as one
// token of its words (to tell a trigger said whole from one said in part),
// the name split into words,
// title, headings, the documents a skill holds and the body in English,
// audience, requires-tools and the engines whose recipe reaches a manual as
// keywords), what manual_read returns for each entry (ContentDir), each
// document's position in the input (OrderFile) and a description with the
// inputs' hash (MetaFile). The documents inside an Agent Skills folder are
// folded into their SKILL.md: routing answers with the skill.
//
// # Routing
//
// Routing is embedded and explainable, no model call. An intent is split
// into words; each word is matched in its English form (Snowball stemming,
// ASCII folding), its German form (normalisation ä/ae → a, light stemming,
// a compound's head), its renderings in a compact German → English technical
// glossary (glossary_de_en.txt), related English words (thesaurus_en.txt),
// longer terms it begins, a trailing-digit base (arm64 → arm) and, when the
// catalog does not know it, terms one edit away (typos). lore howdoi
// --explain shows each word's forms and weight and where it matched. Filler words of
// requests count as stop words, German separable verbs are joined ("trag …
// ein" → eintragen). The scorer reads bleve's postings: a word found in a
// routing field (name, triggers, summary, title) counts (nearly) fully —
// fully in a trigger the intent says whole, less in one it says in part, a
// long summary dilutes it; a word found in an evidence field (headings,
// references, body) counts less, saturating with frequency. An intent that says a
// manual's whole name ("write a PRD" and prd) adds to its score. Words weigh by
// inverse document frequency of their broadest meaning. See scoring for the weights and Thresholds for
// the decision between loaded, alternatives and hint.
//
// Visibility is a filter applied before scoring and checked again on every
// hit, never a re-ranking: a manual whose audience is another engine, or
// whose requires-tools are not all in the allow-set, is never returned.
package search
