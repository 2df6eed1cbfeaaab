package programs

import (
	"context"
	"errors"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// diffValues are values the tools accept for options they check while
// reading them (the default is "1").
var diffValues = map[string]string{
	"sort.batch-size": "2", "sort.sort": "general", "sort.field-separator": "x", "sort.temporary-directory": "/tmp",
	"sort.random-source": "/dev/null", "sort.files0-from": "/dev/null", "sort.output": "/dev/null",
	"unshare.map-users": "0,0,1", "unshare.map-groups": "0,0,1", "unshare.propagation": "private", "unshare.setgroups": "allow",
	"prlimit.output": "RESOURCE", "env.split-string": "-i", "su.group": "root", "su.supp-group": "root",
	"runuser.group": "root", "runuser.supp-group": "root", "script.logging-format": "classic", "script.echo": "auto", "xargs.max-chars": "4096",
	"setpriv.ambient-caps": "-all", "setpriv.inh-caps": "-all", "setpriv.bounding-set": "-all", "setpriv.securebits": "+noroot",
	"setpriv.pdeathsig": "keep", "setpriv.ruid": "0", "setpriv.euid": "0", "setpriv.rgid": "0", "setpriv.egid": "0",
	"setpriv.reuid": "0", "setpriv.regid": "0", "setpriv.groups": "0", "watch.interval": "1",
}

// TestDiffWrappers checks the option tables of the wrappers and runners
// against the tools installed on the machine, as TestDiffCoreutils does
// for rm: every long option the tool's --help lists is in the table, and
// every prefix of every long option, followed by --help, is accepted by
// the tool exactly when the grammar resolves it and ambiguous for the tool
// exactly when it is for the grammar. The tools only ever read their
// options and print their usage (--help comes last), in an empty
// directory, with no input.
func TestDiffWrappers(t *testing.T) {
	dir := t.TempDir()
	progs := []string{"env", "timeout", "nice", "nohup", "stdbuf", "chroot", "xargs", "setsid", "ionice", "taskset", "flock",
		"prlimit", "script", "su", "runuser", "unshare", "nsenter", "chrt", "setpriv", "watch", "setarch", "sort", "split"}
	help := regexp.MustCompile(`(?m)^\s+(?:-[\w-][,.] )*(?:-[\w-], )*--([a-z0-9][\w.-]*[\w])`)
	tested := 0
	for _, prog := range progs {
		bin, err := exec.LookPath(prog)
		if err != nil {
			t.Logf("%s not installed: not compared", prog)
			continue
		}
		tested++
		g := Lookup(prog)
		if g == nil {
			t.Fatalf("%s: no grammar", prog)
		}
		out, _ := exec.Command(bin, "--help").CombinedOutput()
		listed := map[string]bool{}
		for _, m := range help.FindAllStringSubmatch(string(out), -1) {
			listed[m[1]] = true
			if g.long[m[1]] == nil && !(prog == "flock" && m[1] == "command") { // flock FILE --command TEXT: not getopt's
				t.Errorf("%s --help lists --%s; the table does not", prog, m[1])
			}
		}
		for w := range prefixes(g, false) {
			word := "--" + w
			if (prog == "taskset" || prog == "chrt") && strings.HasPrefix("pid", w) || prog == "unshare" && strings.HasPrefix(w, "map-a") {
				continue // -p reads the last word as the PID at once; --map-auto reads /etc/subuid at once
			}
			p := g.Parse([]string{word}, Env{})
			if q := g.Parse([]string{word, "x"}, Env{}); q.Err == nil && len(q.Opts) == 1 && argOf(q, q.Opts[0]) == reqArg {
				v, ok := diffValues[prog+"."+q.Opts[0].Key]
				if !ok {
					v = "1"
				}
				word += "=" + v
				p = g.Parse([]string{word}, Env{})
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			cmd := exec.CommandContext(ctx, bin, word, "--help")
			cmd.Dir = dir
			cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
			out, err := cmd.CombinedOutput()
			cancel()
			var amb *ErrAmbiguous
			switch {
			case errors.As(p.Err, &amb):
				if !strings.Contains(string(out), "ambiguous") {
					t.Errorf("%s %s: grammar says ambiguous (%v), the tool: %s", prog, word, p.Err, firstLine(out))
				}
			case p.Err != nil || hasUnknown(p):
				if err == nil {
					t.Errorf("%s %s: grammar refuses (%v), the tool accepts", prog, word, p.Err)
				}
			default:
				if err != nil {
					t.Errorf("%s %s: grammar reads --%s, the tool refuses (%v): %s", prog, word, p.Opts[0].Spelled, err, firstLine(out))
				}
			}
		}
	}
	if tested == 0 {
		t.Skip("none of the wrappers is installed")
	}
}
