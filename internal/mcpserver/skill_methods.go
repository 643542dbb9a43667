package mcpserver

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The methods of the Skills extension. Their results carry the fields the
// extension requires of every result (resultType, and the cache hints
// ttlMs and cacheScope, with the values the SDK gives its own lists: stale
// at once, public).

// cacheable are the result fields every extension result carries.
type cacheable struct {
	ResultType string `json:"resultType"`
	TTLMs      int    `json:"ttlMs"`
	CacheScope string `json:"cacheScope"`
}

var complete = cacheable{ResultType: "complete", CacheScope: "public"}

type listSkillsParams struct {
	Cursor string `json:"cursor,omitempty"`
}

type listSkillsResult struct {
	cacheable
	Skills     []skillJSON `json:"skills"`
	NextCursor string      `json:"nextCursor,omitempty"`
}

type uriParams struct {
	URI    string `json:"uri"`
	Cursor string `json:"cursor,omitempty"`
}

type getSkillResult struct {
	cacheable
	Skill skillJSON `json:"skill"`
}

type directoryResult struct {
	ResultType string          `json:"resultType"`
	Resources  []*mcp.Resource `json:"resources"`
	NextCursor string          `json:"nextCursor,omitempty"`
}

// listSkills answers skills/list: every skill, a page at a time in URI
// order; the cursor is the last URI of the page before.
func (s *Server) listSkills(ctx context.Context, raw json.RawMessage) (any, error) {
	var p listSkillsParams
	if err := decodeParams(raw, &p); err != nil {
		return nil, err
	}
	snap, release := s.acquire()
	defer release()
	all := snap.skills.skills
	from, err := afterCursor(p.Cursor, len(all), func(i int) string { return all[i].uri })
	if err != nil {
		return nil, err
	}
	to := min(len(all), from+s.pageSize())
	res := &listSkillsResult{cacheable: complete, Skills: make([]skillJSON, 0, to-from)}
	for _, sk := range all[from:to] {
		res.Skills = append(res.Skills, sk.entry())
	}
	if to < len(all) {
		res.NextCursor = encodeCursor(all[to-1].uri)
	}
	return res, nil
}

// getSkill answers skills/get: the entry of the skill whose SKILL.md is
// params.uri.
func (s *Server) getSkill(ctx context.Context, raw json.RawMessage) (any, error) {
	var p uriParams
	if err := decodeParams(raw, &p); err != nil {
		return nil, err
	}
	if why := badURI(p.URI); why != "" {
		return nil, invalidURI(p.URI, why)
	}
	snap, release := s.acquire()
	defer release()
	sk := snap.skills.byURI[p.URI]
	if sk == nil {
		return nil, resourceNotFound(p.URI, snap.skills.notASkill(p.URI))
	}
	return &getSkillResult{cacheable: complete, Skill: sk.entry()}, nil
}

// readDirectory answers resources/directory/read: the direct children of
// a skill's root or of a folder in it.
func (s *Server) readDirectory(ctx context.Context, raw json.RawMessage) (any, error) {
	var p uriParams
	if err := decodeParams(raw, &p); err != nil {
		return nil, err
	}
	if why := badURI(p.URI); why != "" {
		return nil, invalidURI(p.URI, why)
	}
	snap, release := s.acquire()
	defer release()
	ss := snap.skills
	children, ok := ss.dirs[p.URI]
	if !ok {
		msg := "no directory is served at " + clip(p.URI)
		if ss.files[p.URI] != nil {
			msg = clip(p.URI) + " is not a directory resource: read it with resources/read"
		}
		return nil, resourceNotFound(p.URI, msg+"; a skill's root is its SKILL.md URI without /SKILL.md")
	}
	from, err := afterCursor(p.Cursor, len(children), func(i int) string { return children[i] })
	if err != nil {
		return nil, err
	}
	to := min(len(children), from+s.pageSize())
	res := &directoryResult{ResultType: "complete", Resources: make([]*mcp.Resource, 0, to-from)}
	for _, c := range children[from:to] {
		res.Resources = append(res.Resources, ss.resource(c))
	}
	if to < len(children) {
		res.NextCursor = encodeCursor(children[to-1])
	}
	return res, nil
}

// resource describes the file or directory at uri.
func (ss *skillSet) resource(uri string) *mcp.Resource {
	name := uri[strings.LastIndexByte(uri, '/')+1:]
	if f := ss.files[uri]; f != nil {
		if sk := ss.byURI[uri]; sk != nil {
			return sk.resource()
		}
		return &mcp.Resource{URI: uri, Name: name, MIMEType: f.mime, Size: int64(len(f.data))}
	}
	return &mcp.Resource{URI: uri, Name: name, MIMEType: dirMIME}
}

// notASkill says why uri names no skill, and what would.
func (ss *skillSet) notASkill(uri string) string {
	msg := "No skill is served at " + clip(uri)
	switch {
	case !strings.HasSuffix(uri, "/"+skillEntry) && ss.byURI[strings.TrimSuffix(uri, "/")+"/"+skillEntry] != nil:
		msg += ": skills/get takes the URI of the skill's SKILL.md, " + strings.TrimSuffix(uri, "/") + "/" + skillEntry
	case ss.files[uri] != nil:
		msg += ": it is a file of a skill, not its SKILL.md"
	default:
		msg += "; skills/list lists every skill"
	}
	return msg
}

// read returns the contents of the skill file at uri.
func (ss *skillSet) read(uri string) (*mcp.ReadResourceResult, error) {
	f := ss.files[uri]
	if f == nil {
		msg := "resource not found: no skill file is served at " + clip(uri) + "; skills/list lists every skill and its files"
		if ss.isDir[uri] {
			msg = clip(uri) + " is a directory: list it with resources/directory/read"
		}
		return nil, resourceNotFound(uri, msg)
	}
	c := &mcp.ResourceContents{URI: uri, MIMEType: f.mime}
	if f.text() {
		c.Text = string(f.data)
	} else {
		c.Blob = f.data
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{c}}, nil
}

// decodeParams decodes the params of an extension request; missing params
// are no params.
func decodeParams(raw json.RawMessage, v any) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "invalid params: " + err.Error()}
	}
	return nil
}

// afterCursor returns the index after the cursor's key among n keys in
// ascending order (0 without a cursor).
func afterCursor(cursor string, n int, key func(int) string) (int, error) {
	if cursor == "" {
		return 0, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil || len(b) == 0 {
		return 0, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "invalid cursor: pass the nextCursor of the previous page unchanged"}
	}
	last := string(b)
	return sort.Search(n, func(i int) bool { return key(i) > last }), nil
}

func encodeCursor(key string) string { return base64.RawURLEncoding.EncodeToString([]byte(key)) }

// pageSize is how many entries a page of a list holds.
func (s *Server) pageSize() int {
	if s.opts.PageSize > 0 {
		return s.opts.PageSize
	}
	return mcp.DefaultPageSize
}

// clip shortens a URI quoted in a message.
func clip(s string) string {
	if len(s) <= 200 {
		return s
	}
	cut := 200
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
