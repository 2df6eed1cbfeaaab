package rules_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/check"
)

// TestKillSpellingsInRealShells asks real shells how they read each PID
// spelling, with signal 0 (a probe that sends nothing): where a shell
// reads the spelling as -1 — every process — guardsh must block kill -9 with
// it; where no shell does, the spelling stays quiet (review §12).
func TestKillSpellingsInRealShells(t *testing.T) {
	spellings := []string{"-01", "-0001", "' -1'", "'-1 '", "-1", "-- -01", "-$((1))", "-00001"}
	quiet := []string{"-99999", "-0x1", "+-1", "-1x"}
	shells := []string{"bash", "dash", "zsh"}
	for _, sh := range shells {
		if _, err := exec.LookPath(sh); err != nil {
			t.Fatalf("%s is needed: %v", sh, err)
		}
	}
	probe := func(sh, pid string) bool {
		// kill -0 -1 succeeds (some process can be signalled); kill -0 of a
		// PID that does not exist, or a word that is not a PID, fails.
		return exec.Command(sh, "-c", "kill -0 "+pid).Run() == nil
	}
	ctx := context.Background()
	for _, pid := range spellings {
		readAsAll := false
		for _, sh := range shells {
			if probe(sh, pid) {
				readAsAll = true
				t.Logf("%s reads kill -0 %s as every process", sh, pid)
			}
		}
		if !readAsAll {
			t.Errorf("no shell reads %s as -1: drop it from the list", pid)
			continue
		}
		for _, sig := range []string{"-9", "-KILL", "-s KILL", "-s 9", "-n 9", "-TERM"} {
			line := "kill " + sig + " " + pid
			if res := check.Line(ctx, line, check.Options{}); res.Verdict != check.Block {
				t.Errorf("%q: bash reads it as kill(-1, …), guardsh says %s", line, res.Verdict)
			}
		}
	}
	for _, pid := range quiet {
		for _, sh := range shells {
			if probe(sh, pid) {
				t.Errorf("%s reads kill -0 %s as a real PID: it belongs with the spellings of -1", sh, pid)
			}
		}
		if res := check.Line(ctx, "kill -9 "+pid, check.Options{}); res.Verdict == check.Block {
			t.Errorf("kill -9 %s: no shell reads it as -1, guardsh says block", pid)
		}
	}
}

// blockDevice returns the path of a block device to point links at: a node
// made with mknod for a device number no driver has (as root), else the
// first block device under /dev. Nothing ever opens it.
func blockDevice(t *testing.T) string {
	dir := t.TempDir()
	if err := exec.Command("mknod", filepath.Join(dir, "node"), "b", "7", "250").Run(); err == nil {
		return filepath.Join(dir, "node")
	}
	var found string
	filepath.WalkDir("/dev", func(p string, d os.DirEntry, err error) error {
		if err != nil || found != "" {
			return nil
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode()&os.ModeDevice != 0 && fi.Mode()&os.ModeCharDevice == 0 {
			found = p
		}
		return nil
	})
	if found == "" {
		t.Fatal("no block device, and mknod failed: run as root or where /dev has a disk")
	}
	return found
}

// TestLinkToDiskAtCheckTime points links at a block device and checks writes
// through them (review §13): a path that is a disk when guardsh checks is
// judged as the disk, relative paths through the working directory.
func TestLinkToDiskAtCheckTime(t *testing.T) {
	dev := blockDevice(t)
	dir := t.TempDir()
	for name, target := range map[string]string{"out": dev, "null": "/dev/null"} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "img"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		line, dir string
		want      check.Verdict
	}{
		{"dd if=/dev/zero of=out", dir, check.Block},
		{"cat /dev/zero > out", dir, check.Block},
		{"cp zeros.img out", dir, check.Block},
		{"sudo tee out < /dev/zero", dir, check.Block},
		{"shred out", dir, check.Block},
		{"dd if=/dev/zero of=DIR/out", "", check.Block},
		{"cd DIR && dd if=/dev/zero of=out", "", check.Block},
		{"dd if=/dev/zero of=" + dev, "", check.Block},
		{"dd if=/dev/zero of=out", "", check.Allow}, // where it runs is unknown
		{"dd if=/dev/zero of=img bs=1 count=1", dir, check.Allow},
		{"echo x > null", dir, check.Allow},
		{"cat out > /dev/null", dir, check.Allow},
		{"ls -la out", dir, check.Allow},
	} {
		line := strings.ReplaceAll(c.line, "DIR", dir)
		res := check.Line(ctx, line, check.Options{Dir: c.dir})
		if res.Verdict != c.want {
			t.Errorf("%q in %q (out -> %s): want %s, got %s %v", line, c.dir, dev, c.want, res.Verdict, res.Findings)
		}
	}
}
