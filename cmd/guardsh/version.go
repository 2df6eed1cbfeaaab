package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
)

// Set at build time by scripts/build.sh:
// -ldflags "-X main.version=1.2.3 -X main.commit=HASH -X main.date=RFC3339".
var (
	version = "dev"
	commit  = ""
	date    = ""
)

// buildInfo is what `guardsh version` reports.
type buildInfo struct {
	Version  string `json:"version"`
	Commit   string `json:"commit"`
	Date     string `json:"date"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

// currentBuild fills in what the linker flags did not from Go's build
// information (a `go install` of a tagged module has a version and VCS
// data there).
func currentBuild() buildInfo {
	b := buildInfo{Version: version, Commit: commit, Date: date, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi, ok := debug.ReadBuildInfo(); ok {
		if b.Version == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			b.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision" && b.Commit == "":
				b.Commit = s.Value
			case s.Key == "vcs.time" && b.Date == "":
				b.Date = s.Value
			}
		}
	}
	if b.Commit == "" {
		b.Commit = "unknown"
	}
	if b.Date == "" {
		b.Date = "unknown"
	}
	return b
}

func runVersion(e *env, args []string) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	format := fs.String("format", "text", "text or json")
	if ok, code := parseFlags(e, fs, "version", args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		e.errorf("version takes no arguments")
		e.hint("run 'guardsh version --help'")
		return exitError
	}
	b := currentBuild()
	switch *format {
	case "text":
		short := b.Commit
		if len(short) > 12 {
			short = short[:12]
		}
		fmt.Fprintf(e.stdout, "guardsh %s (commit %s, built %s, %s, %s)\n", b.Version, short, b.Date, b.Go, b.Platform)
	case "json":
		out, _ := json.Marshal(b)
		fmt.Fprintf(e.stdout, "%s\n", out)
	default:
		e.errorf("version: unknown format %q", *format)
		e.hint("use --format text or --format json")
		return exitError
	}
	return exitOK
}
