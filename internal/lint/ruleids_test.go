package lint

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Every string literal in the module's Go code (tests and testdata aside)
// that is shaped like a rule id of a registered group ("file/unreadable",
// "prompt/*") names a registered rule or selects one: an id mistyped where
// a finding is made, configured or compared is caught here instead of
// reaching users as a finding no setting controls. Ids used outside this
// package are constants (manual.Rule*, bundle.Rule*, wall.Rule) that the
// rules themselves are declared with.
// notRuleIDs are strings of a rule id's shape that are something else,
// each with what it is.
var notRuleIDs = map[string]string{
	"ref/prompt":   "an MCP completion reference type (completion/complete)",
	"ref/resource": "an MCP completion reference type (completion/complete)",
}

func TestRuleIDsInCodeAreRegistered(t *testing.T) {
	groups := map[string]bool{}
	for _, r := range registry() {
		groups[r.Group()] = true
	}
	shape := regexp.MustCompile(`^([a-z]+)/(\*|[a-z0-9-]+)$`)
	root := filepath.Join("..", "..")
	checked := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (name == "testdata" || strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fset := gotoken.NewFileSet()
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != gotoken.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			m := shape.FindStringSubmatch(s)
			if m == nil || !groups[m[1]] {
				return true
			}
			checked++
			if !known(s) && s != trailingSpaceFix && notRuleIDs[s] == "" { // the id of a --fix repair no rule reports

				t.Errorf("%s: %q looks like a rule id but names no registered rule", fset.Position(lit.Pos()), s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 60 {
		t.Errorf("checked only %d rule ids: the walk missed the rules themselves", checked)
	}
}
