package programs

// table holds the grammar of every program guardsh knows, as data. Option
// lists of GNU and git programs are complete (taken from the tools' own
// --help, -h and --git-completion-helper-all output: coreutils 9.1, git
// 2.39), because an abbreviation is resolved against the whole list and a
// missing option would turn an ambiguous prefix into a wrong answer. The
// differential test (grammar_diff_test.go) checks them against the real
// parsers installed on the machine.
//
// Big CLIs (clouds, Kubernetes) list only the options that take a value or
// matter to a rule, in the Loose or Cobra style: unknown options there are
// read as flags, the way guardsh read every program before.
var table = []*Spec{
	// ── coreutils and friends (getopt_long) ──────────────────────────
	{Name: "rm", Style: GNU, Opts: `f/force i I interactive=? one-file-system no-preserve-root@ preserve-root=? r,R/recursive d/dir v/verbose help version -presume-input-tty`},
	{Name: "chmod", Style: GNU, Opts: `c/changes f/silent/quiet v/verbose no-preserve-root preserve-root reference= R/recursive help version`},
	{Name: "chown", Style: GNU, Opts: `c/changes f/silent/quiet v/verbose dereference h/no-dereference from= no-preserve-root preserve-root reference= R/recursive H L P help version`},
	{Name: "chgrp", Style: GNU, Opts: `c/changes f/silent/quiet v/verbose dereference h/no-dereference no-preserve-root preserve-root reference= R/recursive H L P help version`},
	{Name: "shred", Style: GNU, Opts: `f/force n/iterations= random-source= s/size= u remove=? v/verbose x/exact z/zero help version`},
	// rsync reads options with popt: exact long names, options anywhere.
	{Name: "rsync", Style: Popt, Opts: `v/verbose info= debug= stderr= q/quiet no-motd c/checksum a/archive r/recursive R/relative no-implied-dirs
		b/backup backup-dir= suffix= u/update inplace append append-verify d/dirs mkpath l/links L/copy-links copy-unsafe-links safe-links
		munge-links k/copy-dirlinks K/keep-dirlinks H/hard-links p/perms E/executability chmod= A/acls X/xattrs o/owner g/group devices
		copy-devices write-devices specials D t/times U/atimes open-noatime N/crtimes O/omit-dir-times J/omit-link-times super fake-super
		S/sparse preallocate n/dry-run W/whole-file checksum-choice= x/one-file-system B/block-size= e/rsh= rsync-path= existing
		ignore-existing remove-source-files del delete delete-before delete-during delete-delay delete-after delete-excluded
		ignore-missing-args delete-missing-args ignore-errors force max-delete= max-size= min-size= max-alloc= partial partial-dir=
		delay-updates m/prune-empty-dirs numeric-ids usermap= groupmap= chown= timeout= contimeout= I/ignore-times size-only
		@/modify-window= T/temp-dir= y/fuzzy compare-dest= copy-dest= link-dest= z/compress compress-choice= compress-level=
		skip-compress= C/cvs-exclude f/filter= F exclude= exclude-from= include= include-from= files-from= 0/from0 old-args
		s/secluded-args trust-sender copy-as= address= port= sockopts= blocking-io outbuf= stats 8/8-bit-output h/human-readable
		progress P i/itemize-changes M/remote-option= out-format= log-file= log-file-format= password-file= early-input= list-only
		bwlimit= stop-after= stop-at= fsync write-batch= only-write-batch= read-batch= protocol= iconv= checksum-seed= 4/ipv4 6/ipv6
		V/version help no-v no-verbose`,
		Runs:  []Run{{Kind: RunsShell, Opt: "rsh"}, {Kind: RunsShell, Opt: "rsync-path"}},
		Sends: []Send{{Kind: SendsSources}}},

	// ── git (parse-options; the git program's own options are exact) ──
	{Name: "git", Style: GitTop, Opts: `v/version h/help C= c= exec-path=? html-path man-path info-path p/paginate P/no-pager no-replace-objects
		bare git-dir= work-tree= namespace= super-prefix= config-env= literal-pathspecs glob-pathspecs noglob-pathspecs icase-pathspecs
		no-optional-locks list-cmds=`,
		Subs: []*Spec{
			{Name: "push", Opts: `v/verbose q/quiet repo= all mirror d/delete tags n/dry-run porcelain f/force force-with-lease=? force-if-includes
				recurse-submodules= thin receive-pack= exec= u/set-upstream progress prune no-verify follow-tags signed=? atomic o/push-option= 4/ipv4 6/ipv6`},
			{Name: "reset", Opts: `q/quiet no-refresh mixed soft hard merge keep recurse-submodules=? p/patch N/intent-to-add pathspec-from-file= pathspec-file-nul`},
			{Name: "clean", Opts: `q/quiet n/dry-run f/force i/interactive d e/exclude=! x X`},
			{Name: "stash", Default: "push", Subs: []*Spec{
				{Name: "push", Opts: `k/keep-index S/staged p/patch q/quiet u/include-untracked a/all m/message= pathspec-from-file= pathspec-file-nul`},
				{Name: "save", Opts: `k/keep-index S/staged p/patch q/quiet u/include-untracked a/all m/message=`},
				{Name: "drop", Opts: `q/quiet`},
				{Name: "clear"},
				{Name: "pop", Opts: `q/quiet index`},
				{Name: "apply", Opts: `q/quiet index`},
				{Name: "list"},
				{Name: "show", Opts: `u/include-untracked only-untracked!`},
				{Name: "branch"},
				{Name: "create"},
				{Name: "store", Opts: `m/message= q/quiet`},
			}},
			{Name: "checkout", Opts: `b= B= l guess overlay q/quiet recurse-submodules=? progress m/merge conflict= d/detach t/track=? f/force orphan=
				overwrite-ignore ignore-other-worktrees 2/ours! 3/theirs! p/patch ignore-skip-worktree-bits pathspec-from-file= pathspec-file-nul`},
			{Name: "restore", Opts: `s/source= S/staged W/worktree ignore-unmerged overlay q/quiet recurse-submodules=? progress m/merge conflict=
				2/ours! 3/theirs! p/patch ignore-skip-worktree-bits pathspec-from-file= pathspec-file-nul`},
			{Name: "branch", Opts: `v/verbose q/quiet t/track=? u/set-upstream-to= unset-upstream color=? r/remotes contains=! no-contains=! abbrev=? a/all
				d/delete D m/move M c/copy C l/list show-current create-reflog edit-description f/force merged=! no-merged=! column=? sort= points-at=
				i/ignore-case recurse-submodules format= set-upstream with! without!`},
			{Name: "switch", Opts: `c/create= C/force-create= guess discard-changes q/quiet recurse-submodules=? progress m/merge conflict= d/detach
				t/track=? f/force orphan= overwrite-ignore ignore-other-worktrees`},
			{Name: "worktree", Subs: []*Spec{
				{Name: "remove", Opts: `f/force`},
				{Name: "add", Opts: `f/force b= B= d/detach checkout lock reason= q/quiet track guess-remote`},
				{Name: "prune", Opts: `n/dry-run v/verbose expire=`},
				{Name: "move", Opts: `f/force`},
				{Name: "list", Opts: `porcelain v/verbose expire= z`},
				{Name: "lock", Opts: `reason=`},
				{Name: "unlock"},
				{Name: "repair"},
			}},
			{Name: "update-ref", Opts: `m= d no-deref z stdin create-reflog`},
			{Name: "gc", Opts: `q/quiet prune=? cruft aggressive auto force keep-largest-pack`},
			{Name: "prune", Opts: `n/dry-run v/verbose progress expire= exclude-promisor-objects`},
			{Name: "rm", Opts: `n/dry-run q/quiet cached f/force r ignore-unmatch sparse pathspec-from-file= pathspec-file-nul`},
			{Name: "reflog", Default: "show", Subs: []*Spec{
				{Name: "expire", Opts: `dry-run rewrite updateref verbose expire=! expire-unreachable=! stale-fix all single-worktree`},
				{Name: "delete", Opts: `dry-run rewrite updateref verbose`},
				{Name: "show"},
				{Name: "exists"},
			}},
			{Name: "config", Opts: `global system local worktree f/file= blob= get get-all get-regexp get-urlmatch replace-all add unset unset-all
				rename-section remove-section l/list fixed-value e/edit get-color get-colorbool t/type= bool! int! bool-or-int! bool-or-str! path!
				expiry-date! z/null name-only includes show-origin show-scope default=`},
		}},

	// ── clusters (only what changes how the line reads; the clouds are
	// in table_clouds.go) ───
	{Name: "tea", Style: Loose, Opts: `l/login= r/repo= R/remote= o/output=`},
	// vault: subcommand words first, then Go-style flags, then operands.
	{Name: "vault", Style: GoFlag, Opts: vaultFlags, Subs: []*Spec{
		{Name: "token", Leaves: `revoke create lookup renew capabilities`, LeafOpts: vaultFlags},
		{Name: "lease", Leaves: `revoke renew lookup`, LeafOpts: vaultFlags},
		{Name: "secrets", Leaves: `disable enable list move tune`, LeafOpts: vaultFlags},
		{Name: "auth", Leaves: `disable enable list tune help`, LeafOpts: vaultFlags},
		{Name: "audit", Leaves: `disable enable list`, LeafOpts: vaultFlags},
		{Name: "policy", Leaves: `delete read write list fmt`, LeafOpts: vaultFlags},
		{Name: "kv", Leaves: `delete destroy get put list patch undelete rollback enable-versioning`, LeafOpts: vaultFlags,
			Subs: []*Spec{{Name: "metadata", Leaves: `delete get put patch`, LeafOpts: vaultFlags}}},
		{Name: "delete", Opts: vaultFlags}, {Name: "read", Opts: vaultFlags}, {Name: "write", Opts: vaultFlags}, {Name: "list", Opts: vaultFlags},
		{Name: "login", Opts: vaultFlags},
	}},
	{Name: "rclone", Style: Cobra, Opts: `config= n/dry-run i/interactive v/verbose q/quiet dedupe-mode= transfers= checkers= filter= exclude= include= min-age= max-age=`},
	{Name: "etcdctl", Style: Cobra, Opts: `endpoints= user= password= cacert= cert= key= command-timeout= dial-timeout= w/write-out= prefix from-key prev-kv`},
	{Name: "influx", Style: Cobra, Opts: `host= t/token= o/org= org-id= n/name= i/id= configs-path= c/active-config=`},
	{Name: "journalctl", Style: GNU, Opts: `vacuum-size= vacuum-time= vacuum-files= rotate flush sync relinquish-var smart-relinquish-var u/unit= user-unit=
		D/directory= file= M/machine= root= image= namespace= b/boot=? k/dmesg t/identifier= p/priority= g/grep= S/since= U/until= n/lines=?
		f/follow e/pager-end r/reverse o/output= x/catalog q/quiet m/merge no-pager a/all list-boots disk-usage verify setup-keys
		update-catalog list-catalog dump-catalog header fields field= F interval= force h/help version output-fields= utc no-hostname
		N cursor= after-cursor= cursor-file= show-cursor c system user l/full no-full truncate-newline facility= case-sensitive=?`, Partial: true},
	{Name: "auditctl", Style: POSIX, Opts: `b= e= f= r= s l D R= a= A= d= w= W= p= k= S= F= C= i v m= t h backlog_wait_time= reset-lost signal=`},
	{Name: "userdel", Style: GNU, Opts: `f/force h/help r/remove R/root= P/prefix= Z/selinux-user`},
	{Name: "deluser", Style: Loose, Opts: `system remove-home remove-all-files backup backup-to= backup-suffix= conf= quiet verbose debug`},
	{Name: "sysctl", Style: Loose, Opts: `w/write p/load=? a/all n/values e/ignore q/quiet N/names r/pattern= system`},
	{Name: "npm", Style: Loose, Opts: `g/global location= userconfig= prefix= registry= w/workspace=`, Aliases: []string{"pnpm", "yarn"}},
	{Name: "pip", Style: Loose, Opts: `isolated v/verbose q/quiet log= proxy= retries= timeout= cert= client-cert= cache-dir= python=`,
		Aliases: []string{"pip3", "pip3.9", "pip3.10", "pip3.11", "pip3.12", "pip3.13", "pip3.14"}},
	{Name: "curl", Style: GNU, Partial: true, Opts: `X/request= H/header= d/data= data-raw= data-ascii= data-binary= data-urlencode= F/form= form-string= o/output= u/user= A/user-agent=
		e/referer= b/cookie= c/cookie-jar= x/proxy= T/upload-file= K/config= w/write-out= m/max-time= connect-timeout= retry= s/silent
		S/show-error f/fail L/location k/insecure v/verbose i/include I/head G/get json= url= cacert= cert= key= E
		O/remote-name remote-name-all output-dir= create-dirs J/remote-header-name`,
		// curl takes unique prefixes of long options (7.88: --upload-fi, --data-bin).
		Sends: []Send{{Kind: SendsFile, Opt: "upload-file"}, {Kind: SendsData, Opt: "data"}, {Kind: SendsData, Opt: "data-binary"},
			{Kind: SendsData, Opt: "data-ascii"}, {Kind: SendsData, Opt: "json"}, {Kind: SendsForm, Opt: "form"}, {Kind: SendsURLEncoded, Opt: "data-urlencode"}},
		Writes: []Write{{Opt: "output"}, {Opt: "output-dir", Dir: true}}},
}

// vaultFlags are the flags every vault command reads (its HTTP and output
// options) and those of the commands the packs look at.
const vaultFlags = `address= namespace= ns= agent-address= ca-cert= ca-path= client-cert= client-key= tls-server-name= tls-skip-verify
	format= field= header= mfa= non-interactive output-curl-string output-policy policy-override= unlock-key= wrap-ttl=
	mode= self accessor prefix force f sync path= type= description= versions= all-versions local`
