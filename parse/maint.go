package parse

// A Package says that a script file is a package's maintainer script (a
// Debian postinst, an nfpm/fpm post-install): a file scan only, decided by
// scan.Maintainer from the file's path. What the script does to its own
// package's files and service is the package's business (rules/maint.go).
type Package struct {
	// Names are the package names the path gives: debian/NAME.postinst,
	// the Package: of the debian/control next to it, usr/share/NAME/ or
	// usr/lib/NAME/ of a packaging tree. Empty when only the script's own
	// declarations (update-rc.d NAME, adduser --system NAME …) can name it.
	Names []string
	// Removal is set for a script that runs when the package is removed
	// (postrm, prerm, pre-remove …): deleting the package's data is then
	// what the user asked for (a purge).
	Removal bool
	// How says how the file was recognised, for the reader of a finding's
	// reason ("debian/jenkins.postinst").
	How string
}

// ValidPackage reports a Debian package name (policy 5.6.1: lower case
// letters, digits, + - and .; at least two characters, the first a letter
// or a digit).
func ValidPackage(v string) bool {
	if len(v) < 2 {
		return false
	}
	for i, r := range v {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || i > 0 && (r == '+' || r == '-' || r == '.') {
			continue
		}
		return false
	}
	return true
}
