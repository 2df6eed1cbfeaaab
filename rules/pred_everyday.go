package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// Everyday commands that delete or signal only what is theirs (issue 12 §1),
// found as false alarms on this machine's own documentation, man pages and
// build recipes (rules/testdata/everyday-*.txt).

// regenerableGlobs reports name patterns with ? that select only build
// outputs: gcov's *.gcda, *.gcno and *.gcov, and clang's PGO profiles
// (CPython's Makefile deletes them with these very patterns). A switch, not
// a map: nothing is built at start-up.
func regenerableGlobs(pat string) bool {
	switch pat {
	case "*.gc??", "*.profclang?":
		return true
	}
	return false
}

// regenerableGlob reports whether a name pattern with bracket expressions
// (*.[oa], *.py[co], *.s[ol]) selects only regenerable names: each of its
// expansions is one. A negated bracket ([!o], [^o]), a * after the first
// character or a ? (other than in regenerableGlobs) selects names that
// may be anyone's.
func regenerableGlob(pat string) bool {
	if regenerableGlobs(pat) {
		return true
	}
	if !strings.Contains(pat, "[") {
		return false
	}
	exps, ok := bracketExpansions(pat, 64)
	if !ok {
		return false
	}
	for _, e := range exps {
		if !regenerableName(e) {
			return false
		}
	}
	return true
}

// bracketExpansions returns every name a pattern's bracket expressions
// give, or false when the pattern holds another wildcard than a leading *,
// a negated or unclosed bracket, or more than limit names.
func bracketExpansions(pat string, limit int) ([]string, bool) {
	out := []string{""}
	for i := 0; i < len(pat); i++ {
		ch := pat[i]
		switch {
		case ch == '*' && i == 0:
			for k := range out {
				out[k] += "*"
			}
		case ch == '*' || ch == '?' || ch == '\\':
			return nil, false
		case ch == '[':
			end := strings.IndexByte(pat[i+1:], ']')
			if end <= 0 {
				return nil, false
			}
			set := pat[i+1 : i+1+end]
			if set[0] == '!' || set[0] == '^' || strings.Contains(set, "[") {
				return nil, false
			}
			var chars []byte
			for k := 0; k < len(set); k++ {
				if k+2 < len(set) && set[k+1] == '-' {
					for c := set[k]; c <= set[k+2] && c >= set[k]; c++ {
						chars = append(chars, c)
						if c == 255 {
							break
						}
					}
					k += 2
					continue
				}
				chars = append(chars, set[k])
			}
			var next []string
			for _, o := range out {
				for _, c := range chars {
					next = append(next, o+string(c))
				}
			}
			if len(next) > limit {
				return nil, false
			}
			out = next
			i += end + 1
		default:
			for k := range out {
				out[k] += string(ch)
			}
		}
	}
	return out, true
}

// findInRegenerable reports whether a find starts only in build outputs or
// caches (find build -name '*.py' -exec rm -f {} ';', find target/debug
// -type f -delete): whatever it selects there is regenerable. Its starting
// points must be written, static and regenerable (regenerable: relative, no
// "..", no symlink out of the working directory), and it must not follow
// symlinks (-L, -H, -follow) or read its starting points from a file
// (-files0-from).
func findInRegenerable(f *parse.Command) bool {
	ws := f.Args[1:]
	for len(ws) > 0 {
		v := ws[0].Value
		if v == "-L" || v == "-H" {
			return false
		}
		if v == "-P" || strings.HasPrefix(v, "-O") {
			ws = ws[1:]
			continue
		}
		if v == "-D" && len(ws) > 1 {
			ws = ws[2:]
			continue
		}
		break
	}
	if len(ws) > 0 && ws[0].Value == "--" {
		ws = ws[1:]
	}
	roots := 0
	for len(ws) > 0 {
		w := ws[0]
		if strings.HasPrefix(w.Value, "-") || w.Value == "!" || w.Value == "(" {
			break
		}
		if !w.Static || strings.HasPrefix(w.Value, "/") || strings.HasPrefix(w.Value, "~") || !regenerable(f, w.Value) {
			// find /var/cache/man -delete empties a whole system
			// cache: only a project's own outputs are taken whole.
			return false
		}
		roots++
		ws = ws[1:]
	}
	for _, w := range ws {
		switch w.Value {
		case "-follow", "-files0-from":
			return false
		}
	}
	return roots > 0
}

// typedOperandsOwn reports whether the operands written after rm in find
// -exec rm … {} or … | xargs rm … are all its own to delete: find or xargs
// supply the regenerable names, but find . -name __pycache__ -exec rm -rf
// {} src + deletes src too.
func typedOperandsOwn(c *parse.Command) bool {
	for _, w := range args(c).operands {
		if w.Value == "{}" || w.Static && w.Value == "" {
			continue
		}
		if !ownTemp(c, w) {
			return false
		}
	}
	return true
}

// pidofNamed reports whether a word is $(pidof NAME…) of literal program
// names: the pids of the processes running exactly those programs, as
// killall NAME selects them. Options -s, -c, -x, -z, -q and -o PID are
// pidof's own; a pattern, a variable or a second command is not this.
func pidofNamed(w parse.Word) bool {
	f := strings.Fields(strings.TrimSpace(w.Subst))
	if len(f) < 2 || f[0] != "pidof" {
		return false
	}
	names := 0
	for i := 1; i < len(f); i++ {
		a := f[i]
		switch {
		case a == "-o" && i+1 < len(f):
			i++
		case strings.HasPrefix(a, "-") && strings.Trim(a[1:], "scxzqn") == "" && len(a) > 1:
		case strings.ContainsAny(a, "*?[]$`\"'\\;|&<>(){}~"):
			return false
		default:
			names++
		}
	}
	return names > 0
}

// killSignalHard reports whether kill sends SIGKILL (-9, -KILL, -s KILL,
// -n 9, --signal=KILL …): no chance for the process to clean up.
func killSignalHard(c *parse.Command) bool {
	if args(c, "-s", "--signal", "-n").has("9") || sigKill(c) {
		return true
	}
	for i, w := range c.Args {
		if w.Value == "-n" && i+1 < len(c.Args) {
			s := strings.TrimPrefix(strings.ToUpper(c.Args[i+1].Value), "SIG")
			if s == "9" || s == "KILL" {
				return true
			}
		}
	}
	return false
}

// gcloudOperationRecord reports gcloud [alpha|beta] SERVICE… operations
// delete: the operations API's DeleteOperation removes the record of a
// long-running operation ("the client is no longer interested in the
// operation result"); it neither cancels the operation nor touches the
// resource it worked on. 47 of the Cloud SDK's own examples are this. The
// group must be the word right before delete, and not the first one:
// gcloud compute instances delete operations deletes an instance.
func gcloudOperationRecord(c *parse.Command, ws []parse.Word, rest []int) bool {
	p, words := read(c)
	var path []string
	for _, i := range p.Operands {
		path = append(path, words[i])
	}
	for k, w := range path {
		if w != "delete" {
			continue
		}
		if k < 2 {
			return false
		}
		prev := path[k-1]
		return prev == "operations" && path[k-2] != "alpha" && path[k-2] != "beta" && path[k-2] != "preview"
	}
	return false
}

// settingName reports the variables a line appended to a shell start-up
// file may set without running anything: the locale (LANG, LANGUAGE,
// LOCPATH, LC_*) and time zone, the shell's history size. PATH, LD_*,
// PROMPT_COMMAND, EDITOR, PAGER, BASH_ENV and the like name programs or
// code, so they are not here.
func settingName(name string) bool {
	switch name {
	case "LANG", "LANGUAGE", "LOCPATH", "TZ", "HISTSIZE", "HISTFILESIZE", "HISTCONTROL", "SAVEHIST":
		return true
	}
	return strings.HasPrefix(name, "LC_") && len(name) > 3 && strings.Trim(name[3:], "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == ""
}

// startupFile reports the shell start-up files by name (read in sh syntax).
func startupFile(base string) bool {
	switch base {
	case ".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".kshrc", ".mkshrc":
		return true
	}
	return false
}

// settingAppended reports echo "export LANG=fi_SE.UTF-8" >> ~/.bashrc: a
// literal line that only sets locale, time-zone or history variables,
// appended (>>, never >) to a shell start-up file. The line is echo's
// own static operands (no -e, no backslash, so no hidden newline), each
// word NAME=VALUE of a settingName variable (or "export"), the value
// plain characters or $HOME: no ;, |, &, quotes inside, $( or backquote,
// nothing that could run a command when the shell starts.
func settingAppended(c *parse.Command) bool {
	if c.Name() != "echo" || len(c.Args) < 2 {
		return false
	}
	writes := 0
	for _, r := range c.Redirs {
		if !r.Writes() {
			continue
		}
		writes++
		base := r.Target.Value[strings.LastIndexByte(r.Target.Value, '/')+1:]
		if r.Op != ">>" || !r.Target.Static || !startupFile(base) {
			return false
		}
	}
	if writes == 0 {
		return false
	}
	var words []string
	for _, w := range c.Args[1:] {
		if !w.Static || strings.HasPrefix(w.Value, "-") || strings.ContainsAny(w.Value, "\\\n") {
			return false
		}
		words = append(words, strings.Fields(w.Value)...)
	}
	set := 0
	for i, f := range words {
		if f == "export" && i == 0 {
			continue
		}
		name, val, ok := strings.Cut(f, "=")
		if !ok || !settingName(name) {
			return false
		}
		if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
			val = val[1 : len(val)-1]
		}
		val = strings.ReplaceAll(strings.ReplaceAll(val, "${HOME}", ""), "$HOME", "")
		if strings.Trim(val, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:@/+-,") != "" {
			return false
		}
		set++
	}
	return set > 0
}
