package rules

import (
	"slices"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// findNarrowMatch and findNarrowNoMatch are the examples of the narrowing:
// find-delete-root must not match the first and must match the second
// (TestFindNarrowed).
var (
	findNarrowMatch = []string{
		"find /run /var/run -iname 'docker*.pid' -delete",
		"find / -name 'docker*.pid' -delete",
		"find /var/run -name docker.pid -delete",
		"find /usr -name 'mytool*.pyc' -delete",
		"find / -type f -name 'app-*.log' -exec rm -f {} +",
		"find / -type f -name 'app-*.log' -exec rm -rf {} +",
		"find ~ -path '*/myapp*.tmp' -delete",
		"find /var/run -name 'docker*.pid' -print0 | xargs -0 rm -f",
		"find /var/log -name 'myapp*.log' -mtime +7 -delete",
	}
	findNarrowNoMatch = []string{
		"find / -delete",
		"find /usr -delete",
		"find / -name '*' -delete",
		"find / -iname '*' -delete",
		"find / -mindepth 1 -delete",
		"find / -name '*.pid' -delete",
		"find / -name '*.log' -delete",
		"find / -name '*.o' -delete",
		"find /usr -name '*.so*' -delete",
		"find /usr -name 'lib*' -delete",
		"find / -name passwd -delete",
		"find / -name 'docker*.pid' -o -true -delete",
		"find / -name 'docker*.pid' -or -name '*' -delete",
		"find / -name 'docker*.pid' , -delete",
		"find / ! -name 'docker*.pid' -delete",
		"find / -not -name 'docker*.pid' -delete",
		"find / \\( -name 'docker*.pid' -o -true \\) -delete",
		"find / -delete -name 'docker*.pid'",
		"find / -name 'docker*.pid*' -delete",
		"find / -name 'docker*.lock' -delete",
		"find / -name 'docker*.sock' -delete",
		"find / -name '*docker*.pid' -delete",
		"find / -path '*docker*.pid' -delete",
		"find / -name 'docker*.pid' -exec rm -rf {} +",
		"find / -name \"$pat\" -delete",
		"find / -regex '.*docker.*\\.pid' -delete",
		"find / -name 'docker*.pid' -print0 | xargs -0 rm -rf",
		"find / -name 'docker*[.]pid' -delete",
		"find / -name 'node_modules' -exec rm -rf {} +",
	}
)

// firstFind returns the first find of a line.
func firstFind(line string) *parse.Command {
	for _, c := range parse.Commands(line, parse.Options{}).Commands {
		if c.Name() == "find" {
			return c
		}
	}
	return nil
}

// TestFindNarrowed runs the narrowing's examples: a find that first
// selects one program's leftovers is find-delete (it asks), not the
// hardline find-delete-root; every other find that deletes from / stays
// hardline.
func TestFindNarrowed(t *testing.T) {
	for _, line := range findNarrowMatch {
		got := ids(line)
		if slices.Contains(got, "find-delete-root") {
			t.Errorf("%q: find-delete-root, want only find-delete (%v)", line, got)
		}
		if !slices.Contains(got, "find-delete") && !slices.Contains(got, "xargs-rm") && !findRuntimeLeftovers(firstFind(line)) {
			t.Errorf("%q: neither find-delete nor xargs-rm (%v)", line, got)
		}
	}
	for _, line := range findNarrowNoMatch {
		if got := ids(line); !slices.Contains(got, "find-delete-root") {
			t.Errorf("%q: not find-delete-root (%v)", line, got)
		}
	}
	for _, l := range leftovers {
		if l.Suffix == "" || l.Suffix[0] != '.' || l.Why == "" {
			t.Errorf("leftover %+v: a suffix starts with a dot and says why", l)
		}
	}
}

// fileIDs returns the rules reported for a script file.
func fileIDs(script string) []string {
	var out []string
	for _, f := range Match(parse.Commands(script, parse.Options{File: true}), nil) {
		out = append(out, f.Rule)
	}
	return out
}

// TestPasswordLiteral runs password-literal's examples in a script file,
// and checks that at a prompt it is quiet (setting the password one has
// just chosen) while privilege-grant keeps its readings there.
func TestPasswordLiteral(t *testing.T) {
	r := passwordLiteral
	for _, line := range r.Match {
		if got := fileIDs("#!/bin/sh\n" + line + "\n"); !slices.Contains(got, r.ID) {
			t.Errorf("%q: want %s in a script, got %v", line, r.ID, got)
		}
		if got := ids(line); slices.Contains(got, r.ID) {
			t.Errorf("%q: %s at a prompt (%v)", line, r.ID, got)
		}
	}
	for _, line := range r.NoMatch {
		if got := fileIDs("#!/bin/sh\n" + line + "\n"); slices.Contains(got, r.ID) {
			t.Errorf("%q: must not match %s in a script (got %v)", line, r.ID, got)
		}
	}
	for _, tc := range []struct {
		script string
		want   []string
	}{
		// The held-out set's two images.
		{"echo 'seluser:secret' | chpasswd", []string{"password-literal"}},
		{"echo \"git:$(dd if=/dev/urandom bs=24 count=1 status=none | base64)\" | chpasswd", nil},
		// A root password written down: one finding, privilege-grant's.
		{"echo 'root:x' | chpasswd", []string{"privilege-grant"}},
		// Not known: either could be it.
		{"echo \"${USERNAME}:${NEW_PASSWORD}\" | chpasswd", []string{"privilege-grant"}},
		// A random source mixed with a variable is not random.
		{"echo \"$u:$(openssl rand -hex 8)$suffix\" | chpasswd", []string{"privilege-grant"}},
		// $RANDOM is not a secret.
		{"echo \"u:$(echo $RANDOM)\" | chpasswd", []string{"privilege-grant"}},
		// The pipe is replaced by a file.
		{"echo \"u:$(openssl rand -hex 8)\" | chpasswd < /etc/pw.txt", []string{"privilege-grant"}},
	} {
		got := fileIDs("#!/bin/sh\n" + tc.script + "\n")
		var pw []string
		for _, id := range got {
			if id == "password-literal" || id == "privilege-grant" {
				pw = append(pw, id)
			}
		}
		if !slices.Equal(pw, tc.want) {
			t.Errorf("%q: %v, want %v (all: %v)", tc.script, pw, tc.want, got)
		}
	}
}
