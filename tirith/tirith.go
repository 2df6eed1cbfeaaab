// Package tirith runs github.com/sheeki03/tirith, an external scanner for
// URLs, homoglyph hosts and pipes into interpreters, as guardsh's optional
// deep layer: it finds the binary, installs it with SHA-256 and cosign
// checks, calls it only for command lines that could interest it, and turns
// its JSON verdict into guardsh findings.
//
// tirith is a separate program (AGPL-3.0); guardsh downloads and runs it,
// never links it.
package tirith

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/guardsh/guardsh/check"
	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/rules"
)

// Modes of use, from tirith.mode or $GUARDSH_TIRITH.
const (
	ModeAuto = "auto" // use tirith when it is there
	ModeOn   = "on"   // tirith is required: missing or broken is a failure
	ModeOff  = "off"  // never use tirith
)

// A Scanner is tirith as a [check.Scanner].
type Scanner struct {
	cfg    config.Tirith
	mode   string
	dirs   Dirs
	getenv func(string) string

	// StartInstall starts `guardsh tirith install --auto` in the
	// background; it is a field so that tests can replace it.
	StartInstall func() error

	mu      sync.Mutex
	located bool
	bin     *Binary
	err     error
}

var _ check.Scanner = (*Scanner)(nil)

// New returns a Scanner for the [tirith] table of the config. getenv (nil
// means os.Getenv) supplies GUARDSH_TIRITH, which overrides tirith.mode,
// GUARDSH_TIRITH_RELEASES, which overrides tirith.releases, PATH and the
// XDG directories. An unknown mode counts as "on": whoever wrote it wanted
// tirith.
func New(cfg config.Tirith, getenv func(string) string) *Scanner {
	if getenv == nil {
		getenv = os.Getenv
	}
	s := &Scanner{cfg: cfg, getenv: getenv, dirs: DefaultDirs(getenv)}
	s.mode = strings.ToLower(strings.TrimSpace(cfg.Mode))
	if v := strings.ToLower(strings.TrimSpace(getenv("GUARDSH_TIRITH"))); v != "" {
		s.mode = v
	}
	switch s.mode {
	case "":
		s.mode = ModeAuto
	case ModeAuto, ModeOn, ModeOff:
	default:
		s.mode = ModeOn
	}
	if v := getenv("GUARDSH_TIRITH_RELEASES"); v != "" {
		s.cfg.Releases = v
	}
	if s.cfg.Timeout.Duration <= 0 {
		s.cfg.Timeout.Duration = 5 * time.Second
	}
	s.StartInstall = s.spawnInstall
	return s
}

// Mode returns auto, on or off.
func (s *Scanner) Mode() string { return s.mode }

// Dirs returns where the scanner keeps its copy of tirith and its notes.
func (s *Scanner) Dirs() Dirs { return s.dirs }

// SetDirs moves the scanner's directories (tests).
func (s *Scanner) SetDirs(d Dirs) { s.dirs = d }

// Wants reports whether text is worth a tirith call: never when the mode is
// off, else as the package-level [Wants].
func (s *Scanner) Wants(text string) bool { return s.mode != ModeOff && Wants(text) }

// FailOpen reports tirith.fail_open: whether a tirith failure is ignored
// (true) or turns the verdict into ask.
func (s *Scanner) FailOpen() bool { return s.cfg.FailOpen }

// Binary locates and probes tirith once per Scanner.
func (s *Scanner) Binary(ctx context.Context) (*Binary, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.located {
		s.bin, s.err = Locate(ctx, s.cfg.Path, s.getenv("PATH"), s.cfg.SHA256, s.dirs)
		s.located = ctx.Err() == nil
	}
	return s.bin, s.err
}

// Scan runs tirith on text. It returns a nil TirithInfo when tirith took no
// part and was not required: mode off, or mode auto with no tirith
// installed (then, with tirith.auto_install, an install starts in the
// background). A failure — required tirith missing, a binary that fails the
// probe, a crash, a timeout, output guardsh cannot trust — is a TirithInfo
// with Error set and no findings; the caller applies [Scanner.FailOpen].
//
// The whole call — finding and probing the binary when the cache does not
// know it, and the check — has one deadline, tirith.timeout: a tirith that
// stalls costs at most that, and its process group is killed.
func (s *Scanner) Scan(ctx context.Context, text string) (*check.TirithInfo, []rules.Finding) {
	if s.mode == ModeOff {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout.Duration)
	defer cancel()
	b, err := s.Binary(ctx)
	if errors.Is(err, ErrNotFound) {
		started := s.autoInstall()
		if s.mode == ModeAuto {
			return nil, nil
		}
		msg := "tirith is required (mode on) but not installed"
		if started {
			msg += "; an install has started in the background"
		}
		return &check.TirithInfo{Error: msg}, nil
	}
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%w after %v, while probing it: %v", ErrTimeout, s.cfg.Timeout.Duration, err)
		}
		return &check.TirithInfo{Error: err.Error()}, nil
	}
	if b.From == FromGuardsh {
		s.reverifyLater()
	}
	rep, err := Check(ctx, b.Path, text, s.cfg.Timeout.Duration)
	info := &check.TirithInfo{MS: rep.MS}
	if err != nil {
		info.Error = err.Error()
		return info, nil
	}
	info.Ran, info.Action = true, rep.Action
	return info, rep.Findings
}

// InstallOptions returns the options of an install for this scanner's
// configuration and environment.
func (s *Scanner) InstallOptions() InstallOptions {
	return InstallOptions{
		Version: s.cfg.Version, Releases: s.cfg.Releases, SHA256: s.cfg.SHA256,
		RequireCosign: s.cfg.RequireCosign, Dirs: s.dirs, PathEnv: s.getenv("PATH"),
	}
}

// CosignPath returns the cosign on PATH, or "".
func (s *Scanner) CosignPath() string { return lookPath("cosign", s.getenv("PATH")) }

// startedFile marks a background install in progress.
const startedFile = "tirith-install.started"

// startedFresh is how long a started install keeps others from starting.
const startedFresh = 15 * time.Minute

// AutoInstallDue reports whether an automatic install may start now: no
// failure marker within [Backoff] (a "cosign missing" failure no longer
// counts once cosign is on PATH), and no install started in the last 15
// minutes.
func (s *Scanner) AutoInstallDue(now time.Time) bool {
	f, err := LastFailure(s.dirs)
	if err != nil || f.Blocks(now, s.CosignPath() != "") {
		return false
	}
	fi, err := os.Stat(filepath.Join(s.dirs.Cache, startedFile))
	return err != nil || now.Sub(fi.ModTime()) > startedFresh
}

// autoInstall starts a background install if tirith.auto_install asks for
// it and one is due, and reports whether it started one.
func (s *Scanner) autoInstall() bool {
	if !s.cfg.AutoInstall || !s.AutoInstallDue(time.Now()) {
		return false
	}
	return s.start()
}

// reverifyLater starts a background `guardsh tirith install --auto`, which
// verifies guardsh's own copy with cosign, when the copy was installed on
// its checksum alone and cosign has appeared since.
func (s *Scanner) reverifyLater() {
	in, err := ReadInstalled(s.dirs)
	if err != nil || in == nil || in.Cosign || s.CosignPath() == "" {
		return
	}
	fi, err := os.Stat(filepath.Join(s.dirs.Cache, startedFile))
	if err == nil && time.Since(fi.ModTime()) < startedFresh {
		return
	}
	s.start()
}

func (s *Scanner) start() bool {
	if err := os.MkdirAll(s.dirs.Cache, 0o700); err != nil {
		return false
	}
	if err := os.WriteFile(filepath.Join(s.dirs.Cache, startedFile), []byte(time.Now().UTC().Format(time.RFC3339)+"\n"), 0o600); err != nil {
		return false
	}
	return s.StartInstall() == nil
}

// FinishAuto removes the mark of a background install in progress; the
// background `guardsh tirith install --auto` calls it when it ends.
func (s *Scanner) FinishAuto() { os.Remove(filepath.Join(s.dirs.Cache, startedFile)) }

// spawnInstall starts this very executable as `guardsh tirith install
// --auto`, detached, with no standard streams, and does not wait for it.
func (s *Scanner) spawnInstall() error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	if base := filepath.Base(self); !strings.HasPrefix(base, "guardsh") || strings.HasSuffix(base, ".test") {
		return fmt.Errorf("not starting a background install from %s, which is not guardsh", base)
	}
	cmd := exec.Command(self, "tirith", "install", "--auto")
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Process.Release()
}
