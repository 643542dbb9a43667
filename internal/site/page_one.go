package site

import (
	"bytes"
	"fmt"
	"path"
	"slices"

	"github.com/lorekit/lore/internal/diag"
)

// ManualPage renders the page of one manual as Write renders it, with the
// rest of the site as this rendering left it: m takes the place of the
// manual at the same path (edited since), findings are what lint says of
// its file now. It returns the page's path and bytes. The body goes
// through the cache like any other (the next build finds it there).
//
// The page equals the one a full rendering writes whenever the edit
// changes nothing the rest of the site shows of the manual (its name,
// summary, references, links): every other input of the page is the
// site's own. ManualPage is called after Write, and not concurrently.
func (s *Site) ManualPage(m *Manual, findings diag.List) (string, []byte, error) {
	r := s.r
	i := slices.IndexFunc(r.in.Manuals, func(o *Manual) bool { return o.M.Path == m.M.Path })
	if i < 0 || r.in.Manuals[i].URL != m.URL || r.in.Manuals[i].M.Name != m.M.Name || r.in.Manuals[i].M == m.M {
		return "", nil, fmt.Errorf("%s is not an edit of a manual of the site", m.M.Path)
	}
	// For the time of the rendering m stands where the manual was, so
	// that every lookup of the page (references, neighbours, pager,
	// labels, the hosts' cuts, findings) finds it; the site is put back
	// as it was after.
	v := r.in.Manuals[i]
	was := *v
	wasFindings, hadFindings := r.findings[m.M.Path]
	*v = *m
	r.cuts[m.M] = r.cuts[was.M]
	var fs []finding
	for _, d := range findings {
		fs = append(fs, newFinding(d))
	}
	r.findings[m.M.Path] = fs
	defer func() {
		*v = was
		delete(r.cuts, m.M)
		delete(r.findings, m.M.Path)
		if hadFindings {
			r.findings[m.M.Path] = wasFindings
		}
	}()

	b, err := r.bodyWith(r.manualBodyKey(v), manualSource(v.M), v.URL, path.Dir(v.M.Path))
	if err != nil {
		return "", nil, inFile(v.M.Path, err)
	}
	p := r.manualPage(v, b)
	data, err := p.input(r)
	if err != nil {
		return "", nil, err
	}
	if p.Data, err = p.view(r, data); err != nil {
		return "", nil, err
	}
	var buf bytes.Buffer
	if err := s.ls.execute(&buf, p); err != nil {
		return "", nil, err
	}
	return p.Path, buf.Bytes(), nil
}
