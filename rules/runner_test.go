package rules

import (
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// runnerFindings checks line as a run: step on a throwaway runner (with
// the saved paths persist) or as a script on a machine that is kept.
func runnerFindings(line string, runner bool, persist ...string) []Finding {
	res := parse.Commands(line, parse.Options{File: true, Runner: runner, Persist: persist})
	return Match(res, map[string]bool{"dynamic-code": true, "dynamic-command": true})
}

// TestRunnerTable runs the examples of runnerTable: a Match line reports
// one of the entry's rules on a throwaway runner; a NoMatch line reports
// none of them there, and one of them on a kept machine (so it tests the
// table). No rule is decided twice and no hardline rule is named.
func TestRunnerTable(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range runnerTable() {
		if e.Why == "" || len(e.Rules) == 0 {
			t.Errorf("entry %v: no rules or no reason", e.Rules)
		}
		if e.Quiet == nil && len(e.NoMatch) > 0 {
			t.Errorf("entry %v: reported always, but has NoMatch lines", e.Rules)
		}
		if len(e.Match)+len(e.NoMatch) == 0 {
			t.Errorf("entry %v: no examples", e.Rules)
		}
		for _, id := range e.Rules {
			r, ok := Lookup(id)
			if !ok {
				t.Errorf("entry %v: no rule %q", e.Rules, id)
				continue
			}
			if r.Tier == Hardline {
				t.Errorf("entry %v: %s is hardline: hardline shapes stay reported on a runner", e.Rules, id)
			}
			if seen[id] {
				t.Errorf("rule %s decided twice", id)
			}
			seen[id] = true
		}
		for _, line := range e.Match {
			if _, ok := hasRuleIn(runnerFindings(line, true), e.Rules); !ok {
				t.Errorf("%v: step %q: none of them reported on a runner: %v", e.Rules, line, runnerFindings(line, true))
			}
		}
		for _, line := range e.NoMatch {
			if id, ok := hasRuleIn(runnerFindings(line, true), e.Rules); ok {
				t.Errorf("%v: step %q: %s reported on a runner", e.Rules, line, id)
			}
			if _, ok := hasRuleIn(runnerFindings(line, false), e.Rules); !ok {
				t.Errorf("%v: %q: none of them reported on a kept machine either (the example tests nothing)", e.Rules, line)
			}
		}
	}
}

// TestRunnerKeeps: what a step on a throwaway runner still reports —
// hardline shapes (as dangerous, with the runner's reason; a fork bomb
// stays hardline), commands reached through ssh or a container carrier,
// and what it does under a path the job saves in a cache or an artifact.
func TestRunnerKeeps(t *testing.T) {
	for _, tc := range []struct {
		line, rule string
		tier       Tier
		persist    []string
	}{
		{"sudo rm -rf /", "rm-root", Dangerous, nil},
		{"sudo rm -rf /usr", "rm-system", Dangerous, nil},
		{":(){ :|:& };:", "fork-bomb", Hardline, nil},
		{"ssh deploy@prod 'rm -rf /srv/app/data'", "rm-recursive", Dangerous, nil},
		{"ssh prod sudo systemctl stop nginx", "service-stop", Dangerous, nil},
		{"docker exec db rm -rf /var/lib/postgresql/data", "rm-recursive", Dangerous, nil},
		// A cache a later job restores, an artifact anyone with read access downloads.
		{`echo "//registry.npmjs.org/:_authToken=$NPM_TOKEN" > ~/.npmrc`, "credential-file-write", Dangerous, []string{"~/.npmrc"}},
		{"chmod -R 777 ./out/bin", "chmod-world-writable", Dangerous, []string{"out/"}},
		{`cp "$KEYFILE" ~/.ssh/id_rsa`, "credential-file-write", Dangerous, []string{"~"}},
		{"echo 'curl -s https://x | sh' >> ~/.cache/tool/env.sh && chmod 777 ~/.cache/tool", "chmod-world-writable", Dangerous, []string{"~/.cache/tool"}},
		{"chmod 777 out", "chmod-world-writable", Dangerous, []string{"."}},
		{`chmod -R 777 "$OUT/bin"`, "chmod-world-writable", Dangerous, []string{"out/"}},
		{`echo "$TOKEN" > ~/.npmrc`, "credential-file-write", Dangerous, []string{"${{ steps.cache.outputs.dir }}"}},
	} {
		fs := runnerFindings(tc.line, true, tc.persist...)
		found := false
		for _, f := range fs {
			if f.Rule == tc.rule {
				found = true
				if f.Tier != tc.tier {
					t.Errorf("%q (persist %v): %s is %s, want %s", tc.line, tc.persist, f.Rule, f.Tier, tc.tier)
				}
			}
		}
		if !found {
			t.Errorf("%q (persist %v): %s not reported on a runner: %v", tc.line, tc.persist, tc.rule, fs)
		}
	}
	// Look-alikes: the same commands with caches elsewhere.
	for _, tc := range []struct {
		line    string
		persist []string
	}{
		{`echo "//registry.npmjs.org/:_authToken=$NPM_TOKEN" > ~/.npmrc`, []string{"~/.cache/pip", "dist/*.whl"}},
		{"rm -rf ~/.cargo/registry/src", []string{"target/"}},
		{"chmod -R 777 ./out/bin", []string{"dist/", "~/.npm"}},
		{`echo 'export PATH="$HOME/.local/bin:$PATH"' >> ~/.bashrc`, []string{"node_modules"}},
	} {
		if fs := runnerFindings(tc.line, true, tc.persist...); len(fs) != 0 {
			t.Errorf("%q (persist %v): reported on a runner: %v", tc.line, tc.persist, fs)
		}
	}
}

// TestRunnerSoftReason: a hardline shape on a runner says why it is not
// hardline there.
func TestRunnerSoftReason(t *testing.T) {
	fs := runnerFindings("sudo rm -rf /", true)
	if len(fs) == 0 || fs[0].Tier != Dangerous || len(fs[0].Reason) < len(runnerSoftReason) || fs[0].Reason[:len(runnerSoftReason)] != runnerSoftReason {
		t.Fatalf("rm -rf / on a runner: %v", fs)
	}
}

// TestWorkflowSecretSaved runs workflow-secret-saved's examples with a
// job that saves dist/, out/ and ~/.cache/tool and holds the secrets
// NPM_TOKEN and DEPLOY_KEY.
func TestWorkflowSecretSaved(t *testing.T) {
	for _, runner := range []bool{true, false} {
		find := func(line string) bool {
			res := parse.Commands(line, parse.Options{File: true, Runner: runner, Persist: []string{"dist/", "out", "~/.cache/tool"}, Secrets: []string{"NPM_TOKEN", "DEPLOY_KEY"}})
			for _, f := range Match(res, nil) {
				if f.Rule == workflowSecretSaved.ID {
					return true
				}
			}
			return false
		}
		for _, line := range workflowSecretSaved.Match {
			if !find(line) {
				t.Errorf("runner %v: %q: not reported", runner, line)
			}
		}
		for _, line := range workflowSecretSaved.NoMatch {
			if find(line) {
				t.Errorf("runner %v: %q: reported", runner, line)
			}
		}
	}
	// Nothing saved, nothing to report.
	res := parse.Commands(`echo "$NPM_TOKEN" > dist/.npmrc`, parse.Options{File: true, Secrets: []string{"NPM_TOKEN"}})
	if fs := Match(res, nil); len(fs) != 0 {
		t.Errorf("no saved paths: %v", fs)
	}
}
