package lint

import (
	"bytes"
	"encoding/binary"
	"path"
	"strings"

	"github.com/lorekit/lore/internal/diag"
)

var securityOpaqueFile = &Rule{
	ID: "security/opaque-file", Severity: diag.Error,
	Summary: "a file beside the manuals that lint cannot read: a program, an archive, a binary or text over 16 MiB",
	Doc: "The security rules read every text file under a manual root (an Agent Skills folder's scripts and documents, a script " +
		"beside the manuals) and every file a manual links to, so a script that opens a reverse shell is an " +
		"error. The same command compiled into a program, packed into an archive the skill tells the agent to unpack, or put " +
		"past the 16 MiB the rules read of a file would pass unread, and a reviewer cannot read it in a pull request either. " +
		"The rule reports such a file: a compiled program (ELF, Mach-O, Windows PE, WebAssembly, Java " +
		"class), an archive (zip, which includes jar and wheel; gzip, bzip2, xz, zstd, 7z, rar, tar), an Office file with " +
		"macros (.docm, .xlsm, …), any other file with NUL bytes in its first 8 KiB, and a text file over 16 MiB. Images, " +
		"fonts, sounds, videos, PDF documents and Office or OpenDocument files without macros are not reported: a model " +
		"reads them, if at all, as it reads an image, and nothing runs them. Ship the files an archive holds unpacked and the source of a " +
		"program (with a script that builds it); a file a reviewer has checked can be let through by setting this rule to " +
		"warning in lore.yaml, which manuals.lock records as a suppression.",
	Project: func(p *Pass) {
		for _, f := range p.opaque {
			if p.In.Report != nil && !p.In.Report(f.path) {
				continue
			}
			p.ReportAt(diag.Pos{File: f.path}, diag.Pos{}, "this file is %s, so no rule reads what it holds and it reaches the agent unchecked: ship its text (unpacked, or the program's source) instead, or set security/opaque-file to warning in lore.yaml for a file a reviewer has checked",
				f.why)
		}
	},
}

// opaqueFile is a file of a skill the security rules cannot read, and
// why (the rest of "FILE …": "an archive (zip)").
type opaqueFile struct{ path, why string }

// magic is a file kind known by the bytes it starts with (at offset at).
type magic struct {
	at   int
	sig  string
	kind string // why it is opaque (see opaqueKind); "" for an image, a font, a sound, a video or a document
}

// magics are the kinds opaqueKind tells apart.
var magics = []magic{
	{0, "\x7fELF", "a compiled program (ELF)"},
	{0, "\xfe\xed\xfa\xce", "a compiled program (Mach-O)"},
	{0, "\xfe\xed\xfa\xcf", "a compiled program (Mach-O)"},
	{0, "\xce\xfa\xed\xfe", "a compiled program (Mach-O)"},
	{0, "\xcf\xfa\xed\xfe", "a compiled program (Mach-O)"},
	{0, "\xca\xfe\xba\xbe", "a compiled program (Mach-O universal binary or Java class)"},
	{0, "MZ", "a compiled program (Windows PE)"},
	{0, "\x00asm", "a compiled program (WebAssembly)"},
	{0, "PK\x03\x04", "an archive (zip: also jar and wheel)"},
	{0, "PK\x05\x06", "an archive (zip)"},
	{0, "\x1f\x8b", "an archive (gzip)"},
	{0, "BZh", "an archive (bzip2)"},
	{0, "\xfd7zXZ\x00", "an archive (xz)"},
	{0, "\x28\xb5\x2f\xfd", "an archive (zstd)"},
	{0, "7z\xbc\xaf\x27\x1c", "an archive (7z)"},
	{0, "Rar!\x1a\x07", "an archive (rar)"},
	{257, "ustar", "an archive (tar)"},
	{0, "%PDF-", ""},
	{0, "\x89PNG\r\n\x1a\n", ""},
	{0, "\xff\xd8\xff", ""},
	{0, "GIF87a", ""},
	{0, "GIF89a", ""},
	{8, "WEBP", ""},
	{8, "WAVE", ""},
	{8, "AVI ", ""},
	{0, "\x00\x00\x01\x00", ""}, // ico
	{0, "II*\x00", ""},
	{0, "MM\x00*", ""},
	{0, "wOFF", ""},
	{0, "wOF2", ""},
	{0, "OTTO", ""},
	{0, "\x00\x01\x00\x00", ""}, // TrueType
	{0, "ID3", ""},
	{0, "OggS", ""},
	{0, "fLaC", ""},
	{4, "ftyp", ""},             // MP4, MOV, HEIC, AVIF
	{0, "\x1a\x45\xdf\xa3", ""}, // WebM, Matroska
}

// opaqueKind says why a file name whose first bytes are head is opaque
// (the rest of "this file is …"), or "" for an image, a font, a sound, a
// video or a document (PDF, an Office or OpenDocument file without
// macros), which a model reads, if at all, as it reads an image. large: the file is over
// maxSupportingFile; otherwise head holds a NUL byte.
func opaqueKind(name string, head []byte, large bool) string {
	if office, macros := officeDocument(name, head); office && !macros {
		return ""
	} else if office {
		return "an Office file with macros"
	}
	for _, m := range magics {
		if len(head) >= m.at+len(m.sig) && bytes.Equal(head[m.at:m.at+len(m.sig)], []byte(m.sig)) {
			return m.kind
		}
	}
	if large {
		return "over 16 MiB, more than the rules read of a file"
	}
	return "a binary file (NUL bytes) of no kind lint knows"
}

// officeDocument reports whether name, a file starting with head, is an
// Office Open XML file (a zip whose first entry is [Content_Types].xml,
// _rels/ or docProps/) or an OpenDocument file (a zip whose first entry
// is the stored mimetype), and whether it holds macros: by the extension
// of an Office file, since Office does not open macros from a .docx.
func officeDocument(name string, head []byte) (office, macros bool) {
	if len(head) < 30 || !bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		return false, false
	}
	n, extra := int(binary.LittleEndian.Uint16(head[26:28])), int(binary.LittleEndian.Uint16(head[28:30]))
	if len(head) < 30+n {
		return false, false
	}
	first := string(head[30 : 30+n])
	if first == "mimetype" {
		data := head[min(len(head), 30+n+extra):]
		return bytes.HasPrefix(data, []byte("application/vnd.oasis.opendocument.")), false
	}
	if first != "[Content_Types].xml" && !strings.HasPrefix(first, "_rels/") && !strings.HasPrefix(first, "docProps/") {
		return false, false
	}
	ext := strings.ToLower(path.Ext(name))
	return true, strings.HasSuffix(ext, "m") || ext == ".xlam" || ext == ".ppam"
}
