package lint

import (
	"strings"
	"testing"
)

// TestOpaqueKind: programs, archives and unknown binaries are opaque,
// with their kind; images, fonts, sounds, videos, PDF and Office
// documents without macros are not; a large file
// without a known start is opaque for its size.
func TestOpaqueKind(t *testing.T) {
	docx, odt := zipOf("[Content_Types].xml"), zipOf("mimetype")+"application/vnd.oasis.opendocument.text"
	for _, tc := range []struct {
		name  string
		head  string
		large bool
		want  string // a part of the reason, "" for none
	}{
		{"f", "\x7fELF\x02\x01\x01\x00", false, "compiled program (ELF)"},
		{"f", "MZ\x90\x00\x03\x00", false, "Windows PE"},
		{"f", "\xcf\xfa\xed\xfe\x07\x00", false, "Mach-O"},
		{"f", "\x00asm\x01\x00\x00\x00", false, "WebAssembly"},
		{"f", "PK\x03\x04\x14\x00", false, "archive (zip"},
		{"f", "\x1f\x8b\x08\x00", false, "archive (gzip)"},
		{"f", "7z\xbc\xaf\x27\x1c\x00", false, "archive (7z)"},
		{"f", strings.Repeat("\x00", 257) + "ustar\x0000", false, "archive (tar)"},
		{"f.pdf", "%PDF-1.7\n\x00\x01", false, ""},
		{"f", "abc\x00def", false, "binary file (NUL bytes)"},
		{"f", "plain text", true, "over 16 MiB"},
		{"f", "\x7fELF", true, "compiled program (ELF)"},
		{"f", "\x89PNG\r\n\x1a\n\x00", false, ""},
		{"f", "\x89PNG\r\n\x1a\n\x00", true, ""},
		{"f", "\xff\xd8\xff\xe0\x00\x10JFIF", false, ""},
		{"f", "GIF89a\x01\x00", false, ""},
		{"f", "RIFF\x00\x00\x00\x00WEBPVP8 ", false, ""},
		{"f", "wOF2\x00\x01", false, ""},
		{"f", "\x00\x01\x00\x00\x00\x10", false, ""},
		{"f", "\x00\x00\x00\x20ftypisom", false, ""},
		{"f", "OggS\x00\x02", false, ""},
		{"t.docx", docx, false, ""},
		{"t.docm", docx, false, "Office file with macros"},
		{"t.odt", odt, false, ""},
		{"t.zip", zipOf("setup.sh"), false, "archive (zip"},
	} {
		got := opaqueKind(tc.name, []byte(tc.head), tc.large)
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("opaqueKind(%q, %v) = %q, want %q", tc.head, tc.large, got, tc.want)
		}
	}
}

// zipOf returns the start of a zip file whose first entry is name.
func zipOf(name string) string {
	h := []byte("PK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")
	h = append(h, byte(len(name)), 0, 0, 0)
	return string(h) + name
}
