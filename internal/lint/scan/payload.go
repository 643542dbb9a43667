package scan

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"unicode/utf8"
)

// MinPayload is the shortest run of base64 or hex characters that
// EncodedPayload decodes.
const MinPayload = 64

// EncodedPayload finds long base64 or hex runs in prose or code that
// decode to text or to an executable (ELF, PE, Mach-O, a script with #!,
// a compressed archive): a payload the reader cannot read but the model
// or a shell can decode. Runs that decode to random bytes (hashes,
// signatures, images in data: URLs) are left alone. A run may continue
// over lines of nothing but base64 (wrapped output).
func EncodedPayload(src []byte) []Hit {
	var c collector
	for i := 0; i < len(src); {
		if !b64Char(src[i]) {
			i++
			continue
		}
		start := i
		for i < len(src) && (b64Char(src[i]) || src[i] == '=' || (src[i] == '\n' || src[i] == '\r') && wrapped(src, i)) {
			i++
		}
		run := src[start:i]
		if len(run) < MinPayload {
			continue
		}
		if what := decodes(run); what != "" {
			c.add(Hit{Off: start, End: i, What: what})
		}
	}
	return c.result()
}

func b64Char(b byte) bool {
	return b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '+' || b == '/' || b == '-' || b == '_'
}

// wrapped reports whether the line break at i continues a base64 block:
// the next line is at least 40 base64 characters long.
func wrapped(src []byte, i int) bool {
	j := i + 1
	if src[i] == '\r' && j < len(src) && src[j] == '\n' {
		return true
	}
	n := 0
	for j+n < len(src) && b64Char(src[j+n]) {
		n++
	}
	return n >= 40
}

// decodes says what run decodes to, or "" when it is not a payload.
func decodes(run []byte) string {
	clean := bytes.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, run)
	if isHex(clean) {
		b := make([]byte, len(clean)/2)
		if _, err := hex.Decode(b, clean[:len(clean)/2*2]); err == nil {
			if w := payloadKind(b); w != "" {
				return fmt.Sprintf("a hex run of %d characters that decodes to %s", len(clean), w)
			}
		}
		return ""
	}
	trimmed := bytes.TrimRight(clean, "=")
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		b := make([]byte, enc.DecodedLen(len(trimmed)))
		n, err := enc.Decode(b, trimmed[:len(trimmed)/4*4+validTail(len(trimmed)%4)])
		if err != nil {
			continue
		}
		if w := payloadKind(b[:n]); w != "" {
			return fmt.Sprintf("a base64 run of %d characters that decodes to %s", len(clean), w)
		}
	}
	return ""
}

// validTail keeps a base64 remainder that can be decoded (1 character
// cannot).
func validTail(r int) int {
	if r == 1 {
		return 0
	}
	return r
}

func isHex(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// payloadKind names what b is: an executable, an archive, a script, or
// readable text; "" for anything else.
func payloadKind(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x7fELF")):
		return "an ELF executable"
	case bytes.HasPrefix(b, []byte("MZ")) && len(b) > 64:
		return "a Windows executable"
	case bytes.HasPrefix(b, []byte{0xcf, 0xfa, 0xed, 0xfe}), bytes.HasPrefix(b, []byte{0xce, 0xfa, 0xed, 0xfe}),
		bytes.HasPrefix(b, []byte{0xca, 0xfe, 0xba, 0xbe}):
		return "a Mach-O executable"
	case bytes.HasPrefix(b, []byte("#!")):
		return "a script (" + firstLine(b) + ")"
	case bytes.HasPrefix(b, []byte{0x1f, 0x8b}):
		return "gzip-compressed data"
	case bytes.HasPrefix(b, []byte("PK\x03\x04")):
		return "a zip archive"
	case bytes.HasPrefix(b, []byte("\x00asm")):
		return "a WebAssembly module"
	}
	if len(b) >= 32 && utf8.Valid(b) && printable(b) {
		return "text (\"" + Escape(clip(string(b), 40)) + "\")"
	}
	return ""
}

func firstLine(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	return Escape(clip(string(b), 40))
}

// printable reports whether b reads as text: at least 95 % printable
// characters and some spaces or line breaks between words.
func printable(b []byte) bool {
	total, ok, spaces := 0, 0, 0
	for _, r := range string(b) {
		total++
		switch {
		case r == ' ' || r == '\n' || r == '\t' || r == '\r':
			ok++
			spaces++
		case r >= 0x20 && r < 0x7f || r >= 0xa0 && r != 0xfffd:
			ok++
		}
	}
	return ok*100 >= total*95 && spaces*40 >= total
}
