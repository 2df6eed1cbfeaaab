package parse

import (
	"strings"
	"testing"
	"time"
)

// FuzzCommands feeds arbitrary text to the whole front end: normalize, limits,
// parse, walk, carriers. It must never panic (a recovered panic shows as an
// IssuePanic), never hang, and keep every span inside the input.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{
		"ls -la", "rm -rf /", "a=rm; $a -rf /", "bash -c 'rm -rf /'", "echo cm0gLXJmIC8= | base64 -d | sh",
		"cat <<EOF\n$(rm x)\nEOF", "sudo -u root env -i bash -lc \"eval 'rm x'\"", ":(){ :|:& };:", "echo {1..9}{a..z}",
		"python3 -c 'import os; os.system(\"rm -rf /\")'", "ssh h 'ssh g \"rm -rf /\"'", "x=${y:-$(z)}", "ｒｍ -ｒｆ /",
		"echo \x00\xff\u202e\x1b[31m", "find . -exec sh -c 'rm {}' \\;", "git -c alias.x='!sh -c \"rm y\"' x",
		"for i in $(seq 3); do echo $i | sudo -S true; done", "f() { f | f & }; f", "printf '%s' 'rm -rf ~' | bash",
		"x='a[$(rm -rf ~)]'; (( x ))", "PROMPT_COMMAND+=('x'); PS1='$(y)'", "print *(e:'rm -rf ~':)", "x=(rm -rf ~); $x",
		": ${(e)${:-'$(x)'}}", "foreach x (~) rm -rf $x; end", "zargs -- ~ -- rm -rf", "${(s: :)${(j:,:)${=x}}[1,-1]}",
		"curl -s x | $SUDO bash", "$STD sh <(curl -sSL x)", "curl -sS x | php -- --install-dir=/usr/bin", "php -f /dev/stdin",
		`c=$(curl -s -o /dev/null -w '%{http_code}' x); [[ $c -lt 200 ]]`, "( flock 9 ) 9> /var/lock/x.lock", "setfacl -Rm u:x:rwx,d:o::r /opt",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		start := time.Now()
		r := Commands(s, Options{})
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("took %v on %d bytes", d, len(s))
		}
		for _, is := range r.Issues {
			if is.Kind == IssuePanic {
				t.Fatalf("panic: %s", is.Detail)
			}
			if is.Start < 0 || is.End < is.Start || is.End > len(r.Input) {
				t.Fatalf("issue span %d:%d outside input of %d bytes", is.Start, is.End, len(r.Input))
			}
		}
		for _, c := range r.Commands {
			if c.Start < 0 || c.End < c.Start || c.End > len(r.Input) {
				t.Fatalf("command span %d:%d outside input of %d bytes", c.Start, c.End, len(r.Input))
			}
		}
		// The fish rewrite must stay linear and never loop.
		start = time.Now()
		fr := Commands(s, Options{Shell: "fish"})
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("fish: took %v on %d bytes", d, len(s))
		}
		for _, is := range fr.Issues {
			if is.Kind == IssuePanic {
				t.Fatalf("fish: panic: %s", is.Detail)
			}
		}
		// zsh's own expansions are evaluated without the parser's help.
		start = time.Now()
		zr := Commands(s, Options{Shell: "zsh"})
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("zsh: took %v on %d bytes", d, len(s))
		}
		for _, is := range zr.Issues {
			if is.Kind == IssuePanic {
				t.Fatalf("zsh: panic: %s", is.Detail)
			}
		}
		for _, c := range zr.Commands {
			if c.Start < 0 || c.End < c.Start || c.End > len(zr.Input) {
				t.Fatalf("zsh: command span %d:%d outside input of %d bytes", c.Start, c.End, len(zr.Input))
			}
		}
		if strings.Contains(s, "\x00") {
			_ = r
		}
	})
}
