package tirith

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeTirith writes an executable script named tirith in dir that logs each
// run to dir/runs and behaves as kind says:
//
//	good     like tirith 0.4: blocks "| sh", takes unknown flags as the command
//	strict   like good, but refuses unknown flags (exit 2, usage on stderr)
//	swallow  allows everything: a binary that ignores guardsh's flags
//	badver   prints something else for --version
//	slow     sleeps for a minute on check
func fakeTirith(t *testing.T, dir, kind string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := `#!/bin/sh
echo "$*" >> "` + dir + `/runs"
kind=` + kind + `
if [ "$1" = --version ]; then
	if [ $kind = badver ]; then echo "hello 1"; else echo "tirith 0.4.2"; fi
	exit 0
fi
[ $kind = slow ] && exec sleep 60
allow='{"action":"allow","findings":[]}'
block='{"action":"block","findings":[{"rule_id":"curl_pipe_shell","severity":"HIGH","title":"Pipe to interpreter","description":"pipes","remediation":"read it first","evidence":[]}]}'
case "$*" in
*--guardsh-probe-unknown-flag*)
	if [ $kind = strict ]; then echo "error: unexpected argument" >&2; exit 2; fi
	echo "$allow"; exit 0 ;;
esac
if [ $kind = swallow ]; then echo "$allow"; exit 0; fi
for last; do :; done
case "$last" in
*"| sh"*|*"| bash"*) echo "$block"; exit 1 ;;
esac
echo "$allow"
`
	p := filepath.Join(dir, "tirith")
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func runs(t *testing.T, dir string) int {
	data, err := os.ReadFile(filepath.Join(dir, "runs"))
	if errors.Is(err, os.ErrNotExist) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(data), "\n")
}

func testDirs(t *testing.T) Dirs {
	d := t.TempDir()
	return Dirs{Bin: filepath.Join(d, "data", "guardsh", "bin"), Cache: filepath.Join(d, "cache", "guardsh")}
}

func TestLocateOrder(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	dirs := testDirs(t)
	cfgBin := fakeTirith(t, filepath.Join(root, "cfg"), "good")
	pathBin := fakeTirith(t, filepath.Join(root, "path"), "good")
	ownBin := fakeTirith(t, dirs.Bin, "good")
	data, _ := os.ReadFile(ownBin)
	knowBinary(t, "0.4.2", testAsset, sum(data))
	pathEnv := "relative:" + filepath.Join(root, "empty") + ":" + filepath.Dir(pathBin)

	tests := []struct {
		cfg, path string
		want      string
		from      string
	}{
		{cfgBin, pathEnv, cfgBin, FromConfig},
		{"", pathEnv, pathBin, FromPATH},
		{"", filepath.Join(root, "empty"), ownBin, FromGuardsh},
	}
	for _, tt := range tests {
		b, err := Locate(ctx, tt.cfg, tt.path, "", dirs)
		if err != nil {
			t.Fatal(err)
		}
		if b.Path != tt.want || b.From != tt.from || b.Version != "0.4.2" {
			t.Errorf("Locate(%q, %q) = %+v, want %s from %s", tt.cfg, tt.path, b, tt.want, tt.from)
		}
	}
	if _, err := Locate(ctx, filepath.Join(root, "nope"), pathEnv, "", dirs); err == nil || !strings.Contains(err.Error(), "tirith.path") {
		t.Errorf("a missing tirith.path: err = %v", err)
	}
	if _, err := Locate(ctx, "cfg/tirith", pathEnv, "", dirs); err == nil || !strings.Contains(err.Error(), "absolute") {
		t.Errorf("a relative tirith.path: err = %v", err)
	}
	os.Remove(ownBin)
	if _, err := Locate(ctx, "", "", "", dirs); !errors.Is(err, ErrNotFound) {
		t.Errorf("nothing anywhere: err = %v, want ErrNotFound", err)
	}
	// A tirith in the current directory does not count, even with "." on PATH.
	t.Chdir(filepath.Join(root, "path"))
	if _, err := Locate(ctx, "", ".::relative", "", dirs); !errors.Is(err, ErrNotFound) {
		t.Errorf("relative PATH entries: err = %v, want ErrNotFound", err)
	}
}

func TestProbeCache(t *testing.T) {
	ctx := context.Background()
	dirs := testDirs(t)
	dir := t.TempDir()
	bin := fakeTirith(t, dir, "good")

	b, err := Probe(ctx, bin, dirs.Cache)
	if err != nil {
		t.Fatal(err)
	}
	if b.Version != "0.4.2" || b.StrictFlags {
		t.Errorf("probe = %+v", b)
	}
	n := runs(t, dir)
	if n != 3 { // --version, the probe check, the unknown-flag check
		t.Errorf("first probe ran tirith %d times, want 3", n)
	}
	for range 3 {
		if _, err := Probe(ctx, bin, dirs.Cache); err != nil {
			t.Fatal(err)
		}
	}
	if got := runs(t, dir); got != n {
		t.Errorf("cached probes ran tirith %d more times", got-n)
	}
	// A changed file is probed again.
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(bin, later, later); err != nil {
		t.Fatal(err)
	}
	if _, err := Probe(ctx, bin, dirs.Cache); err != nil {
		t.Fatal(err)
	}
	if got := runs(t, dir); got != 2*n {
		t.Errorf("a changed binary: %d runs, want %d", got, 2*n)
	}
}

func TestProbeRefuses(t *testing.T) {
	ctx := context.Background()
	for kind, want := range map[string]string{
		"swallow": "does not understand",
		"badver":  "not \"tirith X.Y.Z\"",
	} {
		t.Run(kind, func(t *testing.T) {
			dirs := testDirs(t)
			dir := t.TempDir()
			bin := fakeTirith(t, dir, kind)
			_, err := Probe(ctx, bin, dirs.Cache)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("err = %v, want one with %q", err, want)
			}
			n := runs(t, dir)
			_, err = Probe(ctx, bin, dirs.Cache)
			if err == nil || !strings.Contains(err.Error(), want) || runs(t, dir) != n {
				t.Errorf("the refusal is not cached: err = %v, runs %d → %d", err, n, runs(t, dir))
			}
			// Locate refuses it too.
			if _, err := Locate(ctx, bin, "", "", dirs); err == nil {
				t.Errorf("Locate accepted a %s binary", kind)
			}
		})
	}
	t.Run("strict", func(t *testing.T) {
		b, err := Probe(ctx, fakeTirith(t, t.TempDir(), "strict"), "")
		if err != nil || !b.StrictFlags {
			t.Fatalf("probe = %+v, %v; want StrictFlags", b, err)
		}
	})
}

func TestProbeReal(t *testing.T) {
	bin := realTirith(t)
	isolate(t)
	b, err := Probe(context.Background(), bin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if b.Version != "0.4.2" {
		t.Errorf("version %q, want 0.4.2", b.Version)
	}
	if b.StrictFlags {
		t.Errorf("tirith 0.4.2 refuses unknown flags? The probe says so; the issue says it does not")
	}
}
