package scan

import (
	"reflect"
	"strings"
	"testing"
)

// at returns the file line of the first occurrence of word in a snippet.
func at(s Snippet, word string) int {
	i := strings.Index(s.Text, word)
	if i < 0 {
		return -1
	}
	return s.Line(i)
}

func TestDockerfile(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // each snippet's text
		line map[string]int
	}{
		{"continuation with && at the start of the next line",
			"FROM debian\nRUN apt-get update \\\n    && curl https://x.example/i.sh | bash\n",
			[]string{"apt-get update     && curl https://x.example/i.sh | bash"}, map[string]int{"curl": 3, "apt-get": 2}},
		{"comment lines inside a continued RUN",
			"FROM debian\nRUN set -eux; \\\n# install things\n    apt-get install -y x; \\\n  # more\n    rm -rf /var/lib/apt/lists/*\nRUN echo done\n",
			[]string{"set -eux;     apt-get install -y x;     rm -rf /var/lib/apt/lists/*", "echo done"}, map[string]int{"rm -rf": 6}},
		{"CRLF", "FROM debian\r\nRUN echo a \\\r\n  && echo b\r\n", []string{"echo a   && echo b"}, nil},
		{"escape directive", "# escape=`\nFROM mcr.microsoft.com/windows\nRUN echo a `\n  b\n", []string{"echo a   b"}, nil},
		{"exec form", `RUN ["sh", "-c", "curl https://x | sh"]`, []string{"sh -c 'curl https://x | sh'"}, nil},
		{"flags", "RUN --mount=type=cache,target=/root/.cache pip install x\n", []string{"pip install x"}, nil},
		{"heredoc script", "FROM debian\nRUN <<EOF\nset -e\ncurl https://x | sh\nEOF\nRUN echo after\n", []string{"set -e\ncurl https://x | sh\n", "echo after"}, map[string]int{"curl": 4}},
		{"heredoc to a program", "RUN python3 <<EOF\nprint(1)\nEOF\n", []string{"python3 <<EOF\nprint(1)\nEOF"}, nil},
		{"here-string is no heredoc", "RUN cat <<< hi\nRUN echo x\n", []string{"cat <<< hi", "echo x"}, nil},
		{"SHELL powershell", "SHELL [\"powershell\", \"-Command\"]\nRUN Remove-Item -Recurse C:\\x\n", []string{"powershell -Command 'Remove-Item -Recurse C:\\x'"}, nil},
		{"SHELL bash", "SHELL [\"/bin/bash\", \"-o\", \"pipefail\", \"-c\"]\nRUN echo a | b\n", []string{"echo a | b"}, nil},
		{"ONBUILD RUN", "ONBUILD RUN make\n", []string{"make"}, nil},
		{"lower case", "from x\nrun make all\n", []string{"make all"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Dockerfile(tt.in)
			var texts []string
			for _, s := range got {
				texts = append(texts, s.Text)
			}
			if !reflect.DeepEqual(texts, tt.want) {
				t.Fatalf("got %q\nwant %q", texts, tt.want)
			}
			for w, l := range tt.line {
				if g := at(got[0], w); g != l {
					t.Errorf("%q at line %d, want %d", w, g, l)
				}
			}
		})
	}
}

const workflow = `name: ci
on: [push, issues]
defaults:
  run:
    shell: bash
jobs:
  build:
    runs-on: ${{ matrix.os }}
    steps:
      - uses: actions/checkout@v4
      - name: build
        run: |
          echo "building ${{ matrix.os }}"
          curl -fsSL https://example.com/install.sh | bash
      - run: echo "${{ github.event.issue.title }}"
      - name: windows
        shell: pwsh
        run: |
          Remove-Item -Recurse -Force $env:TEMP\x
      - name: py
        run: |
          import os
          print((1, 2))
        shell: python
      - run: 'git push --force'
  other:
    defaults:
      run:
        shell: pwsh
        working-directory: x
    steps:
      - run: Get-ChildItem
`

func TestWorkflow(t *testing.T) {
	snips, inj := Workflow(workflow)
	var got []string
	for _, s := range snips {
		got = append(got, s.Shell+"|"+s.Text)
	}
	want := []string{
		"bash|echo \"building GITHUB_EXPR_____\"\ncurl -fsSL https://example.com/install.sh | bash",
		"bash|echo \"GITHUB_EXPR____________________\"",
		"bash|pwsh -Command 'Remove-Item -Recurse -Force $env:TEMP\\x'",
		"bash|python -c $'import os\\nprint((1, 2))'",
		"bash|git push --force",
		"bash|pwsh -Command Get-ChildItem",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
	if l := at(snips[0], "curl"); l != 14 {
		t.Errorf("curl at line %d, want 14", l)
	}
	if len(inj) != 1 || inj[0].Line != 15 || inj[0].Expr != "${{ github.event.issue.title }}" {
		t.Errorf("injections = %+v", inj)
	}
}

func TestWorkflowInjections(t *testing.T) {
	for _, tt := range []struct {
		run  string
		want bool
	}{
		{`echo "${{ github.event.pull_request.body }}"`, true},
		{`git checkout ${{ github.head_ref }}`, true},
		{`echo ${{ github.event.comment.body }}`, true},
		{`echo ${{ github.event.pull_request.head.ref }}`, true},
		{`echo ${{ github.event.head_commit.message }}`, true},
		{`echo ${{ github.sha }}`, false},
		{`echo ${{ secrets.TOKEN }}`, false},
		{`echo ${{ github.event.pull_request.number }}`, false},
	} {
		_, inj := Workflow("jobs:\n  a:\n    steps:\n      - run: " + tt.run + "\n")
		if (len(inj) > 0) != tt.want {
			t.Errorf("%s: injection %v, want %v", tt.run, len(inj) > 0, tt.want)
		}
	}
}

func TestDialect(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"x", "#!/bin/zsh\n", "zsh"},
		{"x", "#!/usr/bin/env zsh\n", "zsh"},
		{"x", "#!/usr/bin/env -S bash -e\n", "bash"},
		{"x", "#!/bin/sh\n", "bash"},
		{"x", "#!/bin/dash\n", "bash"},
		{"x", "#!/bin/ksh\n", "mksh"},
		{"x.zsh", "echo\n", "zsh"},
		{"x", "echo\n", "posix"},
		{"x", "#!/usr/bin/python3\n", "posix"},
	} {
		if got := Dialect(tt.name, tt.text, "posix"); got != tt.want {
			t.Errorf("%s %q: %s, want %s", tt.name, tt.text, got, tt.want)
		}
	}
}
