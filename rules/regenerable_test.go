package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// TestRegenerableSymlink checks the decision written down in
// regenerable.go: a build-output name that is, on disk, a symlink pointing
// outside the working directory asks, and so does one pointing inside to
// what is not itself a build output (dist -> src: rm -rf dist/ empties
// src); one pointing to a build output inside, or a real directory, does
// not. A glob is matched on disk: node_module[s]/ through the link asks.
func TestRegenerableSymlink(t *testing.T) {
	// Not under /tmp: a temporary directory is quiet for its own reason.
	// The checkout itself may be under /tmp (CI clones anywhere): then a
	// directory at the top of the file system (home directories and their
	// caches have rules of their own).
	base := "."
	if abs, _ := filepath.Abs(base); isTemp(abs) {
		base = "/"
	}
	root, err := os.MkdirTemp(base, ".regenerable-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	if root, err = filepath.Abs(root); err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(root, "proj")
	outside := filepath.Join(root, "precious")
	for _, d := range []string{proj, outside, filepath.Join(proj, "real-dist"), filepath.Join(proj, "build")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(proj, "node_modules")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(proj, "real-dist"), filepath.Join(proj, "dist")); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"out": "build", "coverage": ".", "target": ".git"} {
		if err := os.Symlink(filepath.Join(proj, target), filepath.Join(proj, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(proj, "x.egg-info")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line string
		ask  bool
	}{
		{"rm -rf node_modules", true},
		{"rm -rf node_modules/", true},
		{"rm -rf node_modules/.cache", true},
		{"rm -rf dist", true},
		{"rm -rf dist/", true},
		{"rm -rf out/", false},      // -> build
		{"rm -rf coverage/*", true}, // -> the project itself
		{"rm -rf target/*", true},   // -> .git
		{"rm -rf node_module[s]/", true},
		{"rm -rf *.egg-info/", true},
		{"rm -rf ./*/.cache", true}, // node_modules/.cache is precious/.cache
		{"find dist/ -delete", true},
		{"rm -rf build", false},
		{"rm -rf buil[d]/", false},
		{"rm -rf .next", false}, // not there: nothing to follow
		{"rm -rf " + filepath.Join(proj, "build"), false},
		{"rm -rf " + filepath.Join(proj, "node_modules"), true},
		{"rm -rf " + filepath.Join(root, "other", "build"), true},
	}
	for _, tt := range tests {
		var got []string
		for _, f := range Match(parse.Commands(tt.line, parse.Options{Dir: proj}), nil) {
			got = append(got, f.Rule)
		}
		if (len(got) > 0) != tt.ask {
			t.Errorf("%s in %s: %v, want ask=%v", tt.line, proj, got, tt.ask)
		}
	}
}

func isTemp(p string) bool {
	_, ok := parse.TempPrefix(p + "/")
	return ok || strings.HasPrefix(p+"/", os.TempDir()+"/")
}
