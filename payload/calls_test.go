package payload

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestCallLines(t *testing.T) {
	for _, tc := range []struct {
		lang Lang
		src  string
		want []string
	}{
		{LangJulia, `rm(homedir(); recursive=true)`, []string{"rm -r -f ~"}},
		{LangJulia, `rm("/etc"; force=true, recursive=true)`, []string{"rm -r -f '/etc'"}},
		{LangJulia, `rm(x; recursive=false)`, []string{`rm -f "$(…)"`}},
		{LangJulia, "run(`rm -rf $d`)", []string{"rm -rf $d"}},
		{LangJulia, `run(Cmd(["rm", "-rf", "/"]))`, []string{"'rm' '-rf' '/'"}},
		{LangJulia, `println("rm(homedir(); recursive=true)") # run(` + "`rm -rf /`" + `)`, nil},
		{LangJulia, "#= run(`rm -rf /`) =#\nprintln(1)", nil},
		{LangLua, `os.execute("rm -rf /")`, []string{"rm -rf /"}},
		{LangLua, `os.execute "rm -rf /"`, []string{"rm -rf /"}},
		{LangLua, `io.popen([==[rm -rf ~]==], "r")`, []string{"rm -rf ~"}},
		{LangLua, `os.execute("rm -rf " .. os.getenv("HOME"))`, []string{"rm -rf ~"}},
		{LangLua, `os.execute(cmd)`, []string{`"$(…)"`}},
		{LangLua, `os.remove("/etc/passwd")`, []string{"rm -f '/etc/passwd'"}},
		{LangLua, "--[[ os.execute('rm -rf /') ]] print('x')", nil},
		{LangR, `system("rm -rf /")`, []string{"rm -rf /"}},
		{LangR, `system2("rm", c("-rf", "/"))`, []string{"rm -rf /"}},
		{LangR, `unlink(Sys.getenv("HOME"), recursive = TRUE)`, []string{"rm -r -f ~"}},
		{LangR, `file.remove(file.path("~", "x"))`, []string{"rm -f ~'/x'"}},
		{LangR, `system(r"(rm -rf /)")`, []string{"rm -rf /"}},
		{LangR, `print("system('rm -rf /')") # system("rm -rf /")`, nil},
	} {
		got := CallLines(tc.lang, tc.src)
		if !slices.Equal(got, tc.want) {
			t.Errorf("CallLines(%v, %q) = %q, want %q", tc.lang, tc.src, got, tc.want)
		}
	}
}

func FuzzCallLines(f *testing.F) {
	for _, s := range []string{"rm(homedir(); recursive=true)", "os.execute([[rm -rf ~]])", `system2("rm", c("-rf", "/"))`,
		"run(`a`)", `r"(x)"`, "[==[", `"\`, "--[[", "#=", `"""x`, "f((((", "os.execute \"x\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, l := range []Lang{LangLua, LangJulia, LangR} {
			if len(CallLines(l, s)) > 64 {
				t.Fatalf("more than 64 lines for %q", s)
			}
		}
	})
}

// TestCallLinesLinear checks that a megabyte of nested calls costs little.
func TestCallLinesLinear(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("f(", 1<<19),
		"rm(" + strings.Repeat("joinpath(", 1<<17),
		strings.Repeat("rm(", 1<<18),
		strings.Repeat(`os.execute("x") `, 1<<16),
	} {
		start := time.Now()
		for _, l := range []Lang{LangLua, LangJulia, LangR} {
			CallLines(l, s)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%d bytes: %v", len(s), d)
		}
	}
}
