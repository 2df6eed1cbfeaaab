package parse

import "testing"

// TestQuietColour: in a script file, colour escapes inside quoted text are
// data; any other escape, one outside quotes or in code, and any escape
// at a prompt are still issues.
func TestQuietColour(t *testing.T) {
	const e = "\x1b"
	tests := []struct {
		src   string
		file  bool
		issue bool
	}{
		{`echo "` + e + `[1;32m  done ` + e + `[0m"`, true, false},
		{`RED="` + e + `[1;31m"; NC="` + e + `[0m"`, true, false},
		{`printf '` + e + `[38;5;8mgrey` + e + `[0m\n'`, true, false},
		{`printf '` + e + `[38;2;1;8;3mrgb` + e + `[m'`, true, false},
		{`echo "` + e + `[1;32m  done"; rm -rf ~`, true, false},
		{`echo "` + e + `[1;32m  done ` + e + `[0m"`, false, true},                // at a prompt
		{`echo "` + e + `[8m"; echo hidden`, true, true},                          // concealed
		{`echo "` + e + `[30;40mhidden` + e + `[0m"`, true, true},                 // black on black
		{`echo "` + e + `[38;5;16;48;5;16mhidden` + e + `[0m"`, true, true},       // the same by index
		{`echo "` + e + `[38;2;1;2;3;48;2;1;2;3mhidden` + e + `[0m"`, true, true}, // the same by value
		{`echo "` + e + `[97;107mhidden` + e + `[0m"`, true, true},                // bright white on bright white
		{`echo "` + e + `[30;47m  inverse ` + e + `[0m"`, true, false},            // black on white
		{`echo "` + e + `[1;37;44m  banner ` + e + `[0m"`, true, false},
		{`echo "` + e + `[2K` + e + `[1A"`, true, true},      // erase, cursor up
		{`echo "` + e + `]0;title` + "\a" + `"`, true, true}, // OSC
		{`ls ` + e + `[31mred`, true, true},                  // outside quotes
		{`echo "$(echo ` + e + `[31m)"`, true, true},         // in code
		{`echo "` + e + `[31m" ` + e + `[0m`, true, true},    // one of the run outside
		{"echo \"\x00" + e + `[31m"`, true, true},            // a NUL too
		{`echo "` + e + `[31m`, true, true},                  // does not parse
		{"echo \"\u0085" + e + `[31m"`, true, true},          // an 8-bit control too
	}
	for _, tt := range tests {
		r := Commands(tt.src, Options{File: tt.file})
		got := false
		for _, is := range r.Issues {
			if is.Kind == IssueEscape {
				got = true
			}
		}
		if got != tt.issue {
			t.Errorf("Commands(%q, File: %v): escape issue %v, want %v", tt.src, tt.file, got, tt.issue)
		}
	}
	// What the colours surround is still analysed.
	r := Commands(`echo "`+e+`[1;32m  done"; rm -rf ~`, Options{File: true})
	if len(r.Commands) != 2 || r.Commands[1].Name() != "rm" {
		t.Errorf("commands = %v", r.Commands)
	}
}

// TestRedteam4Colour: concealing colours written with colons, split over
// two sequences or nearly equal, stay findings; ordinary banners stay quiet.
func TestRedteam4Colour(t *testing.T) {
	for _, tc := range []struct {
		seqs    []string
		conceal bool
	}{
		{[]string{"\x1b[38:5:0;48:5:0m"}, true},
		{[]string{"\x1b[30m", "\x1b[40m"}, true},
		{[]string{"\x1b[38;5;16;48;5;0m"}, true},
		{[]string{"\x1b[38;2;0;0;0;48;5;16m"}, true},
		{[]string{"\x1b[38;5;232m", "\x1b[48;5;16m"}, true},
		{[]string{"\x1b[38:2::1:1:1m", "\x1b[48:2::0:0:0m"}, true},
		{[]string{"\x1b[30m", "\x1b[0m", "\x1b[40m"}, false},
		{[]string{"\x1b[30;47m"}, false},
		{[]string{"\x1b[1;32m", "\x1b[0m"}, false},
		{[]string{"\x1b[97;41m"}, false},
		{[]string{"\x1b[38;5;236;48;5;234m"}, false},
		{[]string{"\x1b[30m", "\x1b[39m", "\x1b[40m"}, false},
	} {
		var st sgrState
		got := false
		for _, s := range tc.seqs {
			got = st.conceals(s) || got
		}
		if got != tc.conceal {
			t.Errorf("%q: conceals %v, want %v", tc.seqs, got, tc.conceal)
		}
	}
}
