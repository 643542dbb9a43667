package search

import (
	"slices"
	"testing"
)

func TestNameWords(t *testing.T) {
	for in, want := range map[string][]string{
		"embed-images":  {"embed", "images"},
		"docCreate":     {"doc", "create"},
		"web_fetch":     {"web", "fetch"},
		"react18.class": {"react18", "class"},
	} {
		if got := NameWords(in); !slices.Equal(got, want) {
			t.Errorf("NameWords(%s) = %v, want %v", in, got, want)
		}
	}
}
