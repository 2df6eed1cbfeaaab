package check

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestDownloadAcrossFunctions checks, as a CI file scan does (Script), a
// download in one function that another function runs (issue 12), with the
// path in a variable, and the look-alikes that must stay quiet: another
// path, the variable assigned again, a positional parameter, a file only
// read. Each case is a real-shaped script file.
func TestDownloadAcrossFunctions(t *testing.T) {
	tests := []struct {
		name string
		file string
		want string // a rule that must be reported at a line, as "LINE:RULE"; "" for none of remote-code
	}{
		{"path in a variable, two functions",
			"#!/bin/sh\nset -e\ndownload() {\n\twget -qO \"$TMP/get.sh\" https://get.example.com/\n}\nrun_it() {\n\tbash \"$TMP/get.sh\"\n}\ndownload\nrun_it\n", "7:remote-code"},
		{"arguments with a variable in them",
			"#!/bin/sh\nfetch() { curl -fsSL -o \"$2\" \"$1\"; }\nrun() { sh \"$1\"; }\nfetch \"$URL\" \"$work/install.sh\"\nrun \"$work/install.sh\"\n", "3:remote-code"},
		{"the file run as a command after chmod",
			"#!/bin/bash\nfetch() {\n  curl -fsSL https://x.example/get.sh > \"$dest\"\n}\ninstall() {\n  chmod +x \"$dest\"\n  \"$dest\" --yes\n}\nfetch\ninstall\n", "7:remote-code"},
		{"curl --output=PATH, sourced", "#!/bin/sh\nget() { curl -fsSL --output=\"$d/env.sh\" https://x.example/e; }\nget\n. \"$d/env.sh\"\n", "4:remote-code"},
		{"static path, two functions", "#!/bin/sh\nfetch() { curl -fsSL https://x.example/i.sh -o /tmp/i.sh; }\nrun() { sh /tmp/i.sh; }\nfetch\nrun\n", "3:remote-code"},

		{"another file is run", "#!/bin/sh\ncurl -fsSL https://x.example/get.sh -o \"$TMP/get.sh\"\nbash \"$TMP/other.sh\"\n", ""},
		{"the variable is assigned again", "#!/bin/sh\ncurl -fsSL https://x.example/get.sh -o \"$TMP/get.sh\"\nTMP=/opt/kit\nbash \"$TMP/get.sh\"\n", ""},
		{"the download is only read", "#!/bin/sh\ncurl -fsSL https://x.example/sums -o \"$TMP/sums\"\nsha256sum -c \"$TMP/sums\"\n", ""},
		{"different arguments", "#!/bin/sh\nfetch() { curl -fsSL -o \"$2\" \"$1\"; }\nrun() { sh \"$1\"; }\nfetch \"$URL\" \"$work/a.sh\"\nrun \"$work/b.sh\"\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Unfolded: remote-code itself, not download-run standing
			// for it (rules/dupes.go); the folded result names it.
			r := Script(context.Background(), "f.sh", tt.file, Options{Script: true, Unfolded: true})
			if folded := Script(context.Background(), "f.sh", tt.file, Options{Script: true}); tt.want != "" && !reportedAt(folded, tt.want) {
				t.Errorf("folded: %s neither reported nor named: %+v", tt.want, folded.Findings)
			}
			var got []string
			for _, f := range r.Findings {
				got = append(got, fmt.Sprintf("%d:%s", f.Line, f.Rule))
			}
			if tt.want != "" && !slices.Contains(got, tt.want) {
				t.Errorf("findings %v, want %s", got, tt.want)
			}
			if tt.want == "" {
				for _, f := range r.Findings {
					if f.Rule == "remote-code" {
						t.Errorf("remote-code reported: %v", got)
					}
				}
			}
		})
	}
}

// TestScriptOwnDir checks that a script's cd to its own directory (or its
// project up to two levels above) keeps build outputs deleted there
// regenerable in a file scan, while the same line at a prompt, where $0 is
// the shell, still asks, and so do other directories.
func TestScriptOwnDir(t *testing.T) {
	for _, tt := range []struct {
		text       string
		fileQuiet  bool
		promptAsks bool
	}{
		{"#!/bin/sh\ncd \"$(dirname \"$0\")/..\"\nrm -rf dist build\n", true, true},
		{"#!/bin/bash\ncd \"$( dirname \"${BASH_SOURCE[0]}\" )\"\nrm -rf ./_test_cache node_modules\n", true, true},
		{"#!/bin/sh\ncd \"$(dirname \"$0\")/../../..\"\nrm -rf build\n", false, true},
		{"#!/bin/sh\ncd \"$(dirname \"$0\")/../other\"\nrm -rf build\n", false, true},
		{"#!/bin/sh\ncd \"$1\"\nrm -rf build\n", false, true},
		{"#!/bin/sh\ncd \"$(dirname \"$0\")\"\nrm -rf src\n", false, true},
	} {
		r := Script(context.Background(), "f.sh", tt.text, Options{Script: true})
		if quiet := len(r.Findings) == 0; quiet != tt.fileQuiet {
			t.Errorf("file %q: findings %v, want quiet=%v", tt.text, r.Findings, tt.fileQuiet)
		}
		if l := Line(context.Background(), tt.text, Options{}); (l.Verdict != Allow) != tt.promptAsks {
			t.Errorf("prompt %q: verdict %v", tt.text, l.Verdict)
		}
	}
}

// reportedAt reports whether "LINE:RULE" is a finding of r, or named in
// the reason of the finding that stands for it (rules/dupes.go).
func reportedAt(r *Result, want string) bool {
	line, rule, _ := strings.Cut(want, ":")
	for _, f := range r.Findings {
		l := strconv.Itoa(f.Line)
		if f.Rule == rule && l == line {
			return true
		}
		if strings.Contains(f.Reason, "also stands for ") && (strings.Contains(f.Reason, rule+" at line "+line+" (") || l == line && strings.Contains(f.Reason, rule+" (")) {
			return true
		}
	}
	return false
}
