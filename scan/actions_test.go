package scan

import (
	"strings"
	"testing"
)

// TestCodeActions: the inputs of actions that run them as shell code are
// read as steps of the job; the same keys of other actions, and other
// inputs of the same actions, are data.
func TestCodeActions(t *testing.T) {
	head := "on: push\njobs:\n  j:\n    runs-on: ubuntu-latest\n    steps:\n"
	for _, tc := range []struct {
		name  string
		steps string
		want  []string // the snippets' texts
		// remote: the snippet is not on the job's machine.
		remote bool
	}{
		{"emulator script block", "      - uses: reactivecircus/android-emulator-runner@v2\n        with:\n          api-level: 30\n          script: |\n            wget https://x.example/t -P build\n            build/t\n", []string{"wget https://x.example/t -P build\nbuild/t"}, false},
		{"emulator pre-launch", "      - uses: ReactiveCircus/android-emulator-runner@v2.28.0\n        with:\n          pre-emulator-launch-script: curl -fsSL https://x.example/i | sh\n", []string{"curl -fsSL https://x.example/i | sh"}, false},
		{"retry command", "      - name: retry\n        uses: nick-fields/retry@v3\n        with:\n          timeout_minutes: 10\n          command: make test\n", []string{"make test"}, false},
		{"uses after with", "      - with:\n          command: make test\n        uses: nick-invision/retry@v2\n", []string{"make test"}, false},
		{"vmactions prepare", "      - uses: vmactions/freebsd-vm@v1\n        with:\n          prepare: pkg install -y curl\n          run: make\n", []string{"pkg install -y curl", "make"}, false},
		{"ssh is remote", "      - uses: appleboy/ssh-action@v1.0.3\n        with:\n          host: ${{ secrets.HOST }}\n          script: |\n            rm -rf /var/www/html/*\n", []string{"rm -rf /var/www/html/*"}, true},
		{"other action's script", "      - uses: some/action@v1\n        with:\n          script: rm -rf /\n", nil, false},
		{"other input", "      - uses: appleboy/ssh-action@v1\n        with:\n          username: rm -rf /\n", nil, false},
		{"a step key, not an input", "      - uses: nick-fields/retry@v3\n        command: rm -rf /\n", nil, false},
		{"github-script is JavaScript", "      - uses: actions/github-script@v7\n        with:\n          script: console.log(1)\n", nil, false},
	} {
		snips, _ := Workflow(head + tc.steps)
		var got []string
		for _, s := range snips {
			got = append(got, strings.TrimSuffix(s.Text, "\n"))
			if s.Runner == tc.remote {
				t.Errorf("%s: %q runner %v, want %v", tc.name, s.Text, s.Runner, !tc.remote)
			}
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: snippets %q, want %q", tc.name, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: snippet %d %q, want %q", tc.name, i, got[i], tc.want[i])
			}
		}
	}
}
