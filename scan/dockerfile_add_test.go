package scan

import "testing"

// TestDockerfileAddURL: ADD of a remote source is read as the download it
// is (curl -fsSLo DEST URL, and its --chmod); a --checksum, a git URL and
// a local source are not downloads.
func TestDockerfileAddURL(t *testing.T) {
	for _, tc := range []struct {
		text, want string // want: the snippet's text, "" for none
		line       int
	}{
		{"FROM x\nADD https://x.org/tool /usr/local/bin/tool\n", "curl -fsSLo /usr/local/bin/tool https://x.org/tool", 2},
		{"FROM x\nADD --link --chmod=0755 https://raw.githubusercontent.com/${F}/PADD/${B}/padd.sh /usr/local/bin/padd\n",
			"curl -fsSLo /usr/local/bin/padd 'https://raw.githubusercontent.com/${F}/PADD/${B}/padd.sh' && chmod 0755 -- /usr/local/bin/padd", 2},
		{"FROM x\nADD --chmod=755 https://x.org/a.sh?raw=1 /usr/local/bin/\n", "curl -fsSLo /usr/local/bin/a.sh 'https://x.org/a.sh?raw=1' && chmod 755 -- /usr/local/bin/a.sh", 2},
		{"FROM x\nADD [\"https://x.org/t\", \"/opt/bin/t\"]\n", "curl -fsSLo /opt/bin/t https://x.org/t", 2},
		{"FROM x\nadd https://x.org/t /opt/bin/t\n", "curl -fsSLo /opt/bin/t https://x.org/t", 2},
		{"FROM x\nADD \\\n  https://x.org/t \\\n  /opt/bin/t\n", "curl -fsSLo /opt/bin/t https://x.org/t", 3},
		{"FROM x\nADD --checksum=sha256:24454f830cdb571e2c4ad15481119c43b3cafd48dd869a9b2945d1036d1dc68d https://x.org/t /usr/local/bin/t\n", "", 0},
		{"FROM x\nADD https://github.com/moby/buildkit.git#v0.10.1 /buildkit\n", "", 0},
		{"FROM x\nADD git@github.com:x/y.git /src\n", "", 0},
		{"FROM x\nADD local.tar.gz /opt/\n", "", 0},
	} {
		got := Dockerfile(tc.text)
		switch {
		case tc.want == "" && len(got) != 0:
			t.Errorf("%q: %d snippets (%q), want none", tc.text, len(got), got[0].Text)
		case tc.want != "" && len(got) != 1:
			t.Errorf("%q: %d snippets, want 1", tc.text, len(got))
		case tc.want != "":
			if got[0].Text != tc.want || !got[0].Image {
				t.Errorf("%q: snippet %q (image %v), want %q", tc.text, got[0].Text, got[0].Image, tc.want)
			}
			if l, _ := got[0].Pos(0); l != tc.line {
				t.Errorf("%q: line %d, want %d", tc.text, l, tc.line)
			}
		}
	}
}
