package rules

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// One fact reported by two rules (issue 12, the held-out set): a file
// downloaded, made executable and run is download-run's finding, and
// chmod-x-run's, and remote-code's at the run; a key exported into
// /etc/apt/trusted.gpg.d is package-key-trust's and system-config-write's.
// A reviewer reads one fact three times. The table below says which rule's
// finding stands for which other rule's, and on what shared evidence: only
// when both findings carry the same fact (Finding.Facts, set by Match) is
// the second folded into the first, whose reason then names it.
//
// The contract (README "One fact, one finding"):
//
//   - Folding never lowers a verdict: the survivor keeps its tier only if
//     it is at least the folded finding's (a rule the system policy makes
//     hardline is not folded into a dangerous one), and it becomes
//     never-permanent if the folded one was.
//   - Where: check.Analyse folds, so the prompt, $SHELL mode, the agent
//     hooks, check -c and --batch agree. A file scan (guardsh check FILE)
//     folds after its suppressions and baseline (check.Options.Unfolded):
//     a `# guardsh:ignore` or a baseline entry of the survivor then does
//     not hide the folded fact, which is reported on its own; a rule
//     switched off (.guardsh.toml, config) never matched, so nothing is
//     folded into it.
//   - Only guardsh's own findings fold; tirith's are merged by check.

// A dupe is one row of the table: Fold's finding is folded into Keep's when
// both carry a fact of kind On.
type dupe struct {
	Keep, Fold string
	// On is the kind of evidence both findings must share (see facts).
	On string
	// Why is said in the survivor's reason, after the folded rule's id.
	Why string
	// Later is set when the survivor is the later of the two findings
	// (a staging copy folds into the mv after it); a row with Keep and
	// Fold the same rule otherwise keeps the earlier.
	Later bool
	// Match are inputs (script files) in which Fold's finding is folded
	// into Keep's; NoMatch are inputs in which a finding of Fold must be
	// left (another file, download or event than Keep's).
	Match, NoMatch []string
}

// The kinds of shared evidence.
const (
	// factRun: the same run (the same command) of the same file, and the
	// file made (downloaded, chmod'ed) in the same directory. The fact is
	// "run:START-END:FILE".
	factRun = "run"
	// factRan: the same command runs code from a file (no code from its
	// standard input or its arguments), and download-run says this input
	// downloaded that file. "ran:START-END".
	factRan = "ran"
	// factKeyring: the same command writes a package-signing keyring and
	// nothing else under /etc. "keyring:START-END".
	factKeyring = "keyring"
	// factChmodAdd: the same chmod, whose mode only adds read, write or
	// execute bits (a+w, o+rw,u+x): nothing it does to a tree is not said
	// by its making the tree world-writable. "chmodadd:START-END".
	factChmodAdd = "chmodadd"
	// factTwin: the same write (file, operator, text) as the whole of two
	// branches of one if or case, of which only one runs (parse/twins.go).
	// "twin:OFFSET", the offset of the first branch's write. Only a row
	// with Keep and Fold the same rule uses it: the first survives.
	factTwin = "twin"
	// factChownRoot: the same chown -R of trees to root. "chownroot:START-END".
	factChownRoot = "chownroot"
	// factWrote: code written into a file by a command, and that
	// command's write of the file. "wrote:START-END:FILE".
	factWrote = "wrote"
	// factTarget: the same file written, by any writer, in two branches
	// of one if or case (parse/dupes7.go's target twins). "target:OFFSET",
	// the offset of the first branch's write.
	factTarget = "target"
	// factStage: a staging copy and the mv that moves it onto its final
	// name (parse.Result.Staged). "stage:OFFSET", the offset of the mv.
	factStage = "stage"
)

var dupes = []dupe{
	{
		Keep: "download-run", Fold: "chmod-x-run", On: factRun,
		Why: "the same downloaded file, made executable and run",
		Match: []string{
			"wget https://x/llvm.sh && chmod +x llvm.sh && ./llvm.sh 14",
			"wget https://x/llvm.sh\nchmod +x llvm.sh\nsudo ./llvm.sh 14\n",
			"m=/tmp/mk\ncurl -sfL https://x/mk -o \"$m\" && chmod +x \"$m\"\n\"$m\" delete\n",
			"cd /opt && curl -LO https://x/tool && chmod 755 tool && ./tool --version",
			"curl -o ./t https://x/t; chmod u+x t; ./t",
		},
		NoMatch: []string{
			// Two different files: the download is run, another file is
			// made executable and run.
			"curl -o a.sh https://x/a && bash a.sh\nchmod +x b.sh && ./b.sh\n",
			// The same name in two directories.
			"cd /a && wget https://x/t\ncd /b && chmod +x t && ./t\n",
			// Two events: a later chmod and run of the file, after the
			// download-run's first run.
			"curl -o a https://x/a && chmod +x a && ./a\nchmod +x a\n./a --again\n",
		},
	},
	{
		Keep: "download-run", Fold: "remote-code", On: factRan,
		Why: "the same run of the downloaded file",
		Match: []string{
			"curl -o /tmp/get-pip.py https://x/get-pip.py\npython /tmp/get-pip.py --user\n",
			"u=https://x/get.py\nwget -O get.py \"$u\"\nsudo python3 get.py\n",
			"curl -o a.sh https://x; chmod +x a.sh; ./a.sh",
		},
		NoMatch: []string{
			// Two downloads: the one piped into the shell is its own
			// fact.
			"curl -o a.sh https://x/a && bash a.sh\ncurl -s https://y/b | bash\n",
			// Code on the run's standard input from another download.
			"curl -o a.sh https://x/a\ncurl -s https://y/b | bash -s a.sh\n",
		},
	},
	{
		Keep: "package-key-trust", Fold: "system-config-write", On: factKeyring,
		Why: "the same write of the keyring",
		Match: []string{
			"gpg --export \"$key\" > /etc/apt/trusted.gpg.d/mysql.gpg",
			"gpg --batch --export \"$key\" | sudo tee /etc/apt/trusted.gpg.d/x.gpg > /dev/null",
			"gpg --dearmor < k.asc > /etc/apt/keyrings/x.gpg",
		},
		NoMatch: []string{
			// A second file under /etc written by the same command.
			"gpg --export \"$key\" | sudo tee /etc/apt/trusted.gpg.d/x.gpg /etc/sysctl.conf",
			// Another command: the source list is a fact of its own.
			"gpg --export \"$key\" > /etc/apt/trusted.gpg.d/x.gpg && echo 'deb http://x/ y main' > /etc/apt/sources.list.d/x.list",
		},
	},
	{
		Keep: "chmod-world-writable", Fold: "chmod-recursive-system", On: factChmodAdd,
		Why: "the same chmod, which only adds bits",
		Match: []string{
			"chmod -R a+w \"${RUSTUP_HOME}\"",
			"sudo chmod -R o+w,u+x /opt/tool",
			"chmod --recursive ugo+rw /srv/data",
		},
		NoMatch: []string{
			// 777 and 666 set the mode: they also clear setuid or
			// execute bits (chmod -R 666 /usr breaks every program).
			"chmod -R 777 /usr/local",
			"chmod -R 666 /opt/tool",
			// Bits taken away besides.
			"chmod -R a+w,go-x /opt/tool",
			// Another command: the second chmod is a fact of its own.
			"chmod -R a+w /srv/data && chmod -R go-rx /srv/data",
		},
	},
	{
		Keep: "credential-file-write", Fold: "credential-file-write", On: factTwin,
		Why: "the other branch of the same if or case: the same text to the same file",
		Match: []string{
			"#!/bin/sh\nzshrc=\"$HOME/.zshrc\"\nif [ \"$skip\" -eq 1 ]; then\n  printf \"%s\\n\" \"$text\" >> \"$zshrc\"\nelse\n  printf \"\\n%s\\n\" \"$text\" >> \"$zshrc\"\nfi\n",
			"#!/bin/sh\ncase $SHELL in\n*zsh) echo 'eval \"$(x init)\"' >> ~/.zshrc ;;\n*) echo 'eval \"$(x init)\"' >> ~/.zshrc ;;\nesac\n",
		},
		NoMatch: []string{
			// Two files.
			"#!/bin/sh\nif [ -n \"$ZSH_VERSION\" ]; then\n  echo \"$line\" >> ~/.zshrc\nelse\n  echo \"$line\" >> ~/.bashrc\nfi\n",
			// Two texts.
			"#!/bin/sh\nif [ -n \"$A\" ]; then\n  echo \"$a\" >> ~/.bashrc\nelse\n  echo \"$b\" >> ~/.bashrc\nfi\n",
			// Both run: one after the other in one branch.
			"#!/bin/sh\nif [ -n \"$A\" ]; then\n  echo \"$a\" >> ~/.bashrc\n  echo \"$a\" >> ~/.bashrc\nfi\n",
			// The branch changes the variable first.
			"#!/bin/sh\nrc=~/.bashrc\nif [ -n \"$A\" ]; then\n  echo \"$a\" >> \"$rc\"\nelse\n  rc=~/.profile\n  echo \"$a\" >> \"$rc\"\nfi\n",
			// A download's text in one branch.
			"#!/bin/sh\nt=$(curl -s https://x.example/rc)\nif [ -n \"$A\" ]; then\n  echo \"$a\" >> ~/.bashrc\nelse\n  echo \"$t\" >> ~/.bashrc\nfi\n",
		},
	},
	{
		Keep: "system-config-write", Fold: "system-config-write", On: factTwin,
		Why: "the other branch of the same if or case: the same text to the same file",
		Match: []string{
			"#!/bin/sh\nif [ -d /run/systemd/system ]; then\n  echo \"$conf\" | sudo tee -a /etc/sysctl.d/99-x.conf\nelse\n  echo \"$conf\" | tee -a /etc/sysctl.d/99-x.conf\nfi\n",
		},
		NoMatch: []string{
			// Two ifs: both may run.
			"#!/bin/sh\nif a; then echo x >> /etc/hosts; fi\nif b; then echo x >> /etc/hosts; fi\n",
		},
	},
	// rules/dupes7: one fact, one finding, further.
	{
		Keep: "system-config-write", Fold: "system-config-write", On: factTarget,
		Why: "the other branch of the same if or case: the same file, written another way",
		Match: []string{
			// mvdan/sh's workflow: edited if it exists, written if not.
			"#!/bin/bash\nconfig='/etc/docker/daemon.json'\nif [[ -e \"$config\" ]]; then\n  sudo sed -i -e 's/{/{ \"experimental\": true, /' \"$config\"\nelse\n  echo '{ \"experimental\": true }' | sudo tee \"$config\"\nfi\n",
			// rclone's installer: the Linux and the BSD branch put the
			// same program in place, with a chown or a chmod first.
			"#!/bin/sh\ncase $OS in\nlinux)\n  chmod 755 rclone\n  mv rclone /usr/bin/rclone\n  ;;\nfreebsd)\n  chown root:wheel rclone\n  mv rclone /usr/bin/rclone\n  ;;\nesac\n",
			// One overwrites, one appends: the file is changed once.
			"#!/bin/sh\nif a; then echo x > /etc/hosts; else echo x >> /etc/hosts; fi\n",
		},
		NoMatch: []string{
			// Two files.
			"#!/bin/sh\nif a; then cp x /usr/bin/t; else cp x /usr/sbin/t; fi\n",
			// The name changes before the write in one branch.
			"#!/bin/sh\nf=/etc/a.conf\nif a; then echo x > \"$f\"; else f=/etc/b.conf; echo x > \"$f\"; fi\n",
			// A cd, a function call or a substitution before it.
			"#!/bin/sh\nif a; then sed -i s/a/b/ hosts; else cd /etc && sed -i s/a/b/ hosts; fi\ncd /etc\nif a; then echo x > /etc/hosts; else g; echo x > /etc/hosts; fi\n",
			// Two ifs: both may run.
			"#!/bin/sh\nif a; then sed -i s/a/b/ /etc/hosts; fi\nif b; then echo x | tee /etc/hosts; fi\n",
		},
	},
	{
		Keep: "system-config-write", Fold: "system-config-write", On: factStage, Later: true,
		Why: "the staging copy of the same file, moved onto its name",
		Match: []string{
			"#!/bin/sh\ncp rclone /usr/bin/rclone.new\nchmod 755 /usr/bin/rclone.new\nchown root:root /usr/bin/rclone.new\nmv /usr/bin/rclone.new /usr/bin/rclone\n",
			"#!/bin/sh\nsudo install -m 0644 x.conf /etc/x.conf.tmp\nsudo mv -f /etc/x.conf.tmp /etc/x.conf\n",
		},
		NoMatch: []string{
			// Something runs or reads the staged file before the mv.
			"#!/bin/sh\ncp rclone /usr/bin/rclone.new\n/usr/bin/rclone.new version\nmv /usr/bin/rclone.new /usr/bin/rclone\n",
			// It is changed before the mv.
			"#!/bin/sh\ncp rclone /usr/bin/rclone.new\nsed -i s/a/b/ /usr/bin/rclone.new\nmv /usr/bin/rclone.new /usr/bin/rclone\n",
			// Another file is moved.
			"#!/bin/sh\ncp rclone /usr/bin/rclone.new\nmv /usr/bin/rclone.old /usr/bin/rclone\n",
			// The mv in another branch.
			"#!/bin/sh\nif a; then cp rclone /usr/bin/rclone.new; else mv /usr/bin/rclone.new /usr/bin/rclone; fi\n",
		},
	},
	{
		Keep: "chown-root", Fold: "chmod-recursive-system", On: factChownRoot,
		Why: "the same chown of the tree to root",
		Match: []string{
			"sudo chown -R root:root /usr/local/go",
			"chown -R 0:0 /opt/tool",
		},
		NoMatch: []string{
			// Another owner: no chown-root.
			"chown -R bob /opt/tool && chown -R root ./x",
			// Two commands.
			"chown -R root ./x; chown -R bob /usr/local/go",
		},
	},
	{
		Keep: "system-config-write", Fold: "files-overwrite-outside", On: factWrote,
		Why: "the same write of the file",
		Match: []string{
			// nextcloud's entrypoint: a group's output into a PHP
			// configuration file.
			"#!/bin/sh\n{\n  echo 'session.save_handler = redis'\n  echo \"session.save_path = $p\"\n} > /etc/php/conf.d/redis-session.ini\n",
		},
		NoMatch: []string{
			// Two commands.
			"#!/bin/sh\n: > /srv/app/state.db\necho x > /etc/app.conf\n",
		},
	},
	{
		Keep: "download-run", Fold: "packages-unverified", On: factRan,
		Why: "the same install of the downloaded package",
		Match: []string{
			// wurstmeister/kafka-docker: glibc's apk, downloaded and
			// installed unsigned.
			"wget https://x.example/glibc-2.31.apk && apk add --no-cache --allow-untrusted glibc-2.31.apk",
		},
		NoMatch: []string{
			// Packages from the repository are unverified too.
			"wget https://x.example/glibc-2.31.apk && apk add --allow-untrusted glibc-2.31.apk bash",
		},
	},
	{
		Keep: "system-config-write", Fold: "guardsh-tamper", On: factWrote,
		Why: "code the same command writes into the file: it exports a variable whose name it reads at run time",
		Match: []string{
			// vscode-dev-containers' sshd script: a login script that
			// restores the container's saved environment.
			"#!/bin/sh\nS=\"$(cat << 'EOF'\nwhile read -r l; do\n  n=\"${l%%=*}\"\n  export ${n}=\"x\"\ndone < /etc/base-env\nEOF\n)\"\necho \"${S}\" > /etc/profile.d/00-fix-login-env.sh\n",
		},
		NoMatch: []string{
			// The write itself is guardsh's: no written code.
			"#!/bin/sh\necho 'mode = \"off\"' > /etc/guardsh/config.toml\n",
			// The exporting code is run, not written.
			"#!/bin/sh\necho x > /etc/profile.d/x.sh\nn=$(cat /etc/name); export \"$n\"=1\n",
		},
	},
}

// factRule returns, for a rule id, the facts its command findings carry
// (input rules' facts come from their hits); nil for the others.
func factRule(id string) func(c *parse.Command) []string {
	switch id {
	case "remote-code":
		return ranFacts
	case "system-config-write":
		return keyringOnlyFacts
	case "package-key-trust":
		return keyringFacts
	case "chmod-world-writable", "chmod-recursive-system":
		return chmodAddFacts
	}
	return nil
}

// twinRule reports the rules whose findings on a twin write carry its
// fact.
func twinRule(id string) bool {
	return id == "credential-file-write" || id == "system-config-write"
}

// factsOf returns the facts of rule r's finding on command c of res.
func factsOf(r *Rule, c *parse.Command, res *parse.Result) []string {
	if c.Folded {
		return nil
	}
	var out []string
	if f := factRule(r.ID); f != nil {
		out = f(c)
	}
	if t := c.Repeat; t != nil && t.Branch && twinRule(r.ID) && !netWords(c.Args) && (c.StdinFrom == nil || !netWords(c.StdinFrom.Args)) {
		out = append(out, factTwin+":"+strconv.Itoa(t.First))
		if t.TargetTwin && targetTwinRule(r.ID) {
			out = append(out, factTarget+":"+strconv.Itoa(t.TargetFirst))
		}
	}
	return append(out, moreFacts(r, c, res)...) // pred_dupes7.go
}

// span is a command's place in the input, for a fact.
func span(c *parse.Command) string {
	return strconv.Itoa(c.Start) + "-" + strconv.Itoa(c.End)
}

// runFact is the fact of a run of file name by command run, the file made
// (downloaded, chmod'ed) by command by: in by's directory.
func runFact(res *parse.Result, run, by *parse.Command, name string) string {
	f := path.Clean(name)
	if !strings.HasPrefix(f, "/") {
		// Where the maker wrote it: a known directory, or one left by an
		// unknown cd (Moved) or a cd that may have failed; and how many
		// directory changes come before it in the text, so that two
		// makers with a cd between them (cd "$A"; wget t; cd "$B";
		// chmod +x t) never name the same file.
		f = by.Dir + "|" + strconv.FormatBool(by.Moved) + strconv.FormatBool(by.DirUnsure) + "|" + strconv.Itoa(cdsBefore(res, by.Start)) + "|" + f
	}
	return factRun + ":" + span(run) + ":" + f
}

// cdsBefore counts the commands that change the directory and start before
// offset at in the input.
func cdsBefore(res *parse.Result, at int) int {
	n := 0
	for _, c := range res.Commands {
		if c.Start < at {
			switch c.Name() {
			case "cd", "pushd", "popd", "chdir":
				n++
			}
		}
	}
	return n
}

// ranFacts: remote-code on a command whose code can only come from the
// file it runs: nothing piped into it, no standard input it cannot read,
// no argument from a download or a decoder.
func ranFacts(c *parse.Command) []string {
	if netWords(c.Args) || c.StdinText != "" && !c.StdinStatic {
		return nil
	}
	if c.StdinFrom != nil {
		return nil // a pipe into the run: its stage may print code
	}
	for _, r := range c.Redirs {
		if (r.Fd == "" || r.Fd == "0") && (r.Op == "<" || r.Op == "<<<" || r.Op == "<<" || r.Op == "<<-") && !r.Target.Static {
			return nil
		}
	}
	return []string{factRan + ":" + span(c)}
}

func netWords(ws []parse.Word) bool {
	for _, w := range ws {
		if w.Origin == "network" || w.Origin == "decoder" {
			return true
		}
	}
	return false
}

// chmodAddFacts: a chmod whose mode is symbolic and only adds r, w, x or
// X bits, for every class it names.
func chmodAddFacts(c *parse.Command) []string {
	if c.Name() != "chmod" {
		return nil
	}
	m := chmodMode(c)
	if m == "" {
		return nil
	}
	for _, cl := range strings.Split(m, ",") {
		who, bits, ok := strings.Cut(cl, "+")
		if !ok || strings.Trim(who, "ugoa") != "" || bits == "" || strings.Trim(bits, "rwxX") != "" {
			return nil
		}
	}
	for _, w := range c.Args {
		if strings.HasPrefix(w.Value, "--reference") {
			return nil
		}
	}
	return []string{factChmodAdd + ":" + span(c)}
}

// keyringFacts: package-key-trust's command.
func keyringFacts(c *parse.Command) []string {
	return []string{factKeyring + ":" + span(c)}
}

// keyringOnlyFacts: system-config-write on a command whose every write
// under /etc is a keyring (not tar -C, mv, a second file).
func keyringOnlyFacts(c *parse.Command) []string {
	switch c.Name() {
	case "tar", "bsdtar", "mv":
		return nil
	}
	n := 0
	for _, w := range writeTargets(c) {
		if !systemConfig(w.Value) {
			continue
		}
		if !w.Static || !keyringPath(w.Value) {
			return nil
		}
		n++
	}
	if n == 0 {
		return nil
	}
	return []string{factKeyring + ":" + span(c)}
}

// FoldDupes folds, by the table above, each finding that another finding
// already reports (the same fact) into that one, and returns the findings
// left, in their order. The survivor's reason names what it stands for.
// Findings without facts are left as they are. text is the input the
// offsets of findings without a line refer to ("" when every finding has
// its line).
func FoldDupes(fs []Finding, text string) []Finding {
	n := 0
	for i := range fs {
		if len(fs[i].Facts) > 0 {
			n++
		}
	}
	if n < 2 {
		return fs
	}
	gone := make([]bool, len(fs))
	notes := map[int][]string{}
	for _, d := range dupes {
		for i := range fs {
			a := &fs[i]
			if gone[i] || a.Rule != d.Fold || a.Source != "guardsh" {
				continue
			}
			for j := range fs {
				k := &fs[j]
				if j == i || gone[j] || k.Rule != d.Keep || k.Source != "guardsh" || k.Tier < a.Tier || d.Keep == d.Fold && (k.Start > a.Start) != d.Later || !shareFact(a, k, d.On) {
					continue
				}
				gone[i] = true
				k.NeverPermanent = k.NeverPermanent || a.NeverPermanent || ruleNeverPermanent(a.Rule)
				k.Folded = append(append(k.Folded, a.Rule), a.Folded...) // for session approvals (redteam7)
				// What the folded finding stood for, the survivor stands
				// for too (the BSD branch's staging copy, folded into
				// its mv, which is folded into the Linux branch's).
				notes[j] = append(notes[j], notes[i]...)
				delete(notes, i)
				at := ""
				if la, lk := lineOf(a, text), lineOf(k, text); la > 0 && lk > 0 && la != lk {
					at = fmt.Sprintf(" at line %d", la)
				}
				why := d.Why
				if dt := reasonDetail(a); dt != "" {
					why += ": " + dt
				}
				notes[j] = append(notes[j], a.Rule+at+" ("+why+")")
				break
			}
		}
	}
	out := fs[:0:0]
	for i := range fs {
		if gone[i] {
			continue
		}
		f := fs[i]
		if ns := notes[i]; len(ns) > 0 {
			f.Reason += " This finding also stands for " + strings.Join(ns, "; ") + "."
		}
		out = append(out, f)
	}
	return out
}

// lineOf returns the line of a finding in text.
func lineOf(f *Finding, text string) int {
	if f.Line > 0 || text == "" {
		return f.Line
	}
	return 1 + strings.Count(text[:max(0, min(f.Start, len(text)))], "\n")
}

// reasonDetail returns what a finding's reason says beyond its rule's
// own reason (remote-code's "sh runs /tmp/i.sh, which holds a download
// (curl …)"), or "".
func reasonDetail(f *Finding) string {
	r, ok := Lookup(f.Rule)
	if !ok || f.Reason == r.Reason {
		return ""
	}
	if pre, ok := strings.CutSuffix(f.Reason, ": "+lowerFirst(r.Reason)); ok {
		return pre
	}
	if pre, ok := strings.CutSuffix(f.Reason, ": "+remoteFileReason); ok && r.ID == "remote-code" {
		return pre
	}
	if post, ok := strings.CutPrefix(f.Reason, r.Reason+" ("); ok {
		return strings.TrimSuffix(post, ")")
	}
	return ""
}

// shareFact reports whether a and k carry the same fact of kind.
func shareFact(a, k *Finding, kind string) bool {
	for _, x := range a.Facts {
		if !strings.HasPrefix(x, kind+":") {
			continue
		}
		for _, y := range k.Facts {
			if x == y {
				return true
			}
		}
	}
	return false
}

func ruleNeverPermanent(id string) bool {
	r, ok := Lookup(id)
	return ok && r.NeverPermanent
}

// ScopeFacts makes the facts of findings from one part of a file (a RUN
// step, a workflow step) its own, so that offsets of two parts never meet.
func ScopeFacts(fs []Finding, scope string) {
	for i := range fs {
		if len(fs[i].Facts) == 0 {
			continue
		}
		s := make([]string, len(fs[i].Facts))
		for j, x := range fs[i].Facts {
			s[j] = x + "#" + scope
		}
		fs[i].Facts = s
	}
}
