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

// MinSize is the smallest file worth compressing: below it the bytes
// saved do not pay for a second request's worth of headers.
const MinSize = 512

// worth is the largest compressed size, as a share of the original, that
// is kept: a sibling that saves less than a tenth is not written.
const worth = 0.9

// BrotliQuality is the brotli level used (0–11). On the text files of
// the corpus's site (BenchmarkBrotli, ratios of compressed to plain
// bytes): gzip 6 0.232, gzip 9 0.231, brotli 6 0.213, 9 0.210, 11 0.188;
// brotli 9 is about 12× slower than 6 and 11 another 10× slower than 9.
// 6 keeps a 10,000-manual build quick, 8 % smaller than gzip.
const BrotliQuality = 6

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
// it does not pay (data under MinSize, or saving under a tenth). gzip is
// at its default level (6).
func Encode(data []byte) (br, gz []byte) {
	if len(data) < MinSize {
		return nil, nil
	}
	limit := int(float64(len(data)) * worth)
	if b := encodeBrotli(data); len(b) <= limit {
		br = b
	}
	var g bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&g, gzip.DefaultCompression) // the level is valid
	_, _ = zw.Write(data)
	_ = zw.Close()
	if g.Len() <= limit {
		gz = g.Bytes()
	}
	return br, gz
}

// encodeBrotli returns data's brotli encoding at BrotliQuality.
func encodeBrotli(data []byte) []byte {
	var b bytes.Buffer
	w := brotli.NewWriterLevel(&b, BrotliQuality)
	_, _ = w.Write(data) // a bytes.Buffer does not fail
	_ = w.Close()
	return b.Bytes()
}
