package rules_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/guardsh/guardsh/check"
)

// evalCase is a command line in which PAY stands for a payload, or CMD and
// ARG for its program and operand. The real shell runs it with PAY = touch
// MARKER (CMD = touch, ARG = MARKER), and must create MARKER; guardsh checks
// it with PAY = rm -rf ~ (CMD = rm -rf, ARG = ~) and must say want.
type evalCase struct {
	shell string // "bash", "bash-i" (interactive bash reading the line), "bash-pty" (on a terminal, then Ctrl-T), "zsh"
	line  string
	want  check.Verdict
}

// TestExpansionsEvaluate is the differential test of expansions that
// evaluate a value: real bash and zsh run each payload, and guardsh stops
// it. The review's reproductions (reliability-9f75968, sections 5, 6 and
// 10) and variants of them.
func TestExpansionsEvaluate(t *testing.T) {
	const x = `x='a[$(PAY)]'; `
	cases := []evalCase{
		// Arithmetic: the value of a name is evaluated, its subscript expanded.
		{"bash", x + `echo $(( x ))`, check.Block},
		{"bash", x + `(( x ))`, check.Block},
		{"bash", x + `let x`, check.Block},
		{"bash", x + `y=$((x+1))`, check.Block},
		{"bash", x + `declare -i y; y=x`, check.Block},
		{"bash", x + `declare -i y=x`, check.Block},
		{"bash", x + `declare -i y; y+=x`, check.Block},
		{"bash", x + `[[ $x -eq 0 ]]`, check.Block},
		{"bash", x + `[[ x -lt 1 ]]`, check.Block},
		{"bash", x + `echo ${arr[x]}`, check.Block},
		{"bash", x + `echo ${a[$x]}`, check.Block},
		{"bash", x + `echo "${a[x]}"`, check.Block},
		{"bash", x + `a[x]=1`, check.Block},
		{"bash", x + `a=([x]=1)`, check.Block},
		{"bash", x + `echo ${x:$x}`, check.Block},
		{"bash", x + `echo ${x:0:x}`, check.Block},
		{"bash", x + `for ((i=x;0;)); do :; done`, check.Block},
		{"bash", x + `case 1 in $((x))) ;; esac`, check.Block},
		{"bash", x + `y=x; echo $((y))`, check.Block},
		{"bash", `let 'a[$(PAY)]'`, check.Block},
		{"bash", `let "y=a[\$(PAY)]"`, check.Block},
		// Names: the value is a variable name whose subscript is evaluated.
		{"bash", x + `test -v "$x"`, check.Block},
		{"bash", x + `[ -v "$x" ]`, check.Block},
		{"bash", x + `[[ -v $x ]]`, check.Block},
		{"bash", x + `declare -n r=$x; echo $r`, check.Block},
		{"bash", x + `echo ${!x}`, check.Block},
		{"bash", x + `printf '%s' "${!x}"`, check.Block},
		{"bash", x + `printf -v "$x" 1`, check.Block},
		{"bash", `printf -v 'a[$(PAY)]' 1`, check.Block},
		{"bash", x + `read "$x" <<< 1`, check.Block},
		{"bash", x + `declare "$x"=1`, check.Block},
		{"bash", x + `f() { local "$x"=1; }; f`, check.Block},
		{"bash", x + `sleep 0 & wait -n -p "$x"`, check.Block},
		{"bash", `declare -A a; ` + x + `unset "a[$x]"`, check.Block},
		// Prompts and start-up values.
		{"bash", `x='$(PAY)'; echo ${x@P}`, check.Block},
		{"bash", `x='$(PAY)'; : ${x@P}`, check.Block},
		{"bash", "x='`PAY`'; : \"${x@P}\"", check.Block},
		{"bash", `PS4='$(PAY)'; set -x; :`, check.Block},
		{"bash", `export PS4='$(PAY)'; set -x; :`, check.Block},
		{"bash", `BASH_ENV='$(PAY)' bash -c :`, check.Block},
		{"bash", `export BASH_ENV='$(PAY)'; bash -c :`, check.Block},
		{"bash", `env BASH_ENV='$(PAY)' bash -c :`, check.Block},
		{"bash", `ENV='$(PAY)' dash -i </dev/null`, check.Block},
		{"bash", `ENV='$(PAY)' bash --posix -i </dev/null`, check.Block},
		{"bash", `env 'BASH_FUNC_ls%%=() { PAY; }' bash -c ls`, check.Block},
		{"bash", `env 'BASH_FUNC_ls%%=() { PAY; }' bash -c 'ls -la'`, check.Block},
		{"bash", `exec {fd}> >(sh); echo 'PAY' >&$fd; exec {fd}>&-; sleep 0.3`, check.Ask},
		{"bash", `exec 3> >(bash); echo 'PAY' >&3; exec 3>&-; sleep 0.3`, check.Ask},
		{"bash", `echo 'PAY' > >(sh); sleep 0.3`, check.Ask},
		{"bash", `mapfile -C 'PAY #' -c 1 a <<< 1`, check.Block},
		{"bash-i", `PS1='$(PAY)\$ '`, check.Block},
		{"bash-i", `PS0='$(PAY)'`, check.Block},
		{"bash-i", `PROMPT_COMMAND+=('PAY')`, check.Block},
		{"bash-i", `PROMPT_COMMAND=('true' 'PAY')`, check.Block},
		{"bash-i", `PROMPT_COMMAND+='; PAY'`, check.Block},
		{"bash-i", `PROMPT_COMMAND="$PROMPT_COMMAND; PAY"`, check.Block},
		{"bash-pty", `bind -x '"\C-t": PAY'`, check.Ask},
		{"bash-pty", `bind -m emacs -x '"\C-t": "PAY"'`, check.Ask},
		{"bash-i", `PROMPT_COMMAND="PAY;$PROMPT_COMMAND"`, check.Block},
		{"bash", `trap "PAY; $x" EXIT`, check.Block},
		{"bash-i", "echo hi\nfc -e 'PAY #' -1", check.Block},
		{"bash-i", "echo hi\nFCEDIT='PAY #'; fc -1", check.Block},
		{"bash-i", `printf -v PROMPT_COMMAND 'PAY'`, check.Block},
		{"bash-i", `read PROMPT_COMMAND <<< 'PAY'`, check.Block},
		{"bash-i", `printf -v PS1 '%s' '$(PAY)'`, check.Block},
		{"bash", `coproc sh; echo 'PAY' >&${COPROC[1]}; sleep 0.3`, check.Ask},
		{"bash", `f() { (( x )); }; ` + x + `f`, check.Block},
		{"bash", `sudo_() { "$@"; }; env 'BASH_FUNC_ls%%=() { PAY; }' bash -c ls`, check.Block},
		{"bash", `declare -a x=(CMD ARG); "${x[@]}"`, check.Block},
		// Values that reach a child shell: eval, the environment, exports.
		{"bash", x + `eval '(( x ))'`, check.Block},
		{"bash", `x='a[$(PAY)]' bash -c '(( x ))'`, check.Block},
		{"bash", `export x='a[$(PAY)]'; bash -c '(( x ))'`, check.Block},
		{"bash", x + `export x; echo '(( x ))' | bash`, check.Block},
		{"bash", `x=ARG; declare -x x; bash -c 'CMD $x'`, check.Block},
		{"bash", `x=ARG; eval 'CMD $x'`, check.Block},
		{"bash", `read x <<< 'a[$(PAY)]'; (( x ))`, check.Block},
		{"bash", `mapfile -t a <<< 'a[$(PAY)]'; (( a ))`, check.Block},
		{"bash", `printf -v x '%s' 'a[$(PAY)]'; echo $((x))`, check.Block},
		{"bash", `trap -- 'PAY' EXIT`, check.Block},
		{"bash", `f() { local x=(CMD ARG); "${x[@]}"; }; f`, check.Block},
	}
	runEvalCases(t, cases)
}

// TestZshEvaluates is the differential test of zsh's own expansions: real
// zsh (zsh -f -c) runs each payload, and guardsh --shell zsh stops it.
func TestZshEvaluates(t *testing.T) {
	cases := []evalCase{
		// Glob qualifiers that run code, for each file matched.
		{"zsh", `print *(e:'PAY':)`, check.Block},
		{"zsh", `print /(e:'PAY':)`, check.Block},
		{"zsh", `print *(e{'PAY'})`, check.Block},
		{"zsh", `print *(e:"PAY":)`, check.Block},
		{"zsh", `print *(.e:"PAY":)`, check.Block},
		{"zsh", `print *(^e:"PAY":)`, check.Block},
		{"zsh", `print *(oe:'PAY':)`, check.Block},
		{"zsh", `print -l **/*(e:"PAY":)`, check.Block},
		{"zsh", `print "$HOME"/*(e:'PAY':)`, check.Block},
		{"zsh", `setopt extendedglob; print *(#qe:'PAY':)`, check.Block},
		{"zsh", `f() { PAY; }; print *(+f)`, check.Block},
		// (e) re-expands a value: its command substitutions run.
		{"zsh", `x='$(PAY)'; print ${(e)x}`, check.Block},
		{"zsh", `: ${(e)${:-'$(PAY)'}}`, check.Block},
		{"zsh", "x='`PAY`'; : ${(e)x}", check.Block},
		{"zsh", `x=ARG; CMD ${(e):-$x}`, check.Block},
		// Splitting and arrays into a command.
		{"zsh", `x=(CMD ARG); $x`, check.Block},
		{"zsh", `x=(CMD ARG); ${x}`, check.Block},
		{"zsh", `x=(CMD ARG); ${x[@]}`, check.Block},
		{"zsh", `x=(CMD ARG); "${x[@]}"`, check.Block},
		{"zsh", `x=(CMD ARG); ${x[1,-1]}`, check.Block},
		{"zsh", `x=(CMD ARG); command $x`, check.Block},
		{"zsh", `x='CMD ARG'; ${(z)x}`, check.Block},
		{"zsh", `${(z)${:-'CMD ARG'}}`, check.Block},
		{"zsh", `${=${:-CMD ARG}}`, check.Block},
		{"zsh", `${(s: :)${:-'CMD ARG'}}`, check.Block},
		{"zsh", `x='CMD:ARG'; ${(s.:.)x}`, check.Block},
		// Loops and wrappers of zsh's own.
		{"zsh", `foreach x (ARG) CMD $x; end`, check.Block},
		{"zsh", "foreach x (ARG)\nCMD $x\nend", check.Block},
		{"zsh", `autoload zargs; zargs -- ARG -- CMD`, check.Block},
		{"zsh", `=CMD ARG`, check.Block},
		{"zsh", `repeat 1 PAY`, check.Block},
		{"zsh", `noglob PAY`, check.Block},
		{"zsh", `() { PAY }`, check.Block},
		{"zsh", `a=(*(e:'PAY':))`, check.Block},
		{"zsh", `for f in *(e:'PAY':); do :; done`, check.Block},
		{"zsh", `x=(CMD ARG); $x[@]`, check.Block},
		{"zsh", `x='CMD ARG'; $=x`, check.Block},
		{"zsh", `x='$(PAY)'; print ${(e)${(P)${:-x}}}`, check.Block},
		{"zsh", `autoload zmv; zmv '(file)' '$(PAY)'`, check.Block},
		{"zsh", `setopt prompt_subst; print -P '$(PAY)'`, check.Block},
		{"zsh", `emulate sh -c 'PAY'`, check.Block},
		{"zsh", `typeset -a x=(CMD ARG); $x`, check.Block},
		{"zsh", `set -A x CMD ARG; $x`, check.Block},
		{"zsh", `autoload zargs; zargs -n 2 -- ARG -- CMD`, check.Block},
		{"zsh", `autoload zargs; zargs -n 2 ARG -- CMD`, check.Block},
		// From bash: zsh -c is analysed as zsh.
		{"bash", `zsh -f -c 'x=(CMD ARG); $x'`, check.Block},
		{"bash", `zsh -fc 'print *(e:"PAY":)'`, check.Block},
		{"bash", `echo 'x=(CMD ARG); $x' | zsh -f`, check.Block},
		{"bash", "zsh -f <<'EOF'\nforeach x (ARG) CMD $x; end\nEOF", check.Block},
	}
	runEvalCases(t, cases)
}

func runEvalCases(t *testing.T, cases []evalCase) {
	t.Helper()
	for _, c := range cases {
		dir := t.TempDir()
		marker := filepath.Join(dir, "MARKER")
		run := strings.NewReplacer("PAY", "touch "+marker, "CMD", "touch", "ARG", marker).Replace(c.line)
		if err := runShell(c.shell, dir, run); err != nil {
			t.Errorf("%s %q: %v", c.shell, run, err)
			continue
		}
		if _, err := os.Stat(marker); err != nil {
			t.Errorf("%s did not run the payload of %q: the case proves nothing", c.shell, run)
		}
		line := strings.NewReplacer("PAY", "rm -rf ~", "CMD", "rm -rf", "ARG", "~").Replace(c.line)
		shell := ""
		if c.shell == "zsh" {
			shell = "zsh"
		}
		res := check.Line(context.Background(), line, check.Options{Shell: shell})
		if res.Verdict != c.want {
			var ids []string
			for _, f := range res.Findings {
				ids = append(ids, f.Rule)
			}
			t.Errorf("guardsh --shell %q says %s for %q, want %s (findings %v)", shell, res.Verdict, line, c.want, ids)
		}
	}
}

// ptyScript runs interactive bash on a pty, types argv[1] and Enter, then
// Ctrl-T.
const ptyScript = `
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execvp("bash", ["bash", "--norc", "--noprofile", "-i"])
def drain(t):
    end = time.time() + t
    while time.time() < end:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                os.read(fd, 4096)
            except OSError:
                return
drain(1)
os.write(fd, sys.argv[1].encode() + b"\n")
drain(1)
os.write(fd, b"\x14")
drain(1)
os.write(fd, b"exit\n")
drain(0.5)
`

// runShell runs line in a throwaway HOME and working directory.
func runShell(shell, dir, line string) error {
	var cmd *exec.Cmd
	switch shell {
	case "bash":
		cmd = exec.Command("bash", "--norc", "--noprofile", "-c", line)
	case "bash-i":
		cmd = exec.Command("bash", "--norc", "--noprofile", "-i")
		cmd.Stdin = strings.NewReader(line + "\n:\n")
	case "zsh":
		cmd = exec.Command("zsh", "-f", "-c", line)
	case "bash-pty":
		// Interactive bash on a terminal (python's pty): the line, then
		// Ctrl-T, for key bindings.
		cmd = exec.Command("python3", "-c", ptyScript, line)
	default:
		panic("unknown shell " + shell)
	}
	if _, err := exec.LookPath(cmd.Args[0]); err != nil {
		return err // required: .ci/run installs bash, dash and zsh
	}
	cmd.Dir = dir
	// A file for the globs to match.
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		return err
	}
	cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "TERM=dumb"}
	if shell == "bash-i" {
		// As in a real session, PROMPT_COMMAND has a value to add to.
		cmd.Env = append(cmd.Env, "PROMPT_COMMAND=true")
	}
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
	}
	return nil
}
