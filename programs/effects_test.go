package programs

import (
	"strings"
	"testing"
)

// showRuns renders what a line runs as "KIND@WORD[=VALUE][ env=I,J]", one
// entry per piece of code, joined by " | "; "" when it runs nothing.
func showRuns(words []string, rs []Ran) string {
	var out []string
	for _, r := range rs {
		s := r.Kind.String() + "@" + words[r.Word]
		if r.Opt != "" {
			s = r.Kind.String() + " --" + r.Opt + "=" + r.Value
		}
		if r.Join {
			s += " joined"
		}
		if len(r.Env) > 0 {
			var e []string
			for _, i := range r.Env {
				e = append(e, words[i])
			}
			s += " env=" + strings.Join(e, ",")
		}
		out = append(out, s)
	}
	return strings.Join(out, " | ")
}

// TestRuns reads command lines by the wrappers' and runners' Run entries:
// abbreviations, bundles with values, --opt=value, --, NAME=value words,
// options that mean nothing runs.
func TestRuns(t *testing.T) {
	for _, c := range []struct{ prog, line, want string }{
		{"sudo", "rm -rf /", "argv@rm"},
		{"sudo", "-uroot rm -rf /", "argv@rm"},
		{"sudo", "--us root rm -rf /", "argv@rm"},
		{"sudo", "--user=root -- rm -rf /", "argv@rm"},
		{"sudo", "-Eu root rm", "argv@rm"},
		{"sudo", "--preserve-env=PATH rm", "argv@rm"},
		{"sudo", "A=1 -u root B=2 rm", "argv@rm env=A=1,B=2"},
		{"sudo", "-s rm -rf /", "shell@rm joined"},
		{"sudo", "--sh rm -rf /", "shell@rm joined"},
		{"sudo", "-l rm", ""},
		{"sudo", "--ed /etc/hosts", ""},
		{"sudo", "-h host rm", "argv@rm"},
		{"sudo", "--no rm", ""}, // ambiguous: non-interactive, no-update
		{"env", "-i A=1 rm", "argv@rm env=A=1"},
		{"env", "--unse=X -C/ rm", "argv@rm"},
		{"env", "-S 'rm -rf' /", "shell --S=rm -rf joined"},
		{"env", "--spl=x y", "shell --split-string=x joined"},
		{"timeout", "--sig=KILL -k1 5 rm", "argv@rm"},
		{"timeout", "5", ""},
		{"chroot", "--userspec=0:0 / rm", "argv@rm"},
		{"chroot", "/", ""},
		{"nice", "--adj 5 rm", "argv@rm"},
		{"stdbuf", "-oL --err=L rm", "argv@rm"},
		{"xargs", "--max-a=1 -0 rm", "argv@rm"},
		{"xargs", "-i rm {}", "argv@rm"},
		{"ionice", "-c3 rm", "argv@rm"},
		{"ionice", "--pi 1", ""},
		{"taskset", "-c 0 rm", "argv@rm"},
		{"taskset", "-p 1", ""},
		{"chrt", "-f 1 rm", "argv@rm"},
		{"flock", "-x /tmp/l rm", "argv@rm"},
		{"prlimit", "-n1 --nproc=2 rm", "argv@rm"},
		{"prlimit", "--pid 1", ""},
		{"script", "-qec x /dev/null", "shell --c=x"},
		{"script", "--comm=x", "shell --command=x"},
		{"su", "--comm=x", "shell --command=x"},
		{"su", "--sess x", "shell --session-command=x"},
		{"runuser", "-u root rm", "argv@rm"},
		{"runuser", "-u root -c x", "shell --c=x"},
		{"unshare", "-mr rm", "argv@rm"},
		{"unshare", "--mount=/x rm", "argv@rm"},
		{"nsenter", "--targ 1 --mount rm", "argv@rm"},
		{"setpriv", "-d", ""},
		{"watch", "-n1 rm -rf /", "shell@rm joined"},
		{"watch", "-x rm", "argv@rm"},
		{"tar", "--to-comm=x -xf a.tar", "shell --to-command=x"},
		{"tar", "-xf a.tar --to-command x", "shell --to-command=x"},
		{"tar", "-cf a.tar -Ix .", "shell --I=x"},
		{"tar", "--checkpoint-act=exec=x -cf a .", "shell --checkpoint-action=x"},
		{"tar", "--checkpoint-action=echo -cf a .", ""},
		{"sort", "--compress-prog=x f", "shell --compress-program=x"},
		{"split", "--filt=x f", "shell --filter=x"},
		{"gdb", "-ex 'shell x'", "shell --ex=x"},
		{"gdb", "-eval-comm '!x'", "shell --eval-command=x"},
		{"gdb", "--eval-comm='shell x'", "shell --eval-command=x"},
		{"gdb", "-ex run", ""},
		{"man", "--pag=x ls", "shell --pager=x"},
		{"man", "-Px ls", "shell --P=x"},
		{"mysql", "--pager", ""},
		{"mysql", "--pag=x", "shell --pager=x"},
		{"rg", "--pr=x y", ""}, // rg takes no abbreviations
		{"vim", "-es -c '!x' -c q", "shell --c=x"},
		{"rsync", "-ae x a b:", "shell --e=x"},
	} {
		g := Lookup(c.prog)
		if g == nil {
			t.Fatalf("%s: no grammar", c.prog)
		}
		words := splitLine(c.line)
		p := g.Parse(words, Env{Lenient: c.prog != "sudo" || c.line != "--no rm"})
		if got := showRuns(words, g.Runs(p, words)); got != c.want {
			t.Errorf("%s %s: got %q, want %q (%s)", c.prog, c.line, got, c.want, show(words, p))
		}
	}
}

// splitLine splits at blanks, with '…' grouping.
func splitLine(s string) []string {
	var out []string
	var cur strings.Builder
	in, any := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			in, any = !in, true
		case r == ' ' && !in:
			if any {
				out = append(out, cur.String())
			}
			cur.Reset()
			any = false
		default:
			cur.WriteRune(r)
			any = true
		}
	}
	if any {
		out = append(out, cur.String())
	}
	return out
}

// TestRunEntries checks that every Run names an option of its program's
// grammar, so a renamed option cannot silently stop a Run from applying.
func TestRunEntries(t *testing.T) {
	for _, s := range specs() {
		if len(s.Runs) == 0 {
			continue
		}
		g, err := s.compile(nil)
		if err != nil {
			t.Fatal(err)
		}
		known := func(n string) bool {
			return len(n) == 1 && g.short[n[0]] != nil || g.long[n] != nil
		}
		for _, r := range s.Runs {
			for _, n := range append(strings.Fields(r.When+" "+r.Unless), r.Opt) {
				if n != "" && !known(n) {
					t.Errorf("%s: Run %+v names --%s, which the grammar does not list", s.Name, r, n)
				}
			}
			if r.Opt != "" && (g.long[r.Opt] == nil && (len(r.Opt) != 1 || g.short[r.Opt[0]] == nil) || func() bool {
				o := g.long[r.Opt]
				if o == nil {
					o = g.short[r.Opt[0]]
				}
				return o.arg == noArg
			}()) {
				t.Errorf("%s: Run on --%s, which takes no value", s.Name, r.Opt)
			}
		}
	}
}

// TestSent reads the files command lines send by the Send entries.
func TestSent(t *testing.T) {
	for _, c := range []struct{ prog, line, want string }{
		{"curl", "-T f https://x", "f"},
		{"curl", "-Tf https://x", "f"},
		{"curl", "--upload-fi f https://x", "f"},
		{"curl", "--upload-file=f https://x", "f"},
		{"curl", "-sSd@f https://x", "f"},
		{"curl", "-d x=1 https://x", ""},
		{"curl", "--data-bin @f https://x", "f"},
		{"curl", "--data-raw @f https://x", ""}, // --data-raw reads no file
		{"curl", "-F a=@f;type=text/plain -F b=<g -F c=v https://x", "f g"},
		{"curl", "--data-urlencode k@f --data-urlencode @g --data-urlencode q=@h https://x", "f g"},
		{"curl", "--json @f https://x", "f"},
		{"wget", "--post-f=f https://x", "f"},
		{"wget", "--body-file f --method=PUT https://x", "f"},
		{"wget", "--post-data=@f https://x", ""},
		{"scp", "-P 2222 a b host:", "a b"},
		{"scp", "host:a .", "host:a"},
		{"rsync", "-a --delete src/ host:/dst/", "src/"},
	} {
		g := Lookup(c.prog)
		words := strings.Fields(c.line)
		p := g.Parse(words, Env{})
		var got []string
		for _, s := range g.Sent(p, words) {
			got = append(got, s.Path)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s %s: got %q, want %q", c.prog, c.line, got, c.want)
		}
	}
}

// TestInterpreterCode reads interpreter lines by their grammars: the code
// in an option's value, never a value taken for the script.
func TestInterpreterCode(t *testing.T) {
	for _, c := range []struct{ prog, line, want string }{
		{"perl", "-e x", "code --e=x"},
		{"perl", "-lne x", "code --e=x"},
		{"perl", "-l0ne x", "code --e=x"},
		{"perl", "-0777 -ne x f", "code --e=x"},
		{"perl", "-de0", "code --e=0"},
		{"perl", "-I lib -e x", "code --e=x"},
		{"perl", "-Mstrict -we x", "code --e=x"},
		{"perl", "-pie x f", ""}, // -i takes "e" as its suffix: x is the script
		{"perl", "script.pl -e x", ""},
		{"ruby", "-r fileutils -e x", "code --e=x"},
		{"ruby", "-I lib -we x", "code --e=x"},
		{"node", "-pe x", "code --pe=x"},
		{"node", "-r m -e x", "code --e=x"},
		{"node", "--require=m --eval x", "code --eval=x"},
		{"node", "--print=x", "code --print=x"},
		{"node", "server.js -e x", ""},
		{"php", "-rx", "code --r=x"},
		{"php", "-d k=v -r x", "code --r=x"},
		{"php", "-B x -R y -E z", "code --B=x | code --R=y | code --E=z"},
	} {
		g := Lookup(c.prog)
		words := splitLine(c.line)
		p := g.Parse(words, Env{Lenient: true})
		if got := showRuns(words, g.Runs(p, words)); got != c.want {
			t.Errorf("%s %s: got %q, want %q (%s)", c.prog, c.line, got, c.want, show(words, p))
		}
	}
}
