package programs

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// show renders a parse as "path | opts | operands | err" for table tests.
func show(words []string, p *Parsed) string {
	var opts []string
	for _, o := range p.Opts {
		s := o.Key
		if o.Neg {
			s = "no-" + s
		}
		if o.HasValue {
			s += "=" + o.Value
		}
		if o.Unknown {
			s += "?"
		}
		opts = append(opts, s)
	}
	var ops []string
	for _, i := range p.Operands {
		ops = append(ops, words[i])
	}
	out := strings.Join(p.Path, " ") + " | " + strings.Join(opts, " ") + " | " + strings.Join(ops, " ")
	var amb *ErrAmbiguous
	switch {
	case errors.As(p.Err, &amb):
		out += " | ambiguous"
	case p.Err != nil:
		out += " | error"
	case p.Refused != nil:
		out += " | refused"
	}
	return out
}

func TestParse(t *testing.T) {
	tests := []struct {
		prog, line, want string
		posix            bool
	}{
		// getopt_long: bundles, prefixes, permutation, --, values.
		{prog: "rm", line: "-rf /", want: " | recursive force | /"},
		{prog: "rm", line: "--recursi -f /", want: " | recursive force | /"},
		{prog: "rm", line: "--rec --for /", want: " | recursive force | /"},
		{prog: "rm", line: "--r /", want: " | recursive | /"},
		{prog: "rm", line: "/ -R", want: " | recursive | /"},
		{prog: "rm", line: "-r -- -f", want: " | recursive | -f"},
		{prog: "rm", line: "-- -rf /", want: " |  | -rf /"},
		{prog: "rm", line: "x -r", want: " |  | x -r", posix: true},
		{prog: "rm", line: "--p /", want: " | preserve-root | /"},
		{prog: "rm", line: "--no /", want: " | no-preserve-root | / | refused"}, // rm 9 refuses --no-preserve-root abbreviated
		{prog: "rm", line: "-rf --no-preserve-root /", want: " | recursive force no-preserve-root | /"},
		{prog: "chown", line: "--no x /", want: " |  |  | ambiguous"},
		{prog: "rm", line: "--preserve-root=all -r /", want: " | preserve-root=all recursive | /"},
		{prog: "rm", line: "--force=yes x", want: " |  |  | error"},
		{prog: "rm", line: "--interactive never x", want: " | interactive | never x"},
		{prog: "rm", line: "--bogus -r x", want: " | bogus? recursive | x"},
		{prog: "chgrp", line: "--recu staff /", want: " | recursive | staff /"},
		{prog: "chgrp", line: "--re staff /", want: " |  |  | ambiguous"},
		{prog: "chmod", line: "--qu -R 777 /", want: " | silent recursive | 777 /"},
		{prog: "chmod", line: "--reference x -R /", want: " | reference=x recursive | /"},
		{prog: "shred", line: "--remov /etc/x", want: " | remove | /etc/x"},
		{prog: "shred", line: "-n3 -uz f", want: " | iterations=3 u zero | f"},
		{prog: "shred", line: "-n 3 f", want: " | iterations=3 | f"},
		{prog: "shred", line: "-n", want: " |  |  | error"},
		// git: exact global options, then the subcommand's parse-options.
		{prog: "git", line: "-C x reset --hard", want: "reset | C=x hard | "},
		{prog: "git", line: "--git-dir=.git --no-pager reset --har", want: "reset | git-dir=.git no-pager hard | "},
		{prog: "git", line: "reset --ha", want: "reset | hard | "},
		{prog: "git", line: "reset --h", want: "reset | hard | "},
		{prog: "git", line: "reset --m", want: "reset |  |  | ambiguous"},
		{prog: "git", line: "reset HEAD~1 --hard", want: "reset | hard | HEAD~1"},
		{prog: "git", line: "push --forc", want: "push |  |  | ambiguous"},
		{prog: "git", line: "push --force", want: "push | force | "},
		{prog: "git", line: "push --force --no-force", want: "push | force no-force | "},
		{prog: "git", line: "push --no-verify", want: "push | no-verify | "},
		{prog: "git", line: "push --verify", want: "push | no-no-verify | "},
		{prog: "git", line: "push --mir origin", want: "push | mirror | origin"},
		{prog: "git", line: "push -uf origin x", want: "push | set-upstream force | origin x"},
		{prog: "git", line: "stash --includ", want: "stash push | include-untracked | "},
		{prog: "git", line: "stash -u", want: "stash push | include-untracked | "},
		{prog: "git", line: "stash drop stash@{1}", want: "stash drop |  | stash@{1}"},
		{prog: "git", line: "stash", want: "stash |  | "},
		{prog: "git", line: "clean -fdx", want: "clean | force d x | "},
		{prog: "git", line: "clean --for -d", want: "clean | force d | "},
		{prog: "git", line: "clean -d -x --fo", want: "clean | d x force | "},
		{prog: "git", line: "clean -ffd --no-f", want: "clean | force force d no-force | "},
		{prog: "git", line: "checkout -b x", want: "checkout | b=x | "},
		{prog: "git", line: "checkout HEAD -- src", want: "checkout |  | HEAD src"},
		{prog: "git", line: "restore --sta x", want: "restore | staged | x"},
		{prog: "git", line: "restore --s x", want: "restore |  |  | ambiguous"},
		{prog: "git", line: "worktree remove --force wt", want: "worktree remove | force | wt"},
		{prog: "git", line: "log --oneline", want: " |  | log --oneline"},
		{prog: "git", line: "-c core.pager=x log", want: " | c=core.pager=x | log"},
		{prog: "git", line: "--bogus reset --hard", want: "reset | bogus? hard | "},
		// Go's flag package: single dash, no bundles, stops at operands.
		{prog: "vault", line: "-address=https://v token revoke -mode path auth/", want: "token revoke | address=https://v mode=path | auth/"},
		{prog: "vault", line: "token revoke auth/ -mode path", want: "token revoke |  | auth/ -mode path"},
		// argparse (aws): global options anywhere and by prefix first, then
		// the operation's options by prefix; a prefix of two is an error.
		{prog: "aws", line: "--profile prod dynamodb delete-table --table-name t", want: "dynamodb delete-table | profile=prod table-name? | t"},
		{prog: "aws", line: "s3 ls", want: "s3 ls |  | "},
		{prog: "aws", line: "s3 rm s3://b/x --recur", want: "s3 rm | recursive | s3://b/x"},
		{prog: "aws", line: "s3 rm --rec --qu s3://b/x", want: "s3 rm | recursive query=s3://b/x | "}, // --qu is the global --query
		{prog: "aws", line: "s3 rm s3://b/x --re us-east-1", want: "s3 rm | region=us-east-1 | s3://b/x"},
		{prog: "aws", line: "s3 rm s3://b/x --r", want: "s3 rm |  | s3://b/x | error"},
		{prog: "aws", line: "s3 rm s3://b/x --prof=p --recursive", want: "s3 rm | profile=p recursive | s3://b/x"},
		{prog: "aws", line: "--recursive s3 rm s3://b/x", want: "s3 rm | recursive | s3://b/x"},
		{prog: "aws", line: "--recu s3 rm s3://b/x", want: "s3 rm | recursive | s3://b/x"},
		{prog: "aws", line: "s3 cp a s3://b --ex z", want: "s3 cp |  | a s3://b | ambiguous"},
		{prog: "aws", line: "s3 rm s3://b/x --rec --qui", want: "s3 rm | recursive quiet | s3://b/x"},
		{prog: "aws", line: "--no s3 ls", want: " |  |  | ambiguous"},
		{prog: "aws", line: "--no-ver s3 ls", want: "s3 ls | no-verify-ssl | "},
		{prog: "aws", line: "s3 rb s3://b --f", want: "s3 rb | force | s3://b"},
		{prog: "aws", line: "s3 rb s3://b --force=yes", want: "s3 rb |  | s3://b | error"},
		{prog: "aws", line: "s3 website s3://b --index-document i", want: "s3 website | index-document? | s3://b i"},
		{prog: "aws", line: "rds delete-db-instance --db-instance-identifier db --skip-final", want: "rds delete-db-instance | db-instance-identifier=db skip-final-snapshot | "},
		{prog: "aws", line: "rds delete-db-instance --db-instance-identifier db --no-skip", want: "rds delete-db-instance | db-instance-identifier=db no-skip-final-snapshot | "},
		{prog: "aws", line: "rds delete-db-instance --db-instance-identifier db --skip-final-snapshot=1", want: "rds delete-db-instance | db-instance-identifier=db |  | error"},
		{prog: "aws", line: "rds delete-db-instance --d x", want: "rds delete-db-instance | debug | x"}, // the global --debug first
		{prog: "aws", line: "rds delete-db-instance --db x", want: "rds delete-db-instance | db-instance-identifier=x | "},
		{prog: "aws", line: "rds describe-db-instances --db x", want: "rds describe-db-instances | db? | x"},
		{prog: "aws", line: "ec2 terminate-instances --instance-ids i-1 --dry", want: "ec2 terminate-instances | instance-ids=i-1 dry-run | "},
		{prog: "aws", line: "ec2 terminate-instances --instance-ids i-1 --no-d", want: "ec2 terminate-instances | instance-ids=i-1 no-dry-run | "},
		// az: argparse too, but its list is the union of many commands'
		// options: a prefix of two of them is not taken as the error.
		{prog: "az", line: "deployment group create --mod Complete", want: " | mode=Complete | deployment group create"},
		{prog: "az", line: "group delete --s x", want: " | s? | group delete x"},
		{prog: "az", line: "group delete -n prod -y", want: " | name=prod yes | group delete"},
		{prog: "kubectl", line: "-n prod delete ns x", want: "delete | namespace=prod | ns x"},
		// pflag: -f=- and -f- give -f the value "-"; a plugin or an unlisted
		// verb leaves the rest read as options and operands.
		{prog: "kubectl", line: "delete -f=- --dry-run=client", want: "delete | filename=- dry-run=client | "},
		{prog: "kubectl", line: "delete -f- -A", want: "delete | filename=- all-namespaces | "},
		{prog: "kubectl", line: "--context prod neat get -n x pods --all", want: " | context=prod namespace=x all? | neat get pods"},
		{prog: "kubectl", line: "--cache-dir --dry-run=client delete ns x", want: "delete | cache-dir=--dry-run=client | ns x"},
		{prog: "docker", line: "-H ssh://h run --rm alpine rm -f /x", want: "run | host=ssh://h rm? | alpine rm -f /x"},
		{prog: "docker", line: "compose -f x.yml -p p down -v", want: "compose down | file=x.yml project-name=p volumes | "},
		{prog: "docker", line: "compose rm -fsv", want: "compose rm | force stop volumes | "},
		{prog: "gpg", line: "--batch --delete-secret-k K", want: " | batch delete-secret-keys | K"},
		{prog: "gpg", line: "--delete-sec K", want: " |  |  | ambiguous"},
		{prog: "pass", line: "rm --rec x", want: "rm | recursive | x"},
		{prog: "gsutil", line: "-m -o x=y rm -r gs://b", want: "rm | m o=x=y r | gs://b"},
	}
	for _, tt := range tests {
		g := Lookup(tt.prog)
		if g == nil {
			t.Fatalf("no grammar for %s", tt.prog)
		}
		words := strings.Fields(tt.line)
		got := show(words, g.Parse(words, Env{PosixlyCorrect: tt.posix}))
		if got != tt.want {
			t.Errorf("%s %s:\n got  %q\n want %q", tt.prog, tt.line, got, tt.want)
		}
	}
}

// TestTable compiles every grammar of the table, with every subcommand.
func TestTable(t *testing.T) {
	var walk func(s *Spec, up *Grammar)
	walk = func(s *Spec, up *Grammar) {
		g, err := s.compile(up)
		if err != nil {
			t.Error(err)
			return
		}
		// Subs and Leaves, each once.
		done := map[*Spec]bool{}
		for _, sub := range g.subs {
			if !done[sub] {
				done[sub] = true
				walk(sub, g)
			}
		}
	}
	seen := map[string]bool{}
	for _, s := range specs() {
		for _, n := range append([]string{s.Name}, s.Aliases...) {
			if seen[n] {
				t.Errorf("program %s listed twice", n)
			}
			seen[n] = true
		}
		walk(s, nil)
	}
	names := Known()
	sort.Strings(names)
	t.Log(fmt.Sprintf("%d programs: %s", len(names), strings.Join(names, " ")))
}

// TestPacks checks every built-in pack entry: a unique kebab-case id, a
// title and reason, patterns that compile, and examples both ways (package
// rules runs the examples through the whole engine).
func TestPacks(t *testing.T) {
	seen := map[string]bool{}
	n := 0
	for _, p := range Packs() {
		if p.Name == "" || p.Title == "" || len(p.Entries) == 0 {
			t.Errorf("pack %q: needs a name, a title and entries", p.Name)
		}
		for _, e := range p.Entries {
			n++
			if seen[e.ID] || e.ID == "" || strings.ToLower(e.ID) != e.ID || strings.ContainsAny(e.ID, " _") {
				t.Errorf("%s: id %q is empty, not kebab-case or used twice", p.Name, e.ID)
			}
			seen[e.ID] = true
			if e.Title == "" || e.Reason == "" || len(e.When) == 0 || len(e.Match) == 0 || len(e.NoMatch) == 0 {
				t.Errorf("%s: needs a title, a reason, patterns and examples both ways", e.ID)
			}
			if _, err := e.Patterns(); err != nil {
				t.Error(err)
			}
		}
	}
	t.Logf("%d packs, %d entries", len(Packs()), n)
}

func TestPatternErrors(t *testing.T) {
	for _, s := range []string{"", "git !reset", "git --hard reset", "git --x=", "git @", "git $", "git --"} {
		if _, err := ParsePattern(s); err == nil {
			t.Errorf("ParsePattern(%q): no error", s)
		}
	}
}

func TestGlob(t *testing.T) {
	for _, tt := range []struct {
		pat, s string
		want   bool
	}{{"delete-*", "delete-table", true}, {"delete-*", "describe", false}, {"*:9200*", "http://x:9200/i", true}, {"*", "", true},
		{"a*b*c", "aXbYc", true}, {"a*b*c", "aXc", false}, {"DELETE", "delete", true},
		// misses6: \* is a star itself.
		{`\*`, "*", true}, {`\*`, "x", false}, {`\*`, "**", false}, {`.\*`, ".*", true}, {`.\*`, ".x", false}, {`*\*`, "a*", true}, {`*\*`, "ab", false},
		{`\**`, "*abc", true}, {`\**`, "abc", false}, {`a\*b*`, "A*Bcd", true}} {
		if got := glob(tt.pat, tt.s); got != tt.want {
			t.Errorf("glob(%q, %q) = %v", tt.pat, tt.s, got)
		}
	}
}

func TestHasFalse(t *testing.T) {
	for _, tt := range []struct {
		prog, line string
		want       bool
	}{
		{"kubectl", "delete ns x --all=false", false},
		{"kubectl", "delete ns x --all", true},
		{"vault", "secrets disable -force=false kv", false},
		{"aws", "s3 rb s3://b --force=false", false},
		{"aws", "s3 rb s3://b --force", true},
	} {
		words := strings.Fields(tt.line)
		p := Lookup(tt.prog).Parse(words, Env{})
		if got := p.Has("all", "force"); got != tt.want {
			t.Errorf("%s %s: Has = %v", tt.prog, tt.line, got)
		}
	}
}
