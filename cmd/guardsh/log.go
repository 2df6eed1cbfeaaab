package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"github.com/guardsh/guardsh/approve"
	"github.com/guardsh/guardsh/config"
)

// runLog is `guardsh log`: the end of the audit log.
func runLog(e *env, args []string) int {
	fs := flag.NewFlagSet("log", flag.ContinueOnError)
	n := fs.Int("n", 20, "number of entries; 0 for all")
	format := fs.String("format", "text", "text or json")
	if ok, code := parseFlags(e, fs, "log", args); !ok {
		return code
	}
	if fs.NArg() > 0 || *n < 0 || (*format != "text" && *format != "json") {
		e.errorf("usage: guardsh log [-n N] [--format text|json]")
		return exitError
	}
	dir := config.StateDir()
	entries, err := approve.ReadLog(dir, *n)
	if err != nil {
		e.errorf("cannot read the audit log: %v", err)
		return exitError
	}
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		for _, en := range entries {
			enc.Encode(en)
		}
		return exitOK
	}
	if len(entries) == 0 {
		fmt.Fprintf(e.stderr, "guardsh: the audit log is empty (%s/%s)\n", dir, approve.AuditFile)
		return exitOK
	}
	for _, en := range entries {
		rules := strings.Join(en.Rules, ",")
		if rules == "" {
			rules = "-"
		}
		fmt.Fprintf(e.stdout, "%s  %-7s %-13s %-8s %s  %s\n    $ %s\n",
			en.Time.Local().Format("2006-01-02 15:04:05"), en.Decision, en.How, en.Front, rules, en.Dir,
			approve.Printable(en.Command))
	}
	return exitOK
}
