package search

import (
	"cmp"
	"slices"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
)

// List answers manual_list: every entry visible to v, sorted by name (then
// path), with name, path and summary.
func (c *Catalog) List(v Visibility) ([]Hit, error) {
	return guarded(c.dir, func() ([]Hit, error) { return c.list(v) })
}

func (c *Catalog) list(v Visibility) ([]Hit, error) {
	var q query.Query = query.NewMatchAllQuery()
	if f := c.filter(v); f != nil {
		bq := query.NewBooleanQuery(nil, nil, nil)
		bq.AddFilter(f)
		q = bq
	}
	req := bleve.NewSearchRequestOptions(q, c.meta.Documents+1, 0, false)
	req.Fields = hitFields
	res, err := c.idx.Search(req)
	if err != nil {
		return nil, err
	}
	out := make([]Hit, 0, len(res.Hits))
	visible := c.judge(v)
	for _, d := range res.Hits {
		f := d.Fields
		if !visible(d.ID, str(f[fAudience]), strs(f[fTools]), strs(f[fEngines])) {
			continue
		}
		out = append(out, Hit{ID: d.ID, Name: str(f[fName]), Path: str(f[fPath]), Rel: str(f[fRel]), Summary: str(f[fSumEN]), Kind: str(f[fKind])})
	}
	slices.SortFunc(out, func(a, b Hit) int { return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Path, b.Path)) })
	return out, nil
}
