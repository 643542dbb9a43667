package scan

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeyedLineHoldsKey: on every ASCII line of the tests and fixtures
// of lint and of the scripts, a pattern marked keyedLine matches only where the line
// holds one of its keys (execLines skips the others), and so do the
// credential and network checks.
func TestKeyedLineHoldsKey(t *testing.T) {
	lines := 0
	walk := func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !(strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, ".txtar") || strings.HasSuffix(path, ".md")) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range bytes.Split(src, []byte("\n")) {
			if !isASCII(line) {
				continue
			}
			lines++
			has := execKeys.present(line)
			for k, p := range execPatterns {
				if keyedLine[k] && !has.meets(patternMasks[k]) && p.re.Match(line) {
					t.Errorf("%s: %q matches %q without a key of it", path, line, p.what)
				}
			}
			if readsSecretsRE.Match(line) && !has.meets(secretMask) || sendsRE.Match(line) && !has.meets(sendMask) {
				t.Errorf("%s: %q matches the credential or network check without its key", path, line)
			}
		}
		return nil
	}
	for _, root := range []string{"..", filepath.Join("..", "..", "..", "testdata", "script")} {
		if err := filepath.WalkDir(root, walk); err != nil {
			t.Fatal(err)
		}
	}
	if lines < 1000 {
		t.Fatalf("read %d lines: the walk found too few files", lines)
	}
}

// TestLooseKeys: the patterns keyedLine leaves out do match lines that
// hold none of their keys.
func TestLooseKeys(t *testing.T) {
	for _, line := range []string{"git  push --force origin main", `del	/s /q c:\`,
		"echo PATH=/tmp:$PATH >> ~/.bash_login"} {
		has, found := execKeys.present([]byte(line)), false
		for k, p := range execPatterns {
			if p.re.get().MatchString(line) && !has.meets(patternMasks[k]) {
				found = true
				if keyedLine[k] {
					t.Errorf("%q matches %q without a key, and keyedLine marks it", line, p.what)
				}
			}
		}
		if !found {
			t.Errorf("%q: no pattern matches it without a key", line)
		}
	}
}
