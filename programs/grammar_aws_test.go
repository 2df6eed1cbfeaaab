package programs

import (
	"bufio"
	"errors"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// awsResolve is a Python program that asks the installed aws CLI's own
// argparse parsers how they read one option word: the main parser first
// (its global options), then the operation's parser. It reads lines
// "SERVICE OP WORD" and prints "--NAME", "unknown" or "ambiguous". It only
// builds the parsers; nothing is sent anywhere.
const awsResolve = `
import sys
from awscli.clidriver import create_clidriver
from awscli.argparser import ArgTableArgParser
d = create_clidriver()
ct = d._get_command_table()
main = d._create_parser(ct)
def look(p, w):
    try:
        r = p._parse_optional(w)
    except SystemExit:
        return "ambiguous"  # v1's parsers print the error and exit 2
    except Exception as e:
        return "ambiguous" if "ambiguous" in str(e) else "error"
    if r is None or r[0] is None:
        return None
    return r[0].option_strings[0] if len(r[0].option_strings) == 1 else [s for s in r[0].option_strings if w.split("=")[0] and s.startswith(w.split("=")[0])][0]
for line in sys.stdin:
    svc, op, w = line.split()
    r = look(main, w)
    if r is None:
        c = ct[svc]
        sub = c.subcommand_table if hasattr(c, "subcommand_table") else c._get_command_table()
        r = look(ArgTableArgParser(sub[op].arg_table), w) or "unknown"
    print(r, flush=True)
`

// v2Only reports an option word that is a prefix of a global option only
// aws CLI v2 has: the table lists v1's and v2's global options together,
// the installed CLI may be v1.
func v2Only(w string) bool {
	for _, o := range []string{"--cli-binary-format", "--no-cli-pager", "--cli-auto-prompt", "--no-cli-auto-prompt"} {
		if strings.HasPrefix(o, w) && len(w) >= len("--no-c") || strings.HasPrefix(o, w) && strings.HasPrefix(w, "--cli-") {
			return true
		}
	}
	return false
}

// TestDiffAwsArgparse compares the Argparse grammar of every aws operation
// in the table with the installed aws CLI's parsers: every prefix of every
// long option of the operation and of the global options.
func TestDiffAwsArgparse(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	if exec.Command(py, "-c", "import awscli").Run() != nil {
		t.Skip("the aws CLI (awscli) is not installed for python3")
	}
	aws := Lookup("aws")
	var lines []string
	ops := 0
	var spec *Spec
	for _, s := range cloudTable {
		if s.Name == "aws" {
			spec = s
		}
	}
	for _, svc := range spec.Subs {
		sg, _ := svc.compile(aws)
		for _, op := range svc.Subs {
			ops++
			og, err := op.compile(sg)
			if err != nil {
				t.Fatal(err)
			}
			words := map[string]bool{}
			for _, g := range []*Grammar{aws, og} {
				for _, o := range g.opts {
					for _, l := range o.long {
						for i := 1; i <= len(l); i++ {
							words["--"+l[:i]] = true
						}
					}
				}
			}
			var ws []string
			for w := range words {
				ws = append(ws, w)
			}
			sort.Strings(ws)
			for _, w := range ws {
				if v2Only(w) {
					continue
				}
				lines = append(lines, svc.Name+" "+op.Name+" "+w)
			}
		}
	}
	cmd := exec.Command(py, "-c", awsResolve)
	cmd.Env = append(cmd.Environ(), "AWS_CONFIG_FILE=/dev/null", "AWS_SHARED_CREDENTIALS_FILE=/dev/null")
	cmd.Stderr = nil
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	n, diff := 0, 0
	for _, line := range lines {
		if !sc.Scan() {
			t.Fatalf("python3 stopped at %q", line)
		}
		real := sc.Text()
		f := strings.Fields(line)
		words := []string{f[0], f[1], f[2], "v"}
		p := aws.Parse(words, Env{})
		got := "unknown"
		var amb *ErrAmbiguous
		switch {
		case errors.As(p.Err, &amb):
			got = "ambiguous"
		case p.Err != nil:
			got = "error"
		default:
			for _, o := range p.Opts {
				if o.Index == 2 && !o.Unknown {
					got = "--" + o.Spelled
				}
			}
		}
		n++
		if got != real {
			diff++
			t.Errorf("aws %s: the aws CLI reads %s, the grammar %s", line, real, got)
		}
	}
	t.Logf("%d option words of %d aws operations compared with the installed aws CLI, %d differ", n, ops, diff)
}
