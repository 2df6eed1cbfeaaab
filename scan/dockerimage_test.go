package scan

import "testing"

// TestDockerfileImage: every RUN is an image step, whatever its form,
// unless a flag gives it the host's privileges or devices; such a flag is
// located in the file.
func TestDockerfileImage(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		image      []bool
		flags      []string
		line, col  int // of the first flag
	}{
		{"plain", "FROM x\nRUN rm -rf /opt/x\n", []bool{true}, nil, 0, 0},
		{"mounts and network", "FROM x\nRUN --mount=type=cache,target=/root/.cache --mount=type=bind,rw,target=/src --network=host rm -rf /src/x\n", []bool{true}, nil, 0, 0},
		{"ssh mount", "FROM x\nRUN --mount=type=ssh ssh host 'rm -rf /srv'\n", []bool{true}, nil, 0, 0},
		{"exec form", "FROM x\nRUN [\"sh\", \"-c\", \"rm -rf /opt/x\"]\n", []bool{true}, nil, 0, 0},
		{"heredoc", "FROM x\nRUN <<EOF\nrm -rf /opt/x\nEOF\n", []bool{true}, nil, 0, 0},
		{"onbuild", "FROM x\nONBUILD RUN rm -rf /opt/x\n", []bool{true}, nil, 0, 0},
		{"sandbox", "FROM x\nRUN --security=sandbox rm -rf /opt/x\n", []bool{true}, nil, 0, 0},
		{"insecure", "FROM x\nRUN --security=insecure rm -rf /mnt/x\n", []bool{false}, []string{"--security=insecure"}, 2, 5},
		{"insecure after a mount", "FROM x\nRUN --mount=type=cache,target=/c \\\n  --security=insecure mkfs.ext4 /dev/sdb1\n", []bool{false}, []string{"--security=insecure"}, 3, 3},
		{"insecure, upper case", "FROM x\nRUN --security=INSECURE true\n", []bool{false}, []string{"--security=INSECURE"}, 2, 5},
		{"insecure exec form", "FROM x\nRUN --security=insecure [\"rm\", \"-rf\", \"/mnt/x\"]\n", []bool{false}, []string{"--security=insecure"}, 2, 5},
		{"insecure heredoc", "FROM x\nRUN --security=insecure <<EOF\nrm -rf /mnt/x\nEOF\n", []bool{false}, []string{"--security=insecure"}, 2, 5},
		{"device", "FROM x\nRUN --device=nvidia.com/gpu=all nvidia-smi\n", []bool{false}, []string{"--device=nvidia.com/gpu=all"}, 2, 5},
		{"powershell", "FROM x\nSHELL [\"powershell\", \"-Command\"]\nRUN Remove-Item -Recurse C:\\x\n", []bool{true}, nil, 0, 0},
		{"two steps", "FROM x\nRUN --security=insecure true\nRUN rm -rf /opt/x\n", []bool{false, true}, []string{"--security=insecure"}, 2, 5},
	} {
		got := Dockerfile(tc.text)
		if len(got) != len(tc.image) {
			t.Errorf("%s: %d snippets, want %d", tc.name, len(got), len(tc.image))
			continue
		}
		var flags []Privilege
		for i, s := range got {
			if s.Image != tc.image[i] {
				t.Errorf("%s: snippet %d Image %v, want %v", tc.name, i, s.Image, tc.image[i])
			}
			flags = append(flags, s.Privileged...)
		}
		if len(flags) != len(tc.flags) {
			t.Errorf("%s: flags %v, want %v", tc.name, flags, tc.flags)
			continue
		}
		for i, f := range flags {
			if f.Flag != tc.flags[i] {
				t.Errorf("%s: flag %q, want %q", tc.name, f.Flag, tc.flags[i])
			}
			if tc.text[f.Start:f.End] != f.Flag {
				t.Errorf("%s: flag at %d-%d is %q", tc.name, f.Start, f.End, tc.text[f.Start:f.End])
			}
		}
		if len(flags) > 0 && (flags[0].Line != tc.line || flags[0].Col != tc.col) {
			t.Errorf("%s: flag at %d:%d, want %d:%d", tc.name, flags[0].Line, flags[0].Col, tc.line, tc.col)
		}
	}
}

// TestDockerfileHeredocCommand: only a RUN that is nothing but its heredoc
// runs the body as a script; a command after the marker gets the body on
// its standard input (RUN <<EOF cat > /etc/x wrote /etc/x unseen).
func TestDockerfileHeredocCommand(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"FROM x\nRUN <<EOF\nrm -rf /opt/x\nEOF\n", "rm -rf /opt/x\n"},
		{"FROM x\nRUN <<-'EOF'\n\trm -rf /opt/x\nEOF\n", "\trm -rf /opt/x\n"},
		{"FROM x\nRUN <<EOF cat > /etc/apt/sources.list.d/x.list\ndeb [trusted=yes] http://x/ s main\nEOF\n",
			"<<EOF cat > /etc/apt/sources.list.d/x.list\ndeb [trusted=yes] http://x/ s main\nEOF"},
		{"FROM x\nRUN <<EOF bash\nrm -rf /opt/x\nEOF\n", "<<EOF bash\nrm -rf /opt/x\nEOF"},
	} {
		got := Dockerfile(tc.text)
		if len(got) != 1 {
			t.Errorf("%q: %d snippets", tc.text, len(got))
			continue
		}
		if got[0].Text != tc.want {
			t.Errorf("%q: got %q, want %q", tc.text, got[0].Text, tc.want)
		}
	}
}
