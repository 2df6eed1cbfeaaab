package parse

import (
	"bytes"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// A pooled parser hands out trees that later parses do not touch.
func TestShParseReuse(t *testing.T) {
	print := func(f *syntax.File) string {
		var b bytes.Buffer
		if err := syntax.NewPrinter().Print(&b, f); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	first, err := shParse(syntax.LangBash, "rm -rf \"$HOME\"/x && echo 'a b' | sh -c \"ls $(pwd)\"\n")
	if err != nil {
		t.Fatal(err)
	}
	want := print(first)
	for _, text := range []string{"ls -la\n", "git push --force origin main; x=$(cat f)\n", "for i in 1 2; do echo $i; done\n", "(("} {
		_, _ = shParse(syntax.LangBash, text)
		if got := print(first); got != want {
			t.Fatalf("after parsing %q the first tree prints %q, want %q", text, got, want)
		}
	}
	if _, err := shParse(syntax.LangPOSIX, "a=(1 2)\n"); err == nil {
		t.Error("the POSIX variant accepted an array: the pools share a variant")
	}
	if _, err := shParse(syntax.LangBash, "a=(1 2)\n"); err != nil {
		t.Errorf("bash: %v", err)
	}
}

// TestEachStmtHeredocError: a script file whose statement after rm -rf /
// is an unclosed here-document made mvdan.cc/sh's Stmts yield after it
// stopped, and the panic lost every finding (found by FuzzScript).
func TestEachStmtHeredocError(t *testing.T) {
	for _, src := range []string{"rm -rf /\n<<0&\n", "rm -rf /\ncat <<EOF &\n", "rm -rf /\n<<0\n", "echo a\n<<x |\n"} {
		for _, file := range []bool{false, true} {
			res := Commands(src, Options{File: file})
			for _, is := range res.Issues {
				if is.Kind == IssuePanic {
					t.Errorf("%q (file %v): %s", src, file, is.Detail)
				}
			}
			if len(res.Commands) == 0 {
				t.Errorf("%q (file %v): no commands", src, file)
			}
		}
	}
}
