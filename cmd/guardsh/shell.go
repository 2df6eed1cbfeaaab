package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/term"

	"github.com/guardsh/guardsh/approve"
	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/internal/atomicfile"
	"github.com/guardsh/guardsh/parse"
	"github.com/guardsh/guardsh/rules"
	"github.com/guardsh/guardsh/shells"
)

// Exit codes of $SHELL mode, as bash uses them.
const (
	shellExitUsage   = 2   // bash's status for a bad option
	shellExitRefused = 126 // "cannot execute": refused, nothing run
)

// runShell is $SHELL mode: guardsh was started the way a shell is (bash
// options, a script file, a login argv[0], or nothing). It checks everything
// the shell would run, then replaces itself with the real shell, with the
// same arguments. Refused text never reaches the shell: exit 126.
func runShell(e *env, args []string) int {
	if err := shells.CheckLoop(args); err != nil {
		e.errorf("refused: %v", err)
		e.hint("set GUARDSH_SHELL (or shell.path in %s) to the real shell, such as /bin/bash, not to a script that runs guardsh; nothing was run", config.File())
		return shellExitRefused
	}
	inv, err := shells.Parse(e.argv0, args)
	if err != nil {
		e.errorf("%v", err)
		e.hint("guardsh takes the options of bash: guardsh -c 'CMD' [NAME [ARG...]], guardsh [-s] [ARG...], guardsh SCRIPT [ARG...]")
		return shellExitUsage
	}
	cfg, cerr := config.LoadDefault()
	real, err := shells.Real(os.Getenv("GUARDSH_SHELL"), cfg.Shell.Path)
	if err != nil {
		e.errorf("cannot start the real shell: %v", err)
		if errors.Is(err, shells.ErrSelf) {
			e.hint("set GUARDSH_SHELL (or shell.path in %s) to the shell guardsh should run, such as /bin/bash, not to guardsh", config.File())
		} else {
			e.hint("set GUARDSH_SHELL to the path of bash or another shell")
		}
		return shellExitRefused
	}

	var text string
	var stdin []byte
	scriptFD, scriptData := -1, []byte(nil)
	switch inv.Mode {
	case shells.ModeInfo:
		return shellExec(e, real.Path, inv, nil)
	case shells.ModeCommand:
		text = inv.Command
	case shells.ModeScript:
		b, err := shellScript(inv.Script)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EISDIR) {
			// The shell reports a missing or unreadable script itself.
			return shellExec(e, real.Path, inv, nil)
		}
		if err != nil {
			e.errorf("refused: cannot check the script %s: %v", inv.Script, err)
			e.hint("nothing was run")
			return shellExitRefused
		}
		text = string(b)
		// A script that is not a regular file (bash <(...) passes
		// /dev/fd/N) has been read to its end: the shell gets what
		// guardsh read on the same descriptor, or nothing runs.
		if st, err := os.Stat(inv.Script); err == nil && !st.Mode().IsRegular() {
			fd, ok := shellFDPath(inv.Script)
			if !ok {
				e.errorf("refused: %s is not a regular file: guardsh cannot check it and still hand it to the shell", inv.Script)
				e.hint("nothing was run; save the script to a file first")
				return shellExitRefused
			}
			scriptFD, scriptData = fd, b
		}
	case shells.ModeStdin:
		if f, ok := e.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			return shellInteractive(e, real.Path, inv.Login)
		}
		stdin, err = io.ReadAll(io.LimitReader(e.stdin, shells.MaxStdinScript+1))
		if err != nil {
			e.errorf("cannot read the script on standard input: %v", err)
			e.hint("nothing was run")
			return shellExitRefused
		}
		if len(stdin) > shells.MaxStdinScript {
			e.errorf("refused: the script on standard input is larger than %d MiB, too large to check", shells.MaxStdinScript>>20)
			e.hint("nothing was run; put it in a file and run it as a script, or split it")
			return shellExitRefused
		}
		text = string(stdin)
		if stdin == nil {
			stdin = []byte{}
		}
	}

	dialect := "bash"
	if inv.Posix || shellBase(e.argv0) == "sh" {
		dialect = "posix"
	}
	if shellBase(real.Path) == "zsh" {
		// The real shell is zsh: the line is zsh.
		dialect = "zsh"
	}
	opts := checkOptions(cfg, cerr, dialect)
	opts.Dir, opts.ReadFiles = workDir(), true
	ctx := context.Background()
	var res *check.Result
	if inv.Mode == shells.ModeCommand {
		res = check.Line(ctx, text, opts)
	} else {
		name := inv.Script
		if name == "" {
			name = "-"
		}
		res = check.Script(ctx, name, text, opts)
	}
	shellCheckParams(ctx, res, inv, text, opts)
	if shellBase(real.Path) == "bash" {
		shellCheckBashEnv(ctx, res, os.Getenv("BASH_ENV"), opts)
	}
	shellCheckStartup(ctx, res, inv, e.argv0, real.Path, opts) // the profile and rc files (shell_startup.go)
	if inv.RCFile != "" {
		// bash reads it when interactive; check it whenever it is named.
		if r := shellStartupFile(ctx, inv.RCFile, "--rcfile", opts); r != nil {
			shellMerge(res, r, "--rcfile "+inv.RCFile)
		}
	}
	d := approve.Decide(ctx, res, approve.Request{
		Front:     "shell",
		Session:   os.Getenv("GUARDSH_SESSION"),
		Prompt:    true,
		Config:    cfg,
		ConfigErr: cerr,
		Pending:   approve.OpenPending(config.StateDir()),
		Warn:      e.stderr,
	})
	if d.Outcome != approve.Go {
		if d.Message != "" {
			fmt.Fprintln(e.stderr, d.Message)
		}
		fmt.Fprintf(e.stderr, "guardsh: nothing of it was run (exit status %d)\n", shellExitRefused)
		return shellExitRefused
	}
	if d.Message != "" {
		fmt.Fprintln(e.stderr, d.Message)
	}
	if scriptFD >= 0 {
		if err := shells.FDFrom(scriptFD, scriptData); err != nil {
			e.errorf("cannot hand the checked script to the shell on descriptor %d: %v", scriptFD, err)
			e.hint("nothing was run")
			return shellExitRefused
		}
	}
	return shellExec(e, real.Path, inv, stdin)
}

// shellFDPath returns N for /dev/fd/N, /proc/self/fd/N or
// /dev/stdin-like paths naming a descriptor of this process.
func shellFDPath(p string) (int, bool) {
	for _, prefix := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/"} {
		if n, ok := strings.CutPrefix(p, prefix); ok {
			fd, err := strconv.Atoi(n)
			return fd, err == nil && fd >= 0
		}
	}
	switch p {
	case "/dev/stdin":
		return 0, true
	}
	return 0, false
}

// shellCheckParams adds to res what the text runs through its positional
// parameters, which guardsh knows here and a check of the text alone cannot:
// `guardsh -c '"$@"' x rm -rf /` runs rm -rf /.
func shellCheckParams(ctx context.Context, res *check.Result, inv *shells.Invocation, text string, opts check.Options) {
	name := inv.Name
	switch {
	case inv.Mode == shells.ModeScript:
		name = inv.Script
	case name == "":
		name = inv.Argv0
	}
	lines := []string(nil)
	switch {
	case len(text) > parse.MaxInput:
		// Too large to analyse: the text alone is an ask already; the
		// parameters themselves, as a command line, can make it a block
		// (guardsh big.sh rm -rf /), without parsing the text again.
		if len(inv.Params) > 0 {
			lines = []string{strings.Join(inv.Params, " ")}
		}
	case strings.Contains(text, "$"):
		lines = shells.ParamCommands(text, name, inv.Params)
	}
	for _, line := range lines {
		r := check.Line(ctx, line, opts)
		res.Verdict = check.Worse(res.Verdict, r.Verdict)
		for _, f := range r.Findings {
			f.Start, f.End, f.Line = 0, 0, 0
			f.Via = append([]string{"positional parameters: " + line}, f.Via...)
			res.Findings = append(res.Findings, f)
		}
	}
}

// shellCheckBashEnv adds to res what a non-interactive bash would run first:
// the file named by BASH_ENV in guardsh's environment. bash expands the
// value; guardsh does not, so a value with expansions needs a human.
func shellCheckBashEnv(ctx context.Context, res *check.Result, bashEnv string, opts check.Options) {
	if bashEnv == "" {
		return
	}
	var r *check.Result
	if strings.ContainsAny(bashEnv, "$`~") {
		r = &check.Result{Verdict: check.Ask, Findings: []rules.Finding{{
			Tier: rules.Dangerous, Title: "BASH_ENV names its start-up file with an expansion guardsh does not evaluate",
			Reason: "bash runs that file before the command, unchecked", Text: bashEnv, Source: "guardsh",
			Suggest: "unset BASH_ENV, or set it to a plain path"}}}
	} else if r = shellStartupFile(ctx, bashEnv, "BASH_ENV", opts); r == nil {
		return // bash cannot read it either, and says so
	}
	shellMerge(res, r, "BASH_ENV="+bashEnv)
}

// shellStartupFile checks a start-up file bash would run before the command
// (BASH_ENV, --rcfile). It is read without blocking and with a size limit: a
// FIFO, a device or a file too large to check is an ask, since bash would
// still run what it reads from it. It returns nil when the file does not
// exist or cannot be read, which bash reports itself.
func shellStartupFile(ctx context.Context, name, what string, opts check.Options) *check.Result {
	b, err := atomicfile.ReadFile(name, shells.MaxStdinScript)
	switch {
	case err == nil:
		return check.Script(ctx, name, string(b), opts)
	case errors.Is(err, atomicfile.ErrNotRegular) || errors.Is(err, atomicfile.ErrTooLarge):
		return &check.Result{Verdict: check.Ask, Findings: []rules.Finding{{
			Tier: rules.Dangerous, Title: what + " names a start-up file guardsh cannot check",
			Reason: fmt.Sprintf("%s: %v; bash runs what it reads from it before the command, unchecked", name, err),
			Text:   name, Source: "guardsh", Suggest: "point " + what + " at a regular file, or unset it"}}}
	}
	return nil
}

// shellMerge adds the verdict and findings of another text bash would run
// to res; via says where that text comes from.
func shellMerge(res, r *check.Result, via string) {
	res.Verdict = check.Worse(res.Verdict, r.Verdict)
	for _, f := range r.Findings {
		f.Start, f.End = 0, 0
		f.Via = append([]string{via}, f.Via...)
		res.Findings = append(res.Findings, f)
	}
}

// shellScript reads a script file the way bash finds it: the name as given,
// else (a name without a slash that is not in the current directory) the
// first readable file of that name in PATH.
func shellScript(name string) ([]byte, error) {
	b, err := readScript(name)
	if err == nil || strings.Contains(name, "/") || !errors.Is(err, fs.ErrNotExist) {
		return b, err
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if dir == "" {
			dir = "."
		}
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			if b, err := readScript(p); err == nil {
				return b, nil
			}
		}
	}
	return nil, err
}

// readScript reads a script file without blocking on a FIFO that has no
// writer (it reads as empty) and no further than guardsh checks: a larger
// file, or an endless one such as /dev/zero, is an error. Pipes (bash
// <(…) passes /dev/fd/N) are read to their end.
func readScript(name string) ([]byte, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, syscall.EISDIR
	}
	b, err := io.ReadAll(io.LimitReader(f, shells.MaxStdinScript+1))
	if err != nil {
		return nil, err
	}
	if len(b) > shells.MaxStdinScript {
		return nil, fmt.Errorf("%w: larger than %d MiB, too large to check", atomicfile.ErrTooLarge, shells.MaxStdinScript>>20)
	}
	return b, nil
}

// shellExec replaces guardsh with the real shell; it returns only if that
// fails.
func shellExec(e *env, path string, inv *shells.Invocation, stdin []byte) int {
	err := shells.Exec(path, inv.Argv0, inv.Args, stdin)
	e.errorf("%v", err)
	e.hint("set GUARDSH_SHELL to a shell that can run")
	return shellExitRefused
}

// shellInteractive starts the real shell for a person at a terminal, with
// the guardsh hook loaded by its start-up files.
func shellInteractive(e *env, path string, login bool) int {
	exe, err := os.Executable()
	if err != nil {
		e.errorf("cannot find the guardsh executable to load its hook: %v", err)
		return shellExitRefused
	}
	s, err := shells.Interactive(path, exe, config.CacheDir(), login)
	if err != nil {
		e.errorf("cannot prepare the start-up file of %s: %v", path, err)
		e.hint("check that %s is writable", config.CacheDir())
		return shellExitRefused
	}
	if !s.Hooked {
		fmt.Fprintf(e.stderr, "guardsh: warning: guardsh has no hook for %s: commands typed in this session are NOT checked\n", path)
		fmt.Fprintf(e.stderr, "hint: set GUARDSH_SHELL to bash, zsh or fish\n")
	}
	err = shells.ExecSession(path, s)
	e.errorf("%v", err)
	return shellExitRefused
}

// shellBase is the name a shell was started as, without a login '-' or
// directory.
func shellBase(argv0 string) string {
	argv0 = strings.TrimPrefix(argv0, "-")
	if i := strings.LastIndexByte(argv0, '/'); i >= 0 {
		argv0 = argv0[i+1:]
	}
	return argv0
}
