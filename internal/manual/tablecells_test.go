package manual

import (
	"strings"
	"testing"
)

// paddedTable returns a table whose head is cols columns wide and whose
// rows hold one cell each: goldmark fills every row to the head's width.
func paddedTable(cols, rows int) []byte {
	var b strings.Builder
	b.WriteString("# T\n\nText.\n\n")
	b.WriteString(strings.Repeat("|h", cols) + "|\n")
	b.WriteString(strings.Repeat("|-", cols) + "|\n")
	b.WriteString(strings.Repeat("|x|\n", rows))
	return []byte(b.String())
}

// TestParseBoundedPaddedTable checks that a table whose rows goldmark
// pads to the head's width is refused before it is parsed: 80 KB of
// 20,000 columns and 1,600 one-cell rows made 32 million cells, 5.9 GB
// and 29 s; a 2 MiB file would fill any machine's memory before the
// element bound, which counts a tree already built, could refuse it.
func TestParseBoundedPaddedTable(t *testing.T) {
	line, why := tooComplex(paddedTable(20000, 1600))
	if !strings.Contains(why, "table cells") {
		t.Fatalf("a padded table of 32 million cells: why %q, want the table cells named before parsing", why)
	}
	// Lines 1-4 are prose, 5-6 the table's head (20,000 cells); each row
	// adds 20,000, so the fifth row, line 11, passes 100,000.
	if line != 11 {
		t.Errorf("line %d, want 11 (the row where the cells pass the bound)", line)
	}
	// A wide table of modest size is still parsed.
	if doc, _, why := ParseBounded(paddedTable(200, 100)); doc == nil || why != "" {
		t.Errorf("200 columns × 100 rows: not parsed (%s)", why)
	}
}

// TestTableCellsCountsRowsOfEachTable checks the estimate against
// goldmark's count for ordinary tables: it never counts fewer cells than
// the parser makes, and not many more.
func TestTableCellsCountsRowsOfEachTable(t *testing.T) {
	for _, tc := range []struct {
		src   string
		cells int
	}{
		{"|a|b|\n|-|-|\n|1|2|\n|3|4|\n", 6},
		{"a | b\n--- | ---\n1 | 2\n\n|c|\n|-|\n|x|\n", 4 + 2},
		{"> |a|b|c|\n> |:-|:-:|-:|\n> |1|\n", 6},
		{"- - -\n|a|\n\ntext | more\n", 0},
		{"|a|\n|-|\n|1|\n\n\n|1|\n|1|\n", 2},
	} {
		var c tableCells
		for l := range strings.Lines(tc.src) {
			c.line([]byte(strings.TrimSuffix(l, "\n")))
		}
		if c.cells < tc.cells || c.cells > tc.cells+tc.cells/2 {
			t.Errorf("%q: %d cells counted, want %d (at most half more)", tc.src, c.cells, tc.cells)
		}
	}
}
