package scan

import "bytes"

// Link is the address of a link or image: written at src[Off:End], and
// URL as a renderer uses it (character references and, in Markdown,
// backslash escapes decoded).
type Link struct {
	Off, End int
	URL      string
}

// Links returns the addresses of the links and images of the Markdown
// or HTML text src: inline destinations (`](…)`), reference definitions
// (`[label]: …`), and the href and src attributes of HTML tags. Each
// byte is read a bounded number of times: linear in src.
func Links(src []byte) []Link {
	var out []Link
	add := func(u urlRef) { out = append(out, Link{Off: u.off, End: u.end, URL: u.url(src)}) }
	dest := newDestinations(src)
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("]("))
		if j < 0 {
			break
		}
		i += j + 2
		if u, ok := dest.at(i); ok {
			add(urlRef{off: u[0], end: u[1]})
			i = max(i, u[1])
		}
	}
	for _, d := range referenceDefs(src, 0, len(src)) {
		add(d)
	}
	tagEnds := nextOf(src, '>')
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '<')
		if j < 0 {
			break
		}
		i += j + 1
		if i == len(src) || !isLetter(src[i]) {
			continue
		}
		e := tagEnds.from(i)
		if e == len(src) {
			break // no tag is closed after this one
		}
		for _, name := range []string{"href=", "src="} {
			if u, ok := attrOf(src[i:e], name); ok {
				add(urlRef{off: i + u[0], end: i + u[1], html: true})
			}
		}
		i = e
	}
	return out
}
