package site

import (
	"testing"

	"github.com/lorekit/lore/internal/manual"
)

func TestDisambiguate(t *testing.T) {
	var ms []*Manual
	for _, p := range []string{
		"corpus/a/skills/pdf/README.md", "corpus/b/skills/pdf/README.md", "corpus/a/skills/docx/README.md",
		"corpus/README.md", "manuals/unique.md",
	} {
		ms = append(ms, &Manual{M: &manual.Manual{Path: p, Name: manual.NameOf(p)}, Path: p})
	}
	got := disambiguate(ms)
	for i, want := range []string{"a/skills/pdf", "b/skills/pdf", "docx", "corpus", ""} {
		if got[ms[i]] != want {
			t.Errorf("%s: %q, want %q", ms[i].Path, got[ms[i]], want)
		}
	}
}

func TestCollection(t *testing.T) {
	r := &run{skillDirs: map[string]bool{"corpus/x/skills/pdf": true}}
	for p, want := range map[string]string{
		"corpus/x/skills/pdf/SKILL.md":            "corpus/x/skills",
		"corpus/x/skills/pdf/references/forms.md": "corpus/x/skills",
		"corpus/x/skills/README.md":               "corpus/x/skills",
		"manuals/embedding/images.md":             "manuals/embedding",
		"top.md":                                  ".",
	} {
		if got := r.collection(p); got != want {
			t.Errorf("collection(%s) = %q, want %q", p, got, want)
		}
	}
}

func TestFormatOf(t *testing.T) {
	for p, want := range map[string]string{
		"a/SKILL.md": "skill", "a/x.agent.md": "agent", "a/x.instructions.md": "instructions", "a/x.prompt.md": "prompt", "a/x.md": "lore",
	} {
		if got := formatOf(p); got != want {
			t.Errorf("formatOf(%s) = %q, want %q", p, got, want)
		}
	}
}

func TestTOC(t *testing.T) {
	body := []byte(`<h1 id="t">Title <a class="anchor" href="#t">#</a></h1>
<h2 id="use">When to <code>use</code> &amp; why <a class="anchor" href="#use" aria-label="Link to this section">#</a></h2>
<pre><code>&lt;h2 id="fake"&gt;not a heading&lt;/h2&gt;</code></pre>
<h3 id="deep">Deeper <a class="anchor" href="#deep">#</a></h3>
<h4 id="deeper">Too deep <a class="anchor" href="#deeper">#</a></h4>`)
	got := tocOf(body)
	if len(got) != 2 || got[0] != (tocEntry{2, "use", "When to use & why"}) || got[1] != (tocEntry{3, "deep", "Deeper"}) {
		t.Errorf("toc %+v", got)
	}
}
