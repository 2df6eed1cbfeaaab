package parse

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// TestZshCommands checks the argv of the commands zsh's own expansions make,
// as real zsh gives them (see rules/expansions_test.go for the differential
// run).
func TestZshCommands(t *testing.T) {
	cases := []struct {
		src  string
		want []string // argv of commands found, joined by spaces
	}{
		{`x=(rm -rf ~); $x`, []string{"rm -rf ~"}},
		{`x=(rm -rf ~); "$x"`, []string{"rm -rf ~"}},
		{`x=(a b c); print ${x[1]} ${x[-1]} ${x[2,3]} ${#x}`, []string{"print a c b c 3"}},
		{`x='a:b'; print ${(s.:.)x} ${(j:-:)${(s.:.)x}}`, []string{"print a b a-b"}},
		{`print ${(z)${:-'rm -rf ~'}}`, []string{"print rm -rf ~"}},
		{`print ${=${:-a  b}}`, []string{"print a b"}},
		{`x=ABC; print ${(L)x} ${(U)${:-d}}`, []string{"print abc D"}},
		{`y=v; x=y; print ${(P)x}`, []string{"print v"}},
		{`set -A a x y; print $a`, []string{"print x y"}},
		{`typeset -a a=(x y); print $a`, []string{"print x y"}},
		{`rm -rf /(N) /*(D) /tmp/*(.om[1,3])`, []string{"rm -rf / /* /tmp/*"}},
		{`foreach d (/a /b) rm $d; end`, []string{"rm /a", "rm /b"}},
		{"foreach d (/a)\nrm $d\nend", []string{"rm /a"}},
		{`foreach d ('/a b' "$HOME") rm $d; end`, []string{"rm /a b", "rm ~"}},
		{`foreach k v (a 1 b 2) print $k=$v; end`, []string{"print a=1", "print b=2"}},
		{`zargs -- a b -- rm -f`, []string{"zargs -- a b -- rm -f", "rm -f a b"}},
		// The word as written is a field too: code in a qualifier may set
		// REPLY, so the pattern's names are not known (redteam4.go).
		{`print *(e:'rm -rf ~':)`, []string{"print * *(e:'rm -rf ~':)", "rm -rf ~"}},
		{`print /(e:'rm -rf $REPLY':)`, []string{"print / /(e:'rm -rf $REPLY':)", "rm -rf /"}},
	}
	for _, c := range cases {
		r := Commands(c.src, Options{Shell: "zsh"})
		var got []string
		for _, cmd := range r.Commands {
			got = append(got, cmd.String())
		}
		for _, w := range c.want {
			found := false
			for _, g := range got {
				found = found || g == w
			}
			if !found {
				t.Errorf("%q: commands %q, want %q among them (issues %v)", c.src, got, w, r.Issues)
			}
		}
	}
}

func TestQualCodes(t *testing.T) {
	cases := []struct {
		quals string // the text after "("
		codes []string
		ok    bool
	}{
		{"e:'rm -rf ~':)", []string{"'rm -rf ~'"}, true},
		{".e{x})", []string{"x"}, true},
		{"oe:x:N)", []string{"x"}, true},
		{"+f)", []string{"f"}, true},
		{"o+f)", []string{"f"}, true},
		{"e:'a:b':)", []string{"'a:b'"}, true},
		{"e:\"a)b\":)", []string{`"a)b"`}, true},
		{".om[1,3])", nil, true},
		{"N)", nil, true},
		{"u0g:wheel:)", nil, true},
		{":t)", nil, true},
		{"exe|bin)", nil, false},
		{"a b)", nil, false},
		{"e)", nil, false},
		{"e:unclosed", nil, false},
	}
	for _, c := range cases {
		codes, _, ok := qualCodes(c.quals)
		if ok != c.ok || !reflect.DeepEqual(codes, c.codes) {
			t.Errorf("qualCodes(%q) = %q, %v; want %q, %v", c.quals, codes, ok, c.codes, c.ok)
		}
	}
}

func TestZshFlagList(t *testing.T) {
	cases := []struct {
		flags string
		want  []zshFlag
		ok    bool
	}{
		{"e", []zshFlag{{c: 'e'}}, true},
		{"s: :", []zshFlag{{c: 's', arg: " "}}, true},
		{"j:,:@", []zshFlag{{c: 'j', arg: ","}, {c: '@'}}, true},
		{"s{x}L", []zshFlag{{c: 's', arg: "x"}, {c: 'L'}}, true},
		{"l:10::0:", []zshFlag{{c: 'l', arg: "10"}}, true},
		{"s", nil, false},
		{"j:x", nil, false},
	}
	for _, c := range cases {
		got, ok := zshFlagList(c.flags)
		if ok != c.ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("zshFlagList(%q) = %v, %v; want %v, %v", c.flags, got, ok, c.want, c.ok)
		}
	}
}

func TestZshWordsOf(t *testing.T) {
	cases := map[string][]string{
		"rm -rf ~":        {"rm", "-rf", "~"},
		"a 'b c' \"d e\"": {"a", "'b c'", `"d e"`},
		"a;b|c&d":         {"a", ";", "b", "|", "c", "&", "d"},
		`a\ b`:            {`a\ b`},
		"":                nil,
	}
	for in, want := range cases {
		if got := zshWordsOf(in); !reflect.DeepEqual(got, want) {
			t.Errorf("zshWordsOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzZsh walks zsh syntax trees with zsh's own expansions: it must never
// panic, loop or take long. (FuzzCommands covers the whole front end.)
func FuzzZsh(f *testing.F) {
	for _, s := range []string{
		"print *(e:'rm -rf ~':)", "x=(rm -rf ~); $x", ": ${(e)${:-'$(x)'}}", "foreach x (~) rm -rf $x; end",
		"zargs -n 2 -- a -- rm", "${(s: :)${(j:,:)${=x}}[1,-1]}", "a=(x y); ${a[2,-1]} ${(P)${:-a}}", "print /(#qe{x})",
		"set -A a b c; $a[@]", "sched +1 ls", "print -P '$(x)'", "zmv '(*)' '$1'", "x=(a); ${(Q)${(z)x}}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 || nesting(s) > 64 {
			return
		}
		file, err := syntax.NewParser(syntax.Variant(syntax.LangZsh)).Parse(strings.NewReader(s), "")
		if err != nil {
			return
		}
		start := time.Now()
		p := &parser{res: &Result{Input: s}, opts: Options{Shell: "zsh"}, src: s, vars: newVars()}
		p.stmts(file.Stmts, ctx{})
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("took %v on %d bytes", d, len(s))
		}
		for _, c := range p.res.Commands {
			if c.Start < 0 || c.End < c.Start || c.End > len(s) {
				t.Fatalf("command span %d:%d outside input of %d bytes", c.Start, c.End, len(s))
			}
		}
	})
}
