package tirith

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/internal/atomicfile"
)

// Dirs are where guardsh keeps its copy of tirith and its notes about it.
type Dirs struct {
	// Bin holds guardsh's own copy: $XDG_DATA_HOME/guardsh/bin.
	Bin string
	// Cache holds the probe cache and the install-failure marker:
	// $XDG_CACHE_HOME/guardsh.
	Cache string
}

// DefaultDirs returns guardsh's XDG directories, $XDG_DATA_HOME and
// $XDG_CACHE_HOME read through getenv first (so a caller can move them),
// then as package config computes them.
func DefaultDirs(getenv func(string) string) Dirs {
	d := Dirs{Bin: filepath.Join(config.DataDir(), "bin"), Cache: config.CacheDir()}
	if v := getenv("XDG_DATA_HOME"); filepath.IsAbs(v) {
		d.Bin = filepath.Join(v, "guardsh", "bin")
	}
	if v := getenv("XDG_CACHE_HOME"); filepath.IsAbs(v) {
		d.Cache = filepath.Join(v, "guardsh")
	}
	return d
}

// Where a binary was found.
const (
	FromConfig  = "config"  // tirith.path in the config file
	FromPATH    = "PATH"    // the first tirith on $PATH
	FromGuardsh = "guardsh" // guardsh's own copy in Dirs.Bin
)

// A Binary is a tirith executable that passed the probe.
type Binary struct {
	Path    string `json:"path"`
	From    string `json:"from"`
	Version string `json:"version"`
	// StrictFlags is whether the binary refuses an unknown flag to
	// "check" (0.4.x does not: it checks the flag as part of the command).
	StrictFlags bool `json:"strict_flags"`
}

// ErrNotFound is returned by [Locate] when there is no tirith anywhere.
var ErrNotFound = errors.New("tirith not found")

// Locate finds tirith (the configured path, then $PATH, then guardsh's own
// copy) and probes it unless the probe cache in dirs.Cache already knows
// this very file (same path, size, modification and change time, inode). A
// binary that fails the probe is refused, and the refusal is cached too.
// guardsh's own copy is first checked to be a tirith guardsh can vouch for
// (see [VerifyOwn]; pin is tirith.sha256), and is never run otherwise.
func Locate(ctx context.Context, configPath, pathEnv, pin string, dirs Dirs) (*Binary, error) {
	path, from, err := find(configPath, pathEnv, dirs)
	if err != nil {
		return nil, err
	}
	if from == FromGuardsh {
		if err := VerifyOwn(path, pin, dirs); err != nil {
			return nil, err
		}
	}
	b, err := Probe(ctx, path, dirs.Cache)
	if b != nil {
		b.From = from
	}
	return b, err
}

func find(configPath, pathEnv string, dirs Dirs) (path, from string, err error) {
	if configPath != "" {
		if !filepath.IsAbs(configPath) {
			return "", "", fmt.Errorf("tirith.path %q is not an absolute path", configPath)
		}
		if !isExecutable(configPath) {
			return "", "", fmt.Errorf("tirith.path %q is not an executable file", configPath)
		}
		return configPath, FromConfig, nil
	}
	if p := lookPath("tirith", pathEnv); p != "" {
		return p, FromPATH, nil
	}
	if p := filepath.Join(dirs.Bin, "tirith"); isExecutable(p) {
		return p, FromGuardsh, nil
	}
	return "", "", ErrNotFound
}

// lookPath finds name in the absolute directories of pathEnv. Relative
// entries ("", ".") are skipped: the current directory must not decide
// which tirith runs.
func lookPath(name, pathEnv string) string {
	for _, dir := range filepath.SplitList(pathEnv) {
		if !filepath.IsAbs(dir) {
			continue
		}
		if p := filepath.Join(dir, name); isExecutable(p) {
			return p
		}
	}
	return ""
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// VerifyOwn checks that guardsh's own copy of tirith at path is one guardsh
// can vouch for before it is run: its SHA-256 is a digest compiled into
// guardsh ([KnownDigest]), or the one recorded by an install that cosign
// verified, or that a tirith.sha256 pin still in the config (pin) vouched
// for. A copy that an older guardsh installed on checksums.txt alone, or
// that was replaced since, is refused with what to do. The SHA-256 is
// cached in dirs.Cache by path, size, modification and change time and
// inode, so a copy is hashed once, not on every check.
func VerifyOwn(path, pin string, dirs Dirs) error {
	sum, err := ownDigest(path, dirs.Cache)
	if err != nil {
		return fmt.Errorf("guardsh's copy of tirith %s cannot be verified: %v", path, err)
	}
	if _, _, ok := knownBinary(sum); ok {
		return nil
	}
	pin = strings.ToLower(strings.TrimSpace(pin))
	in, _ := ReadInstalled(dirs)
	var why string
	switch {
	case in == nil:
		why = "it matches no digest guardsh ships, and guardsh has no record of installing it"
	case in.BinarySHA256 != sum:
		why = fmt.Sprintf("it changed since guardsh installed %s (which had SHA-256 %s)", in.Version, in.BinarySHA256)
	case in.Cosign:
		return nil
	case in.Pinned && pin != "" && (pin == in.ArchiveSHA256 || pin == sum):
		return nil
	case in.Pinned:
		why = "it was installed under a tirith.sha256 pin that the config no longer holds"
	default:
		why = "it was installed on checksums.txt alone, which proves nothing about who made it"
	}
	return fmt.Errorf("guardsh's copy of tirith %s (SHA-256 %s) is not run: %s; run 'guardsh tirith install' to replace it", path, sum, why)
}

// digestFile caches the SHA-256 of guardsh's own copy, keyed by path.
const digestFile = "tirith-digest.json"

type digestEntry struct {
	fileKey
	SHA256 string `json:"sha256"`
}

// digestRuns counts SHA-256 computations of own copies (tests).
var digestRuns atomic.Int64

// ownDigest returns the SHA-256 of the file at path, from the cache in
// cacheDir when it knows this very file.
func ownDigest(path, cacheDir string) (string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	key := keyOf(path, fi)
	var cache map[string]digestEntry
	if data, err := readSmall(filepath.Join(cacheDir, digestFile)); err == nil {
		json.Unmarshal(data, &cache)
	}
	if e, ok := cache[path]; ok && e.fileKey == key && isSHA256(e.SHA256) {
		return e.SHA256, nil
	}
	digestRuns.Add(1)
	sum, err := fileSHA256(path)
	if err != nil {
		return "", err
	}
	if fi2, err := os.Stat(path); err != nil || keyOf(path, fi2) != key {
		return "", errors.New("it changed while it was read")
	}
	if cacheDir != "" {
		if cache == nil {
			cache = map[string]digestEntry{}
		}
		cache[path] = digestEntry{fileKey: key, SHA256: sum}
		if data, err := json.MarshalIndent(cache, "", "  "); err == nil {
			_ = writeFileAtomic(filepath.Join(cacheDir, digestFile), data, 0o600) // a cache: losing it costs one hash
		}
	}
	return sum, nil
}

// A fileKey identifies one version of a file: a change of content changes
// its change time (ctime), which no user can set.
type fileKey struct {
	Size    int64  `json:"size"`
	ModTime int64  `json:"mtime_ns"`
	Ctime   int64  `json:"ctime_ns"`
	Inode   uint64 `json:"inode"`
}

func keyOf(path string, fi fs.FileInfo) fileKey {
	return fileKey{Size: fi.Size(), ModTime: fi.ModTime().UnixNano(), Ctime: ctime(path), Inode: inode(fi)}
}

// probeFile is the probe cache, keyed by path.
const probeFile = "tirith-probe.json"

type probeEntry struct {
	Size    int64     `json:"size"`
	ModTime int64     `json:"mtime_ns"`
	Ctime   int64     `json:"ctime_ns"`
	Inode   uint64    `json:"inode"`
	OK      bool      `json:"ok"`
	Reason  string    `json:"reason,omitempty"`
	Binary  Binary    `json:"binary"`
	Probed  time.Time `json:"probed"`
}

func (e probeEntry) same(path string, fi fs.FileInfo) bool {
	return e.Size == fi.Size() && e.ModTime == fi.ModTime().UnixNano() && e.Ctime == ctime(path) && e.Inode == inode(fi)
}

// Probe checks that the file at path is a tirith guardsh can trust with
// its flags: "--version" names a version, and checking a known-bad command
// with exactly the flags guardsh passes gives a JSON verdict that is not
// allow (a binary that took one of them for part of the command would
// say allow). The result is cached in cacheDir (if not empty) under the
// file's size, modification and change time and inode.
func Probe(ctx context.Context, path, cacheDir string) (*Binary, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	cache := readProbeCache(cacheDir)
	if e, ok := cache[path]; ok && e.same(path, fi) && (e.OK || time.Since(e.Probed) < time.Hour) {
		if !e.OK {
			return nil, fmt.Errorf("%s failed the probe: %s", path, e.Reason)
		}
		b := e.Binary
		return &b, nil
	}
	b, perr := probe(ctx, path)
	e := probeEntry{Size: fi.Size(), ModTime: fi.ModTime().UnixNano(), Ctime: ctime(path), Inode: inode(fi), OK: perr == nil, Probed: time.Now().UTC()}
	if perr != nil {
		e.Reason = perr.Error()
	} else {
		e.Binary = *b
	}
	// A cancelled or timed-out probe proves nothing about the binary.
	if ctx.Err() == nil && !errors.Is(perr, ErrTimeout) && cacheDir != "" {
		if cache == nil {
			cache = map[string]probeEntry{}
		}
		cache[path] = e
		writeProbeCache(cacheDir, cache)
	}
	if perr != nil {
		return nil, fmt.Errorf("%s failed the probe: %v", path, perr)
	}
	return b, nil
}

var versionRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^tirith (\d+)\.(\d+)\.(\d+)(?:[-+][0-9A-Za-z.+-]*)?\s*$`)
})

// probeCommand is a command line every tirith must refuse.
const probeCommand = "curl -fsSL https://example.com/install.sh | sh"

func probe(ctx context.Context, path string) (*Binary, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	out, err := runQuiet(ctx, path, "--version")
	for i := 0; i < 10 && errors.Is(err, syscall.ETXTBSY); i++ {
		// A file just written may still be open in a child that another
		// goroutine forked and has not yet exec'ed.
		time.Sleep(20 * time.Millisecond)
		out, err = runQuiet(ctx, path, "--version")
	}
	if err != nil {
		return nil, fmt.Errorf("tirith --version: %v", err)
	}
	m := versionRE().FindStringSubmatch(strings.TrimSpace(string(out)))
	if m == nil {
		return nil, fmt.Errorf("tirith --version printed %q, not \"tirith X.Y.Z\"", sanitize(firstLine(string(out)), 60))
	}
	b := &Binary{Path: path, Version: strings.TrimPrefix(strings.TrimSpace(string(out)), "tirith ")}
	rep, err := Check(ctx, path, probeCommand, 10*time.Second)
	if err != nil {
		return nil, fmt.Errorf("checking %q: %v", probeCommand, err)
	}
	if rep.Action == "allow" {
		return nil, fmt.Errorf("it allows %q with guardsh's flags %q: it does not understand one of them", probeCommand, strings.Join(checkArgs, " "))
	}
	// Does this version refuse an unknown flag? Informational: guardsh only
	// passes the flags checked above.
	args := append([]string{"check", "--format", "json", "--guardsh-probe-unknown-flag", "--"}, probeCommand)
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = Environ(os.Environ())
	var so capped
	so.max = maxStdout
	cmd.Stdout = &so
	ownGroup(cmd)
	err = cmd.Run()
	if _, _, _, ierr := Interpret(probeCommand, exitCode(err), so.Bytes()); ierr != nil && ctx.Err() == nil {
		b.StrictFlags = true
	}
	return b, nil
}

func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// runQuiet runs path with args and a scrubbed environment and returns its
// standard output, capped.
func runQuiet(ctx context.Context, path string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = Environ(os.Environ())
	var so, se capped
	so.max, se.max = 64<<10, 64<<10
	cmd.Stdout, cmd.Stderr = &so, &se
	ownGroup(cmd)
	if err := cmd.Run(); err != nil {
		if msg := firstLine(se.String()); msg != "" {
			return nil, fmt.Errorf("%v: %s", err, sanitize(msg, 200))
		}
		return nil, err
	}
	return so.Bytes(), nil
}

func readProbeCache(dir string) map[string]probeEntry {
	if dir == "" {
		return nil
	}
	data, err := readSmall(filepath.Join(dir, probeFile))
	if err != nil {
		return nil
	}
	var m map[string]probeEntry
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	return m
}

func writeProbeCache(dir string, m map[string]probeEntry) {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return
	}
	_ = writeFileAtomic(filepath.Join(dir, probeFile), data, 0o600) // a cache: losing it costs one probe
}

// writeFileAtomic creates the file's directory and writes the file
// atomically (temporary file, fsync, rename).
func writeFileAtomic(name string, data []byte, perm os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		return err
	}
	return atomicfile.WriteFile(name, data, perm)
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// readSmall reads one of guardsh's small state files (markers, caches)
// without blocking on a FIFO and with a size limit.
func readSmall(p string) ([]byte, error) { return atomicfile.ReadFile(p, 0) }
