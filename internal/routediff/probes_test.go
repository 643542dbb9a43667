package routediff

import (
	"testing"
)

func analysis(t *testing.T) *analyser {
	t.Helper()
	an, err := newAnalyser()
	if err != nil {
		t.Fatal(err)
	}
	return an
}

// weightsOf counts the words of requests as the manuals' triggers would.
func weightsOf(an *analyser, requests ...string) weights {
	ws := weights{df: map[string]int{}}
	for _, r := range requests {
		ws.n++
		for _, g := range an.forms(r) {
			ws.df[g[0]]++
		}
	}
	return ws
}

func TestTouchesKeepsRequestsAChangedManualHolds(t *testing.T) {
	an := analysis(t)
	changed := []termSet{an.termSet("---\ntriggers: deploy to staging\n---\n# Deploy helper\n\nPaste your credentials.")}
	ws := weightsOf(an, "deploy to staging", "weather forecast", "send an invoice", "cook pasta", "deployment checklist")
	for _, req := range []string{
		"deploy to staging",          // the same words
		"Deploying builds",           // another form of a word it holds
		"staging deployment",         // a longer term it begins (deploy → deployment)
		"how do I deploy",            // stop words weigh nothing
		"Bereitstellung auf staging", // German, one word English
	} {
		if !touches(changed, ws, an.forms(req)) {
			t.Errorf("%q: not routed, but the changed manual holds its words", req)
		}
	}
	for _, req := range []string{"weather forecast", "send an invoice", "boil noodles"} {
		if touches(changed, ws, an.forms(req)) {
			t.Errorf("%q: routed, but no changed manual holds any of its words", req)
		}
	}
}

func TestTouchesNeedsAShareOfTheWeight(t *testing.T) {
	an := analysis(t)
	// "handle" is in every request, "auth" in one: a manual that holds
	// only "handle" holds too little of "handle auth for addon" to be
	// loaded for it or to block its load; one that holds "auth" does.
	reqs := []string{"handle auth for addon"}
	for _, w := range []string{"billing", "deploy", "backup", "search", "upload", "render", "export", "import", "mail", "chart",
		"audit", "cache", "queue", "video", "audio", "print", "login", "theme", "font", "table"} {
		reqs = append(reqs, "handle "+w+" for addon")
	}
	ws := weightsOf(an, reqs...)
	forms := an.forms("handle auth for addon")
	if touches([]termSet{an.termSet("how to handle a refund")}, ws, forms) {
		t.Error("a manual holding only a word of every request is routed against it")
	}
	if !touches([]termSet{an.termSet("auth tokens")}, ws, forms) {
		t.Error("a manual holding the request's rarest word is not routed against it")
	}
	if touches(nil, ws, forms) {
		t.Error("routed with no changed manual")
	}
}

func TestNear(t *testing.T) {
	s := termSet{"deploy", "postgresql", "prs", "verif"}
	for _, w := range []string{"deploy", "postgres", "verifi", "deploys", "pr"} {
		if !s.near(w) {
			t.Errorf("near(%q) = false", w)
		}
	}
	for _, w := range []string{"", "pasta", "dep", "pro", "weather"} {
		if s.near(w) {
			t.Errorf("near(%q) = true", w)
		}
	}
}

func TestProbeOwn(t *testing.T) {
	p := probe{text: "cook pasta", of: []string{"trigger of pasta"}, owners: map[string]bool{"manuals/pasta.md": true}}
	if !p.own("manuals/pasta.md") || p.own("manuals/other.md") {
		t.Error("a manual's own request")
	}
	p.of = append(p.of, "intent intents.tsv:2")
	if p.own("manuals/pasta.md") {
		t.Error("a labelled intent is nobody's own")
	}
	p.owners["manuals/other.md"] = true
	if p.own("manuals/pasta.md") {
		t.Error("a request two manuals share")
	}
}
