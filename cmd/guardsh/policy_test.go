package main

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// policyBinary builds guardsh with its system policy directory and syslog
// socket moved into dir, as a fleet's build would move them with -ldflags.
func policyBinary(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "guardsh")
	ld := "-X github.com/guardsh/guardsh/config.SystemDir=" + filepath.Join(dir, "etc") +
		" -X github.com/guardsh/guardsh/approve.SyslogAddr=" + filepath.Join(dir, "log.sock")
	out, err := exec.Command("go", "build", "-ldflags", ld, "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func TestSystemPolicyEndToEnd(t *testing.T) {
	if os.Getuid() != 0 {
		t.Fatalf("the policy must be owned by root: run as root, as CI does")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	bin := policyBinary(t, dir)
	etc := filepath.Join(dir, "etc")
	os.MkdirAll(etc, 0o755)
	os.Chmod(etc, 0o755)
	policy := "[approvals]\nmin_mode = \"manual\"\nno_yolo = true\n\n[rules]\nhardline = [\"cloud-destroy\"]\n\n[audit]\nsyslog = true\n"
	os.WriteFile(filepath.Join(etc, "policy.toml"), []byte(policy), 0o644)
	home := filepath.Join(dir, "home")
	os.MkdirAll(filepath.Join(home, ".config", "guardsh"), 0o755)
	os.WriteFile(filepath.Join(home, ".config", "guardsh", "config.toml"), []byte("[approvals]\nmode = \"off\"\n"), 0o644)
	work := filepath.Join(dir, "work")
	os.MkdirAll(work, 0o755)
	run := func(env []string, args ...string) (string, string, error) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = work
		cmd.Env = append([]string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "GUARDSH_TIRITH=off",
			"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_STATE_HOME=" + filepath.Join(home, ".state")}, env...)
		var so, se strings.Builder
		cmd.Stdout, cmd.Stderr = &so, &se
		err := cmd.Run()
		return so.String(), se.String(), err
	}
	policyFile := filepath.Join(etc, "policy.toml")

	// The user's approvals.mode = "off" is refused, naming the policy line;
	// a dangerous command is then denied without a terminal.
	_, stderr, err := run(nil, "-c", "git reset --hard; touch MARKER")
	if err == nil || !strings.Contains(stderr, `approvals.mode = "off" is not allowed by the system policy (`+policyFile+`:2)`) {
		t.Errorf("mode off under a policy: %v\n%s", err, stderr)
	}
	// GUARDSH_YOLO=1 is refused too.
	_, stderr, err = run([]string{"GUARDSH_YOLO=1"}, "-c", "git reset --hard; touch MARKER")
	if err == nil || !strings.Contains(stderr, "GUARDSH_YOLO=1 is refused by the system policy ("+policyFile+":3)") {
		t.Errorf("YOLO under a no-YOLO policy: %v\n%s", err, stderr)
	}
	if _, err := os.Stat(filepath.Join(work, "MARKER")); err == nil {
		t.Fatal("a denied command ran")
	}
	// A promoted rule blocks, in check and in $SHELL mode.
	out, _, err := run(nil, "check", "-c", "terraform destroy")
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(out, "hardline") {
		t.Errorf("promoted rule: %v\n%s", err, out)
	}
	// config show says where each locked value comes from.
	out, _, _ = run(nil, "config", "show")
	if !strings.Contains(out, "approvals.mode           = manual") || !strings.Contains(out, "# policy "+policyFile+":2 (locked)") {
		t.Errorf("config show:\n%s", out)
	}

	// Every decision goes to syslog as RFC 5424, redacted.
	sock := filepath.Join(dir, "log.sock")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	run(nil, "-c", "AWS_SECRET_ACCESS_KEY=abcd1234efgh rm -rf /")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 8192)
	n, err := conn.Read(buf)
	if err != nil {
		t.Fatalf("no syslog message: %v", err)
	}
	msg := string(buf[:n])
	for _, want := range []string{"<36>1 ", " guardsh ", `[guardsh@32473 decision="blocked" verdict="block" how="hardline" rules="rm-root" front="shell"`, `user="root" uid="0"`, "] blocked: AWS_SECRET_ACCESS_KEY="} {
		if !strings.Contains(msg, want) {
			t.Errorf("syslog message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "abcd1234efgh") {
		t.Errorf("the secret reached syslog:\n%s", msg)
	}

	// No socket: the decision is made, the failure counted (the two before
	// the listener and this one), and doctor says so.
	conn.Close()
	os.Remove(sock)
	run(nil, "-c", "rm -rf /")
	out, _, _ = run(nil, "doctor")
	if !strings.Contains(out, "3 decisions could not be sent to syslog") || !strings.Contains(out, "policy:") {
		t.Errorf("doctor:\n%s", out)
	}

	// A group-writable policy is ignored, and guardsh says so.
	os.Chmod(policyFile, 0o664)
	_, stderr, _ = run(nil, "check", "-c", "ls")
	if !strings.Contains(stderr, "system policy "+policyFile+" ignored: group or others can write it") {
		t.Errorf("a group-writable policy was not reported:\n%s", stderr)
	}
}
