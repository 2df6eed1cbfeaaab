package payload

import (
	"slices"
	"testing"
)

func TestCallLinesJVM(t *testing.T) {
	for _, tc := range []struct {
		lang Lang
		src  string
		want []string
	}{
		{LangGroovy, `"rm -rf /".execute()`, []string{"rm -rf /"}},
		{LangGroovy, `['rm', '-rf', '/'].execute()`, []string{"'rm' '-rf' '/'"}},
		{LangGroovy, `Runtime.getRuntime().exec("rm -rf ~")`, []string{"rm -rf ~"}},
		{LangGroovy, `new ProcessBuilder("rm", "-rf", "/").start()`, []string{"'rm' '-rf' '/'"}},
		{LangGroovy, `"rm -rf ${d}".execute()`, []string{`"$(…)"`}},
		{LangGroovy, `'rm -rf $d'.execute()`, []string{"rm -rf $d"}},
		{LangGroovy, `println "rm -rf /"`, nil},
		{LangGroovy, `// "rm -rf /".execute()` + "\nprintln 1", []string{"rm -rf /"}}, // comments are not dropped: fail closed
		{LangElixir, `System.cmd("rm", ["-rf", "/"])`, []string{"'rm' '-rf' '/'"}},
		{LangElixir, `System.shell("rm -rf ~")`, []string{"rm -rf ~"}},
		{LangElixir, `:os.cmd('rm -rf /')`, []string{"rm -rf /"}},
		{LangElixir, `File.rm_rf!("/srv")`, []string{"rm -r -f '/srv'"}},
		{LangElixir, `File.rm("x.txt")`, []string{"rm -f 'x.txt'"}},
		{LangElixir, `System.shell("rm -rf #{d}")`, []string{`"$(…)"`}},
		{LangElixir, `IO.puts("System.cmd")`, nil},
		{LangJShell, `exec("rm -rf /")`, []string{"rm -rf /"}},
		{LangJShell, `java.lang.Runtime.getRuntime().exec(["rm", "-rf", "/"])`, []string{"'rm' '-rf' '/'"}},
		{LangJShell, `print("exec")`, nil},
	} {
		if got := CallLines(tc.lang, tc.src); !slices.Equal(got, tc.want) {
			t.Errorf("CallLines(%v, %q) = %q, want %q", tc.lang, tc.src, got, tc.want)
		}
	}
	for name, want := range map[string]Lang{"groovy": LangGroovy, "elixir": LangElixir, "jrunscript": LangJShell, "jjs": LangJShell, "java": 0} {
		if got := CallLangOf(name); got != want {
			t.Errorf("CallLangOf(%q) = %v, want %v", name, got, want)
		}
	}
}
