package scan

import (
	"fmt"
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
		// An action's or a reusable workflow's inputs are its caller's, a
		// dispatch's are typed by someone with write access.
		{`echo ${{ inputs.version }}`, false},
		{`cosign-installer.sh "${{ inputs.cosign-release }}"`, false},
		{`echo ${{ github.event.inputs.tag }}`, false},
		{`echo ${{ github.event.issue.title }} ${{ inputs.x }}`, true},
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

// TestFileOffsets checks that an offset in a snippet maps back to where
// its byte is in the file (line, column and file offset): findings in a
// Dockerfile or a workflow are reported where they are in the file, not
// relative to their RUN or run: step (issue 12).
func TestFileOffsets(t *testing.T) {
	tests := []struct {
		name     string
		file     string
		workflow bool
		word     string
		line     int
		col      int // 0-based byte column in the file's line; -1 unknown
	}{
		{"continued RUN", "FROM debian\nRUN apt-get update \\\n    && curl https://x.example/i.sh | bash\n", false, "curl", 3, 7},
		{"first line of a RUN", "FROM debian\nRUN   echo hi && rm -rf /srv/x\n", false, "rm -rf", 2, 17},
		{"after a comment line", "RUN a \\\n# c\n  && rm -rf /srv/y\n", false, "rm -rf", 3, 5},
		{"CRLF", "FROM debian\r\nRUN echo a \\\r\n  && rm -rf /srv/z\r\n", false, "rm -rf", 3, 5},
		{"heredoc body", "FROM debian\nRUN <<EOF\nset -e\n  rm -rf /srv/w\nEOF\n", false, "rm -rf", 4, 2},
		{"flags before the command", "RUN --mount=type=cache,target=/c rm -rf /srv/v\n", false, "rm -rf", 1, 33},
		{"exec form: no column", `RUN ["sh", "-c", "rm -rf /srv/u"]` + "\n", false, "rm", 1, -1},
		{"workflow block", "on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: |\n          echo a\n            rm -rf /srv/t\n", true, "rm -rf", 8, 12},
		{"workflow one line", "on: push\njobs:\n  a:\n    steps:\n      - run: echo a && rm -rf /srv/s\n", true, "rm -rf", 5, 23},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var snips []Snippet
			if tt.workflow {
				snips, _ = Workflow(tt.file)
			} else {
				snips = Dockerfile(tt.file)
			}
			starts := LineStarts(tt.file)
			for _, s := range snips {
				i := strings.Index(s.Text, tt.word)
				if i < 0 {
					continue
				}
				line, col := s.Pos(i)
				if line != tt.line || col != tt.col {
					t.Fatalf("Pos = %d:%d, want %d:%d", line, col, tt.line, tt.col)
				}
				off := s.FileOffset(i, starts)
				if tt.col >= 0 && !strings.HasPrefix(tt.file[off:], tt.word) {
					t.Errorf("FileOffset %d: file there is %q", off, tt.file[off:min(len(tt.file), off+10)])
				}
				return
			}
			t.Fatalf("%q in no snippet of %+v", tt.word, snips)
		})
	}
}

// TestWorkflowInjectionsRecall checks the spellings GitHub's expression
// syntax allows for the untrusted lists (commits[0].message), and the
// script: input of actions/github-script, which GitHub pastes expressions
// into as it does into run:.
func TestWorkflowInjectionsRecall(t *testing.T) {
	for _, tt := range []struct {
		name, wf string
		want     []int // lines
	}{
		{"commits index", "jobs:\n  a:\n    steps:\n      - run: echo \"${{ github.event.commits[0].message }}\"\n", []int{4}},
		{"pages index", "jobs:\n  a:\n    steps:\n      - run: echo ${{ github.event.pages[0].page_name }}\n", []int{4}},
		{"commits star", "jobs:\n  a:\n    steps:\n      - run: echo ${{ github.event.commits.*.author.name }}\n", []int{4}},
		{"github-script block", "jobs:\n  a:\n    steps:\n      - uses: actions/github-script@v7\n        with:\n          script: |\n            const t = \"${{ github.event.issue.title }}\"\n            core.info(t)\n      - run: echo ok\n", []int{7}},
		{"github-script inline, with first", "jobs:\n  a:\n    steps:\n      - name: x\n        with:\n          github-token: ${{ secrets.T }}\n          script: console.log('${{ github.event.comment.body }}')\n        uses: actions/github-script@60a0d83\n", []int{7}},
		{"github-script env is safe", "jobs:\n  a:\n    steps:\n      - uses: actions/github-script@v7\n        env:\n          T: ${{ github.event.issue.title }}\n        with:\n          script: console.log(process.env.T)\n", nil},
		{"other action's script input", "jobs:\n  a:\n    steps:\n      - uses: some/action@v1\n        with:\n          script: ${{ github.event.issue.title }}\n", nil},
		{"trusted context", "jobs:\n  a:\n    steps:\n      - uses: actions/github-script@v7\n        with:\n          script: console.log('${{ github.sha }}')\n", nil},
	} {
		_, inj := Workflow(tt.wf)
		var got []int
		for _, in := range inj {
			got = append(got, in.Line)
			if lines := strings.Split(tt.wf, "\n"); in.Col > 0 && !strings.HasPrefix(lines[in.Line-1][in.Col-1:], in.Expr) {
				t.Errorf("%s: column %d of line %d is not %q", tt.name, in.Col, in.Line, in.Expr)
			}
			if tt.wf[in.Start:in.End] != in.Expr {
				t.Errorf("%s: offsets %d-%d hold %q, not %q", tt.name, in.Start, in.End, tt.wf[in.Start:in.End], in.Expr)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s: injections at lines %v, want %v", tt.name, got, tt.want)
		}
	}
}
