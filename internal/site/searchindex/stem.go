package searchindex

import (
	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"
	"github.com/blevesearch/snowballstem/german"
)

// stemEnglish returns the Snowball (Porter2) English stem of a lowercase word.
func stemEnglish(word string) string {
	env := snowballstem.NewEnv(word)
	english.Stem(env)
	return env.Current()
}

// stemGerman returns the Snowball German stem of a lowercase word.
func stemGerman(word string) string {
	env := snowballstem.NewEnv(word)
	german.Stem(env)
	return env.Current()
}
