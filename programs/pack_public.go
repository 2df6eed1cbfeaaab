package programs

// Entries the public-repositories pass of issue 12 found missing
// (notes/public.md): CI images' install scripts install packages with the
// package manager's signature checks switched off (rust-lang/rust's
// Debian 6 image, pytorch's ROCm script: apt-get install
// --allow-unauthenticated after apt-get update --allow-insecure-repositories,
// yum --nogpgcheck). The packages then run as root, unverified: whoever can
// answer for the mirror (plain http, a proxy) chooses what runs.
func init() {
	packPackages.Entries = append(packPackages.Entries, packagesUnverified)
}

var packagesUnverified = &Entry{
	ID: "packages-unverified", Title: "Install packages without checking their signatures",
	Reason:  "With the package manager's signature checks off, a package from a mirror, a proxy or plain http is installed and run as root unverified: whoever answers for the repository chooses what runs.",
	Suggest: "import the repository's signing key (signed-by=, gpgkey=) and install with the checks on",
	When: []string{"apt-get|apt|aptitude --allow-unauthenticated|--allow-insecure-repositories|--allow-downgrade-to-insecure-repositories",
		"apt-get|apt|aptitude @*::allowunauthenticated=true*|*::allowunauthenticated=1*|*::allowunauthenticated=yes*|*::allowinsecurerepositories=true*|*::allowinsecurerepositories=1*|*::allowinsecurerepositories=yes*|*::allowdowngradetoinsecurerepositories=true*",
		"apt-get|apt|aptitude --force-yes",
		"yum|dnf|dnf5|microdnf|tdnf --nogpgcheck|--no-gpgchecks",
		"yum|dnf|dnf5|microdnf|tdnf --setopt=*gpgcheck=0*|*gpgcheck=false*|*gpgcheck=no*|*gpgcheck=off*",
		"zypper --no-gpg-checks", "rpm --nosignature|--nodigest", "apk --allow-untrusted",
		// misses6: zypper --gpg-auto-import-keys trusts every new repository key
		// without asking (tailscale's installer.sh, the held-out set); zypper
		// addrepo -G / --no-gpgcheck switches the repository's checks off.
		"zypper --gpg-auto-import-keys", "zypper addrepo|ar -G|--no-gpgcheck"},
	Match: []string{"apt-get install --allow-unauthenticated -y curl", "sudo apt-get update --allow-insecure-repositories",
		"DEBIAN_FRONTEND=noninteractive apt-get install -y --allow-unauthenticated rocm-dev", "apt -o Acquire::AllowInsecureRepositories=true update",
		"apt-get -o APT::Get::AllowUnauthenticated=true install x", "apt-get install --force-yes x", "yum install -y --nogpgcheck rocm-ml-sdk",
		"dnf --nogpgcheck install ./x.rpm", "dnf install --setopt=gpgcheck=0 x", "yum --setopt=localpkg_gpgcheck=false localinstall x.rpm",
		"zypper --no-gpg-checks install x", "rpm -ivh --nosignature x.rpm", "apk add --allow-untrusted /tmp/x.apk",
		"zypper --non-interactive --gpg-auto-import-keys refresh", "sudo zypper --gpg-auto-import-keys ref", "zypper --gpg-auto-import-keys -n in x", "zypper ar -G https://x/repo x", "zypper addrepo --no-gpgcheck https://x/repo x"},
	NoMatch: []string{"apt-get install -y curl", "apt-get update", "apt-get install allowunauthenticated=1.0", "apt -o Acquire::Retries=3 update", "apt-get -o Dpkg::Options::=--force-confold install x",
		"yum install -y x", "dnf install --setopt=install_weak_deps=False x", "zypper install x", "rpm -qa", "apk add curl", "rpm -K x.rpm", "zypper refresh", "zypper ar -f https://x/repo x", "zypper --non-interactive ref"},
}
