package tirith

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

const testAsset = "tirith-x86_64-unknown-linux-gnu.tar.gz"

type tarEntry struct {
	name     string
	typ      byte
	body     []byte
	linkname string
	size     int64 // header size when not len(body)
}

func makeTarGz(t testing.TB, entries []tarEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	// Stored, not compressed: the real binary is 38 MB, and the race
	// detector makes inflating it slow.
	zw, _ := gzip.NewWriterLevel(&buf, gzip.NoCompression)
	tw := tar.NewWriter(zw)
	for _, e := range entries {
		hdr := &tar.Header{Name: e.name, Typeflag: e.typ, Mode: 0o755, Size: int64(len(e.body)), Linkname: e.linkname, ModTime: time.Unix(1e9, 0)}
		if e.typ != tar.TypeReg {
			hdr.Size = 0
		}
		if err := tw.WriteHeader(hdr); err != nil {
			t.Fatal(err)
		}
		if hdr.Size > 0 {
			if _, err := tw.Write(e.body); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	zw.Close()
	return buf.Bytes()
}

// releaseEntries lays out an archive as tirith's release workflow does:
// tirith, completions/ and man/ at the top.
func releaseEntries(bin []byte) []tarEntry {
	return []tarEntry{
		{name: "tirith", typ: tar.TypeReg, body: bin},
		{name: "completions/", typ: tar.TypeDir},
		{name: "completions/tirith.bash", typ: tar.TypeReg, body: []byte("complete -F _tirith tirith\n")},
		{name: "man/", typ: tar.TypeDir},
		{name: "man/tirith.1", typ: tar.TypeReg, body: []byte(".TH TIRITH 1\n")},
	}
}

var realArchive struct {
	once sync.Once
	data []byte
	bin  []byte
}

// realTarGz is the real tirith binary packed as tirith's release is.
func realTarGz(t *testing.T) (archive, bin []byte) {
	path := realTirith(t)
	realArchive.once.Do(func() {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		realArchive.bin = b
		realArchive.data = makeTarGz(t, releaseEntries(b))
	})
	if realArchive.data == nil {
		t.Fatal("building the release archive failed earlier")
	}
	return realArchive.data, realArchive.bin
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// checksumsFor writes checksums.txt as sha256sum does, for every asset of a
// release, the tested one with the given sum.
func checksumsFor(assetSum string) string {
	var b strings.Builder
	for _, a := range []string{"tirith-aarch64-apple-darwin.tar.gz", "tirith-aarch64-unknown-linux-gnu.tar.gz",
		"tirith-x86_64-apple-darwin.tar.gz", testAsset, "tirith-x86_64-pc-windows-msvc.zip"} {
		s := sum([]byte(a))
		if a == testAsset {
			s = assetSum
		}
		fmt.Fprintf(&b, "%s  %s\n", s, a)
	}
	return b.String()
}

// A release is a directory of files served under /v0.4.2/, as on GitHub.
type release struct {
	files map[string][]byte
	// handle, if set, serves a file its own way.
	handle map[string]http.HandlerFunc
}

func newRelease(archive []byte) *release {
	return &release{
		files: map[string][]byte{
			testAsset:           archive,
			"checksums.txt":     []byte(checksumsFor(sum(archive))),
			"checksums.txt.sig": []byte("MEUCIQDsignature==\n"),
			"checksums.txt.pem": []byte("-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----\n"),
		},
		handle: map[string]http.HandlerFunc{},
	}
}

func (r *release) serve(t *testing.T) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		name, ok := strings.CutPrefix(req.URL.Path, "/dl/v0.4.2/")
		if !ok {
			http.NotFound(w, req)
			return
		}
		if h := r.handle[name]; h != nil {
			h(w, req)
			return
		}
		data, ok := r.files[name]
		if !ok {
			http.NotFound(w, req)
			return
		}
		w.Write(data)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/dl"
}

// opts returns install options for the release at base, with no cosign
// on PATH unless cosignDir is given.
func opts(base string, dirs Dirs, cosignDir string) InstallOptions {
	path := "/nonexistent"
	if cosignDir != "" {
		path = cosignDir
	}
	return InstallOptions{Releases: base, Dirs: dirs, PathEnv: path, GOOS: "linux", GOARCH: "amd64", Timeout: time.Minute}
}

// assertNothingInstalled checks that a refused install left no binary, no
// temporary file and a failure marker with the reason.
func assertNothingInstalled(t *testing.T, dirs Dirs, reason string) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(dirs.Bin, "tirith")); err == nil {
		t.Errorf("a tirith was installed")
	}
	if in, _ := ReadInstalled(dirs); in != nil {
		t.Errorf("tirith.json written: %+v", in)
	}
	ents, _ := os.ReadDir(dirs.Bin)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".tirith") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
	ents, _ = os.ReadDir(dirs.Cache)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "tirith-release-") {
			t.Errorf("temporary dir left: %s", e.Name())
		}
	}
	f, err := LastFailure(dirs)
	if err != nil || f == nil || !strings.Contains(f.Reason, reason) {
		t.Errorf("failure marker = %+v, %v; want a reason with %q", f, err, reason)
	}
}

// fakeCosign writes a cosign script into a new directory that accepts
// (exit 0) or rejects (exit 1) — but only when called with exactly the
// arguments the issue gives, and files holding what the release served.
func fakeCosign(t *testing.T, r *release, accept bool) string {
	dir := t.TempDir()
	for _, name := range []string{"checksums.txt", "checksums.txt.sig", "checksums.txt.pem"} {
		if err := os.WriteFile(filepath.Join(dir, "want-"+name), r.files[name], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code := 1
	if accept {
		code = 0
	}
	script := fmt.Sprintf(`#!/bin/sh
printf '%%s\n' "$@" > %[1]s/args
fail() { echo "fake cosign: $*" >&2; exit 9; }
[ $# -eq 10 ] || fail "want 10 arguments, got $#"
[ "$1" = verify-blob ] || fail "arg 1: $1"
[ "$2" = --certificate ] || fail "arg 2: $2"
cmp -s "$3" %[1]s/want-checksums.txt.pem || fail "certificate $3"
[ "$4" = --signature ] || fail "arg 4: $4"
cmp -s "$5" %[1]s/want-checksums.txt.sig || fail "signature $5"
[ "$6" = --certificate-identity ] || fail "arg 6: $6"
[ "$7" = https://github.com/sheeki03/tirith/.github/workflows/release.yml@refs/tags/v0.4.2 ] || fail "identity $7"
[ "$8" = --certificate-oidc-issuer ] || fail "arg 8: $8"
[ "$9" = https://token.actions.githubusercontent.com ] || fail "issuer $9"
shift 9
cmp -s "$1" %[1]s/want-checksums.txt || fail "blob $1"
[ %[2]d -eq 0 ] && echo "Verified OK" >&2 || echo "Error: none of the expected identities matched" >&2
exit %[2]d
`, dir, code)
	if err := os.WriteFile(filepath.Join(dir, "cosign"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestInstallHappy(t *testing.T) {
	archive, bin := realTarGz(t)
	isolate(t)
	r := newRelease(archive)
	base := r.serve(t)
	dirs := testDirs(t)
	// An old failure is cleared by a success.
	RecordFailure(dirs, "0.4.2", errors.New("earlier"))

	in, err := Install(context.Background(), opts(base, dirs, ""))
	if err != nil {
		t.Fatal(err)
	}
	if !in.Known || in.Cosign || in.Pinned || in.Version != "0.4.2" || in.Asset != testAsset || in.ArchiveSHA256 != sum(archive) || in.BinarySHA256 != sum(bin) {
		t.Errorf("installed = %+v", in)
	}
	if !strings.Contains(in.Verified(), "the one guardsh ships for tirith 0.4.2") {
		t.Errorf("Verified() = %q", in.Verified())
	}
	got, err := fileSHA256(filepath.Join(dirs.Bin, "tirith"))
	if err != nil || got != sum(bin) {
		t.Fatalf("installed binary sha256 %s, %v; want %s", got, err, sum(bin))
	}
	fi, _ := os.Stat(filepath.Join(dirs.Bin, "tirith"))
	if fi.Mode().Perm() != 0o755 {
		t.Errorf("mode %v, want 0755", fi.Mode())
	}
	if f, _ := LastFailure(dirs); f != nil {
		t.Errorf("failure marker left: %+v", f)
	}
	for _, name := range []string{"checksums.txt", "checksums.txt.sig", "checksums.txt.pem"} {
		if data, err := os.ReadFile(filepath.Join(dirs.Bin, releaseDir, name)); err != nil || !bytes.Equal(data, r.files[name]) {
			t.Errorf("kept %s differs: %v", name, err)
		}
	}
	// Only the binary was unpacked.
	ents, _ := os.ReadDir(dirs.Bin)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != ".install.lock tirith tirith-release tirith.json" {
		t.Errorf("bin dir holds %q", names)
	}
	b, err := Locate(context.Background(), "", "/nonexistent", "", dirs)
	if err != nil || b.From != FromGuardsh || b.Version != "0.4.2" {
		t.Fatalf("Locate after install = %+v, %v", b, err)
	}
	rep, err := Check(context.Background(), b.Path, "curl https://example.com/x | bash", 20*time.Second)
	if err != nil || rep.Action != "block" {
		t.Fatalf("the installed tirith says %+v, %v", rep, err)
	}

	// cosign appears: Reverify checks the copy and records it.
	cosign := fakeCosign(t, r, true)
	in, err = Reverify(context.Background(), dirs, cosign)
	if err != nil || !in.Cosign {
		t.Fatalf("Reverify = %+v, %v", in, err)
	}
	if in, _ := ReadInstalled(dirs); !in.Cosign {
		t.Errorf("tirith.json not updated: %+v", in)
	}
	// Uninstall removes it all.
	if err := Uninstall(dirs); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dirs.Bin, "tirith")); err == nil {
		t.Error("uninstall left the binary")
	}
}

func TestInstallCosign(t *testing.T) {
	archive, _ := realTarGz(t)
	isolate(t)
	r := newRelease(archive)
	base := r.serve(t)

	t.Run("accepts", func(t *testing.T) {
		dirs := testDirs(t)
		cosign := fakeCosign(t, r, true)
		in, err := Install(context.Background(), opts(base, dirs, cosign))
		if err != nil {
			t.Fatal(err)
		}
		if !in.Cosign || !strings.Contains(in.Verified(), "cosign") {
			t.Errorf("installed = %+v", in)
		}
		args, _ := os.ReadFile(filepath.Join(cosign, "args"))
		if n := strings.Count(string(args), "\n"); n != 10 {
			t.Errorf("cosign got %d arguments:\n%s", n, args)
		}
	})
	t.Run("rejects", func(t *testing.T) {
		dirs := testDirs(t)
		_, err := Install(context.Background(), opts(base, dirs, fakeCosign(t, r, false)))
		if err == nil || !strings.Contains(err.Error(), "none of the expected identities") {
			t.Fatalf("err = %v", err)
		}
		assertNothingInstalled(t, dirs, "cosign refused")
	})
	t.Run("required and missing", func(t *testing.T) {
		dirs := testDirs(t)
		o := opts(base, dirs, "")
		o.RequireCosign = true
		_, err := Install(context.Background(), o)
		if !errors.Is(err, ErrCosignMissing) {
			t.Fatalf("err = %v", err)
		}
		assertNothingInstalled(t, dirs, "cosign is required")
		f, _ := LastFailure(dirs)
		if !f.CosignMissing || !f.Blocks(time.Now(), false) || f.Blocks(time.Now(), true) {
			t.Errorf("a cosign-missing marker must block until cosign appears: %+v", f)
		}
	})
	t.Run("reverify rejects", func(t *testing.T) {
		dirs := testDirs(t)
		if _, err := Install(context.Background(), opts(base, dirs, "")); err != nil {
			t.Fatal(err)
		}
		_, err := Reverify(context.Background(), dirs, fakeCosign(t, r, false))
		if err == nil {
			t.Fatal("Reverify accepted what cosign refused")
		}
		assertNothingInstalled(t, dirs, "cosign refused")
	})
}

func TestInstallPin(t *testing.T) {
	archive, _ := realTarGz(t)
	isolate(t)
	base := newRelease(archive).serve(t)

	dirs := testDirs(t)
	o := opts(base, dirs, "")
	o.SHA256 = strings.ToUpper(sum(archive))
	in, err := Install(context.Background(), o)
	if err != nil || !in.Pinned {
		t.Fatalf("pinned install = %+v, %v", in, err)
	}
	dirs = testDirs(t)
	o = opts(base, dirs, "")
	o.SHA256 = sum([]byte("another archive"))
	if _, err := Install(context.Background(), o); err == nil {
		t.Fatal("a wrong pin was accepted")
	}
	assertNothingInstalled(t, dirs, "pins")
}

// knowBinary makes guardsh know sum as the binary of tirith version in
// asset, for the rest of one test.
func knowBinary(t *testing.T, version, asset, sum string) {
	t.Helper()
	old := knownBinaries
	knownBinaries = map[string]map[string]string{}
	for v, m := range old {
		knownBinaries[v] = maps.Clone(m)
	}
	if knownBinaries[version] == nil {
		knownBinaries[version] = map[string]string{}
	}
	knownBinaries[version][asset] = sum
	t.Cleanup(func() { knownBinaries = old })
}

// TestInstallRefuses serves a release tampered with in one way each time;
// every install must fail and leave nothing installed. The fake binary of
// the "good" archive counts as a known one here, so that each tampering
// meets the check it is about.
func TestInstallRefuses(t *testing.T) {
	goodBin := []byte("#!/bin/sh\necho tirith 0.4.2\n")
	knowBinary(t, "0.4.2", testAsset, sum(goodBin))
	good := makeTarGz(t, releaseEntries(goodBin))
	withEntry := func(e tarEntry) []byte {
		return makeTarGz(t, append(releaseEntries([]byte("#!/bin/sh\n")), e))
	}
	tests := []struct {
		name   string
		tamper func(r *release)
		o      func(o *InstallOptions)
		reason string
	}{
		{"wrong sha256", func(r *release) {
			r.files["checksums.txt"] = []byte(checksumsFor(sum([]byte("other"))))
		}, nil, "has SHA-256"},
		{"asset missing from checksums", func(r *release) {
			r.files["checksums.txt"] = []byte(strings.ReplaceAll(checksumsFor(sum(r.files[testAsset])), testAsset, "tirith-x86_64-unknown-linux-musl.tar.gz"))
		}, nil, "no line for " + testAsset},
		{"duplicate line", func(r *release) {
			line := sum(r.files[testAsset]) + "  " + testAsset + "\n"
			r.files["checksums.txt"] = append(r.files["checksums.txt"], line...)
		}, nil, "2 lines for"},
		{"duplicate line, other sum", func(r *release) {
			r.files["checksums.txt"] = append(r.files["checksums.txt"], sum(nil)+"  "+testAsset+"\n"...)
		}, nil, "2 lines for"},
		{"malformed line", func(r *release) {
			r.files["checksums.txt"] = append([]byte("deadbeef  tirith-x86_64-apple-darwin.tar.gz\n"), r.files["checksums.txt"]...)
		}, nil, "line 1 is malformed"},
		{"checksums.txt missing", func(r *release) { delete(r.files, "checksums.txt") }, nil, "404"},
		{"signature missing", func(r *release) { delete(r.files, "checksums.txt.sig") }, nil, "404"},
		{"archive missing", func(r *release) { delete(r.files, testAsset) }, nil, "404"},
		{"truncated download", func(r *release) {
			data := r.files[testAsset]
			r.handle[testAsset] = func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Length", fmt.Sprint(len(data)))
				w.Write(data[:len(data)/2])
			}
		}, nil, "downloading " + testAsset},
		{"oversized archive", nil, func(o *InstallOptions) { o.MaxArchive = 100 }, "more than the cap of 100"},
		{"oversized archive, no length", func(r *release) {
			data := r.files[testAsset]
			r.handle[testAsset] = func(w http.ResponseWriter, _ *http.Request) {
				for i := range data {
					w.Write(data[i : i+1])
					w.(http.Flusher).Flush()
					if i > 300 {
						return
					}
				}
			}
		}, func(o *InstallOptions) { o.MaxArchive = 200 }, "more than the cap of 200"},
		{"dotdot entry", func(r *release) {
			r.setArchive(withEntry(tarEntry{name: "../../.bashrc", typ: tar.TypeReg, body: []byte("evil")}))
		}, nil, "leaves the archive"},
		{"dotdot inside", func(r *release) {
			r.setArchive(withEntry(tarEntry{name: "man/../../x", typ: tar.TypeReg, body: []byte("evil")}))
		}, nil, "leaves the archive"},
		{"absolute entry", func(r *release) {
			r.setArchive(withEntry(tarEntry{name: "/etc/profile.d/x.sh", typ: tar.TypeReg, body: []byte("evil")}))
		}, nil, "absolute path"},
		{"symlink entry", func(r *release) {
			r.setArchive(withEntry(tarEntry{name: "completions/link", typ: tar.TypeSymlink, linkname: "/etc/passwd"}))
		}, nil, "is a link"},
		{"tirith is a symlink", func(r *release) {
			r.setArchive(makeTarGz(t, []tarEntry{{name: "tirith", typ: tar.TypeSymlink, linkname: "/bin/sh"}}))
		}, nil, "is a link"},
		{"hard link entry", func(r *release) {
			r.setArchive(withEntry(tarEntry{name: "man/hard", typ: tar.TypeLink, linkname: "tirith"}))
		}, nil, "is a link"},
		{"device entry", func(r *release) {
			r.setArchive(withEntry(tarEntry{name: "dev", typ: tar.TypeChar}))
		}, nil, "not a regular file"},
		{"oversized entry", func(r *release) {
			r.setArchive(makeTarGz(t, releaseEntries(bytes.Repeat([]byte("x"), 5000))))
		}, func(o *InstallOptions) { o.MaxBinary = 4096 }, "more than the cap of 4096"},
		{"no tirith", func(r *release) {
			r.setArchive(makeTarGz(t, releaseEntries(nil)[1:]))
		}, nil, "no tirith file"},
		{"two tirith", func(r *release) {
			r.setArchive(withEntry(tarEntry{name: "./tirith", typ: tar.TypeReg, body: []byte("again")}))
		}, nil, "two tirith"},
		{"not gzip", func(r *release) { r.setArchive([]byte("PK\x03\x04 a zip")) }, nil, "unpacking"},
		{"binary fails the probe", nil, nil, "failed the probe"},
		{"plain http elsewhere", nil, func(o *InstallOptions) { o.Releases = "http://example.com/dl" }, "refusing plain http"},
		{"redirect to plain http", func(r *release) {
			r.handle["checksums.txt"] = func(w http.ResponseWriter, req *http.Request) {
				http.Redirect(w, req, "http://example.com/checksums.txt", http.StatusFound)
			}
		}, nil, "refusing plain http"},
		{"other scheme", nil, func(o *InstallOptions) { o.Releases = "ftp://example.com/dl" }, "scheme"},
		{"bad version", nil, func(o *InstallOptions) { o.Version = "0.4.2/../../x" }, "not X.Y.Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRelease(good)
			if tt.tamper != nil {
				tt.tamper(r)
			}
			dirs := testDirs(t)
			o := opts(r.serve(t), dirs, "")
			if tt.o != nil {
				tt.o(&o)
			}
			_, err := Install(context.Background(), o)
			if err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Fatalf("err = %v, want one with %q", err, tt.reason)
			}
			assertNothingInstalled(t, dirs, tt.reason)
		})
	}
}

// setArchive replaces the archive and its checksum line: the tampering is
// in the archive's content, not in its checksum.
func (r *release) setArchive(data []byte) {
	r.files[testAsset] = data
	r.files["checksums.txt"] = []byte(checksumsFor(sum(data)))
}

func TestCheckURL(t *testing.T) {
	for raw, ok := range map[string]bool{
		"https://github.com/x":     true,
		"http://127.0.0.1:8080/x":  true,
		"http://[::1]:8080/x":      true,
		"http://127.9.9.9/x":       true,
		"http://localhost/x":       false, // a name could resolve anywhere
		"http://example.com/x":     false,
		"http://10.0.0.1/x":        false,
		"ftp://example.com/x":      false,
		"https:///x":               false,
		"http://127.0.0.1.nip.io/": false,
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckURL(u); (err == nil) != ok {
			t.Errorf("CheckURL(%s) = %v, want ok=%v", raw, err, ok)
		}
	}
}

func TestChecksumFor(t *testing.T) {
	s := sum([]byte("a"))
	tests := []struct {
		in, want, err string
	}{
		{s + "  a.tar.gz\n", s, ""},
		{s + " *a.tar.gz\n", s, ""},                    // sha256sum -b
		{strings.ToUpper(s) + "  a.tar.gz\r\n", s, ""}, // CRLF, upper case
		{"\n" + s + "  b.tar.gz\n" + s + "  a.tar.gz", s, ""},
		{s + " a.tar.gz\n", "", "malformed"},
		{s + "  a.tar.gz extra\n", "", "malformed"},
		{s[:63] + "  a.tar.gz\n", "", "malformed"},
		{s + "  dir/a.tar.gz\n", "", "malformed"},
		{s + "  a.tar.gz.sig\n", "", "no line"},
		{"", "", "no line"},
	}
	for _, tt := range tests {
		got, err := ChecksumFor([]byte(tt.in), "a.tar.gz")
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ChecksumFor(%q) = %q, %v; want %q, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestAssetName(t *testing.T) {
	for _, tt := range []struct{ goos, goarch, want string }{
		{"linux", "amd64", "tirith-x86_64-unknown-linux-gnu.tar.gz"},
		{"darwin", "arm64", "tirith-aarch64-apple-darwin.tar.gz"},
		{"darwin", "amd64", "tirith-x86_64-apple-darwin.tar.gz"},
		{"windows", "amd64", ""},
		{"linux", "386", ""},
	} {
		got, err := AssetName(tt.goos, tt.goarch)
		if got != tt.want || (err != nil) != (tt.want == "") {
			t.Errorf("AssetName(%s, %s) = %q, %v", tt.goos, tt.goarch, got, err)
		}
	}
}

func TestConcurrentInstalls(t *testing.T) {
	archive, bin := realTarGz(t)
	isolate(t)
	base := newRelease(archive).serve(t)
	dirs := testDirs(t)
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = Install(context.Background(), opts(base, dirs, ""))
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	got, err := fileSHA256(filepath.Join(dirs.Bin, "tirith"))
	if err != nil || got != sum(bin) {
		t.Fatalf("after concurrent installs: sha256 %s, %v; want %s", got, err, sum(bin))
	}
	in, err := ReadInstalled(dirs)
	if err != nil || in.BinarySHA256 != sum(bin) {
		t.Fatalf("tirith.json = %+v, %v", in, err)
	}
	ents, _ := os.ReadDir(dirs.Bin)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".tirith") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
	if _, err := Probe(context.Background(), filepath.Join(dirs.Bin, "tirith"), ""); err != nil {
		t.Fatal(err)
	}
}

func TestFailureBackoff(t *testing.T) {
	now := time.Now()
	f := &Failure{Time: now.Add(-23 * time.Hour), Reason: "x"}
	if !f.Blocks(now, true) {
		t.Error("a 23 h old failure must block")
	}
	f.Time = now.Add(-25 * time.Hour)
	if f.Blocks(now, false) {
		t.Error("a 25 h old failure must not block")
	}
	f.Time = now.Add(-time.Minute)
	f.CosignMissing = true
	if !f.Blocks(now, false) || f.Blocks(now, true) {
		t.Error("a cosign-missing failure blocks until cosign appears")
	}
	var none *Failure
	if none.Blocks(now, false) {
		t.Error("no failure must not block")
	}
}
