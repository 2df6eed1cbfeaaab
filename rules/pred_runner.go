package rules

import (
	"strings"

	"github.com/guardsh/guardsh/parse"
)

// A step's writes to $GITHUB_ENV and $GITHUB_PATH set the environment
// and the PATH of every later step of the job. Literal values are the
// job's own business (export in a script; not findings, on any machine):
// echo "BUILD=1" >> "$GITHUB_ENV". Text a download supplies is not: a
// server then decides LD_PRELOAD, BASH_ENV, NODE_OPTIONS=--require or the
// directory the next step's commands are found in, and so runs its code in
// those steps, with their secrets — GitHub's hardening guide warns about
// untrusted text in these files. (Attacker-controlled ${{ … }} text in
// them is workflow-script-injection already.)
var workflowEnvDownload = &Rule{
	ID: "workflow-env-download", Tier: Dangerous, NeverPermanent: true,
	Title: "Downloaded text written to $GITHUB_ENV or $GITHUB_PATH",
	Reason: "What a step appends to $GITHUB_ENV or $GITHUB_PATH becomes the environment or the PATH of every later step of the job: " +
		"text from the network can set LD_PRELOAD, BASH_ENV or NODE_OPTIONS, or put its own directory first, and so run its code there with the job's secrets.",
	Suggest: "write the values the workflow needs literally, or check the downloaded value against what you expect before writing it",
	names:   []string{"curl", "wget", "echo", "printf", "cat", "tee"},
	cmd:     writesEnvDownload,
	Match: []string{`curl -fsSL https://x.example/env >> "$GITHUB_ENV"`, `wget -qO- https://x.example/env >> $GITHUB_ENV`,
		`echo "BASH_ENV=$(curl -s https://x.example/a)" >> $GITHUB_ENV`, `curl -s https://x.example/p | tee -a "$GITHUB_PATH"`,
		`v=$(curl -s https://x.example/v); echo "LD_PRELOAD=$v" >> "$GITHUB_ENV"`, `curl -s https://x.example/e | sudo tee -a ${GITHUB_ENV}`},
	NoMatch: []string{`echo "BUILD=1" >> "$GITHUB_ENV"`, `echo "$HOME/.local/bin" >> $GITHUB_PATH`, `echo "sha=$(git rev-parse HEAD)" >> "$GITHUB_ENV"`,
		`curl -fsSL https://x.example/a -o a.json`, `curl -s https://x.example/v > version.txt`, `echo "v=$(curl -s https://x.example/v)" >> "$GITHUB_OUTPUT"`},
}

func init() { table = append(table, workflowEnvDownload) }

// jobFiles are the files a step writes that set later steps' environment.
var jobFiles = [...]string{"GITHUB_ENV", "GITHUB_PATH"}

// writesEnvTarget reports a write target that is $GITHUB_ENV or
// $GITHUB_PATH.
func writesEnvTarget(w parse.Word) bool {
	v := strings.Trim(w.Value, `"`)
	for _, f := range jobFiles {
		if v == "$"+f || v == "${"+f+"}" {
			return true
		}
	}
	return false
}

// writesEnvDownload: a command that writes to $GITHUB_ENV or $GITHUB_PATH
// text from the network — a downloader's own output, a word whose unknown
// part is a download, or a pipe from a downloader into tee.
func writesEnvDownload(c *parse.Command) bool {
	target := false
	for _, r := range c.Redirs {
		if r.Writes() && writesEnvTarget(r.Target) {
			target = true
		}
	}
	if c.Name() == "tee" {
		for _, w := range args(c).operands {
			if writesEnvTarget(w) {
				target = true
			}
		}
	}
	if !target {
		return false
	}
	switch c.Name() {
	case "curl", "wget":
		return true
	}
	for _, w := range c.Args[1:] {
		if w.Origin == "network" {
			return true
		}
	}
	for s := c.StdinFrom; s != nil; s = s.StdinFrom {
		if n := s.Name(); n == "curl" || n == "wget" {
			return true
		}
		for _, w := range s.Args {
			if w.Origin == "network" {
				return true
			}
		}
	}
	return false
}

// A secret written under a path the job saves leaves the job: an artifact
// is downloaded by anyone who can read the repository (for a public one,
// anyone, for 90 days by default), and a cache is restored by later runs,
// pull requests among them. The secret is a workflow's ${{ secrets.X }} or
// ${{ github.token }} (scan.SecretPlaceholder) or an env: variable that
// holds one (Options.Secrets); the saved paths are Options.Persist. On any
// machine, kept or thrown away. Its examples need a workflow's paths and
// secrets, so TestWorkflowSecretSaved runs them (the rule is registered as
// matched elsewhere).
var workflowSecretSaved = &Rule{
	ID: "workflow-secret-saved", Tier: Dangerous, NeverPermanent: true,
	Title: "Secret written under a path the job uploads or caches",
	Reason: "An artifact can be downloaded by anyone who can read the repository, and a cache is restored by later runs, pull requests included: " +
		"a secret or the job's token written under a path an upload-artifact or cache step saves leaves the job with it.",
	Suggest: "write secrets under $RUNNER_TEMP or outside the saved paths, or save only the files you need",
	input:   secretSaved,
	Match: []string{`echo "$NPM_TOKEN" > dist/.npmrc`, `echo "token=GITHUB_SECRET____________" >> out/config.ini`, `printenv > dist/env.txt`,
		`env | tee out/env.log`, `printf '%s' "${DEPLOY_KEY}" > ~/.cache/tool/key`},
	NoMatch: []string{`echo "$NPM_TOKEN" > ~/.npmrc`, `echo "$VERSION" > dist/version.txt`, `echo "$NPM_TOKEN" > "$RUNNER_TEMP/.npmrc"`, `printenv PATH > dist/path.txt`},
}

func init() { Register(workflowSecretSaved) }

// secretSaved finds a command that writes a secret (or the whole
// environment, when it holds one) into a saved path.
func secretSaved(r *parse.Result) []hit {
	if len(r.Persist) == 0 {
		return nil
	}
	var out []hit
	for _, c := range r.Commands {
		if !writesSecret(c, r.Secrets) {
			continue
		}
		var targets []parse.Word
		for _, rd := range c.Redirs {
			if rd.Writes() {
				targets = append(targets, rd.Target)
			}
		}
		if c.Name() == "tee" {
			targets = append(targets, args(c).operands...)
		}
		for _, w := range targets {
			if savedWord(w, r.Persist) {
				out = append(out, hit{start: c.Start, end: c.End})
				break
			}
		}
	}
	return out
}

// savedWord reports a write target under a saved path (a target guardsh
// cannot read is not assumed saved here: this rule adds findings).
func savedWord(w parse.Word, persist []string) bool {
	v := homeForm(w.Value)
	if !w.Static && !strings.HasPrefix(v, "~/") {
		return false
	}
	for _, p := range persist {
		if strings.Contains(p, "$") {
			continue
		}
		if persistCovers(p, v, true) {
			return true
		}
	}
	return false
}

// writesSecret reports a command (or the stages piped into it) whose
// output holds a secret: an argument that is one, or env/printenv/set
// listing the whole environment when the step holds a secret.
func writesSecret(c *parse.Command, secrets []string) bool {
	for s := c; s != nil; s = s.StdinFrom {
		switch s.Name() {
		case "env", "printenv", "set", "export", "declare":
			if len(s.Args) == 1 && len(secrets) > 0 || s.Name() == "export" && len(s.Args) == 2 && s.Args[1].Value == "-p" && len(secrets) > 0 {
				return true
			}
		}
		for _, w := range s.Args[min(1, len(s.Args)):] {
			if strings.Contains(w.Value, "GITHUB_SECRET") {
				return true
			}
			for _, n := range secrets {
				if strings.Contains(w.Value, "$"+n) || strings.Contains(w.Value, "${"+n+"}") {
					return true
				}
			}
		}
	}
	return false
}
