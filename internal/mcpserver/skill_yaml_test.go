package mcpserver

import (
	"strings"
	"testing"
)

func TestFrontMatterJSON(t *testing.T) {
	for in, want := range map[string]string{
		"name: a\ndescription: b\n":                        `{"name":"a","description":"b"}`,
		"b: 1\na: 2\n":                                     `{"b":1,"a":2}`,
		"flag: no\nyes: true\nn: ~\n":                      `{"flag":"no","yes":true,"n":null}`,
		"when: 2024-01-02\nf: 1.5\ninf: .inf\nhex: 0x10\n": `{"when":"2024-01-02","f":1.5,"inf":".inf","hex":16}`,
		"list: [a, 1, {k: v}]\n":                           `{"list":["a",1,{"k":"v"}]}`,
		"base: &b {x: 1}\nuse: *b\n":                       `{"base":{"x":1},"use":{"x":1}}`,
		"text: |\n  two\n  lines\n":                        `{"text":"two\nlines\n"}`,
		"quoted: \"a \\\"b\\\"\"\n":                        `{"quoted":"a \"b\""}`,
		"1: one\n":                                         `{"1":"one"}`,
		"metadata:\n  io.modelcontextprotocol/x: kept\n":   `{"metadata":{"io.modelcontextprotocol/x":"kept"}}`,
	} {
		fm, err := parseFrontMatter([]byte(in))
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		got, err := fm.json()
		if err != nil || string(got) != want {
			t.Errorf("%q → %s %v, want %s", in, got, err, want)
		}
	}
	laughs := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	for i, prev := 0, "a"; i < 8; i++ {
		name := string(rune('b' + i))
		laughs += name + ": &" + name + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n"
		prev = name
	}
	for in, want := range map[string]string{
		"a: 1\na: 2\n": "written twice",
		laughs:         "too many values",
		"[a, b]\n":     "not a YAML mapping",
		"a: [\n":       "not valid YAML",
		"? [a]\n: b\n": "not text",
	} {
		fm, err := parseFrontMatter([]byte(in))
		if err == nil {
			_, err = fm.json()
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40q: %v, want %q", in, err, want)
		}
	}
}
