package tirith

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Defaults of an install.
const (
	DefaultVersion  = "0.4.2"
	DefaultReleases = "https://github.com/sheeki03/tirith/releases/download"
)

// Caps on downloads and on the unpacked binary.
const (
	defaultMaxArchive = 128 << 20
	defaultMaxBinary  = 256 << 20
	maxSmallFile      = 1 << 20 // checksums.txt, .sig, .pem
	maxTarEntries     = 10000
)

// InstallOptions say what to install from where. The zero value of every
// field but Dirs means its default.
type InstallOptions struct {
	Version  string // default DefaultVersion
	Releases string // base URL, default DefaultReleases
	// SHA256, when set, is a pin the archive's SHA-256 must also match.
	SHA256 string
	// RequireCosign refuses to install when cosign is not on PATH.
	RequireCosign bool
	Dirs          Dirs
	// PathEnv is the $PATH searched for cosign; default os.Getenv("PATH").
	PathEnv      string
	GOOS, GOARCH string // default runtime.GOOS, runtime.GOARCH
	Client       *http.Client
	// MaxArchive and MaxBinary cap the download and the unpacked binary.
	MaxArchive, MaxBinary int64
	// Timeout bounds the whole install; default 5 minutes.
	Timeout time.Duration
}

// Installed describes guardsh's own copy of tirith. It is kept beside the
// binary, in Dirs.Bin/tirith.json.
type Installed struct {
	Path          string `json:"path"`
	Version       string `json:"version"`
	Asset         string `json:"asset"`
	URL           string `json:"url"`
	ArchiveSHA256 string `json:"archive_sha256"`
	BinarySHA256  string `json:"binary_sha256"`
	// Known is set when the binary matched the digest compiled into
	// guardsh for this version and asset (see KnownDigest).
	Known       bool      `json:"known"`
	Cosign      bool      `json:"cosign"` // checksums.txt's signature verified by cosign
	Pinned      bool      `json:"pinned"` // the archive or the binary matched the tirith.sha256 pin
	InstalledAt time.Time `json:"installed_at"`
}

// Verified says in words how the copy was verified.
func (in *Installed) Verified() string {
	var parts []string
	if in.Known {
		parts = append(parts, "the binary's SHA-256 is the one guardsh ships for tirith "+in.Version)
	}
	if in.Cosign {
		parts = append(parts, "cosign signature of checksums.txt")
	}
	if in.Pinned {
		parts = append(parts, "matches the tirith.sha256 pin")
	}
	if len(parts) == 0 {
		return "checksums.txt only, which proves nothing about who made it (installed by an older guardsh: run 'guardsh tirith install' again)"
	}
	return strings.Join(parts, "; ")
}

// A Failure is the marker of the last failed install, in
// Dirs.Cache/tirith-install-failed.json.
type Failure struct {
	Time    time.Time `json:"time"`
	Version string    `json:"version"`
	Reason  string    `json:"reason"`
	// CosignMissing is set when the install failed only because cosign
	// was required and not on PATH.
	CosignMissing bool `json:"cosign_missing,omitempty"`
}

// ErrUnverifiable is wrapped by the error of an install that nothing could
// prove to be tirith's: no digest compiled into guardsh for the version
// and platform, no cosign on PATH, no tirith.sha256 pin.
var ErrUnverifiable = errors.New("nothing would prove the download is tirith's")

// Backoff is how long after a failed install no automatic install is tried.
const Backoff = 24 * time.Hour

// Blocks reports whether the failure still forbids an automatic install at
// now: for [Backoff] after it, unless it was "cosign missing" and cosign has
// appeared since.
func (f *Failure) Blocks(now time.Time, cosignPresent bool) bool {
	if f == nil || f.CosignMissing && cosignPresent {
		return false
	}
	return now.Sub(f.Time) < Backoff && now.Sub(f.Time) > -time.Hour
}

const (
	failureFile   = "tirith-install-failed.json"
	installedFile = "tirith.json"
	releaseDir    = "tirith-release" // checksums.txt, .sig, .pem kept for a later cosign check
)

// LastFailure returns the install-failure marker, or nil if there is none.
func LastFailure(dirs Dirs) (*Failure, error) {
	data, err := readSmall(filepath.Join(dirs.Cache, failureFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var f Failure
	if err := json.Unmarshal(data, &f); err != nil {
		// A corrupt marker still means something failed.
		return &Failure{Reason: "unreadable failure marker: " + err.Error()}, nil
	}
	return &f, nil
}

// RecordFailure writes the install-failure marker.
func RecordFailure(dirs Dirs, version string, err error) error {
	if !filepath.IsAbs(dirs.Cache) {
		return fmt.Errorf("cache directory %q is not absolute", dirs.Cache)
	}
	f := Failure{Time: time.Now().UTC(), Version: version, Reason: err.Error(),
		CosignMissing: errors.Is(err, ErrCosignMissing) || errors.Is(err, ErrUnverifiable)}
	data, _ := json.MarshalIndent(f, "", "  ")
	return writeFileAtomic(filepath.Join(dirs.Cache, failureFile), data, 0o600)
}

// ReadInstalled returns the description of guardsh's own copy, or nil if
// guardsh has not installed one.
func ReadInstalled(dirs Dirs) (*Installed, error) {
	data, err := readSmall(filepath.Join(dirs.Bin, installedFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var in Installed
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, fmt.Errorf("reading %s: %v", filepath.Join(dirs.Bin, installedFile), err)
	}
	return &in, nil
}

// ErrCosignMissing is wrapped by the error of an install that required
// cosign and did not find it.
var ErrCosignMissing = errors.New("cosign is required (tirith.require_cosign) but not on PATH")

// Install downloads tirith, verifies it and installs it as Dirs.Bin/tirith.
// The archive's SHA-256 must match exactly one line for its asset in
// checksums.txt — which only proves the download intact, since the same
// server sends both. What proves it tirith's is one of: the unpacked
// binary's SHA-256 equals the digest compiled into guardsh for the version
// and asset ([KnownDigest]; when there is one, it must match, whatever
// else vouches); cosign on PATH accepts checksums.txt's signature for
// tirith's release workflow at that tag; or a pin in opts.SHA256 equals the
// archive's or the binary's SHA-256. With none of them the install is
// refused before any download ([ErrUnverifiable]). Only the archive's
// top-level tirith file is unpacked, after every entry is checked; it is
// run (by [Probe]) only once verified, and an atomic rename puts it in
// place. Every failure is recorded with [RecordFailure]; a success removes
// the marker.
func Install(ctx context.Context, opts InstallOptions) (*Installed, error) {
	in, err := install(ctx, &opts)
	if err != nil {
		err = fmt.Errorf("installing tirith %s: %w", opts.Version, err)
		RecordFailure(opts.Dirs, opts.Version, err)
		return nil, err
	}
	os.Remove(filepath.Join(opts.Dirs.Cache, failureFile))
	return in, nil
}

var versionArgRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$`)
})

func (o *InstallOptions) defaults() {
	if o.Version == "" {
		o.Version = DefaultVersion
	}
	o.Version = strings.TrimPrefix(o.Version, "v")
	if o.Releases == "" {
		o.Releases = DefaultReleases
	}
	if o.PathEnv == "" {
		o.PathEnv = os.Getenv("PATH")
	}
	if o.GOOS == "" {
		o.GOOS, o.GOARCH = runtime.GOOS, runtime.GOARCH
	}
	if o.Client == nil {
		o.Client = NewClient()
	}
	if o.MaxArchive <= 0 {
		o.MaxArchive = defaultMaxArchive
	}
	if o.MaxBinary <= 0 {
		o.MaxBinary = defaultMaxBinary
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Minute
	}
}

func install(ctx context.Context, o *InstallOptions) (*Installed, error) {
	o.defaults()
	if !filepath.IsAbs(o.Dirs.Bin) || !filepath.IsAbs(o.Dirs.Cache) {
		return nil, fmt.Errorf("install directories %q and %q must be absolute", o.Dirs.Bin, o.Dirs.Cache)
	}
	if !versionArgRE().MatchString(o.Version) {
		return nil, fmt.Errorf("version %q is not X.Y.Z", o.Version)
	}
	pin := strings.ToLower(strings.TrimSpace(o.SHA256))
	if pin != "" && !isSHA256(pin) {
		return nil, fmt.Errorf("tirith.sha256 %q is not 64 hex digits", o.SHA256)
	}
	asset, err := AssetName(o.GOOS, o.GOARCH)
	if err != nil {
		return nil, err
	}
	base, err := url.Parse(strings.TrimRight(o.Releases, "/"))
	if err != nil {
		return nil, fmt.Errorf("release URL %q: %v", o.Releases, err)
	}
	if err := CheckURL(base); err != nil {
		return nil, err
	}
	cosign := lookPath("cosign", o.PathEnv)
	if cosign == "" && o.RequireCosign {
		return nil, ErrCosignMissing
	}
	known, hasKnown := KnownDigest(o.Version, asset)
	if !hasKnown && cosign == "" && pin == "" {
		return nil, fmt.Errorf("%w: guardsh ships no digest of the tirith %s binary for %s, cosign is not on PATH and tirith.sha256 pins nothing", ErrUnverifiable, o.Version, asset)
	}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	dir := base.String() + "/v" + o.Version + "/"

	// The small files first: no big download for a release that cannot verify.
	small := map[string][]byte{}
	for _, name := range []string{"checksums.txt", "checksums.txt.sig", "checksums.txt.pem"} {
		var b bytes.Buffer
		if err := fetch(ctx, o.Client, dir+name, maxSmallFile, &b); err != nil {
			return nil, err
		}
		small[name] = b.Bytes()
	}
	want, err := ChecksumFor(small["checksums.txt"], asset)
	if err != nil {
		return nil, err
	}
	// A pin of the archive is checked now; one of the binary once it is
	// unpacked.
	// cosign reads files: keep the release's small files in a private dir.
	if err := os.MkdirAll(o.Dirs.Cache, 0o700); err != nil {
		return nil, err
	}
	rel, err := os.MkdirTemp(o.Dirs.Cache, "tirith-release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(rel)
	for name, data := range small {
		if err := os.WriteFile(filepath.Join(rel, name), data, 0o600); err != nil {
			return nil, err
		}
	}
	if cosign != "" {
		if err := runCosign(ctx, cosign, rel, o.Version); err != nil {
			return nil, err
		}
	}

	if err := os.MkdirAll(o.Dirs.Bin, 0o755); err != nil {
		return nil, err
	}
	archive, err := os.CreateTemp(o.Dirs.Bin, ".tirith-archive-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(archive.Name())
	defer archive.Close()
	h := sha256.New()
	if err := fetch(ctx, o.Client, dir+asset, o.MaxArchive, io.MultiWriter(archive, h)); err != nil {
		return nil, err
	}
	got := hex.EncodeToString(h.Sum(nil))
	if got != want {
		return nil, fmt.Errorf("%s has SHA-256 %s, but checksums.txt says %s", asset, got, want)
	}
	if _, err := archive.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	tmp, binSum, err := unpack(archive, o.Dirs.Bin, o.MaxBinary)
	if err != nil {
		return nil, fmt.Errorf("unpacking %s: %w", asset, err)
	}
	defer os.Remove(tmp)
	// Verified before it is ever run.
	if hasKnown && binSum != known {
		return nil, fmt.Errorf("the tirith binary in %s has SHA-256 %s, but guardsh ships %s as tirith %s's for this platform (from tirith's own npm package): this is not the binary tirith published", asset, binSum, known, o.Version)
	}
	if pin != "" && pin != want && pin != binSum {
		return nil, fmt.Errorf("tirith.sha256 pins %s, which is neither the SHA-256 of %s (%s) nor that of the tirith binary in it (%s)", pin, asset, want, binSum)
	}
	b, err := Probe(ctx, tmp, "")
	if err != nil {
		return nil, err
	}
	if strings.SplitN(b.Version, "+", 2)[0] != o.Version {
		return nil, fmt.Errorf("the archive of %s holds tirith %s", o.Version, b.Version)
	}
	in := &Installed{
		Path: filepath.Join(o.Dirs.Bin, "tirith"), Version: o.Version, Asset: asset, URL: dir + asset,
		ArchiveSHA256: want, BinarySHA256: binSum, Known: hasKnown, Cosign: cosign != "", Pinned: pin != "",
		InstalledAt: time.Now().UTC(),
	}
	if err := commit(o.Dirs, tmp, rel, in); err != nil {
		return nil, err
	}
	return in, nil
}

// commit puts the binary and its notes in place, under a lock so that two
// installs at once leave one consistent copy.
func commit(dirs Dirs, tmp, rel string, in *Installed) error {
	unlock, err := lockFile(filepath.Join(dirs.Bin, ".install.lock"))
	if err != nil {
		return err
	}
	defer unlock()
	keep := filepath.Join(dirs.Bin, releaseDir)
	if err := os.MkdirAll(keep, 0o755); err != nil {
		return err
	}
	for _, name := range []string{"checksums.txt", "checksums.txt.sig", "checksums.txt.pem"} {
		data, err := os.ReadFile(filepath.Join(rel, name))
		if err != nil {
			return err
		}
		if err := writeFileAtomic(filepath.Join(keep, name), data, 0o644); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, in.Path); err != nil {
		return err
	}
	syncDir(dirs.Bin)
	data, _ := json.MarshalIndent(in, "", "  ")
	return writeFileAtomic(filepath.Join(dirs.Bin, installedFile), data, 0o644)
}

// Uninstall removes guardsh's own copy of tirith, its notes and the
// failure marker. It never touches a tirith guardsh did not install.
func Uninstall(dirs Dirs) error {
	var errs []error
	for _, p := range []string{
		filepath.Join(dirs.Bin, "tirith"),
		filepath.Join(dirs.Bin, installedFile),
		filepath.Join(dirs.Bin, releaseDir),
		filepath.Join(dirs.Bin, ".install.lock"),
		filepath.Join(dirs.Cache, failureFile),
		filepath.Join(dirs.Cache, startedFile),
	} {
		if err := os.RemoveAll(p); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// AssetName returns the name of tirith's release archive for a platform.
func AssetName(goos, goarch string) (string, error) {
	arch := map[string]string{"amd64": "x86_64", "arm64": "aarch64"}[goarch]
	switch {
	case arch == "":
	case goos == "darwin":
		return "tirith-" + arch + "-apple-darwin.tar.gz", nil
	case goos == "linux" && arch == "aarch64" && isMusl():
		return "tirith-aarch64-unknown-linux-musl.tar.gz", nil
	case goos == "linux":
		return "tirith-" + arch + "-unknown-linux-gnu.tar.gz", nil
	}
	return "", fmt.Errorf("tirith publishes no binary for %s/%s", goos, goarch)
}

func isMusl() bool {
	m, _ := filepath.Glob("/lib/ld-musl-*.so.1")
	g, _ := filepath.Glob("/lib*/ld-linux-*.so.*")
	return len(m) > 0 && len(g) == 0
}

func isSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && strings.ToLower(s) == s
}

// ChecksumFor returns the SHA-256 that checksums.txt (sha256sum's output:
// "<64 hex digits>  <name>" lines) gives for asset. A malformed line, no
// line or more than one line for asset is an error.
func ChecksumFor(checksums []byte, asset string) (string, error) {
	var found []string
	sc := bufio.NewScanner(bytes.NewReader(checksums))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		sum, name, ok := strings.Cut(line, " ")
		if ok && (strings.HasPrefix(name, " ") || strings.HasPrefix(name, "*")) {
			name = name[1:]
		} else {
			ok = false
		}
		sum = strings.ToLower(sum)
		if !ok || !isSHA256(sum) || name == "" || strings.ContainsAny(name, " \t/\\") {
			return "", fmt.Errorf("checksums.txt line %d is malformed: %q", n, sanitize(line, 100))
		}
		if name == asset {
			found = append(found, sum)
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("reading checksums.txt: %v", err)
	}
	switch len(found) {
	case 0:
		return "", fmt.Errorf("checksums.txt has no line for %s", asset)
	case 1:
		return found[0], nil
	}
	return "", fmt.Errorf("checksums.txt has %d lines for %s", len(found), asset)
}

// cosignArgs are the arguments of cosign's check of checksums.txt, in dir,
// for tirith's release workflow at tag vVERSION.
func cosignArgs(dir, version string) []string {
	return []string{"verify-blob",
		"--certificate", filepath.Join(dir, "checksums.txt.pem"),
		"--signature", filepath.Join(dir, "checksums.txt.sig"),
		"--certificate-identity", "https://github.com/sheeki03/tirith/.github/workflows/release.yml@refs/tags/v" + version,
		"--certificate-oidc-issuer", "https://token.actions.githubusercontent.com",
		filepath.Join(dir, "checksums.txt"),
	}
}

func runCosign(ctx context.Context, cosign, dir, version string) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, cosign, cosignArgs(dir, version)...)
	var out capped
	out.max = 16 << 10
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(out.String())
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		return fmt.Errorf("cosign refused the signature of checksums.txt: %v: %s", err, sanitize(msg, 300))
	}
	return nil
}

// NewClient returns the HTTP client of installs: timeouts on connecting and
// on headers, and redirects only to URLs [CheckURL] allows.
func NewClient() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSHandshakeTimeout = 15 * time.Second
	tr.ResponseHeaderTimeout = 30 * time.Second
	return &http.Client{
		Transport: tr,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 5 {
				return errors.New("too many redirects")
			}
			return CheckURL(req.URL)
		},
	}
}

// CheckURL allows https, and plain http only to a loopback address (a
// test server).
func CheckURL(u *url.URL) error {
	switch {
	case u.Host == "":
		return fmt.Errorf("URL %q has no host", u.Redacted())
	case u.Scheme == "https":
		return nil
	case u.Scheme == "http":
		if ip := net.ParseIP(u.Hostname()); ip != nil && ip.IsLoopback() {
			return nil
		}
		return fmt.Errorf("refusing plain http to %s: tirith downloads need https (plain http only to a loopback address)", u.Host)
	}
	return fmt.Errorf("refusing URL scheme %q in %q: tirith downloads need https", u.Scheme, u.Redacted())
}

// fetch GETs rawURL into w, refusing more than max bytes and a short body.
func fetch(ctx context.Context, client *http.Client, rawURL string, max int64, w io.Writer) error {
	u, err := url.Parse(rawURL)
	if err != nil {
		return err
	}
	if err := CheckURL(u); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", rawURL, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("downloading %s: %v", path.Base(u.Path), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("downloading %s: %s", rawURL, resp.Status)
	}
	if resp.ContentLength > max {
		return fmt.Errorf("downloading %s: %d bytes, more than the cap of %d", path.Base(u.Path), resp.ContentLength, max)
	}
	n, err := io.Copy(w, io.LimitReader(resp.Body, max+1))
	if err != nil {
		return fmt.Errorf("downloading %s: %v", path.Base(u.Path), err)
	}
	if n > max {
		return fmt.Errorf("downloading %s: more than the cap of %d bytes", path.Base(u.Path), max)
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return fmt.Errorf("downloading %s: got %d of %d bytes", path.Base(u.Path), n, resp.ContentLength)
	}
	return nil
}

// unpack checks every entry of the tar.gz in r and writes its top-level
// "tirith" file to a temporary file in dir, mode 0755, synced. It refuses
// the whole archive for an entry with "..", an absolute path, a link or a
// special file, a size over max, or not exactly one tirith file.
func unpack(r io.Reader, dir string, max int64) (tmp, sum string, err error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return "", "", err
	}
	tr := tar.NewReader(zr)
	defer func() {
		if err != nil && tmp != "" {
			os.Remove(tmp)
			tmp = ""
		}
	}()
	for n := 0; ; n++ {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return tmp, "", err
		}
		if n >= maxTarEntries {
			return tmp, "", fmt.Errorf("more than %d entries", maxTarEntries)
		}
		name := hdr.Name
		switch {
		case strings.HasPrefix(name, "/") || strings.HasPrefix(name, `\`) || filepath.IsAbs(name):
			return tmp, "", fmt.Errorf("entry %q has an absolute path", name)
		case hasDotDot(name):
			return tmp, "", fmt.Errorf("entry %q leaves the archive (..)", name)
		case hdr.Size > max || hdr.Size < 0:
			return tmp, "", fmt.Errorf("entry %q is %d bytes, more than the cap of %d", name, hdr.Size, max)
		}
		switch hdr.Typeflag {
		case tar.TypeDir:
			continue
		case tar.TypeReg:
		case tar.TypeSymlink, tar.TypeLink:
			return tmp, "", fmt.Errorf("entry %q is a link to %q", name, hdr.Linkname)
		default:
			return tmp, "", fmt.Errorf("entry %q is not a regular file (type %q)", name, hdr.Typeflag)
		}
		if path.Clean(name) != "tirith" {
			continue
		}
		if tmp != "" {
			return tmp, "", errors.New("two tirith entries")
		}
		f, err := os.CreateTemp(dir, ".tirith-new-*")
		if err != nil {
			return tmp, "", err
		}
		tmp = f.Name()
		h := sha256.New()
		written, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(tr, max+1))
		if err == nil && written > max {
			err = fmt.Errorf("entry %q is more than the cap of %d bytes", name, max)
		}
		if err == nil {
			err = f.Chmod(0o755)
		}
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return tmp, "", err
		}
		sum = hex.EncodeToString(h.Sum(nil))
	}
	if tmp == "" {
		return "", "", errors.New("no tirith file at the top of the archive")
	}
	return tmp, sum, nil
}

func hasDotDot(name string) bool {
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return true
		}
	}
	return false
}

// Reverify checks guardsh's own copy with cosign when it was installed on
// its checksum alone and cosign is now on pathEnv. It returns the
// (updated) description, or nil if there is no own copy. When cosign
// refuses, or the binary no longer matches what was installed, the copy is
// removed, the failure recorded, and the error returned.
func Reverify(ctx context.Context, dirs Dirs, pathEnv string) (*Installed, error) {
	in, err := ReadInstalled(dirs)
	if in == nil || err != nil || in.Cosign {
		return in, err
	}
	cosign := lookPath("cosign", pathEnv)
	if cosign == "" {
		return in, nil
	}
	keep := filepath.Join(dirs.Bin, releaseDir)
	in.Path = filepath.Join(dirs.Bin, "tirith") // whatever tirith.json says
	err = func() error {
		if err := runCosign(ctx, cosign, keep, in.Version); err != nil {
			return err
		}
		sums, err := os.ReadFile(filepath.Join(keep, "checksums.txt"))
		if err != nil {
			return err
		}
		want, err := ChecksumFor(sums, in.Asset)
		if err != nil {
			return err
		}
		if want != in.ArchiveSHA256 {
			return fmt.Errorf("the signed checksums.txt says %s for %s, the installed copy came from %s", want, in.Asset, in.ArchiveSHA256)
		}
		got, err := fileSHA256(in.Path)
		if err != nil {
			return err
		}
		if got != in.BinarySHA256 {
			return fmt.Errorf("%s changed since it was installed (SHA-256 %s, was %s)", in.Path, got, in.BinarySHA256)
		}
		return nil
	}()
	if err != nil {
		err = fmt.Errorf("verifying the installed tirith %s with cosign: %w", in.Version, err)
		os.Remove(in.Path)
		os.Remove(filepath.Join(dirs.Bin, installedFile))
		RecordFailure(dirs, in.Version, err)
		return nil, err
	}
	in.Cosign = true
	data, _ := json.MarshalIndent(in, "", "  ")
	return in, writeFileAtomic(filepath.Join(dirs.Bin, installedFile), data, 0o644)
}

func fileSHA256(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
