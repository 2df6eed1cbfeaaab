package rules

import (
	"regexp"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

func ruleFindings(fs []Finding, id string) int {
	n := 0
	for _, f := range fs {
		if f.Rule == id {
			n++
		}
	}
	return n
}

func dupesMatch(src string) []Finding {
	res := parse.Commands(src, parse.Options{File: true})
	return Match(res, map[string]bool{"dynamic-code": true, "dynamic-command": true})
}

// TestDupesTable runs the examples of the table of one fact reported by two
// rules: in each Match input both rules are found and Fold's finding is
// folded into Keep's, which names it; in each NoMatch input a Fold finding
// is left (the second fact, file or event the example is about).
func TestDupesTable(t *testing.T) {
	folds := map[string]bool{}
	for _, d := range dupes {
		folds[d.Fold] = true
	}
	for _, d := range dupes {
		for _, id := range []string{d.Keep, d.Fold} {
			if _, ok := Lookup(id); !ok {
				t.Errorf("dupes: no rule %q", id)
			}
		}
		// A rule may keep in one row and be folded in another (dupes7:
		// system-config-write keeps guardsh-tamper's written code and is
		// folded into package-key-trust's keyring): what a folded
		// survivor stood for moves with it, and a survivor folded first
		// keeps nothing (the later row's Fold stays reported).
		_ = folds
		switch d.On {
		case factRun, factRan, factKeyring, factChmodAdd, factTwin, factChownRoot, factWrote, factStage, factTarget:
		default:
			t.Errorf("dupes: %s ← %s: unknown evidence %q", d.Keep, d.Fold, d.On)
		}
		if len(d.Match) == 0 || len(d.NoMatch) == 0 {
			t.Errorf("dupes: %s ← %s needs examples that fold and that must not", d.Keep, d.Fold)
		}
		same := d.Keep == d.Fold
		need := 1
		if same {
			need = 2 // the rule twice
		}
		for _, src := range d.Match {
			fs := dupesMatch(src)
			if ruleFindings(fs, d.Keep) == 0 || ruleFindings(fs, d.Fold) < need {
				t.Errorf("%s ← %s: %q: not both found before folding: %v", d.Keep, d.Fold, src, rulesOf(fs))
				continue
			}
			got := FoldDupes(fs, src)
			folded := ruleFindings(got, d.Fold) == 0
			if same {
				folded = ruleFindings(got, d.Fold) == ruleFindings(fs, d.Fold)-1
			}
			if !folded || ruleFindings(got, d.Keep) == 0 {
				t.Errorf("%s ← %s: %q: not folded: %v", d.Keep, d.Fold, src, rulesOf(got))
				continue
			}
			for _, f := range got {
				if f.Rule == d.Keep && !regexp.MustCompile(regexp.QuoteMeta(d.Fold)+`( at line \d+)? \(`+regexp.QuoteMeta(d.Why)).MatchString(f.Reason) {
					t.Errorf("%s ← %s: %q: the survivor does not name it: %s", d.Keep, d.Fold, src, f.Reason)
				}
			}
		}
		for _, src := range d.NoMatch {
			fs := dupesMatch(src)
			if ruleFindings(fs, d.Keep) == 0 || ruleFindings(fs, d.Fold) < need {
				t.Errorf("%s ← %s: NoMatch %q: not both found, so it proves nothing: %v", d.Keep, d.Fold, src, rulesOf(fs))
				continue
			}
			got := FoldDupes(fs, src)
			if n := ruleFindings(got, d.Fold); n == 0 || same && n != ruleFindings(fs, d.Fold) {
				t.Errorf("%s ← %s: NoMatch %q: folded: %v", d.Keep, d.Fold, src, rulesOf(got))
			}
		}
	}
}

func rulesOf(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	return out
}

// TestFoldDupesGuards checks FoldDupes on findings made by hand: the
// folded finding's tier, source and approvability.
func TestFoldDupesGuards(t *testing.T) {
	keep := Finding{Rule: "download-run", Tier: Dangerous, Source: "guardsh", Reason: "r.", Facts: []string{"run:5-9:a"}}
	fold := Finding{Rule: "chmod-x-run", Tier: Dangerous, Source: "guardsh", Reason: "c.", Facts: []string{"run:5-9:a"}}
	for _, tc := range []struct {
		name      string
		edit      func(k, f *Finding)
		n         int
		permanent bool // the survivor may be approved for good
	}{
		{"the same fact", func(k, f *Finding) {}, 1, true},
		{"a worse folded finding", func(k, f *Finding) { f.Tier = Hardline }, 2, true},
		{"a hardline survivor", func(k, f *Finding) { k.Tier = Hardline }, 1, true},
		{"never permanent", func(k, f *Finding) { f.NeverPermanent = true }, 1, false},
		{"tirith's", func(k, f *Finding) { f.Source = "tirith" }, 2, true},
		{"another file", func(k, f *Finding) { f.Facts = []string{"run:5-9:b"} }, 2, true},
		{"another kind of fact", func(k, f *Finding) { k.Facts = []string{"ran:5-9"}; f.Facts = []string{"ran:5-9"} }, 2, true},
		{"another part of the file", func(k, f *Finding) {
			two := []Finding{*k, *f}
			ScopeFacts(two[:1], "1")
			ScopeFacts(two[1:], "2")
			k.Facts, f.Facts = two[0].Facts, two[1].Facts
		}, 2, true},
	} {
		k, f := keep, fold
		tc.edit(&k, &f)
		got := FoldDupes([]Finding{k, f}, "")
		if len(got) != tc.n {
			t.Errorf("%s: %d findings, want %d: %v", tc.name, len(got), tc.n, rulesOf(got))
			continue
		}
		if tc.n == 1 && got[0].NeverPermanent == tc.permanent {
			t.Errorf("%s: survivor never-permanent %v, want %v", tc.name, got[0].NeverPermanent, !tc.permanent)
		}
	}
}

// TestDupesAttacks: spellings of one fact that must fold (other shells,
// wrappers, sudo, sh -c, a mktemp name, an absolute path) and look-alikes
// that are two facts and must not (another file, the same name in two
// directories, download A run B, a second download, a second run, code on
// the run's input from elsewhere, a second file under /etc). The findings
// left are listed in their order; the verdict-level cases are in
// testdata/corpus-dupes.txt.
func TestDupesAttacks(t *testing.T) {
	for _, tc := range []struct {
		shell, src string
		want       string
	}{
		// Fold.
		{"bash", "curl -o a.sh https://x/a && chmod +x a.sh && ./a.sh", "download-run"},
		{"zsh", "curl -o a.sh https://x/a && chmod +x a.sh && ./a.sh", "download-run"},
		{"posix", "curl -o a.sh https://x/a && chmod +x a.sh && ./a.sh", "download-run"},
		{"bash", "curl -o a.sh https://x/a && chmod +x a.sh && sudo ./a.sh", "download-run"},
		{"bash", "curl -o a.sh https://x/a && chmod +x a.sh && sudo -u bob env X=1 ./a.sh", "download-run"},
		{"bash", "sh -c 'curl -o a.sh https://x/a && chmod +x a.sh && ./a.sh'", "download-run"},
		{"bash", "sudo sh -c 'wget -O a.sh https://x/a; chmod 755 a.sh; ./a.sh'", "download-run"},
		{"bash", "curl -o /opt/a/t https://x/t; chmod +x /opt/a/t; /opt/a/t", "download-run"},
		{"bash", "f=$(mktemp); curl -o \"$f\" https://x/a; chmod +x \"$f\"; \"$f\"", "download-run"},
		{"bash", "curl -o a.py https://x/a; python3 a.py", "download-run"},
		{"bash", "curl -o a.sh https://x/a; chmod +x a.sh; ./a.sh; rm -rf /", "download-run rm-root"},
		{"bash", "gpg --export \"$k\" > /etc/apt/trusted.gpg.d/x.gpg", "package-key-trust"},
		{"bash", "gpg --export \"$k\" | sudo tee /etc/apt/trusted.gpg.d/x.gpg", "package-key-trust"},
		{"bash", "sudo sh -c 'gpg --export \"$k\" > /etc/apt/trusted.gpg.d/x.gpg'", "package-key-trust"},
		{"bash", "cat k.asc | gpg --dearmor > /etc/apt/keyrings/k.gpg", "package-key-trust"},

		// Two facts.
		{"bash", "curl -o a.sh https://x/a; chmod +x b.sh; ./b.sh", "chmod-x-run"},
		{"bash", "curl -o a.sh https://x/a; bash a.sh; chmod +x b.sh; ./b.sh", "download-run chmod-x-run"},
		{"bash", "cd /a && wget https://x/t; cd /b && chmod +x t && ./t", "download-run chmod-x-run"},
		{"bash", "cd \"$A\" && wget https://x/t; cd \"$B\" && chmod +x t && ./t", "download-run chmod-x-run"},
		{"bash", "curl -o /opt/a/t https://x/t; chmod +x /opt/b/t; /opt/b/t", "chmod-x-run"},
		{"bash", "curl -o a.py https://x/a; chmod +x python3; ./python3 a.py", "download-run chmod-x-run"},
		{"bash", "curl -o t https://x/t && chmod +x t && ./t && ./t again", "download-run remote-code"},
		{"bash", "curl -o t https://x/t && chmod +x t && ./t\ncurl -o t https://y/u && ./t", "download-run download-run"},
		{"bash", "curl -o a.sh https://x/a && bash a.sh && curl -s https://y | sh", "download-run remote-code"},
		{"bash", "curl -o a.sh https://x/a; curl -s https://y/b | bash -s a.sh", "download-run remote-code"},
		{"bash", "curl -o a.sh https://x/a; bash a.sh < <(curl -s https://y/b)", "download-run remote-code"},
		{"bash", "curl -o a.sh https://x/a; bash a.sh \"$(curl -s https://y/b)\"", "download-run remote-code"},
		{"bash", "gpg --export \"$k\" | sudo tee /etc/apt/trusted.gpg.d/x.gpg /etc/hosts", "system-config-write package-key-trust"},
		{"bash", "gpg --export \"$k\" > /etc/apt/trusted.gpg.d/x.gpg 2>/etc/log.conf", "system-config-write package-key-trust"},
		{"bash", "gpg --export \"$k\" > \"/etc/apt/trusted.gpg.d/$n.gpg\"", "system-config-write package-key-trust"},
		{"bash", "apt-key add k.asc > /etc/apt/sources.list", "system-config-write package-key-trust"},
		{"bash", "gpg --export \"$k\" > /etc/apt/trusted.gpg.d/x.gpg; echo 'deb https://x y main' > /etc/apt/sources.list.d/x.list", "package-key-trust system-config-write"},

		// The same write in two branches (a script file: #!): fold.
		{"bash", "#!/bin/sh\nif a; then echo \"$l\" >> ~/.zshrc; elif b; then echo \"$l\" >> ~/.zshrc; fi\n", "credential-file-write"},
		{"zsh", "#!/bin/zsh\nif a; then\n  printf '%s\\n' \"$l\" >> ~/.zshrc\nelse\n  printf '\\n\\n%s\\n' \"$l\" >> ~/.zshrc\nfi\n", "credential-file-write"},
		{"bash", "#!/bin/sh\nif a; then echo x | sudo tee -a /etc/hosts; else echo x | tee -a /etc/hosts; fi\n", "system-config-write"},
		{"bash", "#!/bin/sh\nif a; then echo x >> /etc/hosts; elif b; then echo x >> /etc/hosts; else echo x >> /etc/hosts; fi\n", "system-config-write"},
		{"bash", "#!/bin/sh\ncase $1 in a) echo x > /etc/motd ;; b) echo x > /etc/motd ;; esac\n", "system-config-write"},
		// Not twins.
		{"bash", "#!/bin/sh\nif a; then printf '%s %s\\n' \"$a\" \"$b\" >> ~/.bashrc; else printf '%s%s\\n' \"$a\" \"$b\" >> ~/.bashrc; fi\n", "credential-file-write credential-file-write"},
		// dupes7: under /etc the file is the fact, whatever the text
		// (target twins); in a start-up file the text is code.
		{"bash", "#!/bin/sh\nif a; then printf '%s %s\\n' \"$a\" \"$b\" >> /etc/hosts; else printf '%s%s\\n' \"$a\" \"$b\" >> /etc/hosts; fi\n", "system-config-write"},
		{"bash", "#!/bin/sh\nif a; then printf 'a%sb' \"$a\" >> ~/.bashrc; else printf 'a\\n%sb' \"$a\" >> ~/.bashrc; fi\n", "credential-file-write credential-file-write"},
		{"bash", "#!/bin/sh\nif a; then echo x > ~/.bashrc; else echo x >> ~/.bashrc; fi\n", "credential-file-write credential-file-write"},
		{"bash", "#!/bin/sh\nif a; then echo x > /etc/hosts; else echo x >> /etc/hosts; fi\n", "system-config-write"},
		{"bash", "#!/bin/sh\nif a; then echo x >> /etc/hosts; else echo x >> /etc/hosts.allow; fi\n", "system-config-write system-config-write"},
		{"bash", "#!/bin/sh\nif a; then echo x >> /etc/a/hosts; else echo x >> /etc/b/hosts; fi\n", "system-config-write system-config-write"},
		{"bash", "#!/bin/sh\nif a; then echo -e 'x\\ny' >> ~/.bashrc; else echo -e 'xy' >> ~/.bashrc; fi\n", "credential-file-write credential-file-write"},
		{"bash", "#!/bin/sh\nif a; then echo x >> /etc/hosts; else cd /tmp; echo x >> /etc/hosts; fi\n", "system-config-write system-config-write"},
		{"bash", "#!/bin/sh\nif a; then echo x >> /etc/hosts; fi\nif b; then echo x >> /etc/hosts; fi\n", "system-config-write system-config-write"},
		{"bash", "#!/bin/sh\nif a; then echo \"$(id)\" >> /etc/hosts; else echo \"$(id)\" >> /etc/hosts; fi\n", "system-config-write system-config-write"},
		{"bash", "#!/bin/sh\nif a; then echo x >> /etc/hosts & else echo x >> /etc/hosts & fi\n", "system-config-write system-config-write"},
	} {
		res := parse.Commands(tc.src, parse.Options{Shell: tc.shell, File: strings.HasPrefix(tc.src, "#!")})
		got := strings.Join(rulesOf(FoldDupes(Match(res, nil), res.Input)), " ")
		if got != tc.want {
			t.Errorf("%s: %q: %s, want %s", tc.shell, tc.src, got, tc.want)
		}
	}
}
