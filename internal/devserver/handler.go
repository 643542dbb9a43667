package devserver

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"os"
	"path"
	"regexp"
	"strings"
	"time"

	"github.com/lorekit/lore/internal/site"
)

var baseRE = regexp.MustCompile(`<base href="[^"]*">`)

//go:embed reload.js
var reloadJS []byte

// The server's own paths, outside any site.
const (
	eventsPath = "/_lore/events"
	scriptPath = "/_lore/reload.js"
	statusPath = "/_lore/status"
)

// Handler serves the site, the reload script and the event stream.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc(eventsPath, s.events)
	mux.HandleFunc(scriptPath, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(reloadJS)
	})
	mux.HandleFunc(statusPath, s.status)
	mux.HandleFunc("/", s.serveSite)
	return mux
}

// serveSite serves a file of the latest good build. HTML pages get the
// reload script; a missing page gets the site's 404.html.
func (s *Server) serveSite(w http.ResponseWriter, r *http.Request) {
	dir, failure := s.state()
	w.Header().Set("Cache-Control", "no-store")
	if dir == "" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintf(w, "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" content=\"%s\"><title>lore serve</title><script src=\"%s\" defer></script></head><body><h1>No build yet</h1><pre>%s</pre></body></html>",
			html.EscapeString(site.CSP), scriptPath, html.EscapeString(failure))
		return
	}
	p := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		p = path.Join(p, "index.html")
	}
	status, name, p, f := s.open(dir, p)
	switch {
	case status == http.StatusMovedPermanently:
		http.Redirect(w, r, path.Clean(r.URL.Path)+"/", http.StatusMovedPermanently)
		return
	case status == http.StatusInternalServerError:
		http.Error(w, "the build folder cannot be opened", http.StatusInternalServerError)
		return
	case f == nil:
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	if path.Ext(p) != ".html" {
		s.serveFile(w, r, name, p, f)
		return
	}
	b, err := io.ReadAll(f)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if status == http.StatusNotFound {
		// 404.html resolves its links against the published base path;
		// here the site lives at the root.
		b = baseRE.ReplaceAll(b, []byte(`<base href="/">`))
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	writeHTML(w, r, status, injectScript(b))
}

// open opens the file of the URL path p in the folder dir: status 200
// and the file, or 404 and the site's 404.html (nil when there is none),
// or 301 for a folder (a redirect), or 500 when dir cannot be opened. It
// opens under the publishing lock: a build renames files into the folder
// in place, and an open file keeps the bytes it had when opened, so every
// file a request reads is of one build.
func (s *Server) open(dir, p string) (status int, name, file string, f *os.File) {
	s.publishing.RLock()
	defer s.publishing.RUnlock()
	root, err := os.OpenRoot(dir)
	if err != nil {
		return http.StatusInternalServerError, "", p, nil
	}
	defer root.Close()
	name = strings.TrimPrefix(p, "/")
	if name == "" {
		name = "."
	}
	fi, err := root.Lstat(name)
	if err == nil && fi.IsDir() {
		return http.StatusMovedPermanently, "", p, nil
	}
	status = http.StatusOK
	if err != nil || !fi.Mode().IsRegular() {
		// Missing, or not a regular file (a symbolic link planted in the
		// build folder): the 404 page.
		status, name, p = http.StatusNotFound, "404.html", "/404.html"
	}
	f, err = openRegular(root, name)
	if err != nil {
		return status, name, p, nil
	}
	return status, name, p, f
}

// openRegular opens name inside root when it is a regular file there, not
// a symbolic link: os.Root keeps every step of the path inside the folder,
// and the file is checked after opening, so a link planted in the build
// folder is never followed.
func openRegular(root *os.Root, name string) (*os.File, error) {
	fi, err := root.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !os.SameFile(fi, st) {
		f.Close()
		return nil, fmt.Errorf("%s changed while it was opened", name)
	}
	return f, nil
}

// status reports the latest build as JSON: {"builds", "ok", "error",
// "busy"} (busy while a build runs).
func (s *Server) status(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	st := struct {
		Builds int    `json:"builds"`
		OK     bool   `json:"ok"`
		Error  string `json:"error"`
		Busy   bool   `json:"busy"`
	}{s.gen, s.failure == "" && s.site != "", s.failure, s.busy}
	s.mu.RUnlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(st)
}

// injectScript adds the reload script before </head>.
func injectScript(page []byte) []byte {
	tag := `<script src="` + scriptPath + `" defer></script>`
	s := string(page)
	if i := strings.Index(s, "</head>"); i >= 0 {
		return []byte(s[:i] + tag + "\n" + s[i:])
	}
	return []byte(tag + s)
}

// events streams build results to a page: "reload" after a good build,
// "builderror" (a JSON string) after a failed one, and the current state
// right after connecting.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	ch := s.subscribe()
	defer s.unsubscribe(ch)
	s.mu.RLock()
	gen, failure := s.gen, s.failure
	s.mu.RUnlock()
	send(w, event{"hello", fmt.Sprint(gen)})
	if failure != "" {
		send(w, event{"builderror", failure})
	}
	fl.Flush()
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case e := <-ch:
			send(w, e)
			fl.Flush()
		case <-ping.C:
			_, _ = io.WriteString(w, ": ping\n\n")
			fl.Flush()
		}
	}
}

func send(w io.Writer, e event) {
	data, _ := json.Marshal(e.data)
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, data)
}
