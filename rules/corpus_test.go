package rules_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/rules"
)

// A corpusCase is one labelled line of testdata/corpus.txt.
type corpusCase struct {
	file    string // the corpus file, such as corpus.txt
	line    int    // line number in the file
	section string // the last "# ==" header above it
	want    check.Verdict
	shell   string // "" (bash), "zsh" or "posix", from a LABEL@SHELL label
	dir     string // the working directory, from a LABEL@dir=PATH label (~ is corpusHome)
	cmd     string // decoded command line
	raw     string // the command field as written
	known   string // reason of a "# known:" marker, if any
	// runner is set by LABEL@runner: the case is a run: step of a
	// workflow job on a throwaway machine (check.Options.Runner), checked
	// as a file is.
	runner bool
	// file7 is set by LABEL@file: the case is checked as a file scan is
	// (check FILE, check.Options.Script), where the file-scan contracts
	// apply (a verified download is quiet: rules/pred_redteam7.go).
	file7 bool
}

// corpusHome is the home directory the corpus tests run with, so that
// LABEL@dir=~/src cases do not depend on who runs them.
const corpusHome = "/home/corpus-user"

// options are the check options of the case.
func (c corpusCase) options() check.Options {
	return check.Options{Shell: c.shell, Dir: c.dir, Runner: c.runner, Script: c.runner || c.file7}
}

// decodeCorpus undoes the escapes of the corpus format: \n is a newline,
// \t a tab, \\ a backslash, \u{200B} a code point and \x{FF} a raw byte;
// any other backslash stands for itself, so $'\x72m' and r\m need no
// doubling.
func decodeCorpus(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case 'n':
				b.WriteByte('\n')
				i++
				continue
			case 't':
				b.WriteByte('\t')
				i++
				continue
			case '\\':
				b.WriteByte('\\')
				i++
				continue
			case 'u', 'x':
				// \u{HHHH} is a code point, \x{HH} a raw byte.
				if end := strings.IndexByte(s[i:], '}'); i+2 < len(s) && s[i+2] == '{' && end > 3 {
					if n, err := strconv.ParseUint(s[i+3:i+end], 16, 32); err == nil {
						if s[i+1] == 'u' {
							b.WriteRune(rune(n))
						} else {
							b.WriteByte(byte(n))
						}
						i += end
						continue
					}
				}
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// readCorpus parses the corpus file. Errors in the file itself (bad label,
// missing command) fail the test: a typo must not drop a case silently.
func readCorpus(t testing.TB, path string) []corpusCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open corpus: %v", err)
	}
	defer f.Close()
	var out []corpusCase
	section := ""
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			if h, ok := strings.CutPrefix(line, "# =="); ok {
				section = strings.Trim(h, " =")
			}
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) < 2 || len(fields) > 3 || fields[1] == "" {
			t.Fatalf("%s:%d: want LABEL<TAB>COMMAND[<TAB># known: why], got %q", path, n, line)
		}
		c := corpusCase{file: filepath.Base(path), line: n, section: section, raw: fields[1], cmd: decodeCorpus(fields[1])}
		quals := strings.Split(fields[0], "@")
		label := quals[0]
		for _, q := range quals[1:] {
			switch {
			case q == "zsh" || q == "posix" || q == "fish":
				c.shell = q
			case q == "runner":
				c.runner = true
			case q == "file":
				c.file7 = true
			case strings.HasPrefix(q, "dir=/") || strings.HasPrefix(q, "dir=~"):
				c.dir = strings.TrimPrefix(q, "dir=")
				if rest, ok := strings.CutPrefix(c.dir, "~"); ok {
					c.dir = corpusHome + rest
				}
			default:
				t.Fatalf("%s:%d: qualifier %q is not zsh, posix, runner, file or dir=ABSOLUTE-PATH", path, n, q)
			}
		}
		switch label {
		case "allow":
			c.want = check.Allow
		case "ask":
			c.want = check.Ask
		case "block":
			c.want = check.Block
		default:
			t.Fatalf("%s:%d: label %q is not allow, ask or block (optionally @zsh or @posix)", path, n, fields[0])
		}
		if len(fields) == 3 {
			why, ok := strings.CutPrefix(fields[2], "# known:")
			if !ok || strings.TrimSpace(why) == "" {
				t.Fatalf("%s:%d: third field must be \"# known: <why>\", got %q", path, n, fields[2])
			}
			c.known = strings.TrimSpace(why)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read corpus: %v", err)
	}
	return out
}

// readCorpora reads testdata/corpus.txt and every testdata/corpus-*.txt
// beside it (one file per topic, so that work on separate topics does not
// collide in one file).
func readCorpora(t testing.TB) []corpusCase {
	t.Helper()
	files, err := filepath.Glob("testdata/corpus-*.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := readCorpus(t, "testdata/corpus.txt")
	for _, f := range files {
		out = append(out, readCorpus(t, f)...)
	}
	return out
}

// describe lists a result's findings as "rule (tier) via a > b".
func describe(res *check.Result) string {
	if len(res.Findings) == 0 {
		return "no findings"
	}
	var parts []string
	for _, f := range res.Findings {
		s := f.Rule + " (" + f.Tier.String() + ")"
		if len(f.Via) > 0 {
			s += " via " + strings.Join(f.Via, " > ")
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// corpusUncovered lists rules that no corpus case is expected to trigger,
// with the reason.
var corpusUncovered = map[string]string{
	"input-limit":           "needs inputs of hundreds of kilobytes; covered by parse's limit tests",
	"tirith-failed":         "comes from the tirith scanner, which the corpus does not run",
	"password-literal":      "a script file's finding (a password chosen at a prompt is not): TestPasswordLiteral, check_dupes7.txtar",
	"workflow-secret-saved": "needs a workflow job's saved paths and secrets (check.Options.Persist, Secrets): TestWorkflowSecretSaved, check_workflow_secrets.txtar",
}

// TestCorpus runs every labelled case of testdata/corpus.txt through
// check.Line and compares the verdict with the label. Cases marked
// "# known: why" are engine bugs still open: their mismatch is tolerated and
// counted, and the test fails when one starts to pass, so that the marker
// is removed.
func TestCorpus(t *testing.T) {
	t.Setenv("HOME", corpusHome)
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, "") // the defaults under HOME, whoever runs the tests
	}
	cases := readCorpora(t)
	if len(cases) < 600 {
		t.Errorf("corpus has %d cases, want at least 600", len(cases))
	}
	ctx := context.Background()
	seen := map[string]int{}
	fired := map[string]bool{}
	known, fixed, wrong := 0, 0, 0
	perSection := map[string][2]int{} // section → {cases, known}
	for _, c := range cases {
		key := c.shell + "\x00" + c.dir + "\x00" + fmt.Sprint(c.runner, c.file7) + "\x00" + c.cmd
		if prev, dup := seen[key]; dup {
			t.Errorf("%s:%d: duplicate of line %d: %q", c.file, c.line, prev, c.raw)
		}
		seen[key] = c.line
		res := check.Line(ctx, c.cmd, c.options())
		for _, f := range res.Findings {
			fired[f.Rule] = true
			for _, id := range f.Covers {
				fired[id] = true
			}
		}
		s := perSection[c.section]
		s[0]++
		ok := res.Verdict == c.want
		switch {
		case c.known != "" && ok:
			fixed++
			t.Errorf("%s:%d: %q now gets %s as labelled: remove the \"# known: %s\" marker",
				c.file, c.line, c.raw, res.Verdict, c.known)
		case c.known != "":
			known++
			s[1]++
		case !ok:
			wrong++
			t.Errorf("%s:%d [%s]: %q: want %s, got %s: %s",
				c.file, c.line, c.section, c.raw, c.want, res.Verdict, describe(res))
		}
		perSection[c.section] = s
	}
	for _, r := range rules.All() {
		if !fired[r.ID] && corpusUncovered[r.ID] == "" {
			t.Errorf("no corpus case triggers rule %s: add one", r.ID)
		}
	}
	names := make([]string, 0, len(perSection))
	for n := range perSection {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("%-40s %4d cases, %3d known failures", n, perSection[n][0], perSection[n][1])
	}
	summary := fmt.Sprintf("corpus: %d cases, %d wrong, %d known failures remain, %d known markers to remove",
		len(cases), wrong, known, fixed)
	t.Log(summary)
	fmt.Println(summary)
}

// TestCorpusKnownMarkers lists the open known failures with what the engine
// currently says, for the engine's maintainer (go test -run KnownMarkers -v).
func TestCorpusKnownMarkers(t *testing.T) {
	for _, c := range readCorpora(t) {
		if c.known == "" {
			continue
		}
		res := check.Line(context.Background(), c.cmd, c.options())
		t.Logf("%s:%d: %q: want %s, got %s (%s); known: %s", c.file, c.line, c.raw, c.want, res.Verdict, describe(res), c.known)
	}
}

// shellQuote quotes s for a POSIX shell with single quotes.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// simpleCommand reports whether cmd is one plain command that a prefix
// wrapper such as sudo or nice would wrap as a whole.
func simpleCommand(cmd string) bool {
	if strings.ContainsAny(cmd, "|;&(){}`\n<>") {
		return false
	}
	first, _, _ := strings.Cut(cmd, " ")
	if first == "" || strings.Contains(first, "=") || strings.ContainsAny(first[:1], `$\'"!~[`) {
		return false
	}
	switch first {
	case "time", "coproc", "exec", "command", "builtin", "declare", "export", "local", "alias", "trap",
		"eval", "set", "read", "printf", "hash", "mapfile", "cd", "pushd", "function", "for", "while",
		"until", "if", "case", "select":
		return false
	}
	return true
}

// wrappers turn a command into one that runs it another way. A prefix
// wrapper returns "" when it does not apply.
var wrappers = []struct {
	name string
	wrap func(cmd string) string
}{
	{"sudo", func(c string) string { return prefixIf("sudo ", c) }},
	{"nice", func(c string) string { return prefixIf("nice -n 5 ", c) }},
	{"timeout", func(c string) string { return prefixIf("timeout 10 ", c) }},
	{"bash -c", func(c string) string { return "bash -c " + shellQuote(c) }},
	{"eval", func(c string) string { return "eval " + shellQuote(c) }},
	{"subshell", func(c string) string { return "( " + c + "\n)" }},
	{"and", func(c string) string { return "true && " + c }},
	{"cmdsubst", func(c string) string { return "echo \"$( " + c + "\n)\"" }},
	{"pipe into sh", func(c string) string { return "printf '%s\\n' " + shellQuote(c) + " | sh" }},
	{"heredoc", func(c string) string { return "bash <<'GUARDSH_EOF'\n" + c + "\nGUARDSH_EOF" }},
	{"base64", func(c string) string {
		return "echo " + base64.StdEncoding.EncodeToString([]byte(c)) + " | base64 -d | bash"
	}},
	{"ssh", func(c string) string { return "ssh host " + shellQuote(c) }},
	{"find -exec", func(c string) string { return "find . -maxdepth 0 -exec sh -c " + shellQuote(c) + ` \;` }},
	{"python", func(c string) string {
		q, _ := json.Marshal(c)
		return "python3 -c " + shellQuote("import os; os.system("+string(q)+")")
	}},
}

func prefixIf(p, c string) string {
	if !simpleCommand(c) {
		return ""
	}
	return p + c
}

// wrappedKnown lists wrapped cases the engine gets wrong, as
// "wrapper<TAB>corpus command" → why. Like "# known:" markers, they are
// tolerated, counted, and must be removed once they pass.
var wrappedKnown = map[string]string{}

// TestCorpusWrapped is a metamorphic test: every block case of the corpus
// (without a known marker) must still block when it is run through sudo,
// nice, timeout, bash -c, eval, a subshell, &&, $(…), a pipe into sh, a
// heredoc, base64, ssh, find -exec sh -c and python's os.system.
func TestCorpusWrapped(t *testing.T) {
	ctx := context.Background()
	n, known, fixed := 0, 0, 0
	for _, c := range readCorpora(t) {
		if c.want != check.Block || c.known != "" || c.shell != "" || c.dir != "" || c.runner || c.file7 || !utf8.ValidString(c.cmd) || strings.ContainsRune(c.cmd, 0) {
			continue
		}
		if strings.Contains(c.cmd, "alias ") {
			continue // aliases expand only in interactive shells, not in the carriers below
		}
		if strings.ContainsFunc(c.cmd, func(r rune) bool { return r < ' ' && r != '\n' && r != '\t' }) {
			continue // escape sequences are stripped from the line typed, not from decoded payloads
		}
		for _, w := range wrappers {
			cmd := w.wrap(c.cmd)
			if cmd == "" {
				continue
			}
			n++
			res := check.Line(ctx, cmd, check.Options{})
			why, isKnown := wrappedKnown[w.name+"\t"+c.raw]
			switch {
			case isKnown && res.Verdict == check.Block:
				fixed++
				t.Errorf("wrapped %s of %s:%d %q now blocks: remove it from wrappedKnown (%s)", w.name, c.file, c.line, c.raw, why)
			case isKnown:
				known++
			case res.Verdict != check.Block:
				t.Errorf("wrapped %s of %s:%d: %q: want block, got %s: %s", w.name, c.file, c.line, cmd, res.Verdict, describe(res))
			}
		}
	}
	t.Logf("wrapped: %d variants, %d known failures remain, %d to remove", n, known, fixed)
}

// quoters put a command where it is only data: an argument, a message, a
// pattern, a heredoc fed to cat.
var quoters = []struct {
	name  string
	quote func(cmd string) string
}{
	{"echo", func(c string) string { return "echo " + shellQuote(c) }},
	{"git commit -m", func(c string) string { return "git commit -m " + shellQuote(c) }},
	{"grep -F -e", func(c string) string { return "grep -F -e " + shellQuote(c) + " notes.txt" }},
	{"cat heredoc", func(c string) string { return "cat <<'GUARDSH_EOF' > notes.md\n" + c + "\nGUARDSH_EOF" }},
	{"printf >>", func(c string) string { return "printf '%s\\n' " + shellQuote(c) + " >> notes.txt" }},
	{"gh --body", func(c string) string { return "gh issue create --title x --body " + shellQuote(c) }},
	{"jq --arg", func(c string) string { return "jq --arg c " + shellQuote(c) + " '.cmd = $c' x.json" }},
}

// inputLevel lists rules that look at the raw text, not at commands: they
// rightly fire on hidden characters and look-alike hosts even inside data.
var inputLevel = map[string]bool{
	"input-hidden-characters": true, "input-invalid": true,
	"url-mixed-script-host": true, "url-punycode-host": true,
}

// TestCorpusQuoted is the false-positive counterpart of TestCorpusWrapped:
// every corpus case, whatever its label, is harmless once it is quoted as
// data (echoed, a commit message, a grep pattern, a heredoc fed to cat, …)
// and must then be allowed.
func TestCorpusQuoted(t *testing.T) {
	ctx := context.Background()
	n := 0
	for _, c := range readCorpora(t) {
		if strings.Contains(c.cmd, "GUARDSH_EOF") || c.shell != "" || c.runner || c.file7 || !utf8.ValidString(c.cmd) || strings.ContainsRune(c.cmd, 0) {
			continue
		}
		raw := false
		for _, f := range check.Line(ctx, c.cmd, check.Options{}).Findings {
			raw = raw || inputLevel[f.Rule]
		}
		if raw {
			continue
		}
		for _, q := range quoters {
			cmd := q.quote(c.cmd)
			n++
			if res := check.Line(ctx, cmd, check.Options{}); res.Verdict != check.Allow {
				t.Errorf("quoted by %s, %s:%d: %q: want allow, got %s: %s", q.name, c.file, c.line, cmd, res.Verdict, describe(res))
			}
		}
	}
	t.Logf("quoted: %d variants", n)
}
