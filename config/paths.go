package config

import (
	"os"
	"path/filepath"
	"sync"

	"github.com/adrg/xdg"
)

// The directories below are computed from the environment at each call, so a
// test (or a process that changes its environment) sees its own values;
// package xdg reads the environment only once, at start-up, unless reloaded.
var (
	xdgMu sync.Mutex
	// xdgSeen is the environment xdg last read: package xdg read it at its
	// initialisation, before this package's, so the first call does not
	// read it (and the user-dirs file) again.
	xdgSeen = xdgEnv()
)

func xdgEnv() [5]string {
	return [5]string{os.Getenv("HOME"), os.Getenv("XDG_CONFIG_HOME"), os.Getenv("XDG_STATE_HOME"),
		os.Getenv("XDG_DATA_HOME"), os.Getenv("XDG_CACHE_HOME")}
}

// xdgBase returns one of xdg's base directories after making sure xdg has
// read the current environment.
func xdgBase(pick func() string) string {
	xdgMu.Lock()
	defer xdgMu.Unlock()
	if now := xdgEnv(); now != xdgSeen {
		xdg.Reload()
		xdgSeen = now
	}
	return pick()
}

// File returns the path of the configuration file: $GUARDSH_CONFIG if set,
// else $XDG_CONFIG_HOME/guardsh/config.toml.
func File() string {
	if p := os.Getenv("GUARDSH_CONFIG"); p != "" {
		return p
	}
	return filepath.Join(xdgBase(func() string { return xdg.ConfigHome }), "guardsh", "config.toml")
}

// StateDir returns $XDG_STATE_HOME/guardsh, where guardsh keeps session
// approvals, pending approvals and the audit log. It is not created.
func StateDir() string {
	return filepath.Join(xdgBase(func() string { return xdg.StateHome }), "guardsh")
}

// DataDir returns $XDG_DATA_HOME/guardsh, where guardsh installs tirith. It
// is not created.
func DataDir() string {
	return filepath.Join(xdgBase(func() string { return xdg.DataHome }), "guardsh")
}

// CacheDir returns $XDG_CACHE_HOME/guardsh, for markers that may be lost. It
// is not created.
func CacheDir() string {
	return filepath.Join(xdgBase(func() string { return xdg.CacheHome }), "guardsh")
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
