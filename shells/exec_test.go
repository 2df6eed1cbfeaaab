package shells

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets the test binary act as a process that calls Exec, so the
// tests can watch what the real shell receives.
func TestMain(m *testing.M) {
	if os.Getenv("SHELLS_TEST_EXEC") == "1" {
		script, _ := io.ReadAll(os.Stdin)
		err := Exec(os.Args[1], os.Args[2], os.Args[3:], script)
		fmt.Fprintln(os.Stderr, err)
		os.Exit(99)
	}
	os.Exit(m.Run())
}

func bashPath(t *testing.T) string {
	p, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed for this test")
	}
	return p
}

func runExec(t *testing.T, stdin []byte, argv ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], argv...)
	cmd.Env = append(os.Environ(), "SHELLS_TEST_EXEC=1", "SHELLS_TEST_VAR=kept")
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func TestExecPassesEverything(t *testing.T) {
	bash := bashPath(t)
	out, stderr, code := runExec(t, nil, bash, "guardsh-test", "-c", `echo "$0|$1|$SHELLS_TEST_VAR|$$"; exit 7`, "zero", "one")
	if code != 7 {
		t.Fatalf("exit code %d, want 7 (stderr %q)", code, stderr)
	}
	if !strings.HasPrefix(out, "zero|one|kept|") {
		t.Errorf("output %q", out)
	}
}

func TestExecStdinScript(t *testing.T) {
	bash := bashPath(t)
	// A 1 MiB script: many lines, then one that reports what it saw.
	var b bytes.Buffer
	for b.Len() < 1<<20 {
		b.WriteString("x=$((x+1)) # padding padding padding padding padding padding\n")
	}
	b.WriteString(`echo "lines=$x"` + "\n")
	b.WriteString("read -r rest; echo \"rest=$rest\"\n")
	b.WriteString("data line for read\n")
	script := b.Bytes()
	sum := sha256.Sum256(script)
	out, stderr, code := runExec(t, script, bash, "bash", "-s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := bytes.Count(script, []byte("\n")) - 3
	want := fmt.Sprintf("lines=%d\nrest=data line for read\n", lines)
	if out != want {
		t.Errorf("got %q, want %q", out, want)
	}
	if sha256.Sum256(script) != sum {
		t.Error("script changed")
	}
}

func TestExecStdinByteForByte(t *testing.T) {
	// cat as the "shell" shows exactly what reaches standard input.
	cat, err := exec.LookPath("cat")
	if err != nil {
		t.Fatal(err)
	}
	data := []byte("echo hi\x00\xff\r\n\ttail without newline")
	out, stderr, code := runExec(t, data, cat, "cat")
	if code != 0 || out != string(data) {
		t.Errorf("cat got %q (exit %d, %s), want %q", out, code, stderr, data)
	}
}

func TestIsGuardsh(t *testing.T) {
	me, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	link := filepath.Join(dir, "link")
	if err := os.Symlink(me, link); err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(dir, "copy")
	data, err := os.ReadFile(me)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cp, data, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{me, link, cp} {
		if !IsGuardsh(p) {
			t.Errorf("IsGuardsh(%s) = false", p)
		}
	}
	if IsGuardsh(bashPath(t)) {
		t.Error("IsGuardsh(bash) = true")
	}
}

func TestRealRefusesSelf(t *testing.T) {
	me, _ := os.Executable()
	link := filepath.Join(t.TempDir(), "bash")
	if err := os.Symlink(me, link); err != nil {
		t.Fatal(err)
	}
	if _, err := Real(link, ""); !errors.Is(err, ErrSelf) {
		t.Errorf("Real(GUARDSH_SHELL=self) error = %v, want ErrSelf", err)
	}
	if _, err := Real("", link); !errors.Is(err, ErrSelf) {
		t.Errorf("Real(shell.path=self) error = %v, want ErrSelf", err)
	}
	if _, err := Real("/nonexistent/shell", ""); err == nil {
		t.Error("Real(missing) succeeded")
	}
	// A PATH whose bash is guardsh: the default skips it.
	t.Setenv("PATH", filepath.Dir(link)+":/usr/bin:/bin")
	c, err := Real("", "")
	if err != nil {
		t.Fatal(err)
	}
	if c.Path == link || IsGuardsh(c.Path) {
		t.Errorf("Real picked guardsh: %s", c.Path)
	}
	c, err = Real("sh", "")
	if err != nil || c.Source != "GUARDSH_SHELL" {
		t.Errorf("Real(sh) = %+v, %v", c, err)
	}
}

func TestInteractiveBash(t *testing.T) {
	dir := t.TempDir()
	s, err := Interactive("/bin/bash", "/opt/it's/guardsh", dir, false)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Hooked || s.Args[0] != "--rcfile" || s.Args[2] != "-i" {
		t.Fatalf("session %+v", s)
	}
	rc, _ := os.ReadFile(s.Args[1])
	if !strings.Contains(string(rc), `eval "$('/opt/it'\''s/guardsh' init bash)"`) ||
		!strings.Contains(string(rc), "~/.bashrc") {
		t.Errorf("rc file:\n%s", rc)
	}
	s, err = Interactive("/bin/bash", "/g", dir, true)
	if err != nil {
		t.Fatal(err)
	}
	rc, _ = os.ReadFile(s.Args[1])
	if !strings.Contains(string(rc), "/etc/profile") || s.Argv0 != "bash" {
		t.Errorf("login session %+v:\n%s", s, rc)
	}
	s, _ = Interactive("/bin/dash", "/g", dir, true)
	if s.Hooked || s.Argv0 != "-dash" {
		t.Errorf("dash session %+v", s)
	}
}
