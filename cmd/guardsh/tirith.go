package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/tirith"
)

const tirithUsage = `usage:
  guardsh tirith status [--format text|json]   where tirith is, its version, how it was verified, the last failure
  guardsh tirith install [--version V]         download, verify (the binary's SHA-256 guardsh ships, cosign, or a pin) and install tirith
  guardsh tirith uninstall                     remove guardsh's own copy of tirith
`

// runTirith is `guardsh tirith`.
func runTirith(e *env, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, tirithUsage)
		return exitError
	}
	switch args[0] {
	case "status":
		return tirithStatus(e, args[1:])
	case "install":
		return tirithInstall(e, args[1:])
	case "uninstall":
		return tirithUninstall(e, args[1:])
	case "-h", "--help", "help":
		fmt.Fprint(e.stdout, tirithUsage)
		return exitOK
	}
	e.errorf("unknown tirith command %q", args[0])
	e.hint("use status, install or uninstall")
	return exitError
}

// tirithScanner loads the configuration and returns the scanner for it.
// A configuration error is returned with a scanner built from the
// defaults.
func tirithScanner() (*tirith.Scanner, *config.Config, error) {
	cfg, err := config.LoadDefault()
	if cfg == nil {
		cfg = config.Default()
	}
	return tirith.New(cfg.Tirith, os.Getenv), cfg, err
}

// tirithState is the JSON of `guardsh tirith status --format json`.
type tirithState struct {
	Mode        string            `json:"mode"`
	Found       *tirith.Binary    `json:"found"`
	Error       string            `json:"error,omitempty"`
	Installed   *tirith.Installed `json:"installed"`
	Verified    string            `json:"verified,omitempty"`
	Cosign      string            `json:"cosign"`
	LastFailure *tirith.Failure   `json:"last_failure"`
	Releases    string            `json:"releases"`
	AutoInstall bool              `json:"auto_install"`
	Config      string            `json:"config_error,omitempty"`
	notFound    bool
}

func tirithStatus(e *env, args []string) int {
	fs := flag.NewFlagSet("tirith status", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	format := fs.String("format", "text", "text or json")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || (*format != "text" && *format != "json") {
		e.errorf("usage: guardsh tirith status [--format text|json]")
		return exitError
	}
	s, cfg, cerr := tirithScanner()
	ctx := context.Background()
	st := tirithState{Mode: s.Mode(), Cosign: s.CosignPath(), Releases: s.InstallOptions().Releases, AutoInstall: cfg.Tirith.AutoInstall}
	if cerr != nil {
		st.Config = cerr.Error()
	}
	var rerr error
	// An own copy installed on its checksum alone is verified again once
	// cosign is on PATH.
	st.Installed, rerr = tirith.Reverify(ctx, s.Dirs(), os.Getenv("PATH"))
	if st.Installed != nil {
		st.Verified = st.Installed.Verified()
	}
	var err error
	if st.Found, err = s.Binary(ctx); err != nil {
		st.Error, st.notFound = err.Error(), errors.Is(err, tirith.ErrNotFound)
	}
	st.LastFailure, _ = tirith.LastFailure(s.Dirs())
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(st)
	} else {
		printTirithStatus(e, s, &st)
	}
	if cerr != nil {
		e.errorf("%v", cerr)
	}
	if rerr != nil {
		e.errorf("%v", rerr)
		e.hint("guardsh removed its copy; run 'guardsh tirith install' to get a good one")
	}
	if st.Mode == tirith.ModeOn && st.Found == nil {
		return exitError
	}
	return exitOK
}

func printTirithStatus(e *env, s *tirith.Scanner, st *tirithState) {
	w := e.stdout
	mode := st.Mode
	if os.Getenv("GUARDSH_TIRITH") != "" {
		mode += " (from GUARDSH_TIRITH)"
	}
	fmt.Fprintf(w, "mode:          %s\n", mode)
	switch {
	case st.Found != nil:
		fmt.Fprintf(w, "tirith:        %s (found via %s)\n", st.Found.Path, st.Found.From)
		fmt.Fprintf(w, "version:       %s\n", st.Found.Version)
	case st.notFound:
		fmt.Fprintf(w, "tirith:        not found (tirith.path, PATH, %s)\n", filepath.Join(s.Dirs().Bin, "tirith"))
	default:
		fmt.Fprintf(w, "tirith:        unusable: %s\n", st.Error)
	}
	switch {
	case st.Installed != nil:
		fmt.Fprintf(w, "guardsh copy:  %s, tirith %s, installed %s\n", st.Installed.Path, st.Installed.Version, st.Installed.InstalledAt.Format(time.RFC3339))
		fmt.Fprintf(w, "verified:      %s\n", st.Verified)
	default:
		fmt.Fprintf(w, "guardsh copy:  none (guardsh tirith install)\n")
	}
	if st.Found != nil && st.Found.From != tirith.FromGuardsh {
		fmt.Fprintf(w, "verified:      not installed by guardsh: its %s copy is trusted as it is\n", st.Found.From)
	}
	if st.Cosign != "" {
		fmt.Fprintf(w, "cosign:        %s\n", st.Cosign)
	} else {
		fmt.Fprintf(w, "cosign:        not on PATH (an install of tirith %s is verified by the binary's SHA-256 guardsh ships; other versions need cosign or a tirith.sha256 pin)\n", tirith.DefaultVersion)
	}
	fmt.Fprintf(w, "auto install:  %v\n", st.AutoInstall)
	fmt.Fprintf(w, "releases:      %s\n", st.Releases)
	if f := st.LastFailure; f != nil {
		fmt.Fprintf(w, "last failure:  %s: %s\n", f.Time.Format(time.RFC3339), f.Reason)
		if f.Blocks(time.Now(), st.Cosign != "") {
			fmt.Fprintf(w, "               no automatic install before %s\n", f.Time.Add(tirith.Backoff).Format(time.RFC3339))
		}
	}
}

func tirithInstall(e *env, args []string) int {
	fs := flag.NewFlagSet("tirith install", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	version := fs.String("version", "", "the tirith version to install (default: tirith.version, "+tirith.DefaultVersion+")")
	auto := fs.Bool("auto", false, "the background install guardsh starts itself: honour the 24 h back-off, print nothing")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		e.errorf("usage: guardsh tirith install [--version V]")
		return exitError
	}
	s, _, cerr := tirithScanner()
	if *auto {
		return tirithAutoInstall(s, cerr)
	}
	if cerr != nil {
		// The file may hold a tirith.sha256 pin or require_cosign.
		e.errorf("%v", cerr)
		e.hint("fix the configuration file first: it may pin or require checks that would be skipped")
		return exitError
	}
	o := s.InstallOptions()
	if *version != "" {
		o.Version = *version
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fmt.Fprintf(e.stderr, "guardsh: downloading tirith from %s\n", o.Releases)
	in, err := tirith.Install(ctx, o)
	if err != nil {
		e.errorf("%v", err)
		switch {
		case errors.Is(err, tirith.ErrCosignMissing):
			e.hint("install cosign (https://docs.sigstore.dev), or set tirith.require_cosign = false")
		case errors.Is(err, tirith.ErrUnverifiable):
			e.hint("nothing was installed. Install cosign (https://docs.sigstore.dev) so that guardsh can check the release's signature, " +
				"or pin the archive's or the binary's SHA-256, checked yourself, in tirith.sha256, or install tirith " + tirith.DefaultVersion +
				", whose binary guardsh knows")
		default:
			e.hint("nothing was installed; 'guardsh tirith status' shows the failure, and automatic installs wait 24 hours")
		}
		return exitError
	}
	fmt.Fprintf(e.stdout, "installed tirith %s to %s\nverified: %s\n", in.Version, in.Path, in.Verified())
	if b, err := s.Binary(ctx); err == nil && b.Path != in.Path {
		fmt.Fprintf(e.stdout, "note: guardsh uses %s (found via %s) first\n", b.Path, b.From)
	}
	return exitOK
}

// tirithAutoInstall is the detached `guardsh tirith install --auto` that a
// check starts when tirith is missing (or its copy awaits a cosign check).
// It prints nothing: its failures go to the marker.
func tirithAutoInstall(s *tirith.Scanner, cerr error) int {
	defer s.FinishAuto()
	if cerr != nil {
		return exitError
	}
	ctx := context.Background()
	if in, err := tirith.Reverify(ctx, s.Dirs(), os.Getenv("PATH")); in != nil || err != nil {
		return exitOK // a copy is there (now verified if cosign is), or was just refused
	}
	if _, err := s.Binary(ctx); err == nil {
		return exitOK
	}
	if f, _ := tirith.LastFailure(s.Dirs()); f.Blocks(time.Now(), s.CosignPath() != "") {
		return exitOK
	}
	if _, err := tirith.Install(ctx, s.InstallOptions()); err != nil {
		return exitError
	}
	return exitOK
}

func tirithUninstall(e *env, args []string) int {
	if len(args) > 0 {
		e.errorf("usage: guardsh tirith uninstall")
		return exitError
	}
	s, _, _ := tirithScanner()
	p := filepath.Join(s.Dirs().Bin, "tirith")
	_, statErr := os.Stat(p)
	if err := tirith.Uninstall(s.Dirs()); err != nil {
		e.errorf("removing guardsh's copy of tirith: %v", err)
		return exitError
	}
	if statErr == nil {
		fmt.Fprintf(e.stdout, "removed %s\n", p)
	} else {
		fmt.Fprintf(e.stdout, "guardsh has no copy of tirith (%s)\n", p)
	}
	if b, err := s.Binary(context.Background()); err == nil {
		fmt.Fprintf(e.stdout, "note: %s (found via %s) is not guardsh's and stays\n", b.Path, b.From)
	}
	return exitOK
}
