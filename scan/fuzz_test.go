package scan

import (
	"strings"
	"testing"
)

// fuzzSeeds are real-shaped pieces of the files scan reads.
var fuzzSeeds = []string{
	"FROM debian\nRUN apt-get update \\\n  # comment\n  && curl -fsSL https://x | bash\n",
	"# escape=`\nFROM x\nRUN echo a `\n b\n",
	"RUN <<EOF\nrm -rf /\nEOF\n",
	"RUN [\"sh\", \"-c\", \"echo hi\"]\nSHELL [\"pwsh\", \"-c\"]\nRUN Get-Item x\n",
	"on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          echo ${{ github.event.issue.title }}\n",
	"defaults:\n  run:\n    shell: pwsh\njobs:\n  a:\n    steps:\n      - shell: python\n        run: print(1)\n",
	"jobs:\n  a:\n    steps:\n      - run: >-\n          a\n          b\n", "\r\n", "RUN \\", "- run: '", "${{", "\x00\xff",
	"jobs:\n  a:\n    steps:\n      - uses: reactivecircus/android-emulator-runner@v2\n        with:\n          script: |\n            wget x -P b\n            b/x\n",
	"      - with:\n          command: make\n        uses: nick-fields/retry@v3\n", "    with:\n      script:", "uses: appleboy/ssh-action\nwith:\n script: '",
}

// FuzzDockerfile: any text gives snippets whose every offset maps to a
// line of the file, without a panic.
func FuzzDockerfile(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := strings.Count(s, "\n") + 1
		for _, sn := range Dockerfile(s) {
			for off := 0; off <= len(sn.Text); off += 1 + len(sn.Text)/16 {
				if l := sn.Line(off); l < 1 || l > n {
					t.Fatalf("%q: snippet %q offset %d on line %d of %d", s, sn.Text, off, l, n)
				}
			}
		}
	})
}

// FuzzWorkflow: the same for workflows, and every injection found lies
// inside the file, on its own line.
func FuzzWorkflow(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := strings.Count(s, "\n") + 1
		snips, inj := Workflow(s)
		for _, sn := range snips {
			for off := 0; off <= len(sn.Text); off += 1 + len(sn.Text)/16 {
				if l := sn.Line(off); l < 1 || l > n {
					t.Fatalf("%q: snippet %q offset %d on line %d of %d", s, sn.Text, off, l, n)
				}
			}
			sn.Original(0, len(sn.Text), sn.Text)
		}
		for _, in := range inj {
			if in.Line < 1 || in.Line > n || in.Start < 0 || in.End > len(s) || in.Start > in.End {
				t.Fatalf("%q: injection %+v outside the file (%d lines, %d bytes)", s, in, n, len(s))
			}
		}
	})
}
