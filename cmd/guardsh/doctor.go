package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/guardsh/guardsh/approve"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/internal/atomicfile"
	"github.com/guardsh/guardsh/internal/release"
	"github.com/guardsh/guardsh/shells"
	"github.com/guardsh/guardsh/tirith"
)

// A doctorReport collects lines to print and the reasons protection is
// reduced.
type doctorReport struct {
	e       *env
	reduced []string
	json    bool         // collect items for --format json instead of printing
	items   []doctorItem // in --format json
}

// A doctorItem is one line of the report, in --format json.
type doctorItem struct {
	Label string `json:"label"`
	Text  string `json:"text"`
}

func (r *doctorReport) line(label, format string, a ...any) {
	text := fmt.Sprintf(format, a...)
	if r.json {
		r.items = append(r.items, doctorItem{label, text})
		return
	}
	fmt.Fprintf(r.e.stdout, "%-13s %s\n", label+":", text)
}

// reduce records why protection is reduced and prints it on the line.
func (r *doctorReport) reduce(label, why string) {
	r.reduced = append(r.reduced, why)
	r.line(label, "%s", "REDUCED: "+why)
}

// runDoctor is `guardsh doctor`.
func runDoctor(e *env, args []string) int {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	format := fs.String("format", "text", "text or json")
	if ok, code := parseFlags(e, fs, "doctor", args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		e.errorf("doctor takes no arguments")
		e.hint("run 'guardsh doctor'")
		return exitError
	}
	if *format != "text" && *format != "json" {
		e.errorf("doctor: unknown format %q", *format)
		e.hint("use --format text or --format json")
		return exitError
	}
	r := &doctorReport{e: e, json: *format == "json"}
	cfg := doctorConfig(r)
	doctorApprovals(r, cfg)
	doctorSmart(r, cfg)
	doctorStateDir(r)
	doctorTirith(r, cfg)
	doctorRealShell(r, cfg)
	doctorShells(r)
	doctorAgents(r)
	doctorVersion(r)
	if r.json {
		out := struct {
			Protection string       `json:"protection"`
			Reduced    []string     `json:"reduced"`
			Version    string       `json:"version"`
			Items      []doctorItem `json:"items"`
		}{"full", r.reduced, currentBuild().Version, r.items}
		if len(r.reduced) > 0 {
			out.Protection = "reduced"
		} else {
			out.Reduced = []string{}
		}
		b, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintf(e.stdout, "%s\n", b)
		if len(r.reduced) > 0 {
			return 1
		}
		return exitOK
	}
	if len(r.reduced) == 0 {
		fmt.Fprintln(e.stdout, "protection:   full")
		return exitOK
	}
	fmt.Fprintf(e.stdout, "protection:   reduced (%d)\n", len(r.reduced))
	for _, why := range r.reduced {
		fmt.Fprintf(e.stdout, "  - %s\n", why)
	}
	return 1
}

func doctorConfig(r *doctorReport) *config.Config {
	path := config.File()
	cfg, err := config.Load(path)
	switch {
	case err != nil:
		r.reduce("config", fmt.Sprintf("%v (until it is fixed, every command that needs approval is denied)", err))
	case doctorFileExists(path):
		r.line("config", "%s: valid", path)
	default:
		r.line("config", "%s: none, defaults in use", path)
	}
	if cfg == nil {
		cfg = config.Default()
	}
	for _, w := range cfg.Warnings {
		r.line("config", "warning: %s", w)
	}
	doctorPolicy(r, cfg)
	if cfg.Audit.Syslog {
		if n := approve.SyslogFailureCount(config.StateDir()); n > 0 {
			r.reduce("audit", fmt.Sprintf("%d decisions could not be sent to syslog (%s)", n, approve.SyslogAddr))
		} else {
			r.line("audit", "to %s and the audit log", approve.SyslogAddr)
		}
	}
	return cfg
}

// doctorPolicy reports the system policy: which files are in force, which
// were ignored and why, what it locks, and whether this guardsh is older
// than the policy's minimum version.
func doctorPolicy(r *doctorReport, cfg *config.Config) {
	p, problems := config.SystemPolicy()
	for _, m := range problems {
		r.reduce("policy", m)
	}
	if p == nil {
		if len(problems) == 0 {
			r.line("policy", "none (%s)", config.SystemDir)
		}
		return
	}
	for _, m := range p.Apply(cfg) {
		r.line("policy", "%s", m)
	}
	var locks []string
	if p.Approvals.MinMode != "" {
		locks = append(locks, "approvals.mode at least "+p.Approvals.MinMode)
	}
	if p.Approvals.NoYOLO {
		locks = append(locks, "no GUARDSH_YOLO")
	}
	if len(p.Rules.Hardline) > 0 {
		locks = append(locks, "hardline: "+strings.Join(p.Rules.Hardline, ", "))
	}
	if len(p.Rules.Locked) > 0 {
		locks = append(locks, "locked on: "+strings.Join(p.Rules.Locked, ", "))
	}
	if p.Tirith.Mode != "" {
		locks = append(locks, "tirith.mode = "+p.Tirith.Mode)
	}
	if p.Audit.Syslog {
		locks = append(locks, "audit to syslog")
	}
	r.line("policy", "%s: %s", strings.Join(p.Files, ", "), doctorOr(strings.Join(locks, "; "), "nothing locked"))
	if p.MinVersion != "" {
		cur := currentBuild().Version
		if c, ok := release.Compare(cur, p.MinVersion); !ok || c < 0 {
			r.reduce("policy", fmt.Sprintf("this guardsh (%s) is older than the policy's min_version %s (%s): out of policy, run 'guardsh update'", cur, p.MinVersion, p.Where("min_version")))
		}
	}
}

func doctorFileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func doctorApprovals(r *doctorReport, cfg *config.Config) {
	a := cfg.Approvals
	switch {
	case os.Getenv("GUARDSH_YOLO") == "1":
		r.reduce("approvals", "warn-only: GUARDSH_YOLO=1 lets dangerous commands run without asking (hardline still blocks)")
	case a.Mode == "off":
		r.reduce("approvals", "warn-only: approvals.mode = \"off\" lets dangerous commands run without asking (hardline still blocks)")
	case a.Mode == "deny":
		r.line("approvals", "enforcing: approvals.mode = \"deny\" denies every dangerous command without asking")
	default:
		r.line("approvals", "enforcing: dangerous commands wait for your answer (timeout %s, without a terminal: %s)", a.Timeout.Duration, doctorOr(a.NoTTY, "deny"))
	}
	if a.NoTTY == "allow" {
		r.reduce("approvals", "approvals.no_tty = \"allow\" runs dangerous commands when no terminal can ask")
	}
}

func doctorOr(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func doctorStateDir(r *doctorReport) {
	dir := config.StateDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		r.reduce("state dir", fmt.Sprintf("%s cannot be created (%v): session approvals and the audit log are lost", dir, err))
		return
	}
	f, err := os.CreateTemp(dir, ".doctor-*")
	if err != nil {
		r.reduce("state dir", fmt.Sprintf("%s is not writable (%v): session approvals and the audit log are lost", dir, err))
		return
	}
	f.Close()
	os.Remove(f.Name())
	r.line("state dir", "%s: writable", dir)
}

func doctorTirith(r *doctorReport, cfg *config.Config) {
	s := tirith.New(cfg.Tirith, os.Getenv)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, err := s.Binary(ctx)
	mode := s.Mode()
	switch {
	case mode == tirith.ModeOff:
		r.line("tirith", "off: URL, homoglyph and pipe-to-interpreter checks rely on guardsh's own rules")
	case err == nil:
		r.line("tirith", "%s: %s %s (found via %s)", mode, b.Path, b.Version, b.From)
	case mode == tirith.ModeOn:
		r.reduce("tirith", fmt.Sprintf("tirith mode is on but tirith is unusable: %v (run 'guardsh tirith install')", err))
	case errors.Is(err, tirith.ErrNotFound):
		r.line("tirith", "%s: not installed; optional deeper checks ('guardsh tirith install')", mode)
	default:
		r.line("tirith", "%s: unusable: %v ('guardsh tirith status' says more)", mode, err)
	}
}

func doctorRealShell(r *doctorReport, cfg *config.Config) {
	c, err := shells.Real(os.Getenv("GUARDSH_SHELL"), cfg.Shell.Path)
	if err != nil {
		r.reduce("$SHELL mode", fmt.Sprintf("no real shell to run: %v", err))
		return
	}
	r.line("$SHELL mode", "runs %s (%s)", c.Path, c.Source)
}

// doctorHookRe matches an rc-file line that loads the hook of a shell.
// It is compiled on first use.
var doctorHookRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[^#]*guardsh['"]?\s+init\s+(bash|zsh|fish)\b`)
})

// doctorRCFiles lists where each shell's hook may be loaded from.
func doctorRCFiles(shell string) []string {
	home, _ := os.UserHomeDir()
	switch shell {
	case "bash":
		return []string{filepath.Join(home, ".bashrc"), filepath.Join(home, ".bash_profile"), filepath.Join(home, ".profile")}
	case "zsh":
		dir := os.Getenv("ZDOTDIR")
		if dir == "" {
			dir = home
		}
		return []string{filepath.Join(dir, ".zshrc"), filepath.Join(dir, ".zprofile")}
	case "fish":
		dir := os.Getenv("XDG_CONFIG_HOME")
		if dir == "" {
			dir = filepath.Join(home, ".config")
		}
		files := []string{filepath.Join(dir, "fish", "config.fish")}
		more, _ := filepath.Glob(filepath.Join(dir, "fish", "conf.d", "*.fish"))
		return append(files, more...)
	}
	return nil
}

// doctorHookIn returns the first rc file that loads shell's hook.
func doctorHookIn(shell string) string {
	for _, p := range doctorRCFiles(shell) {
		// Without blocking on a FIFO, and bounded.
		b, err := atomicfile.ReadFile(p, atomicfile.MaxUpdate)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			if m := doctorHookRe().FindStringSubmatch(sc.Text()); m != nil && m[1] == shell {
				return p
			}
		}
	}
	return ""
}

// doctorMode is what a GUARDSH_HOOK mode means for protection.
type doctorMode struct {
	full bool
	what string
}

// doctorModes says what each GUARDSH_HOOK mode means, built on first use.
var doctorModes = sync.OnceValue(func() map[string]doctorMode {
	return map[string]doctorMode{
		"enter":  {true, "enforcing: Enter checks the whole line before bash runs any of it"},
		"widget": {true, "enforcing: accept-line checks the whole line before zsh runs any of it"},
		"bind":   {true, "enforcing: Enter checks the whole line before fish runs any of it"},
		"debug": {false, "DEBUG-trap fallback (no readline): a refused line is stopped before its first command, " +
			"but a line missing from history is only checked command by command, and approval prompts come after Enter"},
		"off":  {false, "paused with guardsh-off: nothing is checked (guardsh-on resumes)"},
		"none": {false, "the hook could not install itself: nothing is checked"},
	}
})

func doctorShells(r *doctorReport) {
	login := filepath.Base(os.Getenv("SHELL"))
	for _, sh := range []string{"bash", "zsh", "fish"} {
		_, err := exec.LookPath(sh)
		rc := doctorHookIn(sh)
		switch {
		case err != nil && rc == "":
			r.line(sh, "not installed")
		case rc != "":
			r.line(sh, "hook present in the rc file %s (new shells load it; \"this shell\" says whether it is active here)", rc)
		case sh == login:
			r.reduce(sh, fmt.Sprintf("your login shell ($SHELL) has no hook in %s (add: %s)", strings.Join(doctorRCFiles(sh)[:1], ""), doctorInitLine(sh)))
		default:
			r.line(sh, "no hook in its rc file (add: %s)", doctorInitLine(sh))
		}
	}
	doctorThisShell(r)
}

func doctorInitLine(sh string) string {
	if sh == "fish" {
		return "guardsh init fish | source"
	}
	return `eval "$(guardsh init ` + sh + `)"`
}

// doctorThisShell reads GUARDSH_HOOK (shell:mode:pid), which the hook
// exports, and checks that it belongs to the shell that started doctor.
func doctorThisShell(r *doctorReport) {
	v := os.Getenv("GUARDSH_HOOK")
	if v == "" {
		r.reduce("this shell", "no guardsh hook is active in the shell that ran doctor (GUARDSH_HOOK is not set)")
		return
	}
	parts := strings.Split(v, ":")
	pid, err := strconv.Atoi(parts[len(parts)-1])
	if len(parts) != 3 || err != nil {
		r.reduce("this shell", fmt.Sprintf("GUARDSH_HOOK=%q is not shell:mode:pid", v))
		return
	}
	sh, mode := parts[0], parts[1]
	m, ok := doctorModes()[mode]
	if !ok {
		r.reduce("this shell", fmt.Sprintf("%s hook in an unknown mode %q", sh, mode))
		return
	}
	if !doctorIsAncestor(pid) {
		r.reduce("this shell", fmt.Sprintf("GUARDSH_HOOK=%s was inherited from process %d, which is not a shell above doctor: "+
			"this shell has no hook of its own", v, pid))
		return
	}
	where := fmt.Sprintf("%s (pid %d)", sh, pid)
	if pid != os.Getppid() {
		where += ", a shell above the program that ran doctor"
	}
	if !m.full {
		r.reduce("this shell", where+": "+m.what)
		return
	}
	r.line("this shell", "%s: %s", where, m.what)
}

// doctorIsAncestor reports whether pid is the parent of this process or one
// of its ancestors. Without /proc it trusts the parent alone.
func doctorIsAncestor(pid int) bool {
	p := os.Getppid()
	for i := 0; i < 32 && p > 1; i++ {
		if p == pid {
			return true
		}
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p))
		if err != nil {
			return false
		}
		// pid (comm) state ppid ...: comm may hold spaces and parens.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 2 {
			return false
		}
		if p, err = strconv.Atoi(f[1]); err != nil {
			return false
		}
	}
	return false
}

// doctorAgents lists the AI coding agents whose settings files exist, and
// whether they hold guardsh's hook. An agent without it is not a reduction
// of this shell's protection, so it is only shown.
func doctorAgents(r *doctorReport) {
	for _, a := range agentHooks() {
		switch {
		case a.Err != nil:
			r.line("agent", "%s: cannot read %s: %v", a.Agent, a.File, a.Err)
		case a.Installed:
			r.line("agent", "%s: hook in %s", a.Agent, a.File)
		default:
			r.line("agent", "%s: no hook in %s (guardsh setup %s)", a.Agent, a.File, a.Agent)
		}
	}
}

// doctorVersion says which guardsh this is and whether the last
// 'guardsh update --check' saw a newer release. It never uses the network.
func doctorVersion(r *doctorReport) {
	cur := currentBuild().Version
	latest := knownLatest()
	if c, ok := release.Compare(latest, cur); ok && c > 0 {
		r.line("version", "%s; %s is available: run 'guardsh update'", cur, latest)
		return
	}
	r.line("version", "%s", cur)
}

// doctorSmart says whether smart approval is on and whether its endpoint
// answers a probe. A failing endpoint reduces nothing: every command then
// goes to the human, as without it.
func doctorSmart(r *doctorReport, cfg *config.Config) {
	sm := cfg.Approvals.Smart
	if sm.Endpoint == "" {
		r.line("smart", "off (approvals.smart.endpoint is not set)")
		return
	}
	a := approve.ProbeSmart(context.Background(), sm, os.Getenv)
	if a.Error != "" {
		r.line("smart", "on: %s at %s; the probe got no usable answer (%s): every command goes to you", sm.Model, sm.Endpoint, a.Error)
		return
	}
	r.line("smart", "on: %s at %s; the probe answered %s risk (%s)", sm.Model, sm.Endpoint, a.Risk, a.Why)
}
