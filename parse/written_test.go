package parse

import "testing"

func TestWritten(t *testing.T) {
	for _, tc := range []struct {
		src  string
		file bool
		want bool // the last rm's last operand is Written
	}{
		{"echo x > /etc/pg/.marker\nrm -f /etc/pg/.marker", true, true},
		{"cleanup() { rm -f /etc/pg/$v/.marker; }\ntrap cleanup 0\necho x > /etc/pg/$v/.marker", true, true},
		{"trap 'rm -f $d/x.tmp' 0\nprint x > $d/x.tmp", true, true},
		{"echo x >| ~/.cache/x\nrm ~/.cache/x", true, true},
		// not the script's own
		{"echo x > /etc/pg/.marker\nrm -f /etc/pg/.marker", false, false},
		{"echo x >> /etc/pg/.marker\nrm -f /etc/pg/.marker", true, false},
		{"echo x > /etc/pg/.marker\nrm -rf /etc/pg/.marker", true, false},
		{"echo x > /etc/pg/.marker\nrm -f -R /etc/pg/.marker", true, false},
		{"echo x > /etc/pg/.marker\nrm --recur -f /etc/pg/.marker", true, false},
		{"echo x > /etc/pg/.marker\nrm $opt /etc/pg/.marker", true, false},
		{"echo x > /etc/pg/.marker\nrm -f /etc/pg/*", true, false},
		{"echo x > /etc/pg/.marker\nrm -f /etc/pg", true, false},
		{"echo x > /etc/pg/.marker\nrm -f /etc/pg/.marker2", true, false},
		{"echo x > marker\ncd /etc\nrm -f marker", true, false},
		{"cd /etc\necho x > /tmp/m\nrm -f m", true, false},
		{"echo x > /dev/null\nrm -f /dev/null", true, false},
		{"d=/a; echo x > $d/m\nd=/etc; rm -f $d/m", true, false},
	} {
		res := Commands(tc.src, Options{File: tc.file})
		got := false
		for _, c := range res.Commands {
			if c.Name() == "rm" {
				// The first reading: rm $opt X is also read as rm X
				// (emptyWords), which may be the script's own.
				got = c.Args[len(c.Args)-1].Written
				break
			}
		}
		if got != tc.want {
			t.Errorf("%q (file %v): Written %v, want %v", tc.src, tc.file, got, tc.want)
		}
	}
}
