package main

import (
	"crypto/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"aead.dev/minisign"

	"github.com/guardsh/guardsh/internal/release"
)

// A testRelease is a real release, made by the release script's program
// with a throwaway key, of guardsh 2.0.0 for this platform, and a guardsh
// 1.0.0 binary that trusts the same key. update_test.go and install_test.go
// serve it on 127.0.0.1.
type testRelease struct {
	root    string // holds good/latest and good/v2.0.0/…
	pub     string // the throwaway public key
	priv    minisign.PrivateKey
	oldBin  string // guardsh 1.0.0
	version string // "2.0.0"
}

var (
	releaseOnce sync.Once
	releaseFix  *testRelease
	releaseErr  string
	releaseDir  string // removed by TestMain
)

// makeTestRelease builds the release once per test binary.
func makeTestRelease(t *testing.T) *testRelease {
	t.Helper()
	releaseOnce.Do(func() {
		dir, err := os.MkdirTemp("", "guardsh-release-test-")
		releaseDir = dir
		if err != nil {
			releaseErr = err.Error()
			return
		}
		pub, priv, err := minisign.GenerateKey(rand.Reader)
		if err != nil {
			releaseErr = err.Error()
			return
		}
		keyText, _ := priv.MarshalText()
		keyFile := filepath.Join(dir, "test.key")
		os.WriteFile(keyFile, keyText, 0o600)
		root, _ := filepath.Abs("../..")
		env := append(installEnv(dir), "GUARDSH_LDFLAGS=-X github.com/guardsh/guardsh/internal/release.PublicKey="+pub.String())
		r := &testRelease{root: filepath.Join(dir, "srv"), pub: pub.String(), priv: priv,
			oldBin: filepath.Join(dir, "old", "guardsh"), version: "2.0.0"}
		build := exec.Command("sh", "scripts/build.sh", r.oldBin, "1.0.0")
		build.Dir, build.Env = root, env
		if out, err := build.CombinedOutput(); err != nil {
			releaseErr = "scripts/build.sh: " + err.Error() + "\n" + string(out)
			return
		}
		mk := exec.Command("go", "run", "./internal/release/mkrelease", "-version", r.version,
			"-out", filepath.Join(r.root, "good"), "-key", keyFile, "-targets", release.Host().String())
		mk.Dir, mk.Env = root, env
		if out, err := mk.CombinedOutput(); err != nil {
			releaseErr = "mkrelease: " + err.Error() + "\n" + string(out)
			return
		}
		releaseFix = r
	})
	if releaseFix == nil {
		t.Fatalf("cannot make the test release: %s", releaseErr)
	}
	return releaseFix
}

// dir is the release directory of version in the variant served at
// /VARIANT/.
func (r *testRelease) dir(variant string) string {
	return filepath.Join(r.root, variant, "v"+r.version)
}

// variant copies the good release to /NAME/ and lets change alter it.
func (r *testRelease) variant(t *testing.T, name string, change func(dir string)) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(r.root, name)); err == nil {
		return
	}
	src, dst := r.dir("good"), r.dir(name)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(src)
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644)
	}
	latest, _ := os.ReadFile(filepath.Join(r.root, "good", "latest"))
	os.WriteFile(filepath.Join(r.root, name, "latest"), latest, 0o644)
	change(dst)
}

// resign rewrites SHA256SUMS with edit and signs it with key.
func resign(t *testing.T, dir string, key minisign.PrivateKey, edit func(string) string) {
	t.Helper()
	p := filepath.Join(dir, release.SumsName)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	data := []byte(edit(string(b)))
	os.WriteFile(p, data, 0o644)
	os.WriteFile(p+".minisig", release.Sign(key, release.SumsName, data), 0o644)
}

func archivePath(t *testing.T, dir string) string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, "*.tar.gz"))
	if len(m) != 1 {
		t.Fatalf("want one archive in %s, got %v", dir, m)
	}
	return m[0]
}

func otherKey(t *testing.T) minisign.PrivateKey {
	t.Helper()
	_, k, err := minisign.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// makeVariants lays out every tampered release the tests serve.
func (r *testRelease) makeVariants(t *testing.T) {
	t.Helper()
	r.variant(t, "tampered-archive", func(d string) {
		p := archivePath(t, d)
		b, _ := os.ReadFile(p)
		b[len(b)/2] ^= 0xff
		os.WriteFile(p, b, 0o644)
	})
	r.variant(t, "sums-wrong", func(d string) {
		resign(t, d, r.priv, func(s string) string { return strings.Repeat("0", 64) + s[64:] })
	})
	r.variant(t, "sums-dup", func(d string) {
		resign(t, d, r.priv, func(s string) string { return s + strings.Repeat("1", 64) + s[64:] })
	})
	r.variant(t, "bad-sig", func(d string) {
		os.WriteFile(filepath.Join(d, release.SumsSigName), []byte("untrusted comment: x\nRWQgarbage\n"), 0o644)
	})
	r.variant(t, "other-key", func(d string) {
		k := otherKey(t)
		resign(t, d, k, func(s string) string { return s })
		sigs, _ := filepath.Glob(filepath.Join(d, "guardsh_*.minisig"))
		for _, s := range sigs {
			bin, err := release.Extract(mustRead(t, archivePath(t, d)), "guardsh")
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(s, release.Sign(k, "guardsh", bin), 0o644)
		}
	})
	r.variant(t, "bin-sig", func(d string) {
		sigs, _ := filepath.Glob(filepath.Join(d, "guardsh_*.minisig"))
		for _, s := range sigs {
			os.WriteFile(s, release.Sign(r.priv, "guardsh", []byte("another binary")), 0o644)
		}
	})
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
