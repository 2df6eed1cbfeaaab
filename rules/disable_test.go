package rules

import (
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// TestDisableOldIDs: a rule the user switched off before the packs took
// its commands over stays off for them (rules.disable is a contract), and
// switching off a generic rule does not switch off what it never reported.
func TestDisableOldIDs(t *testing.T) {
	for _, tt := range []struct {
		line, off string
		want      bool // some finding left
	}{
		{"terraform destroy -auto-approve", "cloud-destroy", false},
		{"aws s3 rm s3://b --recursive", "cloud-destroy", false},
		{"kubectl delete ns prod", "cloud-destroy", false},
		{"docker volume rm data", "container-stop", false},
		{"terraform destroy -auto-approve", "", true},
		{"kubectl delete ns prod", "", true},
		{"docker volume rm data", "", true},
		// Not what cloud-destroy or rm-recursive ever reported.
		{"terraform destroy -auto-approve", "rm-recursive", true},
		{"> /var/log/auth.log", "rm-recursive", true},
		{"rm -rf /srv/x", "rm-recursive", true}, // rm-absolute still speaks
		{"git reset --hard", "cloud-destroy", true},
	} {
		dis := map[string]bool{}
		if tt.off != "" {
			dis[tt.off] = true
		}
		got := Match(parse.Commands(tt.line, parse.Options{Dir: "/work/p"}), dis)
		if (len(got) > 0) != tt.want {
			t.Errorf("%q with %q off: %v, want findings %v", tt.line, tt.off, got, tt.want)
		}
	}
}
