package hooks

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestInitUnknownShell(t *testing.T) {
	for _, sh := range []string{"", "ksh", "Bash", "pwsh"} {
		if _, err := Init(sh, "/bin/guardsh"); err == nil {
			t.Errorf("Init(%q) gave no error", sh)
		} else if !strings.Contains(err.Error(), "bash, zsh, fish") {
			t.Errorf("Init(%q) error %q does not list the shells", sh, err)
		}
	}
	if _, err := Init("bash", ""); err == nil {
		t.Errorf("Init with no binary gave no error")
	}
}

// TestInitParses runs each shell's own syntax check on the script, with a
// binary path that needs quoting.
func TestInitParses(t *testing.T) {
	bin := `/opt/it's a "dir"\x/guardsh`
	checks := map[string][]string{
		"bash": {"bash", "-n"},
		"zsh":  {"zsh", "-n"},
		"fish": {"fish", "--no-execute"},
	}
	for _, sh := range InitShells {
		t.Run(sh, func(t *testing.T) {
			script, err := Init(sh, bin)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(script, "@GUARDSH_") {
				t.Errorf("placeholder left in the %s script", sh)
			}
			c := checks[sh]
			cmd := exec.Command(c[0], c[1:]...)
			cmd.Stdin = strings.NewReader(script)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s rejects the script: %v\n%s", sh, err, out)
			}
		})
	}
}

// TestInitQuotes evaluates the quoted binary path in each shell and compares.
func TestInitQuotes(t *testing.T) {
	for _, s := range []string{"/usr/bin/guardsh", `/a b/it's/"q"/\n\\/$HOME/g`, "/x/ünï/😀"} {
		for _, c := range []struct {
			sh    string
			quote func(string) string
			argv  []string
		}{
			{"bash", initQuoteSh, []string{"bash", "-c"}},
			{"zsh", initQuoteSh, []string{"zsh", "-fc"}},
			{"fish", initQuoteFish, []string{"fish", "--no-config", "-c"}},
		} {
			out, err := exec.Command(c.argv[0], append(c.argv[1:], "printf '%s' "+c.quote(s))...).Output()
			if err != nil || string(out) != s {
				t.Errorf("%s: %s gives %q, %v; want %q", c.sh, c.quote(s), out, err, s)
			}
		}
	}
}

// TestInitSession checks that each call bakes a different session id.
func TestInitSession(t *testing.T) {
	a, _ := Init("zsh", "/g")
	b, _ := Init("zsh", "/g")
	if a == b {
		t.Fatal("two calls of Init gave the same script: the session id is not fresh")
	}
}

// TestProbeRunsNothing feeds the hooks' parse probes text that tries to
// close the probe early and run a command; nothing may run.
func TestProbeRunsNothing(t *testing.T) {
	dir := t.TempDir()
	marker := dir + "/ran"
	texts := []string{
		"}; touch " + marker + "; f() { :",
		"}\ntouch " + marker + "\nf() { :",
		"echo a; }; touch " + marker + "; {",
		"evil",
		")); touch " + marker + "; ((",
		"$(touch " + marker + ")",
		"`touch " + marker + "`",
	}
	for _, sh := range []string{"bash", "zsh"} {
		script, err := Init(sh, "/nonexistent/guardsh")
		if err != nil {
			t.Fatal(err)
		}
		f := dir + "/hook." + sh
		if err := os.WriteFile(f, []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, text := range texts {
			prog := "alias evil='}; touch " + marker + "; f() { :'\nsource " + f + " 2>/dev/null\n__guardsh_parses \"$1\"\necho rc=$?\n"
			var cmd *exec.Cmd
			if sh == "bash" {
				cmd = exec.Command("bash", "--norc", "--noprofile", "-i", "-c", prog, "probe", text)
			} else {
				cmd = exec.Command("zsh", "-f", "-i", "-c", prog, text)
			}
			out, _ := cmd.CombinedOutput()
			if !strings.Contains(string(out), "rc=") {
				t.Errorf("%s: the probe did not return for %q:\n%s", sh, text, out)
			}
			if _, err := os.Stat(marker); err == nil {
				t.Fatalf("%s: probing %q ran a command", sh, text)
			}
		}
	}
}
