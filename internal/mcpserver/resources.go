package mcpserver

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Resource URIs.
const (
	manualURIPrefix = "lore://manual/"
	manifestURI     = "lore://manifest"
	manualTemplate  = "lore://manual/{name}"
	skillTemplate   = "skill://{+path}"
)

// resources returns the resources of snap: every visible manual, every
// file of every skill and the manifest, by URI.
func (snap *snapshot) resources() map[string]*mcp.Resource {
	out := make(map[string]*mcp.Resource, len(snap.manuals)+1)
	for _, m := range snap.manuals {
		out[manualURIPrefix+m.Name] = &mcp.Resource{
			URI:         manualURIPrefix + m.Name,
			Name:        m.Name,
			Title:       m.Title,
			Description: m.Summary,
			MIMEType:    "text/markdown",
			Size:        int64(len(m.Src)),
		}
	}
	for _, sk := range snap.skills.skills {
		for _, f := range sk.files {
			out[f.uri] = snap.skills.resource(f.uri)
		}
	}
	out[manifestURI] = &mcp.Resource{
		URI:         manifestURI,
		Name:        "manifest",
		Title:       "lore manifest",
		Description: "public/manifest.json of the build as this engine may see it: its manuals, bundles and templates, the catalog and the lint summary.",
		MIMEType:    "application/json",
		Size:        int64(len(snap.manifest)),
	}
	return out
}

// addResourceTemplates registers lore://manual/{name}, so that a client
// reading a manual by a name that is not listed gets manual_read's error
// with close names instead of a bare "not found", and skill://{+path}, so
// that any skill URI gets an answer that says what is served.
func (s *Server) addResourceTemplates() {
	s.mcp.AddResourceTemplate(&mcp.ResourceTemplate{
		URITemplate: manualTemplate,
		Name:        "manual",
		Title:       "Manual by name",
		Description: "Any manual of the cascade by name, as manual_read returns it.",
		MIMEType:    "text/markdown",
	}, s.readResource)
	s.mcp.AddResourceTemplate(&mcp.ResourceTemplate{
		URITemplate: skillTemplate,
		Name:        "skill-file",
		Title:       "Skill file by URI",
		Description: "Any file of a skill: skill://<name>/SKILL.md and the files beside it (skills/get lists them with their digests).",
	}, s.readResource)
}

// readResource reads a manual or the manifest from the current snapshot.
func (s *Server) readResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	snap, release := s.acquire()
	defer release()
	if strings.HasPrefix(uri, skillScheme) {
		return snap.skills.read(uri)
	}
	if uri == manifestURI {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(snap.manifest)}}}, nil
	}
	name, ok := strings.CutPrefix(uri, manualURIPrefix)
	if !ok {
		return nil, resourceNotFound(uri, "resource not found: read lore://manual/<name>, lore://manifest or the files of a skill, skill://<name>/SKILL.md and beside it (resources/list lists them)")
	}
	text, err := snap.read(name)
	if err != nil {
		return nil, resourceNotFound(uri, err.Error())
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: text}}}, nil
}
