package textan

import (
	"slices"
	"testing"
)

func TestKey(t *testing.T) {
	for in, want := range map[string]string{
		"bar charts":         "bar chart",
		"Bar Chart":          "bar chart",
		"Diagramme":          "diagramm",
		"Schlüssel":          "schlussel",
		"Schluessel":         "schlussel",
		"Straße":             "strass",
		"neue Quellen":       "neu quell",
		"für die Bilder":     "bild",
		"und oder":           "und oder", // stop words only: the words in lower case
		"  embed,  images! ": "embed imag",
		"ΟΔΟΣ":               "οδος",
		"snake_case HTTP2":   "snake_cas http2",
		"Erfahrungen":        "erfahrung",
		"schnellsten":        "schnell",
		"":                   "",
		"   ":                "",
		"İstanbul ΚΩ":        "istanbul κω",
		"Ⱥbc DEF":            "ⱥbc def",
		"éàôü":               "éaou",
	} {
		if got := Key(in); got != want {
			t.Errorf("Key(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestKeysAndShared(t *testing.T) {
	a := []string{"bar charts", "line chart", "Diagramme", "Schlüssel", "Bar Chart", " "}
	if got, want := Keys(a), []string{"bar chart", "lin chart", "diagramm", "schlussel"}; !slices.Equal(got, want) {
		t.Errorf("Keys = %q, want %q", got, want)
	}
	b := []string{"bar chart", "line charts", "Diagramm", "Schluessel", "plot"}
	shared, collide := Shared(a, b)
	if len(shared) != 4 || !collide {
		t.Errorf("Shared = %q, %v; want 4 keys, colliding", shared, collide)
	}
	if _, collide := Shared([]string{"image", "picture", "chart"}, []string{"chart", "plot", "graph"}); collide {
		t.Error("one shared trigger of three collides")
	}
}

func TestCollide(t *testing.T) {
	for _, c := range []struct {
		n, a, b int
		want    bool
	}{
		{0, 0, 0, false}, {1, 1, 1, false}, {2, 2, 9, true}, {2, 4, 4, false}, {3, 4, 5, true}, {2, 3, 3, true},
	} {
		if got := Collide(c.n, c.a, c.b); got != c.want {
			t.Errorf("Collide(%d, %d, %d) = %v, want %v", c.n, c.a, c.b, got, c.want)
		}
	}
}
