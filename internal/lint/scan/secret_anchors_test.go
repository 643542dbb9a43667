package scan

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/corpusgen"
)

// TestAnchorsKeepFindings: the keyword anchors only save work. Over a
// generated corpus and lines built from every rule's keywords with
// secret-shaped values, the rule set with anchors finds exactly what it
// finds without them.
func TestAnchorsKeepFindings(t *testing.T) {
	with, err := compileSecrets(gitleaksTOML, true)
	if err != nil {
		t.Fatal(err)
	}
	without, err := compileSecrets(gitleaksTOML, false)
	if err != nil {
		t.Fatal(err)
	}
	anchored := 0
	for _, r := range with.rules {
		if r.anchorRegex == "" {
			continue
		}
		// Made when first asked for; every rule's must compile, or the
		// rule silently goes without the work they save.
		if _, _, err := anchorsOf(r.anchorRegex, r.anchorKeywords); err != nil {
			t.Errorf("rule %s: its anchors do not compile: %v", r.id, err)
		}
		if a, _ := r.anchor(); a != nil {
			anchored++
		}
	}
	if anchored < len(with.rules)/2 {
		t.Errorf("only %d of %d rules have anchors", anchored, len(with.rules))
	}
	var texts []string
	fsys := afero.NewMemMapFs()
	if err := corpusgen.Write(fsys, "p", 60, 3); err != nil {
		t.Fatal(err)
	}
	_ = afero.Walk(fsys, "p", func(p string, fi fs.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			b, _ := afero.ReadFile(fsys, p)
			texts = append(texts, string(b))
		}
		return nil
	})
	texts = append(texts, secretShapedLines(without)...)
	found := 0
	for _, text := range texts {
		a, b := with.scan("x.md", []byte(text)), without.scan("x.md", []byte(text))
		found += len(b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("anchors change the findings of %.200q:\nwith    %v\nwithout %v", text, a, b)
		}
	}
	t.Logf("%d of %d rules anchored; %d findings over %d texts", anchored, len(with.rules), found, len(texts))
	if found < 100 {
		t.Errorf("only %d findings: the lines do not exercise the rules", found)
	}
}

// secretShapedLines writes, for every keyword of every rule, assignments,
// headers and bare runs that look like the credentials rules look for.
func secretShapedLines(set *secretSet) []string {
	rnd := rand.New(rand.NewPCG(1, 2))
	value := func(n int, alphabet string) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		return string(b)
	}
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	var out []string
	for _, k := range set.keywords {
		kw := string(k.text)
		for _, n := range []int{16, 24, 40, 100} {
			v := value(n, alnum)
			out = append(out, strings.Join([]string{
				fmt.Sprintf("%s = %q", kw, v),
				fmt.Sprintf("export MY_%s=%s", strings.ToUpper(strings.Trim(kw, "._-")), v),
				fmt.Sprintf("  \"%s_key\": \"%s\",", kw, v),
				fmt.Sprintf("curl -H \"Authorization: Bearer %s%s\" https://api.example.com", kw, v),
				fmt.Sprintf("%s%s", kw, v),
				fmt.Sprintf("the %s is %s%s; see the docs", kw, kw, v),
				fmt.Sprintf("%s_secret: '%s'", kw, value(n, alnum+"+/")),
			}, "\n"))
		}
	}
	return out
}
