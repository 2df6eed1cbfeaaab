package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/guardsh/guardsh/internal/suggest"
)

// A verbDoc documents one verb. It is the one source of `guardsh VERB
// --help`, `guardsh help VERB`, the man page and the shell completions, so
// they cannot disagree.
type verbDoc struct {
	name     string
	synopsis []string // usage lines, without the leading "guardsh "
	summary  string   // one line, for the verb list
	text     string   // what it does: paragraphs, wrapped at 78 columns
	flags    []flagDoc
	examples []string
	exits    string // exit codes, one line
	// args says what the positional arguments complete to: "rules",
	// "agents", "shells", "approvals", "verbs", "files", or a fixed list
	// of sub-commands separated by spaces.
	args string
}

// A flagDoc documents one flag of a verb.
type flagDoc struct {
	name   string   // "--format" or "-c"
	value  string   // "FORMAT", or "" for a switch
	help   string   // one line
	values []string // what the value completes to, if a fixed list
}

// verbDocs lists the verbs in the order the help shows them.
var verbDocs = []verbDoc{
	{
		name: "check",
		synopsis: []string{"check -c 'CMD' | -- ARG... | FILE... | - | --batch [--format text|json|sarif|gcc] [--shell SHELL] [--color WHEN]",
			"check FILE... [--fail-on LEVEL] [--quiet] [--exclude GLOB] [--baseline FILE] [--write-baseline FILE]"},
		summary: "check commands, scripts, Dockerfiles and workflows; the exit code says the verdict",
		text: `Checks one command line (-c), argv parts (--), files (shell scripts,
Dockerfiles, GitHub workflows; a directory is searched), standard input
(-), or JSON lines ({"cmd": "..."}) with one JSON result per line
(--batch). Nothing is run.

In files, '# guardsh:ignore RULE -- reason' on a line or the line above
suppresses that rule there (check only; a reason is required), and a
.guardsh.toml at the repository root sets fail_on, exclude and
rules.disable for the project.`,
		flags: []flagDoc{
			{name: "-c", value: "CMD", help: "check one command line, as sh -c would get it"},
			{name: "--", help: "check the rest of the arguments, each quoted, joined"},
			{name: "--batch", help: "read JSON lines {\"cmd\": \"...\", \"cwd\": \"/dir\"} on standard input (cwd optional), write one result per line"},
			{name: "--format", value: "FORMAT", help: "output format (gcc: file:line:col: level: rule: title: text)", values: []string{"text", "json", "sarif", "gcc"}},
			{name: "--shell", value: "SHELL", help: "dialect of files without a #! line and of -c", values: []string{"bash", "posix", "zsh", "fish"}},
			{name: "--color", value: "WHEN", help: "colour the text report (auto: a terminal, TERM not dumb, no NO_COLOR)", values: []string{"auto", "always", "never"}},
			{name: "--fail-on", value: "LEVEL", help: "which verdicts fail the run (dangerous: ask or block; hardline: block only)", values: []string{"dangerous", "hardline", "never"}},
			{name: "--quiet", help: "print nothing for clean files (also -q)"},
			{name: "--exclude", value: "GLOB", help: "leave out paths matching GLOB (repeatable; vendor/**, *.gen.sh)"},
			{name: "--baseline", value: "FILE", help: "report only findings not recorded in FILE"},
			{name: "--write-baseline", value: "FILE", help: "record this scan's findings in FILE"},
		},
		examples: []string{"guardsh check -c 'rm -rf build'", "guardsh check --fail-on hardline --format sarif scripts/ Dockerfile .github/workflows/ > guardsh.sarif", "guardsh check --format gcc --quiet --exclude 'vendor/**' .", "guardsh check --batch < lines.jsonl"},
		exits:    "0 allow, 1 block (hardline), 2 ask (dangerous), 3 usage or internal error; with several inputs, the worst; --fail-on changes 1 and 2",
		args:     "files",
	},
	{
		name: "explain", synopsis: []string{"explain RULE-ID"}, summary: "show a rule: why, what to do instead, its examples",
		text: `Shows one rule or pack entry with its tier, reason, safer alternative and
the command lines it must and must not match.`,
		examples: []string{"guardsh explain rm-home"}, exits: "0 shown, 3 no such rule", args: "rules",
	},
	{
		name: "rules", synopsis: []string{"rules [--format text|json|markdown]"}, summary: "list every rule and pack entry",
		flags: []flagDoc{{name: "--format", value: "FORMAT", help: "output format (markdown: the README's table)", values: []string{"text", "json", "markdown"}}},
		exits: "0",
	},
	{
		name: "gate", synopsis: []string{"gate -c 'CMD' [--shell SHELL] [--front NAME] [--color WHEN]"}, summary: "check, and ask on the terminal when needed (the shell hooks call it)",
		text: `Checks one command line and, when a dangerous rule matches, asks on the
terminal (/dev/tty) whether it may run: once, for the session, or always.`,
		flags: []flagDoc{
			{name: "-c", value: "CMD", help: "the command line"},
			{name: "--shell", value: "SHELL", help: "its dialect", values: []string{"bash", "posix", "zsh", "fish"}},
			{name: "--front", value: "NAME", help: "the front end calling, for the audit log"},
			{name: "--color", value: "WHEN", help: "colour the prompt (auto: TERM not dumb, no NO_COLOR)", values: []string{"auto", "always", "never"}},
		},
		exits: "0 go ahead, 1 blocked (hardline), 2 denied, 3 usage or internal error",
	},
	{
		name: "init", synopsis: []string{"init bash|zsh|fish"}, summary: "print the shell hook to eval in an rc file",
		text: `Prints the hook that checks each line before the shell runs it. Add
eval "$(guardsh init bash)" to ~/.bashrc, eval "$(guardsh init zsh)" to
~/.zshrc, or guardsh init fish | source to config.fish.`,
		examples: []string{`eval "$(guardsh init bash)"`}, exits: "0, 3 unknown shell", args: "shells",
	},
	{
		name: "hook", synopsis: []string{"hook --protocol claude|codex|gemini|cursor|copilot"}, summary: "answer an AI agent's PreToolUse-style hook event",
		text: `Reads one hook event (JSON) from an AI coding agent on standard input and
answers in that agent's format: no objection, ask the user, or deny.
Install it with 'guardsh setup AGENT'.`,
		flags: []flagDoc{{name: "--protocol", value: "NAME", help: "the agent's hook protocol", values: []string{"claude", "codex", "gemini", "cursor", "copilot"}}},
		exits: "0 answered (the verdict is in the answer), 2 the hook is misconfigured",
	},
	{
		name: "setup", synopsis: []string{"setup claude|codex|gemini|cursor|copilot [--project] [--uninstall]"}, summary: "add guardsh's hook to an AI agent's settings",
		text: `Adds guardsh's hook to an AI coding agent's settings, merged with what is
there; running it again changes nothing. --uninstall removes what guardsh
added, and nothing else.`,
		flags: []flagDoc{{name: "--project", help: "the project's settings instead of your user settings"}, {name: "--uninstall", help: "remove guardsh's hook"}},
		exits: "0, 3 usage or a settings file guardsh cannot read", args: "agents",
	},
	{
		name: "approve", synopsis: []string{"approve [CODE]"}, summary: "approve, at a terminal, what an agent was refused",
		text: `Approves, at your terminal, a command guardsh refused where nobody could
be asked (an AI agent's shell). The same command, from the same directory,
may then run once within 10 minutes. Without a code, lists what waits.`,
		exits: "0 approved, 2 not approved, 3 usage error, unknown code or no terminal",
	},
	{
		name: "approvals", synopsis: []string{"approvals list [--all] [--format text|json]", "approvals revoke ID", "approvals clear"},
		summary: "list or remove session and permanent approvals",
		text:    `revoke and clear ask for confirmation on the terminal, and refuse without one.`,
		flags:   []flagDoc{{name: "--all", help: "every session, not only this one"}, {name: "--format", value: "FORMAT", help: "output format", values: []string{"text", "json"}}},
		exits:   "0, 3 usage error or no terminal", args: "list revoke clear",
	},
	{
		name: "log", synopsis: []string{"log [-n N] [--format text|json]"}, summary: "show recent ask and block decisions from the audit log",
		flags: []flagDoc{{name: "-n", value: "N", help: "how many (default 20; 0 for all)"}, {name: "--format", value: "FORMAT", help: "output format", values: []string{"text", "json"}}},
		exits: "0, 3 usage error",
	},
	{
		name: "tirith", synopsis: []string{"tirith status [--format text|json]", "tirith install [--version V]", "tirith uninstall"},
		summary: "the optional tirith scanner: where it is, install it verified, remove it",
		exits:   "0, 1 failed, 3 usage error", args: "status install uninstall",
	},
	{
		name: "doctor", synopsis: []string{"doctor [--format text|json]"}, summary: "show how well guardsh protects this shell",
		text: `Shows the hook of each shell (in its rc file, active here), the
configuration, the state directory, tirith, the real shell of $SHELL mode,
the agents' hooks, the system policy and the version. --format json is for
checking a fleet.`,
		flags: []flagDoc{{name: "--format", value: "FORMAT", help: "output format", values: []string{"text", "json"}}},
		exits: "0 full protection, 1 protection is reduced (each reason is listed), 3 usage error",
	},
	{
		name: "config", synopsis: []string{"config path|show|check|init"}, summary: "the configuration file: where, effective values, validate, write an example",
		text: `path prints the file's location; show prints every effective value and
where it came from (default, FILE:LINE, or an environment variable); check
validates the file and the user's packs (FILE:LINE errors, exit 1); init
writes a commented example, and never overwrites a file.`,
		exits: "0, 1 the file is not usable (show, check), 3 usage error or init refused", args: "path show check init",
	},
	{
		name: "completion", synopsis: []string{"completion bash|zsh|fish"}, summary: "print shell completions for guardsh",
		text: `Prints a completion script: verbs, flags, rule ids for explain, agents for
setup, approval ids for approvals revoke. install.sh installs it.`,
		examples: []string{"source <(guardsh completion bash)", "guardsh completion fish > ~/.config/fish/completions/guardsh.fish"},
		exits:    "0, 3 unknown shell", args: "shells",
	},
	{
		name: "version", synopsis: []string{"version [--format text|json]", "--version | -V"}, summary: "print version, commit, build date, Go version and platform",
		flags: []flagDoc{{name: "--format", value: "FORMAT", help: "output format", values: []string{"text", "json"}}},
		exits: "0",
	},
	{
		name: "update", synopsis: []string{"update [--check] [--version V] [--force] [--releases URL]"}, summary: "replace this binary with a newer signed release",
		text: `Downloads the release for this platform, checks the signatures (release
key compiled in) and the SHA-256, swaps the binary atomically (the old one
kept as .guardsh.old) and runs the new one, putting the old one back if it
fails. Refuses downgrades without --force, package-managed and read-only
binaries.`,
		flags: []flagDoc{
			{name: "--check", help: "only report the newest version"}, {name: "--version", value: "V", help: "install release V"},
			{name: "--force", help: "allow a downgrade"}, {name: "--releases", value: "URL", help: "release server"},
			{name: "--timeout", value: "D", help: "give up after D (default 5m)"},
		},
		exits: "0 updated or already current, 1 a --verify signature is bad, 3 refused or failed",
	},
	{
		name: "help", synopsis: []string{"help [VERB]"}, summary: "show help for guardsh or one verb",
		exits: "0, 3 unknown verb", args: "verbs",
	},
}

// shellModeDoc is the man page's section on $SHELL mode.
const shellModeDoc = `guardsh -c 'CMD' [ARG...], guardsh SCRIPT [ARG...], guardsh -s, guardsh
(no arguments) and a login shell (-guardsh) are $SHELL mode: guardsh takes
bash's options, checks the command line or script, and then executes the
real shell (GUARDSH_SHELL, default bash) with the same arguments. A first
word that is not a verb is a script, as bash would read it.`

// docOf returns the doc of verb, if it has one.
func docOf(verb string) (*verbDoc, bool) {
	for i := range verbDocs {
		if verbDocs[i].name == verb {
			return &verbDocs[i], true
		}
	}
	return nil, false
}

// writeVerbHelp prints `guardsh VERB --help`.
func writeVerbHelp(w io.Writer, d *verbDoc) {
	for i, s := range d.synopsis {
		if i == 0 {
			fmt.Fprintf(w, "usage: guardsh %s\n", s)
		} else {
			fmt.Fprintf(w, "       guardsh %s\n", s)
		}
	}
	fmt.Fprintf(w, "\n%s.\n", upperFirst(d.summary))
	if d.text != "" {
		fmt.Fprintf(w, "\n%s\n", d.text)
	}
	if len(d.flags) > 0 {
		fmt.Fprintln(w, "\nflags:")
		names := make([]string, len(d.flags))
		width := 18
		for i, f := range d.flags {
			names[i] = f.name
			if f.value != "" {
				names[i] += " " + f.value
			}
			width = max(width, len(names[i]))
		}
		for i, f := range d.flags {
			help := f.help
			if len(f.values) > 0 {
				help += ": " + strings.Join(f.values, ", ")
			}
			fmt.Fprintf(w, "  %-*s %s\n", width, names[i], help)
		}
	}
	if len(d.examples) > 0 {
		fmt.Fprintln(w, "\nexamples:")
		for _, x := range d.examples {
			fmt.Fprintf(w, "  %s\n", x)
		}
	}
	if d.exits != "" {
		fmt.Fprintf(w, "\nexit codes: %s\n", d.exits)
	}
}

// writeUsage prints `guardsh help`: every verb with its summary.
func writeUsage(w io.Writer) {
	fmt.Fprintln(w, "guardsh checks shell commands before they run.\n\nusage: guardsh VERB [ARGS]   (guardsh help VERB, or guardsh VERB --help)\n\nverbs:")
	for _, d := range verbDocs {
		fmt.Fprintf(w, "  %-11s %s\n", d.name, d.summary)
	}
	fmt.Fprint(w, `
$SHELL mode (for AI agents): guardsh -c 'CMD' [ARG...], guardsh SCRIPT, guardsh -s:
  check, then run the real shell with the same arguments.

exit codes of check: 0 allow, 1 block, 2 ask, 3 usage or internal error
`)
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// runHelp is `guardsh help [VERB]`; `guardsh help --man` prints the man
// page, which is generated from the same docs.
func runHelp(e *env, args []string) int {
	switch {
	case len(args) == 0:
		writeUsage(e.stdout)
		return exitOK
	case len(args) == 1 && args[0] == "--man":
		writeMan(e.stdout)
		return exitOK
	case len(args) == 1:
		if d, ok := docOf(args[0]); ok {
			writeVerbHelp(e.stdout, d)
			return exitOK
		}
	}
	e.errorf("help: no verb %q", strings.Join(args, " "))
	if s := didYouMean(args[0], verbNames()); s != "" {
		e.hint("did you mean 'guardsh help %s'?", s)
	} else {
		e.hint("run 'guardsh help' for the list of verbs")
	}
	return exitError
}

func verbNames() []string {
	var names []string
	for _, d := range verbDocs {
		names = append(names, d.name)
	}
	sort.Strings(names)
	return names
}

// didYouMean returns the candidate closest to word, if it looks like a
// typo of it.
func didYouMean(word string, candidates []string) string { return suggest.Closest(word, candidates) }

// parseFlags parses a verb's flags without the flag package's own output:
// -h or --help prints the verb's help (exit 0), and an error is printed as
// "guardsh: VERB: ERROR" with a hint to the help (exit 3).
func parseFlags(e *env, fs *flag.FlagSet, verb string, args []string) (ok bool, code int) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	switch {
	case err == nil:
		return true, exitOK
	case err == flag.ErrHelp:
		if d, ok := docOf(verb); ok {
			writeVerbHelp(e.stdout, d)
		}
		return false, exitOK
	}
	e.errorf("%s: %v", verb, err)
	e.hint("run 'guardsh %s --help'", verb)
	return false, exitError
}
