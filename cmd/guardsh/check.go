package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/mattn/go-isatty"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/scan"
	"github.com/guardsh/guardsh/shells"
)

// checkFlags are the flags of `guardsh check`.
type checkFlags struct {
	command  *string
	argv     []string
	files    []string
	batch    bool
	format   string
	shell    string
	color    string // --color: auto, always or never
	shellSet bool   // --shell was given
	ci       ciFlags
	// formatSet is set when --format was given.
	formatSet bool
	hasDash2  bool
}

func parseCheckFlags(args []string) (*checkFlags, error) {
	f := &checkFlags{format: "text", shell: "bash", color: "auto"}
	value := func(i *int, name string) (string, error) {
		a := args[*i]
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v, nil
		}
		if *i+1 >= len(args) {
			return "", fmt.Errorf("%s needs a value", name)
		}
		*i++
		return args[*i], nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			f.hasDash2 = true
			f.argv = args[i+1:]
			i = len(args)
		case a == "-c":
			if f.command != nil {
				return nil, fmt.Errorf("-c is given twice (check one command line at a time, or put them in a file)")
			}
			v, err := value(&i, "-c")
			if err != nil {
				return nil, err
			}
			f.command = &v
		case a == "--batch":
			f.batch = true
		case a == "--format" || strings.HasPrefix(a, "--format="):
			v, err := value(&i, "--format")
			if err != nil {
				return nil, err
			}
			f.format, f.formatSet = v, true
		case a == "--color" || strings.HasPrefix(a, "--color="):
			v, err := value(&i, "--color")
			if err != nil {
				return nil, err
			}
			if !validColor(v) {
				return nil, fmt.Errorf("unknown --color %q (want auto, always or never)", v)
			}
			f.color = v
		case a == "--shell" || strings.HasPrefix(a, "--shell="):
			v, err := value(&i, "--shell")
			if err != nil {
				return nil, err
			}
			f.shell, f.shellSet = v, true
		case a == "-" || !strings.HasPrefix(a, "-"):
			f.files = append(f.files, a)
		default:
			if ok, err := parseCIFlag(args, &i, &f.ci); ok {
				if err != nil {
					return nil, err
				}
				continue
			}
			return nil, fmt.Errorf("unknown flag %s", a)
		}
	}
	switch f.format {
	case "text", "json", "sarif", "gcc":
	default:
		return nil, fmt.Errorf("unknown format %q (want text, json, sarif or gcc)", f.format)
	}
	if f.batch && f.formatSet && f.format != "json" {
		return nil, fmt.Errorf("--batch writes JSON lines; --format %s is not available with it", f.format)
	}
	switch f.shell {
	case "bash", "posix", "sh", "zsh", "mksh", "fish":
	default:
		return nil, fmt.Errorf("unknown shell %q (want bash, posix, zsh or fish)", f.shell)
	}
	n := 0
	for _, set := range []bool{f.command != nil, f.hasDash2, len(f.files) > 0, f.batch} {
		if set {
			n++
		}
	}
	if n != 1 {
		return nil, fmt.Errorf("give exactly one of -c 'CMD', -- ARG..., FILE... or --batch")
	}
	return f, nil
}

func runCheck(e *env, args []string) int {
	f, err := parseCheckFlags(args)
	if err != nil {
		e.errorf("check: %v", err)
		e.hint("guardsh check -c 'rm -rf build' | guardsh check script.sh | guardsh check --batch < lines.jsonl")
		return exitError
	}
	cfg, cerr := config.LoadDefault()
	if cerr != nil {
		e.errorf("warning: %v", cerr)
	}
	opts := checkOptions(cfg, cerr, f.shell)
	ctx := context.Background()
	// The project file describes the repository's files for a CI scan: a
	// command given with -c, after --, or in a --batch line is judged as at
	// the prompt, whatever a checked-out repository's .guardsh.toml says
	// (fail_on = "never" or a disabled rule must not turn check -c, which
	// wrappers use as a gate, into an allow).
	var proj *project
	var perr error
	if len(f.files) > 0 {
		proj, perr = loadProject()
	}
	if perr != nil {
		e.errorf("check: %v", perr)
		return exitError
	}
	failOn := f.ci.failOn
	if proj != nil {
		if failOn == "" {
			failOn = proj.FailOn
		}
		f.ci.excludes = append(f.ci.excludes, proj.Exclude...)
		if len(proj.Rules.Disable) > 0 {
			d := map[string]bool{}
			for k, v := range opts.Disabled {
				d[k] = v
			}
			for _, id := range proj.Rules.Disable {
				d[id] = true
			}
			opts.Disabled = d
		}
	}
	ff := &fileFilter{warn: e.stderr}
	if f.ci.baseline != "" {
		b, err := readBaseline(f.ci.baseline)
		if err != nil {
			e.errorf("check: %v", err)
			return exitError
		}
		ff.base = b
	}
	out := newReporter(e, f.format, f.color)
	out.quiet = f.ci.quiet
	worst := check.Allow
	failed := false
	switch {
	case f.batch:
		return runBatch(ctx, e, opts)
	case f.command != nil:
		// check -c runs where the command would: the working directory.
		// Files and --batch are checked as if run anywhere (CI, other
		// machines): their directory is unknown.
		opts.Dir, opts.ReadFiles = workDir(), true
		res := check.Line(ctx, *f.command, opts)
		worst = res.Verdict
		out.add(res)
	case f.hasDash2:
		opts.Dir, opts.ReadFiles = workDir(), true
		res := check.Line(ctx, scan.QuoteArgs(f.argv), opts)
		worst = res.Verdict
		out.add(res)
	default:
		// tirith gets each command line of the files, within one time
		// budget for the whole run.
		opts.Deadline = time.Now().Add(scanBudget)
		names := dedupeInputs(expandInputs(e, f.files))
		prog := newProgress(e.stderr, f.format, len(names))
		defer prog.clear()
		for job := range checkFiles(ctx, e, names, f, opts) {
			prog.step(job.index)
			name, text := job.name, job.text
			if job.err != nil {
				prog.clear()
				e.errorf("check: %v", job.err)
				failed = true
				continue
			}
			for _, res := range job.results {
				ff.apply(name, text, res)
				worst = check.Worse(worst, res.Verdict)
				if len(res.Findings) > 0 || res.Error != "" || !out.quiet {
					prog.clear()
				}
				out.add(res)
			}
		}
	}
	if err := out.flush(); err != nil {
		e.errorf("check: %v", err)
		return exitError
	}
	if f.ci.writeBaseline != "" {
		if err := writeBaselineFile(f.ci.writeBaseline, ff.written); err != nil {
			e.errorf("check: %v", err)
			return exitError
		}
	}
	// An input guardsh could not read fails the run whatever the policy
	// lets pass (--fail-on never or hardline): a typo in a path must not
	// look like a clean scan.
	if code := exitFor(worst, failOn); !failed || code != exitOK {
		return code
	}
	return exitError
}

// A fileJob is one input of a file scan, checked.
type fileJob struct {
	index   int // in the list of inputs, for the progress line
	name    string
	text    string
	err     error
	results []*check.Result
}

// checkFiles reads and checks the inputs on as many goroutines as the
// process may run at once, and hands back their results in the order of
// names: the report, the suppressions and the baseline see the files as a
// one-at-a-time scan would. At most twice as many files as workers are
// held at once (a file is read up to 64 MiB).
func checkFiles(ctx context.Context, e *env, names []string, f *checkFlags, opts check.Options) <-chan fileJob {
	workers := max(1, min(runtime.GOMAXPROCS(0), 8))
	futures := make(chan chan fileJob, workers)
	out := make(chan fileJob)
	go func() {
		defer close(futures)
		sem := make(chan struct{}, workers)
		for i, name := range names {
			if name != "-" && excluded(name, f.ci.excludes) {
				continue
			}
			fut := make(chan fileJob, 1)
			futures <- fut
			sem <- struct{}{}
			go func(i int, name string) {
				defer func() { <-sem }()
				job := fileJob{index: i, name: name}
				job.text, job.err = readInput(e, name)
				if job.err == nil {
					fo := opts
					if d := scan.Dialect(name, job.text, ""); d != "" && !f.shellSet {
						fo.Shell = d
					}
					job.results = checkFile(ctx, name, job.text, fo)
				}
				fut <- job
			}(i, name)
		}
	}()
	go func() {
		defer close(out)
		for fut := range futures {
			out <- <-fut
		}
	}()
	return out
}

// maxFile is the longest --batch line.
const maxFile = 8 << 20

// maxCheckFile is the largest script or standard input check reads, as
// $SHELL mode does for a script on its input. Past parse.MaxInput it is not
// analysed, only raw-scanned: ask, or block for a hardline shape.
const maxCheckFile = shells.MaxStdinScript

func readInput(e *env, name string) (string, error) {
	var r io.Reader
	if name == "-" {
		r = e.stdin
	} else {
		f, err := os.Open(name)
		if err != nil {
			return "", fmt.Errorf("cannot read %s: %w", name, err)
		}
		defer f.Close()
		r = f
	}
	var b strings.Builder
	if _, err := io.Copy(&b, io.LimitReader(r, maxCheckFile+1)); err != nil {
		return "", fmt.Errorf("cannot read %s: %w", name, err)
	}
	if b.Len() > maxCheckFile {
		return "", fmt.Errorf("%s is larger than %d MiB", name, maxCheckFile>>20)
	}
	return b.String(), nil
}

// expandInputs replaces directories by the scripts, Dockerfiles and
// workflows inside them.
func expandInputs(e *env, names []string) []string {
	var out []string
	for _, n := range names {
		st, err := os.Stat(n)
		if n == "-" || err != nil || !st.IsDir() {
			out = append(out, n)
			continue
		}
		var found []string
		filepath.WalkDir(n, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if b := d.Name(); p != n && (b == ".git" || b == "node_modules" || b == "vendor") {
					return filepath.SkipDir
				}
				return nil
			}
			if kindOf(p) != "" {
				found = append(found, p)
			}
			return nil
		})
		sort.Strings(found)
		if len(found) == 0 {
			// Nothing to check is not an error: a repository with no
			// scripts yet passes. A path that does not exist is one.
			e.errorf("check: warning: no shell scripts, Dockerfiles or workflows in %s (.git, node_modules and vendor below it are not searched)", n)
		}
		out = append(out, found...)
	}
	return out
}

// kindOf says how a file is read: "sh", "dockerfile", "workflow", or "" for
// a file that is none of them (when found in a directory).
func kindOf(p string) string {
	base := filepath.Base(p)
	switch {
	case base == "Dockerfile" || strings.HasPrefix(base, "Dockerfile.") || strings.HasSuffix(strings.ToLower(base), ".dockerfile") ||
		base == "Containerfile" || strings.HasPrefix(base, "Containerfile."):
		// (build.Dockerfile as Docker's own docs name them, dev.dockerfile,
		// Containerfile.arm64)
		return "dockerfile"
	case (strings.HasSuffix(base, ".yml") || strings.HasSuffix(base, ".yaml")) && strings.Contains(filepath.ToSlash(p), ".github/workflows"),
		base == "action.yml" || base == "action.yaml":
		// (a composite action's runs.steps[].run, read as a workflow's
		// steps on a runner the file does not name)
		return "workflow"
	case strings.HasSuffix(base, ".sh") || strings.HasSuffix(base, ".bash") || strings.HasSuffix(base, ".zsh") || strings.HasSuffix(base, ".ksh") || strings.HasSuffix(base, ".fish"):
		return "sh"
	}
	f, err := os.Open(p)
	if err != nil {
		return ""
	}
	defer f.Close()
	line, _ := bufio.NewReader(io.LimitReader(f, 128)).ReadString('\n')
	// A shell guardsh parses (fish included, read natively), or another
	// program whose name ends in sh (rbash, yash), read as bash.
	if strings.HasPrefix(line, "#!") && (scan.ShellOf(line[2:]) != "" || strings.Contains(line, "sh")) {
		return "sh"
	}
	return ""
}

// validColor reports whether mode is a value of --color.
func validColor(mode string) bool {
	return mode == "auto" || mode == "always" || mode == "never"
}

// colorOK reports whether output to w gets colour under the --color mode:
// always, never, or (auto, and "") when w is a terminal, TERM is not dumb
// and NO_COLOR is unset or empty.
func colorOK(w io.Writer, mode string) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
