package programs

// Package managers: removing what the system or the package manager
// itself needs, or the history that lets an upgrade be rolled back.
var packPackages = &Pack{Name: "packages", Title: "Package managers", File: "programs/pack_packages.go", Entries: []*Entry{
	{
		ID: "packages-remove-nodeps", Title: "Remove a package ignoring what depends on it",
		Reason:  "pacman -Rdd, rpm -e --nodeps, dpkg --force-depends (or --force-all) and brew uninstall --ignore-dependencies remove a package that other packages need: those programs break, often the package manager itself.",
		Suggest: "let the package manager remove the dependants too, or check them first (pacman -Qi, rpm -q --whatrequires)",
		When:    []string{"pacman|rpm|dpkg $nodeps-remove", "brew uninstall|remove|rm --ignore-dependencies"},
		Match:   []string{"pacman -Rdd systemd", "pacman -R -d -d foo", "rpm -e --nodeps bash", "dpkg --force-all -P coreutils", "dpkg --force-depends -r libfoo", "brew uninstall --force --ignore-dependencies openssl@3", "brew rm --ignore-dependencies python@3.12"},
		NoMatch: []string{"pacman -R foo", "pacman -Rd foo", "rpm -e foo", "dpkg -r foo", "dpkg --force-confold -i x.deb", "pacman -Syu", "brew uninstall openssl@3", "brew deps --installed openssl@3"},
	},
	{
		ID: "packages-remove-tooling", Title: "Uninstall the package manager itself",
		Reason:  "Uninstalling pip or setuptools from the system Python, or npm from the global prefix, breaks the package manager and every tool that needs it; the distribution's packages then disagree with what is on disk.",
		Suggest: "reinstall or upgrade it instead (python3 -m ensurepip, npm install -g npm@latest)",
		When:    []string{"pip|pip3 uninstall @pip|pip3|pip3.*|setuptools", "npm|pnpm uninstall|un|unlink|remove|rm|r --global @npm|corepack", "npm|pnpm uninstall|un|unlink|remove|rm|r --location=global @npm|corepack"},
		Match:   []string{"pip uninstall -y pip", "sudo pip3 uninstall setuptools", "python3 -m pip uninstall -y pip", "npm uninstall -g npm", "npm rm --global npm", "pip3.11 uninstall -y pip"},
		NoMatch: []string{"pip uninstall -y requests", "pip install -U pip", "npm uninstall -g typescript", "npm uninstall npm-run-all"},
	},
	{
		ID: "packages-purge-data", Title: "Remove a snap without keeping its data",
		Reason:  "snap remove --purge skips the snapshot snapd takes of the snap's data: its settings, databases and files are deleted for good.",
		Suggest: "snap remove NAME keeps a snapshot (snap saved, snap restore)",
		When:    []string{"snap remove --purge"},
		Match:   []string{"snap remove --purge firefox", "sudo snap remove firefox --purge"},
		NoMatch: []string{"snap remove firefox", "snap list", "snap install firefox"},
	},
	{
		ID: "packages-drop-generations", Title: "Delete every old Nix generation",
		Reason:  "nix-collect-garbage -d and nix-env --delete-generations old delete every earlier generation of the profiles: a broken upgrade can no longer be rolled back.",
		Suggest: "keep recent ones: nix-collect-garbage --delete-older-than 30d",
		When:    []string{"nix-collect-garbage --delete-old !--dry-run", "nix-env --delete-generations @old"},
		Match:   []string{"nix-collect-garbage -d", "sudo nix-collect-garbage --delete-old", "nix-env --delete-generations old"},
		NoMatch: []string{"nix-collect-garbage", "nix-collect-garbage --delete-older-than 30d", "nix-collect-garbage -d --dry-run", "nix-env --delete-generations 14d"},
	},
	{
		ID: "packages-add-source", Title: "Add a package source the machine installs from as root",
		Reason:  "A new apt, dnf or zypper repository (a PPA, a vendor's URL) lets whoever runs it ship any package this machine installs or upgrades, with root's rights, from now on.",
		Suggest: "check the repository and its signing key against the vendor's documentation, and pin what you install from it",
		When: []string{"add-apt-repository|apt-add-repository !--remove @ppa:*|deb*|http*|*://*", "add-apt-repository|apt-add-repository !--remove --ppa|--uri",
			"yum-config-manager --add-repo", "dnf|dnf5|yum config-manager --add-repo", "dnf|dnf5|yum config-manager addrepo", "zypper addrepo|ar"},
		Match: []string{"add-apt-repository ppa:deadsnakes/ppa", "sudo add-apt-repository -y ppa:x/y", "add-apt-repository 'deb https://x stable main'", "apt-add-repository --yes ppa:x/y",
			"yum-config-manager --add-repo https://x/x.repo", "dnf config-manager --add-repo https://x/x.repo", "sudo dnf -y config-manager --add-repo=https://x/x.repo",
			"dnf config-manager addrepo --from-repofile=https://x/x.repo", "zypper addrepo https://x/x.repo x", "zypper --non-interactive ar -f https://x x"},
		NoMatch: []string{"add-apt-repository universe", "add-apt-repository -y multiverse", "add-apt-repository --remove ppa:x/y", "add-apt-repository -r ppa:x/y",
			"yum-config-manager --enable epel", "dnf config-manager --set-enabled crb", "zypper repos", "zypper lr", "zypper install x"},
	},
	{
		// redteam5: facts from each tool's manual.
		ID: "packages-remove-all", Title: "Uninstall every package of a manager, or the manager itself",
		Reason:  "flatpak uninstall --all, port uninstall all, and pipx uninstall-all remove every application, port or tool at once; what was installed has to be found and installed again.",
		Suggest: "uninstall the packages you mean by name",
		// misses6 (redteam5's open list): nix-env -e '*' (a name of *
		// selects every package of the profile), nix profile remove '.*'
		// (its arguments are regular expressions before Nix 2.20,
		// --regex and --all after), gem uninstall --all with no gem named
		// (every gem; -I ignores dependants, -x removes the executables).
		When: []string{"flatpak uninstall|remove --all", "port uninstall @all|installed|active", "pipx uninstall-all",
			"nix-env -e|--uninstall @\\*", "nix profile remove|rm @.\\*|^.\\*|^.\\*$|.\\*$", "nix profile remove|rm --all", "nix profile remove|rm --regex=.\\*|^.\\*|^.\\*$",
			"gem uninstall -a|--all !@*"},
		Match: []string{"flatpak uninstall --all -y", "sudo port uninstall --follow-dependents all", "port -f uninstall installed", "pipx uninstall-all",
			"nix-env -e '*'", "nix-env --uninstall '*'", "nix-env -e \\*", "nix-env -p /nix/var/nix/profiles/default -e '*'", "nix profile remove '.*'", "nix profile remove --all", "nix profile remove --regex '.*'",
			"nix profile remove --regex='^.*$'", "gem uninstall -aIx", "gem uninstall --all --ignore-dependencies --executables", "sudo gem uninstall -a -x --force", "gem uninstall -aIx --user-install"},
		NoMatch: []string{"flatpak uninstall org.gimp.GIMP", "flatpak uninstall --unused", "port uninstall python311", "port uninstall inactive", "pipx uninstall black", "rustup toolchain uninstall nightly", "rustup self uninstall",
			"nix-env -e hello", "nix-env -e 'python3*'", "nix-env -q '*'", "nix profile remove hello", "nix profile remove 0", "nix profile remove --regex 'python.*'", "nix profile list",
			"gem uninstall rails", "gem uninstall -a rails", "gem uninstall -aIx rails", "gem list"},
	},
}}
