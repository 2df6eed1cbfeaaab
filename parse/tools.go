package parse

import (
	"path"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// networkTools fetch content from another host.
var networkTools = set("curl", "wget", "fetch", "aria2c", "http", "https", "xh", "httpie", "lwp-request",
	"GET", "POST", "HEAD", "nc", "ncat", "netcat", "socat", "ftp", "tftp", "lftp", "ssh", "scp", "sftp",
	"iwr", "irm", "Invoke-WebRequest", "Invoke-RestMethod", "curlie", "gh", "telnet", "openssl")

// decoders turn data into other data; content decoded into a shell hides what
// it runs.
var decoders = set("base64", "base32", "basenc", "xxd", "od", "rev", "tr", "gunzip", "zcat", "gzip",
	"bunzip2", "bzip2", "xz", "unxz", "zstd", "unzstd", "uudecode", "openssl", "gpg", "python", "python3", "perl")

// localIdioms are tools whose output rc files customarily eval or source:
// eval "$(ssh-agent -s)", eval "$(direnv hook bash)", source <(kubectl
// completion bash).
var localIdioms = set("ssh-agent", "direnv", "brew", "pyenv", "rbenv", "nodenv", "goenv", "jenv", "plenv",
	"starship", "zoxide", "fnm", "mise", "rtx", "asdf", "conda", "micromamba", "mamba", "thefuck", "dircolors",
	"opam", "keychain", "gpg-agent", "luarocks", "atuin", "mcfly", "fzf", "register-python-argcomplete",
	"docker-machine", "minikube", "oh-my-posh", "navi", "broot", "gh", "kubectl", "helm", "rustup", "cargo",
	"pip", "pipx", "poetry", "npm", "pnpm", "deno", "bun", "uv", "rye", "hatch", "jj", "aws", "gcloud", "az",
	"terraform", "vault", "nomad", "consul", "kind", "k3d", "istioctl", "argocd", "flux", "tailscale",
	"resize", "lesspipe", "lesspipe.sh", "locale", "tty", "hostname", "whoami", "id", "uname", "date", "pwd",
	"dirname", "basename", "git", "go", "node", "ruby", "gem", "rbenv-init", "scmpuff", "hub", "glab",
	"vivid", "trash", "sheldon", "antidote", "chezmoi", "batman", "cod", "carapace", "jump", "z", "autojump",
	"nvm", "sdk", "phpenv", "swiftenv", "pkenv", "tfenv", "ssh-add", "gnome-keyring-daemon", "dbus-launch",
	"op", "pass", "bw", "just", "task", "mcfly", "tmuxifier", "wezterm", "kitty", "ghostty", "podman", "docker",
	"gpgconf", "systemctl", "launchctl", "defaults", "mktemp", "realpath", "readlink", "which", "command",
	"type", "printenv")

// shells run their argument, input or script file as shell code.
var shells = set("sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "lksh", "pdksh",
	"ksh93", "rbash", "hush", "fish", "csh", "tcsh", "busybox-sh", "oksh", "loksh", "elvish", "nu", "xonsh", "osh", "ysh")

// set returns a set of names as a function that builds its map on first
// use: the list stays data, and start-up builds nothing a command does not
// ask about.
func set(names ...string) func() map[string]bool {
	return (&lazySet{names: names}).get
}

// A lazySet is a list of names and, once asked, the map of them.
type lazySet struct {
	once  sync.Once
	names []string
	m     map[string]bool
}

func (s *lazySet) get() map[string]bool {
	s.once.Do(func() {
		s.m = make(map[string]bool, len(s.names))
		for _, n := range s.names {
			s.m[n] = true
		}
	})
	return s.m
}

// origins, mildest first.
var originRank = sync.OnceValue(func() map[string]int {
	return map[string]int{"": 0, "local": 1, "dynamic": 2, "decoder": 3, "network": 4}
})

func worseOrigin(a, b string) string {
	if originRank()[b] > originRank()[a] {
		return b
	}
	return a
}

// classify says where the output of a list of statements comes from:
// "network" when any command in it fetches from another host, "decoder" when
// any decodes, "local" when every command is a local tool of the rc-file
// idioms, else "dynamic".
func classify(stmts []*syntax.Stmt) string {
	if countsOnly(stmts) {
		return "local"
	}
	origin, n := "", 0
	for _, st := range stmts {
		syntax.Walk(st, func(node syntax.Node) bool {
			switch node.(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst:
				// Nested substitutions feed arguments, not the
				// output; not descending keeps this linear.
				return false
			}
			ce, ok := node.(*syntax.CallExpr)
			if !ok || len(ce.Args) == 0 {
				return true
			}
			n++
			name := path.Base(ce.Args[0].Lit())
			switch {
			case name == "." || ce.Args[0].Lit() == "":
				origin = worseOrigin(origin, "dynamic")
			case name == "curl" && curlStatusOnly(ce): // curlstatus.go
				origin = worseOrigin(origin, "local")
			case networkTools()[name] && name != "gh" && name != "openssl":
				origin = worseOrigin(origin, "network")
			case decoders()[name] && isDecoding(name, ce):
				origin = worseOrigin(origin, "decoder")
			case localIdioms()[name], name == "echo", name == "printf", name == "cat", idiomArgs(ce):
				origin = worseOrigin(origin, "local")
			default:
				origin = worseOrigin(origin, "dynamic")
			}
			return true
		})
	}
	if n == 0 {
		return "dynamic"
	}
	return origin
}

// isDecoding reports whether a decoder call decodes (base64 -d, not base64).
func isDecoding(name string, ce *syntax.CallExpr) bool {
	switch name {
	case "base64", "base32", "basenc", "xxd", "gzip", "bzip2", "xz", "zstd", "openssl":
		for _, a := range ce.Args[1:] {
			s := a.Lit()
			if s == "-d" || s == "--decode" || s == "-D" || s == "-r" || s == "-rp" || s == "-pr" ||
				strings.HasPrefix(s, "-d") && len(s) <= 3 || s == "enc" || s == "-dc" {
				return true
			}
		}
		return false
	case "python", "python3", "perl":
		return false
	case "tr":
		return trDecodes(ce)
	}
	return true
}

// trDecodes reports whether a tr call can decode (rot13, a substitution
// alphabet): it maps letters or digits to others, and is not a case change
// (tr a-z A-Z), a deletion or a squeeze (tr -d, tr -s), or a change of
// blanks and punctuation (tr '\n' ' ').
func trDecodes(ce *syntax.CallExpr) bool {
	var sets []string
	for _, a := range ce.Args[1:] {
		v := a.Lit()
		if len(a.Parts) == 1 {
			if q, ok := a.Parts[0].(*syntax.SglQuoted); ok {
				v = q.Value
			} else if q, ok := a.Parts[0].(*syntax.DblQuoted); ok && len(q.Parts) == 1 {
				if l, ok := q.Parts[0].(*syntax.Lit); ok {
					v = l.Value
				}
			}
		}
		if v == "" {
			return true // not static: could be anything
		}
		if strings.HasPrefix(v, "-") && len(sets) == 0 && len(v) > 1 {
			if strings.ContainsAny(v, "ds") {
				return false
			}
			continue
		}
		sets = append(sets, v)
	}
	if len(sets) < 2 {
		return false
	}
	alnum := func(s string) bool {
		// \n, \t, \012 are blanks, not letters or digits.
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c == '\\' {
				i++
				for i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7' {
					i++
				}
				continue
			}
			if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				return true
			}
		}
		return false
	}
	if !alnum(sets[0]) && !alnum(sets[1]) {
		return false
	}
	switch sets[0] + " " + sets[1] {
	case "a-z A-Z", "A-Z a-z", "[:lower:] [:upper:]", "[:upper:] [:lower:]", "[a-z] [A-Z]", "[A-Z] [a-z]":
		return false
	}
	return true
}

// idiomWords are subcommands and flags by which a tool prints shell code for
// an rc file: `X init bash`, `X completion zsh`, `X shellenv`, `X hook bash`.
var idiomWords = set("init", "completion", "completions", "complete", "shellenv", "hook", "activate", "env",
	"--bash", "--zsh", "--fish", "shell-init", "setup-shell", "alias", "aliases")

// idiomArgs reports a command with static arguments that include an idiom
// word.
func idiomArgs(ce *syntax.CallExpr) bool {
	found := false
	for _, a := range ce.Args[1:] {
		lit := a.Lit()
		if lit == "" {
			return false
		}
		found = found || idiomWords()[lit]
	}
	return found
}

// localTool reports a pipeline stage that prints shell code for an rc file,
// such as kubectl completion bash.
func localTool(c *Command) bool {
	if len(c.Args) == 0 || !c.Args[0].Static {
		return false
	}
	if localIdioms()[c.Name()] {
		for _, a := range c.Args[1:] {
			if idiomWords()[a.Value] {
				return true
			}
		}
	}
	return false
}
