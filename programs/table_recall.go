package programs

// tableRecall holds the grammars of the account and package-source
// programs the recall pass of issue 12 reads: who joins a group that is
// root in all but name, and which package sources the machine trusts.
// Registered in [tables].
var tableRecall = []*Spec{
	// shadow-utils 4.13 (useradd --help).
	{Name: "useradd", Style: GNU, Opts: `badname b/base-dir= btrfs-subvolume-home c/comment= d/home-dir= D/defaults e/expiredate= f/inactive=
		F/add-subids-for-system g/gid= G/groups= h/help k/skel= K/key= l/no-log-init m/create-home M/no-create-home N/no-user-group
		o/non-unique p/password= r/system R/root= P/prefix= s/shell= u/uid= U/user-group Z/selinux-user=`},
	// shadow-utils 4.13 (groupmems --help).
	{Name: "groupmems", Style: GNU, Opts: `g/group= R/root= a/add= d/delete= h/help p/purge l/list`},
	// Debian's adduser 3.134 (Perl Getopt::Long: unique prefixes, one or
	// two dashes; addgroup is the same program) and BusyBox's adduser and
	// addgroup short options (-G GROUP, -h HOME, -s SHELL, -g GECOS, -u UID,
	// -k SKEL, -S, -D, -H), which Alpine images use.
	{Name: "adduser", Style: GNU, Dash1: true, Aliases: []string{"addgroup"}, Opts: `add-extra-groups add_extra_groups allow-all-names
		allow-badname allow-bad-names comment= c/conf= debug disabled-login disabled-password firstgid= firstuid= force-badname
		gecos= gid= group help home= ingroup= lastgid= lastuid= no-create-home q/quiet shell= system uid= verbose v/version
		h= g= s= G= S D H u= k=`},
	// macOS dseditgroup(8): -o OPERATION, -a/-d MEMBER, -t TYPE, the
	// group last.
	{Name: "dseditgroup", Style: POSIX, Opts: `o= a= d= t= n= u= P= r= c= s= i= g= k= L q v T= m= p`},
	// software-properties 0.99 (add-apt-repository --help).
	{Name: "add-apt-repository", Style: GNU, Aliases: []string{"apt-add-repository"}, Opts: `h/help d/debug r/remove y/yes n/no-update
		k/keyserver= s/enable-source c/component= p/pocket= L/list dry-run login P/ppa= C/cloud= U/uri= S/sourceslist=`},
	// dnf-plugins-core / yum-utils config-manager: --add-repo URL.
	{Name: "yum-config-manager", Style: GNU, Partial: true, Opts: `add-repo= enable disable save setopt= c/config= y/assumeyes q/quiet
		dump dump-variables releasever= installroot=`},
}
