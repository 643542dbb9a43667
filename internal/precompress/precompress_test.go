package precompress

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

func TestEncodeRoundTrip(t *testing.T) {
	data := []byte(strings.Repeat("<p>lore builds manuals and prompts. </p>\n", 200))
	br, gz := Encode(data)
	if br == nil || gz == nil {
		t.Fatalf("text of %d bytes: br %d, gz %d bytes", len(data), len(br), len(gz))
	}
	got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br)))
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("brotli round trip: %v", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	if got, err = io.ReadAll(zr); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("gzip round trip: %v", err)
	}
	if zr.Header.Name != "" || !zr.Header.ModTime.IsZero() {
		t.Errorf("gzip header carries a name %q or a time %v", zr.Header.Name, zr.Header.ModTime)
	}
	br2, gz2 := Encode(data)
	if !bytes.Equal(br, br2) || !bytes.Equal(gz, gz2) {
		t.Error("two encodings of the same bytes differ")
	}
}

func TestEncodeSkipsWhatDoesNotPay(t *testing.T) {
	if br, gz := Encode([]byte("short")); br != nil || gz != nil {
		t.Error("a file under MinSize got siblings")
	}
	random := make([]byte, 4096)
	x := uint32(1)
	for i := range random {
		x = x*1664525 + 1013904223
		random[i] = byte(x >> 24)
	}
	if br, gz := Encode(random); br != nil || gz != nil {
		t.Errorf("incompressible bytes got siblings: br %d, gz %d of %d", len(br), len(gz), len(random))
	}
}

func TestCompressible(t *testing.T) {
	for name, want := range map[string]bool{
		"index.html": true, "assets/main-AB12.css": true, "search/t/3.bin": true, "search/index.json": true,
		"media/x.png": false, "index.html.br": false, "index.html.gz": false, "notes.gz": false,
	} {
		if Compressible(name) != want {
			t.Errorf("Compressible(%q) = %v", name, !want)
		}
	}
	if !IsSibling("index.html.br") || !IsSibling("t/0.bin.gz") || IsSibling("notes.gz") || IsSibling("index.html") {
		t.Error("IsSibling")
	}
}

// BenchmarkBrotli compresses the text files of a built site (LORE_SITE,
// a public/ folder; at most 2,000 files) with brotli at qualities 6, 9
// and 11 and with gzip at levels 6 and 9, and reports the ratio.
func BenchmarkBrotli(b *testing.B) {
	dir := os.Getenv("LORE_SITE")
	if dir == "" {
		b.Skip("set LORE_SITE to a built site")
	}
	var files [][]byte
	total := 0
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && Compressible(p) && len(files) < 2000 {
			data, _ := os.ReadFile(p)
			files = append(files, data)
			total += len(data)
		}
		return nil
	})
	for _, level := range []int{6, 9} {
		b.Run(map[int]string{6: "gzip6", 9: "gzip9"}[level], func(b *testing.B) {
			b.SetBytes(int64(total))
			out := 0
			for range b.N {
				out = 0
				for _, f := range files {
					var buf bytes.Buffer
					w, _ := gzip.NewWriterLevel(&buf, level)
					_, _ = w.Write(f)
					_ = w.Close()
					out += buf.Len()
				}
			}
			b.ReportMetric(float64(out)/float64(total), "ratio")
		})
	}
	for _, q := range []int{6, 9, 11} {
		b.Run(map[int]string{6: "br6", 9: "br9", 11: "br11"}[q], func(b *testing.B) {
			b.SetBytes(int64(total))
			out := 0
			for range b.N {
				out = 0
				for _, f := range files {
					var buf bytes.Buffer
					w := brotli.NewWriterLevel(&buf, q)
					_, _ = w.Write(f)
					_ = w.Close()
					out += buf.Len()
				}
			}
			b.ReportMetric(float64(out)/float64(total), "ratio")
		})
	}
}

// fresh encodes data with new writers, as each file was encoded before
// Encoder kept them: the reference an Encoder's output must equal.
func fresh(data []byte) (br, gz []byte) {
	var b, g bytes.Buffer
	bw := brotli.NewWriterLevel(&b, BrotliQuality)
	_, _ = bw.Write(data)
	_ = bw.Close()
	gw, _ := gzip.NewWriterLevel(&g, gzip.DefaultCompression)
	_, _ = gw.Write(data)
	_ = gw.Close()
	return b.Bytes(), g.Bytes()
}

// inputs are texts of many sizes and kinds, large and small interleaved,
// so that an Encoder meets each after a different predecessor.
func inputs() [][]byte {
	rnd := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("lore builds manuals and prompts for agents the catalog routes a request to the right manual Kalendereinträge über straße 🙂 <p> </p> <a href=\"x.html\"> { } ; = 0 1 2 3")
	var out [][]byte
	for _, n := range []int{600, 250_000, 513, 40_000, 3_000, 1 << 20, 700, 12_345, 100_000, 9_000} {
		var b strings.Builder
		for b.Len() < n {
			b.WriteString(words[rnd.IntN(len(words))])
			if rnd.IntN(9) == 0 {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		out = append(out, []byte(b.String()))
		noise := make([]byte, n/3+600)
		for i := range noise {
			noise[i] = byte(rnd.IntN(256))
		}
		out = append(out, noise)
	}
	return out
}

// TestEncoderIsEncode: one Encoder used for many inputs gives, for each,
// the bytes of writers made anew for it.
func TestEncoderIsEncode(t *testing.T) {
	var e Encoder
	for round := range 2 {
		for i, data := range inputs() {
			br, gz := e.Encode(data)
			wantBr, wantGz := fresh(data)
			limit := int(float64(len(data)) * worth)
			if len(data) < MinSize {
				limit = -1 // no siblings under MinSize
			}
			if len(wantBr) > limit || len(data) >= LargeSize {
				wantBr = nil // no brotli copy of a large file
			}
			if len(wantGz) > limit {
				wantGz = nil
			}
			if !bytes.Equal(br, wantBr) || !bytes.Equal(gz, wantGz) {
				t.Fatalf("round %d, input %d (%d bytes): the reused encoder's output differs (br %d vs %d, gz %d vs %d bytes)",
					round, i, len(data), len(br), len(wantBr), len(gz), len(wantGz))
			}
		}
	}
}

// BenchmarkEncoder encodes 300 page-sized texts (2-20 KB, as a site's
// pages and index shards are) with new writers per file (fresh) and with
// one Encoder (reused).
func BenchmarkEncoder(b *testing.B) {
	rnd := rand.New(rand.NewPCG(3, 4))
	var in [][]byte
	for _, d := range inputs() {
		if len(d) > 20_000 {
			continue
		}
		for range 30 {
			n := 2_000 + rnd.IntN(18_000)
			in = append(in, d[:min(n, len(d))])
		}
	}
	b.Run("fresh", func(b *testing.B) {
		for b.Loop() {
			for _, d := range in {
				fresh(d)
			}
		}
	})
	b.Run("reused", func(b *testing.B) {
		var e Encoder
		for b.Loop() {
			for _, d := range in {
				e.Encode(d)
			}
		}
	})
}

func TestModeWants(t *testing.T) {
	for _, c := range []struct {
		mode Mode
		name string
		want bool
	}{
		{Assets, "assets/main.js", true}, {Assets, "search/f/0.json", true}, {Assets, "manifest.json", true},
		{Assets, "manuals/deploy.html", false}, {Assets, "index.HTML", false}, {Assets, "lore/sources/a.md", false},
		{"", "search/t/0.bin", true}, {"", "manuals/deploy.html", false},
		{All, "manuals/deploy.html", true}, {All, "lore/sources/a.md", true}, {All, "media/x.png", false},
		{All, "index.html.br", false}, {Assets, "assets/main.js.gz", false},
		{Off, "assets/main.js", false}, {Off, "manuals/deploy.html", false},
	} {
		if got := c.mode.Wants(c.name); got != c.want {
			t.Errorf("Mode(%q).Wants(%q) = %v, want %v", c.mode, c.name, got, c.want)
		}
	}
}

// TestLargeGetsGzipOnly: a file of LargeSize or more gets a gzip copy and
// no brotli one, as Siblings says; a smaller one gets both.
func TestLargeGetsGzipOnly(t *testing.T) {
	for _, n := range []int{LargeSize - 1, LargeSize, 3 * LargeSize} {
		data := bytes.Repeat([]byte("lore builds manuals and prompts for agents. "), n/44+1)[:n]
		br, gz := Encode(data)
		large := n >= LargeSize
		if (br == nil) != large || gz == nil {
			t.Errorf("%d bytes: brotli copy %v, gzip copy %v; want brotli %v and gzip", n, br != nil, gz != nil, !large)
		}
		if want := map[bool]int{false: 2, true: 1}[large]; len(Siblings(int64(n))) != want {
			t.Errorf("%d bytes: Siblings %v, want %d", n, Siblings(int64(n)), want)
		}
	}
}
