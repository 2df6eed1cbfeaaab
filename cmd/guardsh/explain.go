package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/guardsh/guardsh/config"
	"github.com/guardsh/guardsh/rules"
)

func runExplain(e *env, args []string) int {
	if len(args) != 1 {
		e.errorf("explain: give one rule id")
		e.hint("'guardsh rules' lists them")
		return exitError
	}
	for _, w := range config.LoadUserPacks() {
		fmt.Fprintf(e.stderr, "guardsh: warning: %s\n", w)
	}
	r, ok := rules.Lookup(strings.TrimPrefix(args[0], "tirith:"))
	if !ok {
		if strings.HasPrefix(args[0], "tirith:") {
			fmt.Fprintf(e.stdout, "%s is a finding of the tirith scanner; see tirith's documentation for its rules\n", args[0])
			return exitOK
		}
		e.errorf("explain: no rule %q", args[0])
		var ids []string
		for _, r := range rules.All() {
			ids = append(ids, r.ID)
		}
		if s := didYouMean(args[0], ids); s != "" {
			e.hint("did you mean 'guardsh explain %s'?", s)
		} else {
			e.hint("'guardsh rules' lists them")
		}
		return exitError
	}
	w := e.stdout
	fmt.Fprintf(w, "%s (%s)\n  %s\n\n  %s\n", r.ID, r.Tier, r.Title, r.Reason)
	if r.Suggest != "" {
		fmt.Fprintf(w, "  instead: %s\n", r.Suggest)
	}
	if r.Pack != "" {
		fmt.Fprintf(w, "  pack: %s (switch it off with rules.packs.disable = [%q]", r.Pack, r.Pack)
		if r.Tier == rules.Hardline {
			fmt.Fprintf(w, "; this hardline entry stays on")
		}
		fmt.Fprintf(w, ")\n")
	}
	switch {
	case r.Tier == rules.Hardline:
		fmt.Fprintf(w, "\n  hardline: never runs under guardsh; no approval, allowlist or YOLO lets it through\n")
	case r.NeverPermanent:
		fmt.Fprintf(w, "\n  may be approved once or for a session, never always\n")
	}
	fmt.Fprintf(w, "\n  matches:\n")
	for _, m := range r.Match {
		fmt.Fprintf(w, "    %s\n", oneLine(m))
	}
	fmt.Fprintf(w, "  does not match:\n")
	for _, m := range r.NoMatch {
		fmt.Fprintf(w, "    %s\n", oneLine(m))
	}
	return exitOK
}

func runRules(e *env, args []string) int {
	for _, w := range config.LoadUserPacks() {
		fmt.Fprintf(e.stderr, "guardsh: warning: %s\n", w)
	}
	format := "text"
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--format" && i+1 < len(args):
			format = args[i+1]
			i++
		case strings.HasPrefix(a, "--format="):
			format = strings.TrimPrefix(a, "--format=")
		default:
			e.errorf("rules: unknown argument %s", a)
			e.hint("guardsh rules [--format json]")
			return exitError
		}
	}
	switch format {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rules.All()); err != nil {
			e.errorf("rules: %v", err)
			return exitError
		}
	case "text":
		tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		for _, r := range rules.All() {
			pack := ""
			if r.Pack != "" {
				pack = "  [pack " + r.Pack + "]"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s%s\n", r.ID, r.Tier, r.Title, pack)
		}
		tw.Flush()
	case "markdown":
		fmt.Fprint(e.stdout, rulesMarkdown())
	default:
		e.errorf("rules: unknown format %q (want text, json or markdown)", format)
		return exitError
	}
	return exitOK
}

// rulesMarkdown is the README's table of the built-in rules (packs have a
// table of their own), hardline first: `guardsh rules --format markdown`.
// TestREADMERules keeps the README equal to it.
func rulesMarkdown() string {
	var b strings.Builder
	b.WriteString("| id | tier | what it catches |\n|---|---|---|\n")
	for _, tier := range []rules.Tier{rules.Hardline, rules.Dangerous} {
		for _, r := range rules.All() {
			if r.Pack == "" && r.Tier == tier {
				fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.ID, r.Tier, strings.ReplaceAll(r.Title, "|", "\\|"))
			}
		}
	}
	return b.String()
}
