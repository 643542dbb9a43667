package devserver

import (
	"compress/gzip"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/lorekit/lore/internal/precompress"
)

// encodings are the content codings the server sends, best first, with
// the extension of the sibling file lore build writes for each.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// accepts reports whether an Accept-Encoding header allows coding (a
// q-value of 0 refuses it; "*" stands for codings not named).
func accepts(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case coding:
			return q > 0
		case "*":
			star = q > 0
		}
	}
	return star
}

// serveFile serves the file f (name inside root; p its URL path): the
// pre-compressed sibling the request accepts (name.br, name.gz), with
// Content-Encoding, when lore build wrote one; the file itself otherwise.
// Either way the answer varies by Accept-Encoding.
func serveFile(w http.ResponseWriter, r *http.Request, root *os.Root, name, p string, f *os.File) {
	if precompress.Compressible(name) {
		w.Header().Add("Vary", "Accept-Encoding")
		ae := r.Header.Get("Accept-Encoding")
		for _, e := range encodings {
			if !accepts(ae, e.name) {
				continue
			}
			sf, err := openRegular(root, name+e.ext)
			if err != nil {
				continue
			}
			defer sf.Close()
			if ct := mime.TypeByExtension(path.Ext(p)); ct != "" {
				w.Header().Set("Content-Type", ct)
			}
			w.Header().Set("Content-Encoding", e.name)
			st, _ := sf.Stat()
			http.ServeContent(w, r, p, st.ModTime(), sf)
			return
		}
	}
	st, _ := f.Stat()
	http.ServeContent(w, r, p, st.ModTime(), f)
}

// writeHTML writes a page (with the reload script, so never a sibling),
// gzip-compressed when the request accepts it.
func writeHTML(w http.ResponseWriter, r *http.Request, status int, page []byte) {
	w.Header().Add("Vary", "Accept-Encoding")
	if len(page) < precompress.MinSize || !accepts(r.Header.Get("Accept-Encoding"), "gzip") {
		w.WriteHeader(status)
		_, _ = w.Write(page)
		return
	}
	w.Header().Set("Content-Encoding", "gzip")
	w.WriteHeader(status)
	zw := gzip.NewWriter(w)
	_, _ = zw.Write(page)
	_ = zw.Close()
}
