package mcpserver

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lorekit/lore/internal/manual"
)

// The MCP Skills extension (SEP-2640): every manual visible to the engine
// is a skill at skill://<path>/SKILL.md, each of its files a resource.
const (
	skillsExtension = "io.modelcontextprotocol/skills"
	skillScheme     = "skill://"
	skillEntry      = "SKILL.md"
	dirMIME         = "inode/directory"
)

// The extension's per-skill limits: a skill over either is not served.
const (
	maxSkillFiles = 512
	maxSkillBytes = 16 << 20
)

// skill is one served skill: the entry skills/list and skills/get return
// and the files resources/read serves.
type skill struct {
	// uri is the URI of its SKILL.md; dir the skill's root directory
	// (uri without "/SKILL.md").
	uri, dir    string
	name        string
	description string
	// frontmatter is the SKILL.md's front matter as a JSON object.
	frontmatter json.RawMessage
	// files are SKILL.md and every supporting file, SKILL.md first and
	// the rest by URI.
	files []*skillFile
	// source is the manual the skill is made from; rewritten names the
	// front matter fields lore wrote (all of them for a manual without
	// Agent Skills front matter).
	source    *manual.Manual
	rewritten []string
}

// skillFile is one file of a skill, held in memory.
type skillFile struct {
	uri  string
	path string // the project file it was read from
	mime string
	data []byte
	// sum is "sha256:" and the hex SHA-256 of data.
	sum string
}

func newSkillFile(uri, file, mime string, data []byte) *skillFile {
	h := sha256.Sum256(data)
	return &skillFile{uri: uri, path: file, mime: mime, data: data, sum: "sha256:" + hex.EncodeToString(h[:])}
}

// text reports whether the file goes out as text (valid UTF-8 without
// NUL) rather than as a base64 blob.
func (f *skillFile) text() bool {
	return utf8.Valid(f.data) && !strings.ContainsRune(string(f.data), 0)
}

// resource describes the skill's SKILL.md for resources/list: the name
// and description of its front matter, and where lore made it from.
func (sk *skill) resource() *mcp.Resource {
	r := &mcp.Resource{URI: sk.uri, Name: sk.name, Title: sk.source.Title, Description: sk.description,
		MIMEType: "text/markdown", Size: int64(len(sk.files[0].data)),
		Meta: mcp.Meta{"lore/source": sk.source.Path}}
	if len(sk.rewritten) > 0 {
		r.Meta["lore/written"] = sk.rewritten
	}
	return r
}

// skillResource is a file of a skill in an entry's manifest.
type skillResource struct {
	URI    string `json:"uri"`
	Digest string `json:"digest"`
	Size   int    `json:"size"`
}

// skillJSON is a skill entry on the wire.
type skillJSON struct {
	URI         string          `json:"uri"`
	Frontmatter json.RawMessage `json:"frontmatter"`
	Resources   []skillResource `json:"resources"`
}

// entry returns the skill's entry: its URI, front matter and a complete
// manifest of its files.
func (sk *skill) entry() skillJSON {
	e := skillJSON{URI: sk.uri, Frontmatter: sk.frontmatter, Resources: make([]skillResource, len(sk.files))}
	for i, f := range sk.files {
		e.Resources[i] = skillResource{URI: f.uri, Digest: f.sum, Size: len(f.data)}
	}
	return e
}

// fileMIME is the MIME type of a skill file, by its extension; text that
// has none known is text/plain, anything else application/octet-stream.
// The table is lore's own, so the answer does not depend on the machine's
// mime.types.
func fileMIME(name string, text bool) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".md", ".markdown":
		return "text/markdown"
	case ".txt":
		return "text/plain"
	case ".json":
		return "application/json"
	case ".yaml", ".yml":
		return "application/yaml"
	case ".toml":
		return "application/toml"
	case ".xml":
		return "application/xml"
	case ".html", ".htm":
		return "text/html"
	case ".css":
		return "text/css"
	case ".csv":
		return "text/csv"
	case ".js", ".mjs", ".cjs":
		return "text/javascript"
	case ".ts":
		return "text/x-typescript"
	case ".py":
		return "text/x-python"
	case ".sh", ".bash", ".zsh":
		return "text/x-shellscript"
	case ".go":
		return "text/x-go"
	case ".png":
		return "image/png"
	case ".jpg", ".jpeg":
		return "image/jpeg"
	case ".gif":
		return "image/gif"
	case ".webp":
		return "image/webp"
	case ".svg":
		return "image/svg+xml"
	case ".pdf":
		return "application/pdf"
	case ".zip":
		return "application/zip"
	}
	if text {
		return "text/plain"
	}
	return "application/octet-stream"
}
