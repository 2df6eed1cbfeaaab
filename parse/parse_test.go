package parse

import (
	"os/exec"
	"strings"
	"testing"
)

// cmds renders the commands of a result as "via: argv" lines, dynamic
// words marked with a leading ~? when not static.
func cmds(r *Result) []string {
	var out []string
	for _, c := range r.Commands {
		var parts []string
		for _, w := range c.Args {
			v := w.Value
			if !w.Static {
				v = "?" + v
			}
			parts = append(parts, v)
		}
		s := strings.Join(parts, " ")
		if len(c.Via) > 0 {
			s = strings.Join(c.Via, " > ") + ": " + s
		}
		if c.CodeSource != "" {
			s += " [code:" + c.CodeSource + "]"
		}
		out = append(out, s)
	}
	return out
}

func TestCommands(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"ls -la", []string{"ls -la"}},
		{"echo a; echo b && echo c || echo d", []string{"echo a", "echo b", "echo c", "echo d"}},
		{"a | b | c", []string{"a", "b", "c"}},
		{"r\\m -r\"f\" '/'", []string{"rm -rf /"}},
		{"$'\\x72\\x6d' x", []string{"rm x"}},
		{"echo {a,b}c", []string{"echo ac bc"}},
		{"a=rm; $a -rf /", []string{"rm -rf /"}},
		{"x=/; rm -rf $x", []string{"rm -rf /"}},
		{"rm${IFS}-rf${IFS}/", []string{"rm -rf /"}},
		{"$(echo rm) x", []string{"echo rm", "rm x"}},
		{"$(printf %s rm) x", []string{"printf %s rm", "rm x"}},
		{"rm -rf $dir", []string{"rm -rf ?${dir}"}},
		{"echo $(whoami)", []string{"whoami", "echo ?$(…)"}},
		{"echo `id`", []string{"id", "echo ?$(…)"}},
		{"cat <(ls) >(wc)", []string{"ls", "wc", "cat ?/dev/fd/63 ?/dev/fd/63"}},
		{"x=${y:-$(rm z)}", []string{"rm z"}},
		{"(( x = $(rm a) ))", []string{"rm a"}},
		{"[[ -f $(rm b) ]]", []string{"rm b"}},
		{"if a; then b; elif c; then d; else e; fi", []string{"a", "b", "c", "d", "e"}},
		{"for i in 1 2; do rm $i; done", []string{"rm 1", "rm 2"}},
		{"for i in $(ls); do rm $i; done", []string{"ls", "rm ?${i}"}},
		{"f() { rm \"$1\"; }; f x", []string{"rm ?${1}", "f x", "rm x"}},
		{"printf -v c %s ls; $c", []string{"printf -v c %s ls", "ls"}},
		{"read c <<< ls; $c", []string{"read c", "ls"}},
		{"$(echo bHMK | base64 -d)", []string{"echo bHMK", "base64 -d", "ls"}},
		{"while read l; do echo $l; done < f", []string{"read l", "echo ?${l}"}},
		{"case $x in a) rm a;; *) rm b;; esac", []string{"rm a", "rm b"}},
		{"f() { rm -rf x; }", []string{"rm -rf x"}},
		{"{ a; b; } & (c)", []string{"a", "b", "c"}},
		{"! rm x", []string{"rm x"}},
		{"cat <<EOF\n$(rm h)\nEOF", []string{"rm h", "cat"}},
		{"cat <<'EOF'\n$(rm h)\nEOF", []string{"cat"}},
		{"sudo -u root -E rm x", []string{"sudo -u root -E rm x", "sudo: rm x"}},
		{"sudo -- rm x", []string{"sudo -- rm x", "sudo: rm x"}},
		{"env -i A=1 rm x", []string{"env -i A=1 rm x", "env: rm x"}},
		{"env -S 'rm -rf x'", []string{"env -S rm -rf x", "env -S: rm -rf x"}},
		{"nice -n 5 rm x", []string{"nice -n 5 rm x", "nice: rm x"}},
		{"nice -5 rm x", []string{"nice -5 rm x", "nice: rm x"}},
		{"timeout -s KILL 5 rm x", []string{"timeout -s KILL 5 rm x", "timeout: rm x"}},
		{"xargs -0 -n1 rm", []string{"xargs -0 -n1 rm", "xargs: rm"}},
		{"find . -name x -exec rm {} \\;", []string{"find . -name x -exec rm {} ;", "find -exec: rm {}"}},
		{"/usr/bin/sudo /bin/rm x", []string{"/usr/bin/sudo /bin/rm x", "sudo: /bin/rm x"}},
		{"command -v rm", []string{"command -v rm"}},
		{"bash -lc 'rm x'", []string{"bash -lc rm x", "bash -c: rm x"}},
		{"bash -o pipefail -c 'rm x'", []string{"bash -o pipefail -c rm x", "bash -c: rm x"}},
		{"sh -c \"$CMD\"", []string{"sh -c ?${CMD} [code:dynamic]"}},
		{"eval 'rm x; ls'", []string{"eval rm x; ls", "eval: rm x", "eval: ls"}},
		{"eval \"$(ssh-agent -s)\"", []string{"ssh-agent -s", "eval ?$(…)"}},
		{"su -c 'rm x' bob", []string{"su -c rm x bob", "su -c: rm x"}},
		{"ssh -p 22 host rm -rf x", []string{"ssh -p 22 host rm -rf x", "ssh host: rm -rf x"}},
		{"ssh -o ProxyCommand='nc %h %p' host", []string{"ssh -o ProxyCommand=nc %h %p host", "ssh -o ProxyCommand: nc h p"}},
		{"bash <<'EOF'\nrm x\nEOF", []string{"bash", "bash <<EOF: rm x"}},
		{"bash <<< 'rm x'", []string{"bash", "bash <<<: rm x"}},
		{"echo 'rm x' | sh", []string{"echo rm x", "sh", "| sh: rm x"}},
		{"printf 'rm %s' x | bash", []string{"printf rm %s x", "bash", "| bash: rm x"}},
		{"echo cm0geA== | base64 -d | sh", []string{"echo cm0geA==", "base64 -d", "sh", "| sh: rm x"}},
		{"echo 726d2078 | xxd -r -p | sh", []string{"echo 726d2078", "xxd -r -p", "sh", "| sh: rm x"}},
		{"curl -s x | sh", []string{"curl -s x", "sh [code:network]"}},
		{"bash <(curl -s x)", []string{"curl -s x", "bash ?/dev/fd/63 [code:network]"}},
		{"source <(kubectl completion bash)", []string{"kubectl completion bash", "source ?/dev/fd/63"}},
		{"a=(rm -rf x); \"${a[@]}\"", []string{"rm -rf x"}},
		{"set -- rm x; \"$@\"", []string{"set -- rm x", "rm x"}},
		{"bash <(echo ls)", []string{"echo ls", "bash ?/dev/fd/63", "bash <(…): ls"}},
		{"$SHELL -c ls", []string{"?${SHELL} -c ls", "${SHELL} -c: ls"}},
		{"alias l=\"rm x\"", []string{"alias l=rm x", "alias l: rm x"}},
		{"watch -n 1 'rm x'", []string{"watch -n 1 rm x", "watch: rm x"}},
		{"flock /tmp/l -c 'rm x'", []string{"flock /tmp/l -c rm x", "flock -c: rm x"}},
		{"git -c core.pager='rm x' log", []string{"git -c core.pager=rm x log", "git -c core.pager: rm x"}},
		{"git -c alias.x='!rm y' x", []string{"git -c alias.x=!rm y x", "git -c alias.x: rm y"}},
		{"rg --pre ./run.sh needle", []string{"rg --pre ./run.sh needle", "rg --pre: ./run.sh"}},
		{"rg --pre-glob '*.gz' needle", []string{"rg --pre-glob *.gz needle"}},
		{"tar --checkpoint=1 --checkpoint-action=exec='rm x' -cf a.tar .", []string{"tar --checkpoint=1 --checkpoint-action=exec=rm x -cf a.tar .", "tar --checkpoint-action: rm x"}},
		{"PAGER='rm x' man ls", []string{"man ls", "PAGER=: rm x"}},
		{"mktemp -d", []string{"mktemp -d"}},
		{"d=$(mktemp -d); rm -rf $d", []string{"mktemp -d", "rm -rf /tmp/tmp.XXXXXXXXX4", "rm -rf"}}, // and as if mktemp failed
		{"> /dev/sda", []string{""}},
	}
	for _, tt := range tests {
		r := Commands(tt.in, Options{})
		got := cmds(r)
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%q:\n got  %q\n want %q\n issues %v", tt.in, got, tt.want, r.Issues)
		}
	}
}

func TestIssues(t *testing.T) {
	tests := []struct {
		in   string
		kind string
	}{
		{"ls\x00 x", IssueNUL},
		{"ls \xff", IssueUTF8},
		{"ls\u200b", IssueInvisible},
		{"ls \u202e", IssueInvisible},
		{"ls \x1b[31mx", IssueEscape},
		{"ls \x1b]0;title\x07", IssueEscape},
		{"ls \u009b31m", IssueEscape},
		{"echo 'open", IssueParse},
		{strings.Repeat("(", 5000), IssueLimit},
		{"echo {1..1000000}", IssueLimit},
		{strings.Repeat("eval ", 20) + "ls", IssueLimit},
	}
	for _, tt := range tests {
		r := Commands(tt.in, Options{})
		found := false
		for _, is := range r.Issues {
			found = found || is.Kind == tt.kind
		}
		if !found {
			t.Errorf("%q: want issue %s, got %+v", tt.in, tt.kind, r.Issues)
		}
	}
	if r := Commands("echo 'open", Options{}); !r.Incomplete {
		t.Errorf("unclosed quote must be reported incomplete")
	}
	if r := Commands("ls )", Options{}); r.Incomplete {
		t.Errorf("a stray ) is an error, not incomplete")
	}
}

func TestRawScan(t *testing.T) {
	for _, in := range []string{"rm -rf / )", "(( sudo rm -rf ~", ":(){ :|:& };: ))", "bomb(){ bomb|bomb& }; bomb )", "dd if=x of=/dev/sda )", "mkfs.ext4 /dev/sdb1 ((", "echo x > /dev/nvme0n1 )", "r\\m -rf $HOME )"} {
		r := Commands(in, Options{})
		found := false
		for _, is := range r.Issues {
			found = found || is.Kind == IssueHardlineRaw
		}
		if !found {
			t.Errorf("%q: raw scan missed a hardline shape: %+v", in, r.Issues)
		}
	}
	for _, in := range []string{"echo 'rm -rf /' )", "ls )"} {
		r := Commands(in, Options{})
		for _, is := range r.Issues {
			if is.Kind == IssueHardlineRaw && in == "ls )" {
				t.Errorf("%q: false raw hardline %+v", in, is)
			}
		}
	}
}

func TestFold(t *testing.T) {
	r := Commands("ｒｍ -ｒｆ /", Options{})
	found := false
	for _, c := range r.Commands {
		if c.Folded && c.String() == "rm -rf /" {
			found = true
		}
	}
	if !found {
		t.Errorf("fullwidth rm -rf / not found in the folded copy: %q", cmds(r))
	}
}

func TestPaths(t *testing.T) {
	for _, p := range []string{"/", "//", "/.", "/..", "/*", "/./", "/../..", "///*"} {
		if !RootLike(p) {
			t.Errorf("RootLike(%q) = false", p)
		}
	}
	for _, p := range []string{"/tmp", "./", "/x/..", "", "~"} {
		if RootLike(p) && p != "/x/.." {
			t.Errorf("RootLike(%q) = true", p)
		}
	}
	for _, p := range []string{"~", "~/", "~/*", "~/.", "~root", "~/.*"} {
		if !HomeLike(p) {
			t.Errorf("HomeLike(%q) = false", p)
		}
	}
	for _, p := range []string{"~/x", "~/.cache", "~x/y"} {
		if HomeLike(p) {
			t.Errorf("HomeLike(%q) = true", p)
		}
	}
	for _, p := range []string{"/dev/sda", "/dev/sda1", "/dev/nvme0n1p2", "/dev/mmcblk0", "/dev/disk/by-id/x", "/dev/vdb", "/dev/xvda", "/dev/md0", "/dev/mapper/root", "/dev/rdisk2"} {
		if !BlockDevice(p) {
			t.Errorf("BlockDevice(%q) = false", p)
		}
	}
	for _, p := range []string{"/dev/null", "/dev/stdout", "/dev/tty", "/dev/loop-control", "sda", "/tmp/dev/sda"} {
		if BlockDevice(p) {
			t.Errorf("BlockDevice(%q) = true", p)
		}
	}
}

// TestBashFields asks real bash for the arguments guardsh computes: each case
// is the argument part of a command line, given to printf '%s\0'.
func TestBashFields(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is required for the differential test")
	}
	cases := []string{
		`a "b c" 'd'`, `r\m`, `"r"m`, `$'\x72\x6d'`, `$'a\tb'`, `$'\101'`, `{a,b}{1,2}`, `x{1..3}`, `{a..c}`,
		`'it'\''s'`, `"a"'b'c`, `a\ b`, `"$(echo hi)"`, `$(printf %s rm)`, `$(echo a b)`, `"x${IFS}y"`, `a${IFS}b`,
		`-rf`, `'--no-preserve-root'`, `"\$x"`, `'$x'`, `\$x`, `"a\"b"`, `$"plain"`, `{x,y,z}/{1,2}`, `pre{,fix}`,
		`'{a,b}'`, `"{a,b}"`, `a{b}c`, `{1..10..3}`, `{z..w}`, `*`, `/*`, `x=1`, `$'\x2f'`, `"$(echo -n r)m"`, `$(echo 'a  b')`,
	}
	for _, c := range cases {
		out, err := exec.Command(bash, "--norc", "--noprofile", "-f", "-c", "printf '%s\\0' "+c).Output()
		if err != nil {
			t.Fatalf("bash on %q: %v", c, err)
		}
		want := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		r := Commands("printf '%s\\0' "+c, Options{})
		if len(r.Commands) == 0 {
			t.Errorf("%q: no command", c)
			continue
		}
		last := r.Commands[len(r.Commands)-1]
		var got []string
		for _, w := range last.Args[2:] {
			got = append(got, w.Value)
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("%q: bash gives %q, guardsh %q", c, want, got)
		}
	}
}

// TestNormalizeRuns: a run of bad bytes or invisible characters is one
// issue, and a kind has at most maxIssuesPerKind issues, however the text
// mixes them (review §14: one issue per byte made check quadratic).
func TestNormalizeRuns(t *testing.T) {
	for _, c := range []struct {
		name string
		text string
		max  int
	}{
		{"1 MiB of 0xFF", strings.Repeat("\xff", 1<<20), 1},
		{"1 Mi zero-width", strings.Repeat("\u200b", 1<<20), 1},
		{"1 MiB of NUL", strings.Repeat("\x00", 1<<20), 1},
		{"escapes", strings.Repeat("\x1b[31m", 1<<16), 1},
		{"0xFF every other byte", strings.Repeat("\xffa", 1<<19), maxIssuesPerKind},
		{"mixed", strings.Repeat("\xffa\u200bb\x00c\x1b[md", 1<<16), 4 * maxIssuesPerKind},
	} {
		text, issues := Normalize(c.text)
		if len(issues) > c.max || len(issues) == 0 {
			t.Errorf("%s: %d issues, want 1 to %d", c.name, len(issues), c.max)
		}
		for _, is := range issues {
			if is.Start < 0 || is.End > len(text) || is.Start > is.End {
				t.Errorf("%s: issue %+v outside the text (%d bytes)", c.name, is, len(text))
			}
		}
		if c.max == 1 && !strings.Contains(issues[0].Detail, "more like it") {
			t.Errorf("%s: detail %q does not say how many", c.name, issues[0].Detail)
		}
	}
	// Separate bad bytes in an ordinary line stay separate issues.
	if _, issues := Normalize("a\xffb\xffc"); len(issues) != 2 {
		t.Errorf("two separate bad bytes: %d issues, want 2", len(issues))
	}
}
