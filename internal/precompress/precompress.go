// Package precompress makes the compressed siblings that a static server
// sends instead of a text file when the browser accepts them: name.br
// (brotli) and name.gz (gzip). lore build writes them next to the site's
// pages, assets and search index; lore serve, and servers such as nginx
// (gzip_static, brotli_static) or Caddy (precompressed), answer with them.
//
// The bytes are deterministic: the same input always gives the same
// siblings (no time stamp, no file name in the gzip header).
package precompress

import (
	"bytes"
	"compress/gzip"
	"path"
	"strings"

	"github.com/andybalholm/brotli"
)

// MinSize is the smallest file worth a sibling. Every host that serves
// siblings (nginx gzip_static, Caddy precompressed, a CDN) also compresses
// on the fly, so a sibling saves only the difference between lore's level
// and the host's: for a file under 4 KiB, a few hundred bytes. Each costs
// two files to make, write, publish and check on every build: on a site
// of 10,000 manuals the search fragments alone (1–4 KiB each) made 17,000
// siblings, a third of the output's files.
const MinSize = 4096

// worth is the largest compressed size, as a share of the original, that
// is kept: a sibling that saves less than a tenth is not written.
const worth = 0.9

// BrotliQuality is the brotli level used (0–11). On the text files of
// the corpus's site (BenchmarkBrotli, ratios of compressed to plain
// bytes): gzip 6 0.232, gzip 9 0.231, brotli 6 0.213, 9 0.210, 11 0.188;
// brotli 9 is about 12× slower than 6 and 11 another 10× slower than 9.
// 6 keeps a 10,000-manual build quick, 8 % smaller than gzip.
const BrotliQuality = 6

// LargeSize is the size from which a file is large: it gets a gzip copy
// only. Such a file (manifest.json, the catalog page's data) changes with
// every edited manual, and its copies were the largest step of a one-edit
// build. On the 10 MB manifest.json of a 10,000-manual site (CPU-s, and
// size as a share of the original): brotli 6 0.56 s, 0.106; brotli 4
// 0.32 s, 0.117; brotli 3 0.15 s, 0.132; brotli 1 0.06 s, 0.144; gzip 6
// 0.17 s, 0.122. Below brotli 5 the brotli copy is hardly smaller than the
// gzip one, or larger (the 1.7 MB catalog/manuals.json: brotli 4 0.112,
// gzip 6 0.105). A host asked for brotli sends the gzip copy instead
// (nginx brotli_static falls back to gzip_static, Caddy's precompressed
// takes the next encoding), 4 % more bytes for the manifest; one that
// compresses on the fly where no copy is (nginx brotli on) spends that
// time per request instead.
const LargeSize = 1 << 20

// Siblings returns the extensions of the compressed siblings that a file
// of size bytes may get (Encode leaves out those that do not pay).
func Siblings(size int64) []string {
	if size >= LargeSize {
		return []string{".gz"}
	}
	return []string{".br", ".gz"}
}

// textExt are the file types that compress: text formats, and the
// search index's binary term shards (varints, mostly small numbers).
var textExt = map[string]bool{
	".html": true, ".css": true, ".js": true, ".mjs": true, ".json": true, ".xml": true, ".txt": true,
	".svg": true, ".md": true, ".map": true, ".bin": true,
}

// Compressible reports whether a file of this name gets siblings: a text
// type, and not itself a sibling.
func Compressible(name string) bool {
	if strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
		return false
	}
	return textExt[strings.ToLower(path.Ext(name))]
}

// Mode says which files get siblings (lore.yaml precompress:).
type Mode string

const (
	// Assets, the default: every compressible file but pages (HTML) and
	// manual sources (Markdown), which a host compresses as it serves
	// them (lore's own copies are only brotli 6 and gzip 6). The site's
	// scripts, styles, search index and its fragments, sitemap and
	// manifests get siblings.
	Assets Mode = "assets"
	// All: every compressible file, pages and sources too.
	All Mode = "all"
	// Off: no siblings.
	Off Mode = "off"
)

// Modes returns the valid modes, the default first.
func Modes() []Mode { return []Mode{Assets, All, Off} }

// Wants reports whether a file of this name gets siblings under m ("" is
// Assets).
func (m Mode) Wants(name string) bool {
	switch m {
	case Off:
		return false
	case All:
		return Compressible(name)
	}
	switch strings.ToLower(path.Ext(name)) {
	case ".html", ".md":
		return false
	}
	return Compressible(name)
}

// IsSibling reports whether name is a compressed sibling (name.br,
// name.gz) of a compressible file.
func IsSibling(name string) bool {
	for _, ext := range []string{".br", ".gz"} {
		if base, ok := strings.CutSuffix(name, ext); ok && Compressible(base) {
			return true
		}
	}
	return false
}

// Encode returns the brotli and gzip encodings of data; each is nil when
// it does not pay (data under MinSize, or saving under a tenth), and the
// brotli one is nil for data of LargeSize or more. gzip is at its default
// level (6).
func Encode(data []byte) (br, gz []byte) { return new(Encoder).Encode(data) }

// Encoder is Encode with memory kept between calls: a brotli writer's
// hash tables are megabytes, and a new writer per file spent more of a
// 10,000-manual build clearing and collecting them than compressing
// (BenchmarkEncoder). Its output is Encode's, byte for byte. An Encoder
// is not safe for concurrent use; the zero value is ready.
type Encoder struct {
	br           *brotli.Writer
	gz           *gzip.Writer
	brBuf, gzBuf bytes.Buffer
}

// Encode is the package's Encode, reusing e's writers.
func (e *Encoder) Encode(data []byte) (br, gz []byte) {
	if len(data) < MinSize {
		return nil, nil
	}
	var b []byte
	if len(data) < LargeSize {
		b = e.brotli(data)
	}
	g := e.gzip(data)
	limit := int(float64(len(data)) * worth)
	if b != nil && len(b) <= limit {
		br = b
	}
	if len(g) <= limit {
		gz = g
	}
	return br, gz
}

// brotli returns data's brotli encoding at BrotliQuality; data is under
// LargeSize. (That is also the input size from which brotli picks another
// hash table, andybalholm/brotli's chooseHasher: size_hint ≥ 1 MiB at
// quality 5-9. A writer keeps the table of its first input across Reset,
// so only inputs below it can share one; TestEncoderIsEncode checks.)
func (e *Encoder) brotli(data []byte) []byte {
	e.brBuf.Reset()
	if e.br == nil {
		e.br = brotli.NewWriterLevel(&e.brBuf, BrotliQuality)
	} else {
		e.br.Reset(&e.brBuf)
	}
	_, _ = e.br.Write(data) // a bytes.Buffer does not fail
	_ = e.br.Close()
	return bytes.Clone(e.brBuf.Bytes())
}

// gzip returns data's gzip encoding at the default level, without a time
// stamp or name in its header.
func (e *Encoder) gzip(data []byte) []byte {
	e.gzBuf.Reset()
	if e.gz == nil {
		e.gz, _ = gzip.NewWriterLevel(&e.gzBuf, gzip.DefaultCompression) // the level is valid
	} else {
		e.gz.Reset(&e.gzBuf)
	}
	_, _ = e.gz.Write(data)
	_ = e.gz.Close()
	return bytes.Clone(e.gzBuf.Bytes())
}
