package parse

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// The plain-word shortcut must give what the resolver gives, and only for
// words no shell expands.
func TestPlainWord(t *testing.T) {
	tests := []struct {
		word  string
		plain bool
	}{
		{"ls", true}, {"-la", true}, {"--recursive", true}, {"--mode=0755", true}, {"/usr/bin/env", true},
		{"a.b_c-d,e+f%g@h^i", true}, {"host:/dir", true}, {"key=value", true}, {"-", true}, {"--", true},
		{"~", false}, {"~/x", false}, {"a\\ b", false}, {"{a,b}", false}, {"x{1..3}", false}, {"*", false},
		{"a?", false}, {"[ab]", false}, {"$x", false}, {"${x}", false}, {"'a'", false}, {`"a"`, false},
		{"=x", false}, {":x", false}, {"a$(b)", false}, {"!x", false}, {"a#x", false},
	}
	for _, tc := range tests {
		f, err := syntax.NewParser().Parse(strings.NewReader("echo "+tc.word), "")
		if err != nil {
			t.Fatalf("%s: %v", tc.word, err)
		}
		w := f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]
		p := &parser{res: &Result{Input: "echo " + tc.word}, src: "echo " + tc.word, vars: newVars()}
		v, ok := p.plainWord(w)
		if ok != tc.plain {
			t.Errorf("plainWord(%s) = %v, want %v", tc.word, ok, tc.plain)
			continue
		}
		if !ok {
			continue
		}
		vals, err := newResolver(p.vars).fields(w)
		if err != nil || len(vals) != 1 || vals[0] != v {
			t.Errorf("plainWord(%s) = %q, the resolver gives %q (%v)", tc.word, v, vals, err)
		}
	}
	// zsh reads more words: no shortcut there.
	p := &parser{opts: Options{Shell: "zsh"}, vars: newVars()}
	f, _ := syntax.NewParser(syntax.Variant(syntax.LangZsh)).Parse(strings.NewReader("echo ls"), "")
	if _, ok := p.plainWord(f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]); ok {
		t.Error("plainWord takes a zsh word")
	}
}
