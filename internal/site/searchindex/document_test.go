package searchindex

import (
	"reflect"
	"strings"
	"testing"

	"github.com/lorekit/lore/internal/manual"
)

func TestFromManual(t *testing.T) {
	src := "---\ntriggers: deploy, Bereitstellung\nsummary: Roll out a service.\nrequires-tools: kubectl\naudience: arthur\n---\n" +
		"# Deploying\n\nRoll **out** the `release` with\na [manifest](other.md).\n\n" +
		"<div onclick=\"evil()\">hidden html</div>\n\n```sh\nkubectl apply -f app.yaml\n```\n"
	m := manual.Parse("manuals/ops/deploy.md", []byte(src))
	d := FromManual(m, "manuals/deploy/", [32]byte{})
	if d.URL != "manuals/deploy/" || d.Name != "deploy" || d.Title != "Deploying" || d.Summary != "Roll out a service." ||
		d.Audience != "arthur" || strings.Join(d.Triggers, ",") != "deploy,Bereitstellung" || strings.Join(d.RequiresTools, ",") != "kubectl" {
		t.Fatalf("document %+v", d)
	}
	r, secs := d.resolved()
	if len(secs) != 1 || secs[0].Anchor != "deploying" || secs[0].Heading != "Deploying" {
		t.Errorf("sections %+v, want one under the heading Deploying", secs)
	}
	got := strings.Join(indexedWords(r.Body), " ")
	if want := "deploying roll out the release with manifest kubectl apply app.yaml"; got != want {
		t.Fatalf("body tokens %q, want %q", got, want)
	}
}

// TestWithText checks that a document given its text by WithText resolves
// to the text and sections Parts returns: its sections are cut from the
// text, not taken from the parsed Markdown.
func TestWithText(t *testing.T) {
	for _, body := range []string{
		"",
		"Just prose,\nover two lines.\n",
		"# One\n\nRoll **out** the `release`\nwith a [manifest](other.md).\n\n<div>hidden html</div>\n\n```sh\nkubectl  apply\n  -f app.yaml\n```\n" +
			"## Two {#custom}\n\n- a\n- b\n\n    indented code\n    more\n\n### Empty\n\n## Tail ends\n\ntext<br>after *html*\n",
		"Before the heading\n\n# Heading *with* `code`\n## \n\n> quoted\n> lines\n\n| a | b |\n|---|---|\n| c | d |\n",
		"Prose\n***\n# A\nnext\n# A\nagain\n",
	} {
		m := manual.Parse("manuals/x.md", []byte(body))
		wantBody, wantSecs := Parts(m.AST(), m.Body())
		d := WithText(Document{URL: "manuals/x/"}, m.AST(), m.Body())
		r, secs := d.resolved()
		_, wantShown := Document{Body: wantBody, Sections: wantSecs}.resolved()
		if r.Body != wantBody {
			t.Errorf("%q: body %q, want %q", body, r.Body, wantBody)
		}
		if !reflect.DeepEqual(r.Sections, wantSecs) || !reflect.DeepEqual(secs, wantShown) {
			t.Errorf("%q: sections %+v (shown %+v), want %+v (shown %+v)", body, r.Sections, secs, wantSecs, wantShown)
		}
	}
}

// WithText holds the text in fewer bytes than the text, not in the room
// the compressor makes for the worst case.
func TestWithTextHoldsLessThanTheText(t *testing.T) {
	body := strings.Repeat("Roll out the release with kubectl apply, then watch the rollout.\n\n", 200)
	m := manual.Parse("manuals/x.md", []byte(body))
	text, _ := Parts(m.AST(), m.Body())
	d := WithText(Document{URL: "manuals/x/"}, m.AST(), m.Body())
	if d.Body != "" || cap(d.packed) >= len(text) {
		t.Errorf("WithText holds %d bytes of text and %d bytes packed (room for %d), for %d bytes of text", len(d.Body), len(d.packed), cap(d.packed), len(text))
	}
}
