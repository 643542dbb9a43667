package devserver

import (
	"bytes"
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/lorekit/lore/internal/precompress"
)

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

// serveFile serves the file f (name inside root; p its URL path):
// compressed as the request accepts (brotli before gzip), with
// Content-Encoding, when it is a text type worth compressing; the file
// itself otherwise. Either way the answer varies by Accept-Encoding. The
// encodings are kept between requests (encodings).
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, name, p string, f *os.File) {
	st, err := f.Stat()
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if precompress.Compressible(name) {
		w.Header().Add("Vary", "Accept-Encoding")
		ae := r.Header.Get("Accept-Encoding")
		br, gz := accepts(ae, "br"), accepts(ae, "gzip")
		if (br || gz) && st.Size() >= precompress.MinSize {
			e, ok := s.encodings.of(idOf(name, st), func() ([]byte, error) { return io.ReadAll(f) })
			coding, body := "", []byte(nil)
			switch {
			case !ok:
			case br && e.br != nil:
				coding, body = "br", e.br
			case gz && e.gz != nil:
				coding, body = "gzip", e.gz
			}
			if coding != "" {
				if ct := mime.TypeByExtension(path.Ext(p)); ct != "" {
					w.Header().Set("Content-Type", ct)
				}
				w.Header().Set("Content-Encoding", coding)
				http.ServeContent(w, r, p, st.ModTime(), bytes.NewReader(body))
				return
			}
			if _, err := f.Seek(0, io.SeekStart); err != nil {
				http.NotFound(w, r)
				return
			}
		}
	}
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
