// Package boundaries holds no code of its own: its test states the import
// rules between lore's packages and fails, naming the import chain, when a
// change breaks one. The rules keep the search engine (bleve) where search
// happens and the runtime package build/bundle on the standard library.
package boundaries
