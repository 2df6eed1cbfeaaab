package scan

import (
	"errors"
	"slices"
	"testing"
)

// TestMaintainer: which files are maintainer scripts, and the package
// names their paths give (a control file next to debian/postinst).
func TestMaintainer(t *testing.T) {
	files := map[string]string{
		"pkg/debian/control":  "Source: acme-src\nMaintainer: x\n\nPackage: acme\nArchitecture: any\n\nPackage: acme-doc\n",
		"bin/DEBIAN/control":  "Package: widget\nVersion: 1\n",
		"bad/debian/control":  "Package: Not_Valid\n",
		"huge/debian/control": "",
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
	for _, tc := range []struct {
		path    string
		ok      bool
		names   []string
		removal bool
	}{
		{"debian/jenkins.postinst", true, []string{"jenkins"}, false},
		{"deb/build/debian/jenkins.postrm", true, []string{"jenkins"}, true},
		{"debian/acme-server.prerm", true, []string{"acme-server"}, true},
		{"debian/acme.config", true, []string{"acme"}, false},
		{"pkg/debian/postinst", true, []string{"acme"}, false},
		{"bin/DEBIAN/postinst", true, []string{"widget"}, false},
		{"bad/debian/postinst", true, nil, false},
		{"jellyfin/debian/postinst", true, nil, false},
		{"scripts/deb/post-install.sh", true, nil, false},
		{"scripts/postinstall.sh", true, nil, false},
		{"packaging/root/usr/share/gitlab-runner/post-install", true, []string{"gitlab-runner"}, false},
		{"packaging/usr/lib/acme/pre-remove.sh", true, []string{"acme"}, true},
		{"packaging/scripts/after-remove.sh", true, nil, true},
		{"rpm/preun.sh", false, nil, false},
		{"release_files/post_install.sh", true, nil, false},
		{"dist/Before_Remove.sh", true, nil, true},
		{"resources/control-runtime/postinst", true, nil, false},
		// not maintainer scripts
		{"-", false, nil, false},
		{"", false, nil, false},
		{"install.sh", false, nil, false},
		{"uninstall.sh", false, nil, false},
		{"debian/rules", false, nil, false},
		{"debian/Acme.postinst", false, nil, false},
		{"scripts/postinst-helper.sh", false, nil, false},
		{"docs/debian.postinst.md", false, nil, false},
		{"src/config", false, nil, false},
		{"debian/.postinst", false, nil, false},
	} {
		pk := Maintainer(tc.path, read)
		if (pk != nil) != tc.ok {
			t.Errorf("%q: recognised %v, want %v", tc.path, pk != nil, tc.ok)
			continue
		}
		if pk == nil {
			continue
		}
		if !slices.Equal(pk.Names, tc.names) || pk.Removal != tc.removal || pk.How == "" {
			t.Errorf("%q: %+v, want names %v removal %v", tc.path, *pk, tc.names, tc.removal)
		}
	}
}
