package searchindex

import (
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
