package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/guardsh/guardsh/approve"
	"github.com/guardsh/guardsh/config"
)

const approvalsUsage = `usage:
  guardsh approvals list [--all] [--format text|json]   approvals of this session (--all: every session) and permanent ones
  guardsh approvals revoke ID                            remove one approval
  guardsh approvals clear                                remove every approval of this session

revoke and clear ask for confirmation on the terminal, and refuse without one.
`

// runApprovals is `guardsh approvals`.
func runApprovals(e *env, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, approvalsUsage)
		return exitError
	}
	switch args[0] {
	case "list":
		return approvalsList(e, args[1:])
	case "revoke":
		return approvalsRevoke(e, args[1:])
	case "clear":
		return approvalsClear(e, args[1:])
	case "-h", "--help", "help":
		fmt.Fprint(e.stdout, approvalsUsage)
		return exitOK
	}
	e.errorf("unknown approvals command %q", args[0])
	e.hint("use list, revoke ID or clear")
	return exitError
}

func approvalsList(e *env, args []string) int {
	fs := flag.NewFlagSet("approvals list", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	all := fs.Bool("all", false, "show the approvals of every session")
	format := fs.String("format", "text", "text or json")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || (*format != "text" && *format != "json") {
		e.errorf("usage: guardsh approvals list [--all] [--format text|json]")
		return exitError
	}
	cfg, cerr := config.LoadDefault()
	if cerr != nil {
		e.errorf("%v", cerr)
		e.hint("permanent approvals are not shown (nor used) until the configuration file is fixed")
	}
	session := os.Getenv("GUARDSH_SESSION")
	if *all {
		session = approve.AllSessions
	}
	list, err := approve.List(config.StateDir(), cfg, session, time.Now())
	if err != nil {
		e.errorf("cannot read session approvals: %v", err)
		return exitError
	}
	if *format == "json" {
		if list == nil {
			list = []approve.Approval{}
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(list)
		return exitOK
	}
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "no approvals")
	}
	for _, a := range list {
		where := "session " + approve.Printable(a.Session)
		if a.Kind == "always" {
			where = "everywhere"
			if a.Dir != "" {
				where = "in " + approve.Printable(a.Dir)
			}
		}
		fmt.Fprintf(e.stdout, "%s  %-7s %-24s %s", a.ID, a.Kind, a.Rule, where)
		if !a.Added.IsZero() {
			fmt.Fprintf(e.stdout, "  added %s", a.Added.Local().Format("2006-01-02 15:04"))
		}
		if !a.Expires.IsZero() {
			state := "expires"
			if a.Expired {
				state = "EXPIRED"
			}
			fmt.Fprintf(e.stdout, "  %s %s", state, a.Expires.Local().Format("2006-01-02 15:04"))
		}
		if a.Reason != "" {
			fmt.Fprintf(e.stdout, "  (%s)", approve.Printable(a.Reason))
		}
		fmt.Fprintln(e.stdout)
	}
	if session == "" {
		fmt.Fprintln(e.stderr, "guardsh: GUARDSH_SESSION is not set: session approvals are not shown (use --all)")
	}
	return exitOK
}

// confirm asks the human at the terminal; without one it refuses, so that
// an agent cannot change approvals by running guardsh.
func confirm(e *env, question string) int {
	ok, err := approve.Confirm(context.Background(), nil, question, time.Minute)
	switch {
	case errors.Is(err, approve.ErrNoTTY):
		e.errorf("refused: changing approvals needs a human at a terminal (%v)", err)
		e.hint("run this command yourself, in a terminal")
		return exitAsk
	case err != nil:
		e.errorf("refused: %v", err)
		return exitAsk
	case !ok:
		e.errorf("nothing changed")
		return exitAsk
	}
	return exitOK
}

func approvalsRevoke(e *env, args []string) int {
	if len(args) != 1 {
		e.errorf("usage: guardsh approvals revoke ID")
		e.hint("'guardsh approvals list' shows the ids")
		return exitError
	}
	id := args[0]
	cfg, cerr := config.LoadDefault()
	list, err := approve.List(config.StateDir(), cfg, approve.AllSessions, time.Now())
	if err != nil {
		e.errorf("cannot read session approvals: %v", err)
		return exitError
	}
	var found *approve.Approval
	for i := range list {
		if list[i].ID == id {
			found = &list[i]
		}
	}
	if found == nil {
		e.errorf("no approval with id %q", id)
		if cerr != nil {
			e.errorf("%v", cerr)
		}
		e.hint("'guardsh approvals list --all' shows the ids")
		return exitError
	}
	what := fmt.Sprintf("%s approval of %s", found.Kind, found.Rule)
	if found.Kind == "always" && found.Dir != "" {
		what += " in " + found.Dir
	} else if found.Kind == "session" {
		what += " for session " + found.Session
	}
	if code := confirm(e, "guardsh: revoke the "+what+"?"); code != exitOK {
		return code
	}
	got, err := approve.Revoke(config.StateDir(), config.File(), id, time.Now())
	if err != nil {
		e.errorf("cannot revoke %s: %v", id, err)
		return exitError
	}
	if got == nil {
		e.errorf("approval %s is gone already", id)
		return exitError
	}
	fmt.Fprintf(e.stdout, "revoked %s: %s\n", id, approve.Printable(what))
	return exitOK
}

func approvalsClear(e *env, args []string) int {
	if len(args) != 0 {
		e.errorf("usage: guardsh approvals clear")
		return exitError
	}
	session := os.Getenv("GUARDSH_SESSION")
	if session == "" {
		e.errorf("GUARDSH_SESSION is not set: there is no session to clear")
		e.hint("the shell hooks set it; 'guardsh approvals revoke ID' removes a single approval")
		return exitError
	}
	list, err := approve.List(config.StateDir(), &config.Config{}, session, time.Now())
	if err != nil {
		e.errorf("cannot read session approvals: %v", err)
		return exitError
	}
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "no approvals in this session")
		return exitOK
	}
	if code := confirm(e, "guardsh: remove "+approvalsOf(len(list))+" of this session?"); code != exitOK {
		return code
	}
	n, err := approve.ClearSession(config.StateDir(), session, time.Now())
	if err != nil {
		e.errorf("cannot clear the session approvals: %v", err)
		return exitError
	}
	fmt.Fprintf(e.stdout, "removed %s of this session\n", plural(n, "approval"))
	return exitOK
}

// plural says n things: "1 approval", "2 approvals".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// approvalsOf says which approvals a question is about: "the approval",
// "the 2 approvals".
func approvalsOf(n int) string {
	if n == 1 {
		return "the approval"
	}
	return fmt.Sprintf("the %d approvals", n)
}
