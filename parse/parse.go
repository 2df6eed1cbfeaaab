package parse

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Limits on the analysis. Hitting one is an [IssueLimit], never a crash and
// never a silent allow.
const (
	maxInput        = 4 << 20  // bytes of input
	maxNesting      = 1000     // raw bracket nesting before parsing
	maxCarrierDepth = 8        // sh -c inside eval inside ssh …
	maxCommands     = 20000    // commands in one input
	maxFileCommands = 100000   // commands in one script file (Options.File)
	maxSubsts       = 40000    // command substitutions in one input, counted in the raw text
	maxWords        = 200000   // words of all commands found in one input
	maxFileWords    = 1000000  // words of all commands of one script file
	maxBraceFields  = 4096     // fields from one brace expansion
	maxVarValue     = 64 << 10 // bytes of a propagated variable value
)

// MaxInput is the largest input, in bytes, that [Commands] analyses. A larger
// one is an [IssueLimit] (ask), and only the raw scan for hardline shapes,
// which reads all of it, can make it a block.
const MaxInput = maxInput

// Options control [Commands].
type Options struct {
	// Shell is the dialect: "bash" (default), "posix", "sh", "zsh" or
	// "fish" (rewritten to bash for analysis).
	Shell string
	// Dir is the absolute path of the directory the command will run in; "" = unknown.
	Dir string
	// ReadFiles lets the analysis read, from disk, the scripts a command
	// runs (bash y.sh, source ~/.env, python3 tool.py, bash < x), relative
	// to Dir (or the process's directory when Dir is ""), and check them.
	// Files the line itself writes are followed whether or not it is set.
	ReadFiles bool
	// File is set when the input is a whole script file checked for a
	// reviewer (guardsh check FILE): $0 is then the script, and a cd to its
	// own directory ($(dirname "$0"), $(dirname "${BASH_SOURCE[0]}")/..)
	// does not leave the project the script belongs to.
	File bool
	// Image is set when the input is a RUN step of a container image
	// build (a Dockerfile): its effects on local files land in a layer of
	// the image, not on a machine (see Result.Image and rules/image.go).
	Image bool
	// Runner is set when the input is a run: step of a job on a throwaway
	// CI machine (a GitHub-hosted runner, a job container): its effects on
	// local files die with the machine (see Result.Runner and
	// rules/runner.go). Persist lists the paths of that machine that
	// outlive the job (actions/cache and upload-artifact paths).
	Runner  bool
	Persist []string
	// Secrets names the environment variables that hold a workflow's
	// secrets in a run: step (env: X: ${{ secrets.X }}).
	Secrets []string
	// Package is set when the input is a package maintainer script file
	// (see Package and rules/maint.go).
	Package *Package
}

func (o Options) variant() syntax.LangVariant {
	switch o.Shell {
	case "posix", "sh", "dash":
		return syntax.LangPOSIX
	case "zsh":
		return syntax.LangZsh
	case "mksh":
		return syntax.LangMirBSDKorn
	case "fish":
		return syntax.LangBash
	}
	return syntax.LangBash
}

// Commands analyses shell text and returns every command that would run.
// It never runs anything and never panics: a failure inside the analysis is
// reported as an [IssuePanic].
func Commands(src string, opts Options) (res *Result) {
	res = &Result{Image: opts.Image, Runner: opts.Runner, Persist: opts.Persist, Secrets: opts.Secrets, File: opts.File, Package: opts.Package}
	defer func() {
		if r := recover(); r != nil {
			res.Issues = append(res.Issues, Issue{Kind: IssuePanic,
				Detail: fmt.Sprintf("analysis failed: %v", r), End: len(res.Input)})
			// What the walk found before the failure stays; the raw scan
			// still sees the hardline shapes it did not reach.
			func() {
				defer func() { _ = recover() }()
				rawScan(res, res.Input)
			}()
		}
	}()
	text, issues := Normalize(src)
	res.Input = text
	res.Issues = append(res.Issues, issues...)
	if len(text) > maxInput {
		res.Issues = append(res.Issues, Issue{Kind: IssueLimit,
			Detail: fmt.Sprintf("input is %d bytes, more than the %d guardsh analyses", len(text), maxInput), End: len(text)})
		rawScan(res, text)
		return res
	}
	if n := strings.Count(text, "`")/2 + strings.Count(text, "$("); n > maxSubsts {
		// Each substitution is a node of the syntax tree before any
		// command limit applies: a few MiB of `` would cost hundreds of MB.
		res.Issues = append(res.Issues, Issue{Kind: IssueLimit,
			Detail: fmt.Sprintf("%d command substitutions, more than the %d guardsh analyses", n, maxSubsts), End: len(text)})
		rawScan(res, text)
		return res
	}
	if d := nesting(text); d > maxNesting {
		res.Issues = append(res.Issues, Issue{Kind: IssueLimit,
			Detail: fmt.Sprintf("brackets nest %d deep, more than the %d guardsh analyses", d, maxNesting), End: len(text)})
		rawScan(res, text)
		return res
	}
	p := &parser{res: res, opts: opts, src: text, vars: newVars()}
	p.vars.files = newFiles(opts)
	p.errexit = opts.File && shebangErrexit(text)
	p.setCwd(startDir(opts.Dir))
	if opts.Shell == "fish" {
		// Parsed as bash after a rewrite; fishAt maps positions in the
		// rewrite back to the fish text.
		p.src, p.fishAt = fishToBashMap(text)
		p.fishLines = lineStarts(text)
		p.fishSrc = true
	}
	if p.fishSrc {
		if !p.parse(p.src) {
			rawScan(res, text)
		}
	} else {
		p.parseTop(p.src)
	}
	noteBuilds(res.Commands)
	if opts.File {
		noteWritten(res.Commands)
		noteRepeats(res.Commands, p.repeats)
		noteExportNames(res.Commands, res.exportNames) // dupes7.go
	}
	if f, ok := Fold(text); ok {
		p.folded(f)
	}
	quietColour(res, src, opts)
	return res
}

// parser walks one syntax tree. Nested payloads (sh -c '…') get a child
// parser that shares the Result.
type parser struct {
	res  *Result
	opts Options
	src  string
	// dirStmts are the mkdir statements whose success is known after
	// them, dirsMade the paths they made that are known where the walk
	// is, unrolled the for loops walked once per static word; dirsOff is
	// set after a background command or a trap between commands (see
	// dirs.go).
	dirStmts map[*syntax.Stmt]*dirScope
	dirsMade []madeDir
	unrolled []*syntax.ForClause
	dirsOff  bool
	// errexitUnsure is set once code not read may have changed set -e.
	errexitUnsure bool
	// outer, when set, is the span of the carrier word in the top-level
	// input; every position of a nested payload maps to it.
	outer     *[2]int
	outerLine int
	via       []string
	remote    bool
	depth     int
	vars      *vars
	fn        []string
	stopped   bool
	// cur is the command being unwrapped; payloads it carries extend its
	// carrier chain.
	cur *Command
	// deferred and contained are inherited by every command this parser
	// finds: see Command.Deferred and Command.Contained.
	deferred, contained bool
	// aliases defined earlier in the input, name to body.
	aliases map[string]string
	// funcs are the functions defined earlier in the input.
	funcs     pmap[*syntax.Stmt]
	funcDepth int
	// wrapDepth counts the wrapper functions being called (wrappers.go).
	wrapDepth int
	loopDepth int
	// args, when set, are the static $0, $1… for the next payload.
	args []string
	// cwd is the working directory after the cds seen so far, or "".
	cwd string
	// start is startDir(opts.Dir), once startKnown.
	start      string
	startKnown bool
	// away is set once a cd went where the line's start directory, when
	// that is unknown, may not contain (cd .., cd /x, cd $d).
	away bool
	// dirStack is pushd's stack of directories, popd's to return to.
	dirStack []string
	// inWrapDir is set while a wrapper's command runs in a directory of
	// its own (env -C DIR).
	inWrapDir bool
	// fish is set when the input was fish, rewritten for the parser.
	fishSrc bool
	// fishAt maps offsets in the rewritten fish input (src) to offsets in
	// the fish text, and fishLines are where the fish text's lines start;
	// nil for other input and for nested payloads.
	fishAt    []int
	fishLines []int
	// alt is set while resolving a command's words when one of them has a
	// second reading (${x:-/} with x unset); altWords collects the argv of
	// that reading.
	alt      bool
	altWords []Word
	// inherit, when set, gives the next payload a copy of this parser's
	// variables (trap and alias bodies run in the same shell).
	inherit bool
	// mounts are the host directories mounted into the container whose
	// command is being read (see containerRun).
	mounts []mount
	// adopt, with inherit, makes the payload's variables the shell's
	// after it: eval assigns in this shell.
	adopt bool
	// dialect, when set, is the dialect of the next payload (zsh -c).
	dialect string
	// childEnv, when set, is the environment of the next payload: a child
	// shell's static exported variables (see envOf).
	childEnv map[string]string
	// bareCalls counts the calls without arguments of each function whose
	// body was walked again (see bareCall).
	bareCalls map[string]int
	// lenient is set while parsing code given to a dynamic program that
	// may not be a shell: text that is not valid shell is then not a
	// finding (its hardline shapes still are, by the raw scan).
	lenient bool
	// script is the file on disk this parser's text was read from.
	script string
	// stdin is the carrier whose standard input the payload's commands
	// read (echo … | su -c sh); codeOnStdin is set while the payload is
	// that input itself (sh <<EOF).
	stdin       *Command
	codeOnStdin bool
	// diskCode is set while interpreter code read from disk is scanned
	// (python3 tool.py): local dynamic code and computed deletions there
	// are how programs work.
	diskCode bool
	// diskTop is set for the payload that is a script read from disk:
	// it is parsed statement by statement, as a file given to check.
	diskTop bool
	// later are the variables every assignment of the input makes a
	// temporary name (see laterTemps).
	later map[string]string
	// made are the offsets of the rm operands that name a directory
	// the script made (see madeWords); only for a script file.
	made map[int]bool
	// ownRepo are the offsets of the git commands that run in a
	// repository the script made (see absentWords); only for a script
	// file.
	ownRepo map[int]bool
	// removed are the offsets of the commands of a RUN step whose written
	// or chmodded path the step removes again (owntemp.go).
	removed map[int]bool
	// restores are the offsets of the mv and cp commands of a script file
	// that put a file's own backup back where it is absent (restore.go).
	restores map[int]bool
	// rewritten are the offsets of the git discards of paths holding
	// what the script's own git checkout wrote (see rewrittenGit); only
	// for a script file.
	rewritten map[int]bool
	// hist are zsh's fc -p marks (see newHistPush).
	hist *histMarks
	// scratch are the rm operands that may delete the script's scratch
	// directory, and scratchOK the verdicts of the first ones (see
	// scratchWords); only for a script file.
	scratch   map[int]int
	scratchOK map[int]bool
	// repeats are the writes that repeat an earlier write of the same
	// file, by statement offset (see repeat.go); only for a script file.
	repeats map[int]RepeatWrite
	// laterBad are the variables some assignment of the input gives a
	// value that is not a temporary name.
	laterBad map[string]bool
	// laterEmpty are the variables the input also sets empty (see
	// laterEmptied).
	laterEmpty map[string]bool
	// everyCmd is set after a DEBUG, RETURN or ERR trap whose code may
	// assign or change the directory: it runs between the commands that
	// follow (see trapEvery).
	everyCmd bool
	// laterInto are the destination words of the input's mv, ln and
	// mounts (see laterOf).
	laterInto []*syntax.CallExpr
	// body is the function body withLater walks where it is defined: its
	// own mv and ln are followed in order, not as later (intoLater).
	body *syntax.Stmt
	// dynCalls counts the calls walked again with dynamic arguments, by
	// function ("" for all; see dynamicCall).
	dynCalls map[string]int
	// guard counts the enclosing constructs in which a failed command
	// stops what follows (CMD || exit, CMD && …, if CMD); errexit is set
	// -e. maybeEmpty holds the variables a mktemp that may fail unnoticed
	// assigned, cwdUnsure that a cd may have failed (see failed.go).
	guard int
	// gframes are the enclosing constructs that decide what a failed
	// command stops (see Command.StopsTo and stopsTo).
	gframes    []gframe
	errexit    bool
	maybeEmpty map[string]bool
	emptyFirst map[string]bool // see emptyUntilSet
	cwdUnsure  bool
	cdFailable bool
	// cdLine are the cd options the input turned on, cdMayCreate that an
	// earlier command may have made a directory, cdPhysical that a cd
	// resolved links (see cdback_prompt.go).
	cdLine      cdOpts
	cdMayCreate bool
	cdPhysical  bool
	// dead is set once the path being walked ended in exit, break,
	// continue or return; loops and returns are the loops and function
	// calls being walked (see flow.go).
	dead    bool
	loops   []*loopFlow
	returns [][]retPath
	// calling is the statement of the function call being walked, and
	// callStatus where the last call walked succeeded and failed (see
	// retstatus.go).
	calling    *syntax.Stmt
	callStatus *callOut
	retHint    int
	// resolvers are resolvers to reuse (getResolver).
	resolvers []*resolver
	// builtinsOff is set after enable, which may turn exit, break or
	// return into commands not found.
	builtinsOff bool
	// printing are the command substitutions being walked, substPrinted
	// what each may print, by offset (see misses5.go).
	printing     []*printCapture
	substPrinted map[int][]string
}

// parse parses text and walks it. It reports false on a parse error.
func (p *parser) parse(text string) bool {
	f, err := shParse(p.opts.variant(), text)
	if err != nil {
		if rf, ok := p.repairPayload(text, err); ok {
			f, err = rf, nil
		}
	}
	if err != nil {
		if (p.outer == nil || p.fishSrc) && syntax.IsIncomplete(err) {
			p.res.Incomplete = true
		}
		start, end := 0, len(text)
		if p.outer != nil {
			start, end = p.outer[0], p.outer[1]
		} else if p.fishAt != nil {
			end = len(p.res.Input)
		}
		if p.lenient || p.script != "" {
			// Lenient text, or a script on disk that bash cannot parse
			// either: only the raw scan for hardline shapes.
			return false
		}
		detail := err.Error()
		if p.outer != nil && !p.fishSrc {
			detail = fmt.Sprintf("%s payload: %s", strings.Join(p.via, " → "), detail)
		}
		p.res.Issues = append(p.res.Issues, Issue{Kind: IssueParse, Detail: detail, Start: start, End: end})
		return false
	}
	p.hist = newHistPush(text, p.histShell()).pass(f.Stmts)
	if p.outer != nil {
		// A payload's own functions shadow programs too (bash -c
		// 'mktemp() { echo ~; }; d=$(mktemp -d); rm -rf "$d"').
		p.noteShadows(text, f.Stmts)
	}
	p.stmts(f.Stmts, ctx{})
	return true
}

// child returns a parser for a payload carried by word w through carrier.
func (p *parser) child(carrier string, w Word, line int) *parser {
	c := &parser{res: p.res, opts: p.opts, src: "", vars: newVars(), depth: p.depth + 1, remote: p.remote, lenient: p.lenient}
	via := p.via
	c.deferred, c.contained = p.deferred, p.contained
	c.mounts = p.mounts
	c.vars.files, c.script = p.vars.files, p.script
	c.setCwd(p.cwd)
	c.cdLine, c.cdMayCreate, c.cdPhysical = p.cdLine, p.cdMayCreate, p.cdPhysical
	if old, ok := p.vars.val.get("OLDPWD"); ok {
		c.vars.set("OLDPWD", old)
	}
	if p.cur != nil {
		via = p.cur.Via
		c.remote = c.remote || p.cur.Remote
		c.deferred = c.deferred || p.cur.Deferred
		c.contained = c.contained || p.cur.Contained
	}
	span := [2]int{w.Start, w.End}
	if p.outer != nil {
		span = *p.outer
	}
	c.outer = &span
	c.outerLine = line
	c.via = append(append([]string(nil), via...), carrier)
	return c
}

// payload parses text as shell code reached through carrier.
func (p *parser) payload(carrier string, text string, at Word, line int, remote bool) {
	if p.stopped {
		return
	}
	if p.depth+1 > maxCarrierDepth {
		start, end := at.Start, at.End
		if p.outer != nil {
			start, end = p.outer[0], p.outer[1]
		}
		p.issue(IssueLimit, fmt.Sprintf("carriers nest more than %d deep (%s)", maxCarrierDepth,
			strings.Join(append(p.via, carrier), " → ")), start, end)
		rawScan(p.res, text)
		return
	}
	if strings.TrimSpace(text) == "" {
		return
	}
	c := p.child(carrier, at, line)
	c.remote = c.remote || remote
	c.src = text
	if p.dialect != "" {
		// sh -c, bash -c, zsh -c: the payload is in that shell's dialect.
		c.opts.Shell, p.dialect = p.dialect, ""
	}
	if !p.codeOnStdin && p.cur != nil && (p.cur.StdinStatic || p.cur.StdinFrom != nil || p.cur.stdinRedirect() != nil || p.cur.stdinCarrier != nil) {
		// sg root sh, su -c sh: the payload's commands read the
		// carrier's standard input.
		c.stdin = p.cur
	}
	if p.inherit {
		c.vars = p.vars.clone()
		// A mktemp that may have failed unnoticed left its variable
		// maybe empty for stored code too.
		c.maybeEmpty = maps.Clone(p.maybeEmpty)
		c.emptyFirst = maps.Clone(p.emptyFirst)
	}
	for name, v := range p.childEnv {
		// A child shell gets the environment: exported variables and
		// the command's NAME=value prefixes.
		c.vars.set(name, v)
		c.vars.exported.set(name, true)
	}
	p.childEnv = nil
	if p.diskTop {
		// A script on disk: a parse error costs only its statement,
		// and is reported with the file's name.
		p.diskTop = false
		n := len(p.res.Issues)
		c.parseTop(text)
		for i := n; i < len(p.res.Issues); i++ {
			is := &p.res.Issues[i]
			is.Start, is.End = c.outer[0], c.outer[1]
			if is.Kind == IssueParse {
				is.Detail = c.script + ": " + is.Detail
			}
		}
		return
	}
	if p.args != nil {
		// sh -c CODE NAME ARG…: $0 and $1… of the payload.
		args := p.args
		p.args = nil
		if len(args) > 0 {
			c.vars.set("0", args[0])
			c.vars.setList("@", args[1:])
		}
	}
	if !c.parse(text) {
		rawScan(p.res, text)
	}
	p.cdMayCreate = p.cdMayCreate || c.cdMayCreate
	if p.inherit && p.adopt {
		p.cdLine, p.cdPhysical = c.cdLine, p.cdPhysical || c.cdPhysical // eval 'shopt -s cdable_vars'
		files := p.vars.files
		p.vars = c.vars
		p.vars.files = files
		if c.cwd != p.cwd || c.away {
			// eval cd, . ./x.sh with a cd: this shell moved.
			p.setCwd(c.cwd)
			p.away = true
		}
	}
}

func (p *parser) issue(kind, detail string, start, end int) {
	p.res.Issues = append(p.res.Issues, Issue{Kind: kind, Detail: detail, Start: start, End: end})
}

// span maps syntax positions to offsets in the top-level input.
func (p *parser) span(pos, end syntax.Pos) (int, int) {
	if p.outer != nil {
		return p.outer[0], p.outer[1]
	}
	if p.fishAt != nil {
		return p.fishOffset(int(pos.Offset())), p.fishOffset(int(end.Offset()))
	}
	return int(pos.Offset()), int(end.Offset())
}

// fishOffset maps offset o of the rewritten fish input to the fish text.
func (p *parser) fishOffset(o int) int {
	return p.fishAt[max(0, min(o, len(p.fishAt)-1))]
}

func (p *parser) line(pos syntax.Pos) int {
	if p.outer != nil {
		return p.outerLine
	}
	if p.fishAt != nil {
		o := p.fishOffset(int(pos.Offset()))
		n, _ := slices.BinarySearch(p.fishLines, o+1)
		return n
	}
	return int(pos.Line())
}

// lineStarts returns the offset where each line of text starts.
func lineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// text returns the source text of a node.
func (p *parser) text(n syntax.Node) string {
	if n == nil {
		return ""
	}
	s, e := int(n.Pos().Offset()), int(n.End().Offset())
	if s < 0 || e > len(p.src) || s > e {
		return ""
	}
	return p.src[s:e]
}

// nesting returns the deepest bracket nesting in text, an upper bound of what
// the parser would recurse into.
func nesting(text string) int {
	depth, max := 0, 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '(', '{', '[':
			depth++
			if depth > max {
				max = depth
			}
		case ')', '}', ']':
			if depth > 0 {
				depth--
			}
		}
	}
	return max
}
