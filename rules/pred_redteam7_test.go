package rules

import (
	"slices"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// TestMaintSystemNames: a maintainer script of a package named like a
// system directory or a base program gets no own-package contract
// (maintSystemName): each was quiet before.
func TestMaintSystemNames(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
		removal          bool
	}{
		{"ssl", "rm -rf /etc/ssl", "rm-recursive", true},
		{"cron.d", "rm -rf /etc/cron.d", "rm-recursive", true},
		{"env", "ln -sf /usr/lib/env/evil /usr/bin/env", "system-config-write", false},
		{"ls", "ln -sf /usr/lib/ls/evil /usr/bin/ls", "system-config-write", false},
		{"python3", "ln -sf /usr/lib/python3/x /usr/bin/python3", "system-config-write", false},
		{"git", "ln -sf /usr/lib/git/x /usr/bin/git", "system-config-write", false},
		{"init.d", "cp -f /tmp/x /etc/init.d/init.d", "system-config-write", false},
	} {
		pk := &parse.Package{Names: []string{tc.name}, Removal: tc.removal, How: "debian/" + tc.name + ".postinst"}
		fs := maintFindings(tc.text, pk)
		if !slices.ContainsFunc(fs, func(f Finding) bool { return f.Rule == tc.want }) {
			t.Errorf("package %s: %q: %s not reported: %v", tc.name, tc.text, tc.want, fs)
		}
	}
	// A package of its own name keeps the contract.
	if fs := maintFindings("ln -sf /usr/lib/jellyfin/jellyfin /usr/bin/jellyfin", &parse.Package{Names: []string{"jellyfin"}}); len(fs) != 0 {
		t.Errorf("jellyfin's own link reported: %v", fs)
	}
}

// TestAnyMatch: a comparison any sum passes is no check.
func TestAnyMatch(t *testing.T) {
	for _, tc := range []struct {
		cmd string
		any bool
	}{
		{`grep -q .`, true},
		{`grep -q ""`, true},
		{`grep -q "$SUM"`, false},
		{`grep -q 0123456789abcdef0123456789abcdef`, false},
		{`grep -e x -q`, true},
		{`grep -qf sums.txt`, false},
		{`cut -d' ' -f1`, false},
	} {
		res := parse.Commands(tc.cmd, parse.Options{})
		if len(res.Commands) == 0 {
			t.Fatalf("%s: no command", tc.cmd)
		}
		if got := anyMatch(res.Commands[0]); got != tc.any {
			t.Errorf("anyMatch(%s) = %v, want %v", tc.cmd, got, tc.any)
		}
	}
}
