package site

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
)

// The catalog (the home page) lists every manual, grouped by folder. Its
// first catalogFirstRows rows are in the page; the rest are rendered by
// theme/assets/js/catalog.js, a batch at a time, from catalogDataURL,
// which it loads when the reader asks for more, sorts or filters. A site
// of 10,000 manuals thus has a home page of the same size as one of 200:
// paginated pages would break sorting and filtering across the whole
// catalog, and one long page costs every visitor hundreds of kilobytes.
const (
	catalogFirstRows = 100
	catalogDataURL   = "catalog/manuals.json"
	catalogVersion   = 1
)

// catalogRow is a manual in the catalog.
type catalogRow struct {
	Name string
	// Where tells manuals of the same name apart: the shortest end of
	// their folder paths that differs ("" when the name is unique).
	Where string
	URL   string
	Path  string
	// Folder is the row's group (collection); Dir the file's folder.
	Folder   string
	Dir      string
	Format   string
	Summary  string
	Audience string
	// Engines are the engines that see the row (Manual.Engines).
	Engines  []string
	Tools    []string
	Lines    int
	Errors   int
	Warnings int
}

// catalogGroup is a folder's rows among the first rows of the catalog;
// Count is how many manuals the folder holds in all.
type catalogGroup struct {
	Folder string
	Count  int
	Rows   []catalogRow
}

type homeView struct {
	Groups  []catalogGroup
	Shown   int // rows in the page
	Total   int
	Formats []formatCount
	Engines []string
	Tools   []string
	Errors  int
	Warns   int
	// Data is the catalog's data file (catalogDataURL) when the page
	// does not hold every row.
	Data string
}

type formatCount struct {
	Format string
	Count  int
}

// formats are the manual formats, in the order the filter lists them.
var formats = []string{"lore", "skill", "agent", "instructions", "prompt"}

// formatOf tells a manual's format from its file name: SKILL.md (Agent
// Skills), *.agent.md, *.instructions.md and *.prompt.md (Copilot), and
// lore's own Markdown manuals.
func formatOf(p string) string {
	base := path.Base(p)
	switch {
	case base == "SKILL.md":
		return "skill"
	case strings.HasSuffix(base, ".agent.md"):
		return "agent"
	case strings.HasSuffix(base, ".instructions.md"):
		return "instructions"
	case strings.HasSuffix(base, ".prompt.md"):
		return "prompt"
	}
	return "lore"
}

// catalogRows returns a row per manual, by group, then path, made once
// per run: the callers read them only.
func (r *run) catalogRows() []catalogRow {
	r.rowsOnce.Do(func() { r.rows = r.makeCatalogRows() })
	return r.rows
}

// makeCatalogRows makes catalogRows.
func (r *run) makeCatalogRows() []catalogRow {
	rows := make([]catalogRow, 0, len(r.in.Manuals))
	for _, m := range r.in.Manuals {
		fs := r.findings[m.M.Path]
		row := catalogRow{Name: m.M.Name, Where: r.where[m], URL: m.URL, Path: m.Path, Folder: r.collection(m.Path), Dir: path.Dir(m.Path), Format: formatOf(m.Path),
			Summary: shorten(m.M.Summary, 200), Audience: m.M.Audience, Engines: m.Engines, Tools: m.M.RequiresTools, Lines: m.M.Lines}
		for _, f := range fs {
			switch f.Severity {
			case "error":
				row.Errors++
			case "warning":
				row.Warnings++
			}
		}
		rows = append(rows, row)
	}
	// Each group's rows together, in path order.
	slices.SortStableFunc(rows, func(a, b catalogRow) int { return strings.Compare(a.Folder, b.Folder) })
	return rows
}

// collection returns the catalog group of the file at p: its folder, or
// for a file of an Agent Skill (SKILL.md and the files under its folder)
// the folder that holds the skill, so that a collection of skills is one
// group rather than a group per skill.
func (r *run) collection(p string) string {
	dir := path.Dir(p)
	for d := dir; d != "." && d != "/"; d = path.Dir(d) {
		if r.skillDirs[d] {
			return path.Dir(d)
		}
	}
	return dir
}

// disambiguate returns, for each manual whose name another manual shares,
// the shortest end of its folder path that no other of them has ("pdf",
// "skills/pdf"); the full path when even that is shared.
func disambiguate(ms []*Manual) map[*Manual]string {
	byName := map[string][]*Manual{}
	for _, m := range ms {
		byName[m.M.Name] = append(byName[m.M.Name], m)
	}
	out := map[*Manual]string{}
	for _, same := range byName {
		if len(same) < 2 {
			continue
		}
		for _, m := range same {
			out[m] = m.Path
			dirs := strings.Split(path.Dir(m.Path), "/")
			for k := 1; k <= len(dirs); k++ {
				end := strings.Join(dirs[len(dirs)-k:], "/")
				if !slices.ContainsFunc(same, func(o *Manual) bool { return o != m && hasFolderEnd(o.Path, end) }) {
					out[m] = end
					break
				}
			}
		}
	}
	return out
}

// hasFolderEnd reports whether the folder of p ends in the folders end.
func hasFolderEnd(p, end string) bool {
	dir := path.Dir(p)
	return dir == end || strings.HasSuffix(dir, "/"+end)
}

func homeData(r *run) (any, error) {
	rows := r.catalogRows()
	v := &homeView{Engines: slices.Clone(r.in.Engines), Total: len(rows)}
	tools := map[string]bool{}
	for _, t := range r.in.Tools {
		tools[t.Name] = true
	}
	byFormat := map[string]int{}
	byFolder := map[string]int{}
	for _, row := range rows {
		for _, t := range row.Tools {
			tools[t] = true
		}
		byFormat[row.Format]++
		byFolder[row.Folder]++
	}
	for _, f := range formats {
		if n := byFormat[f]; n > 0 {
			v.Formats = append(v.Formats, formatCount{Format: f, Count: n})
		}
	}
	for t := range tools {
		v.Tools = append(v.Tools, t)
	}
	slices.Sort(v.Tools)
	slices.Sort(v.Engines)
	for _, row := range rows[:min(len(rows), catalogFirstRows)] {
		if n := len(v.Groups); n == 0 || v.Groups[n-1].Folder != row.Folder {
			v.Groups = append(v.Groups, catalogGroup{Folder: row.Folder, Count: byFolder[row.Folder]})
		}
		g := &v.Groups[len(v.Groups)-1]
		g.Rows = append(g.Rows, row)
		v.Shown++
	}
	if v.Shown < v.Total {
		// The address names the data's version: a browser never mixes a
		// cached file of another build with this page.
		b, err := r.catalogFile()
		if err != nil {
			return nil, err
		}
		v.Data = catalogDataURL + "?v=" + cache.Of(b).String()[:12]
	}
	v.Errors, v.Warns = r.in.Diagnostics.Count(diag.Error), r.in.Diagnostics.Count(diag.Warning)
	return v, nil
}

// catalogData is the catalog's data file: every row, with the folders,
// engines and tools as numbers into lists, as catalog.js reads it:
//
//	{"v":1,"folders":[…],"engines":[…],"tools":[…],"rows":[[name, where,
//	 url, group, format, summary, audience, [engine…], [tool…], lines,
//	 errors, warnings, dir]…]}
//
// group and dir are numbers into folders.
func (r *run) catalogData() ([]byte, error) {
	rows := r.catalogRows()
	type data struct {
		Version int      `json:"v"`
		Folders []string `json:"folders"`
		Engines []string `json:"engines"`
		Tools   []string `json:"tools"`
		Rows    [][]any  `json:"rows"`
	}
	d := data{Version: catalogVersion, Folders: []string{}, Engines: []string{}, Tools: []string{}, Rows: make([][]any, 0, len(rows))}
	index := func(list *[]string, ids map[string]int, s string) int {
		if i, ok := ids[s]; ok {
			return i
		}
		ids[s] = len(*list)
		*list = append(*list, s)
		return ids[s]
	}
	folders, engines, tools := map[string]int{}, map[string]int{}, map[string]int{}
	for _, row := range rows {
		es, ts := []int{}, []int{}
		for _, e := range row.Engines {
			es = append(es, index(&d.Engines, engines, e))
		}
		for _, t := range row.Tools {
			ts = append(ts, index(&d.Tools, tools, t))
		}
		d.Rows = append(d.Rows, []any{row.Name, row.Where, row.URL, index(&d.Folders, folders, row.Folder), row.Format,
			row.Summary, row.Audience, es, ts, row.Lines, row.Errors, row.Warnings, index(&d.Folders, folders, row.Dir)})
	}
	return json.Marshal(d)
}

// catalogFile returns catalogData, made once per run.
func (r *run) catalogFile() ([]byte, error) {
	r.catalogOnce.Do(func() { r.catalogBytes, r.catalogErr = r.catalogData() })
	return r.catalogBytes, r.catalogErr
}

// writeCatalog writes the catalog's data file when the home page does not
// hold every row.
func (r *run) writeCatalog(out Output) error {
	if len(r.in.Manuals) <= catalogFirstRows {
		return nil
	}
	b, err := r.catalogFile()
	if err != nil {
		return err
	}
	return out.Write(catalogDataURL, cache.Key{}, b)
}

// shorten cuts s to at most n runes at a word, marking the cut with an
// ellipsis.
func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n - 1
	for i := cut; i > n/2; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return strings.TrimRight(string(r[:cut]), " ") + "…"
}
