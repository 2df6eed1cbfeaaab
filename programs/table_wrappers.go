package programs

// wrapperTable holds the programs that run another program, with their
// complete option grammars and what they run, as data ([Run]). parse reads
// a wrapper's own options by these grammars (so sudo --us root, timeout
// --sig KILL, env -uX and xargs --max-a 1 are read as the tools read them)
// and finds the command it runs by its Runs.
//
// The option lists are the tools' own: coreutils 9.1 (env, timeout, nice,
// nohup, stdbuf, chroot), findutils 4.9 (xargs), util-linux 2.38 (setsid,
// ionice, taskset, flock, prlimit, script, su, runuser, unshare, nsenter,
// chrt, setpriv), procps-ng 4.0 (watch), sudo 1.9 (parse_args.c), GNU time
// 1.9 and OpenBSD doas. Every one of them stops reading options at the
// first operand (getopt_long with "+"): the POSIX style. TestDiffWrappers
// checks them against the tools installed on the machine.
//
// Options only a newer version has are left out on purpose: listed, they
// would make a prefix the older tool reads as one option ambiguous here,
// and an ambiguous line reads as running nothing. Left out, the newer
// tool's option is unknown here, and parse reads a wrapper with an unknown
// option both ways (with and without a value).
var wrapperTable = []*Spec{
	{Name: "sudo", Style: POSIX, Assigns: true,
		Opts: `A/askpass a/auth-type= B/bell b/background C/close-from= c/login-class= D/chdir= E preserve-env=? e/edit g/group= H/set-home
			h=+ help host= i/login K/remove-timestamp k/reset-timestamp l/list N/no-update n/non-interactive P/preserve-groups p/prompt=
			R/chroot= r/role= S/stdin s/shell T/command-timeout= t/type= U/other-user= u/user= V/version v/validate`,
		Runs: []Run{
			// sudo -s CMD… and -i CMD… give the words to the shell as
			// one command line.
			{Kind: RunsShell, Join: true, Env: true, When: "shell login"},
			{Kind: RunsNothing, When: "edit list validate remove-timestamp version"},
			{Kind: RunsArgv, Env: true},
		}},
	{Name: "doas", Style: POSIX, Opts: `a= C= L n s u=`, Runs: []Run{{Kind: RunsArgv}}},
	{Name: "env", Style: POSIX,
		Opts: `C/chdir= i/ignore-environment 0/null u/unset= S/split-string= v/debug block-signal=? default-signal=? ignore-signal=?
			list-signal-handling help version P= L= U=`,
		Runs: []Run{
			// env -S 'CMD ARG…' splits its value into the command line;
			// the operands after it are appended (parse joins them).
			{Kind: RunsShell, Opt: "split-string", Join: true},
			{Kind: RunsArgv, Env: true, Unless: "split-string"},
		}},
	{Name: "timeout", Style: POSIX, Opts: `k/kill-after= s/signal= v/verbose preserve-status foreground help version`,
		Runs: []Run{{Kind: RunsArgv, Skip: 1}}},
	{Name: "nice", Style: POSIX, Opts: `n/adjustment= help version`, Runs: []Run{{Kind: RunsArgv}}},
	{Name: "nohup", Style: POSIX, Opts: `help version`, Runs: []Run{{Kind: RunsArgv}}},
	{Name: "stdbuf", Style: POSIX, Opts: `i/input= o/output= e/error= help version`, Runs: []Run{{Kind: RunsArgv}}},
	{Name: "chroot", Style: POSIX, Opts: `groups= userspec= skip-chdir help version`,
		// chroot DIR CMD…; chroot DIR alone runs $SHELL -i.
		Runs: []Run{{Kind: RunsArgv, Skip: 1}}},
	{Name: "xargs", Style: POSIX,
		Opts: `0/null a/arg-file= d/delimiter= E= e/eof=? I= i/replace=? L= l/max-lines=? n/max-args= o/open-tty P/max-procs= p/interactive
			process-slot-var= r/no-run-if-empty s/max-chars= show-limits t/verbose x/exit help version`,
		// The command gets its arguments from the input: parse adds
		// them when the input is known.
		Runs: []Run{{Kind: RunsNothing, When: "help version"}, {Kind: RunsArgv}}},
	{Name: "setsid", Style: POSIX, Opts: `c/ctty f/fork w/wait h/help V/version`, Runs: []Run{{Kind: RunsArgv}}},
	{Name: "ionice", Style: POSIX, Opts: `c/class= n/classdata= p/pid= P/pgid= t/ignore u/uid= h/help V/version`,
		Runs: []Run{{Kind: RunsNothing, When: "pid pgid uid"}, {Kind: RunsArgv}}},
	{Name: "taskset", Style: POSIX, Opts: `a/all-tasks p/pid c/cpu-list h/help V/version`,
		// taskset MASK CMD…; taskset -p [MASK] PID changes a process.
		Runs: []Run{{Kind: RunsNothing, When: "pid"}, {Kind: RunsArgv, Skip: 1}}},
	{Name: "chrt", Style: POSIX,
		Opts: `b/batch d/deadline f/fifo i/idle o/other r/rr R/reset-on-fork T/sched-runtime= P/sched-period= D/sched-deadline= a/all-tasks
			m/max p/pid v/verbose h/help V/version`,
		// chrt PRIORITY CMD…; -p and -m act on processes or print.
		Runs: []Run{{Kind: RunsNothing, When: "pid max"}, {Kind: RunsArgv, Skip: 1}}},
	{Name: "flock", Style: POSIX,
		// -c is no option to getopt: flock FILE -c TEXT (exactly "-c" or
		// "--command" after FILE) is read by parse; flock -c TEXT FILE and
		// --comm are refused by flock itself.
		Opts: `s/shared x/exclusive u/unlock n/nonblock w/timeout= E/conflict-exit-code= o/close F/no-fork verbose h/help V/version`,
		Runs: []Run{{Kind: RunsArgv, Skip: 1}}},
	{Name: "prlimit", Style: POSIX,
		Opts: `p/pid= o/output= noheadings raw verbose h/help V/version c/core=? d/data=? e/nice=? f/fsize=? i/sigpending=? l/memlock=?
			m/rss=? n/nofile=? q/msgqueue=? r/rtprio=? s/stack=? t/cpu=? u/nproc=? v/as=? x/locks=? y/rttime=?`,
		Runs: []Run{{Kind: RunsNothing, When: "pid"}, {Kind: RunsArgv}}},
	{Name: "script", Style: POSIX,
		Opts: `a/append c/command= e/return E/echo= f/flush force B/log-io= I/log-in= O/log-out= T/log-timing= m/logging-format= o/output-limit=
			q/quiet t/timing=? h/help V/version`,
		// script [FILE] without -c runs $SHELL: parse reads its input.
		Runs: []Run{{Kind: RunsShell, Opt: "command"}}},
	{Name: "su", Style: POSIX,
		Opts: `c/command= session-command= f/fast g/group= G/supp-group= l/login m,p/preserve-environment P/pty s/shell= w/whitelist-environment=
			h/help V/version`,
		// su [USER [ARG…]]: the ARGs go to the user's shell (su root -c
		// TEXT): parse reads them.
		Runs: []Run{{Kind: RunsShell, Opt: "command"}, {Kind: RunsShell, Opt: "session-command"}}},
	{Name: "runuser", Style: POSIX,
		Opts: `u/user= c/command= session-command= f/fast g/group= G/supp-group= l/login m,p/preserve-environment P/pty s/shell=
			w/whitelist-environment= h/help V/version`,
		Runs: []Run{{Kind: RunsShell, Opt: "command"}, {Kind: RunsShell, Opt: "session-command"},
			{Kind: RunsArgv, When: "user", Unless: "command session-command"}}},
	{Name: "unshare", Style: POSIX,
		Opts: `m u i n p U C T mount=? uts=? ipc=? net=? pid=? user=? cgroup=? time=? f/fork map-user= map-group= r/map-root-user
			c/map-current-user map-auto map-users= map-groups= kill-child=? mount-proc=? propagation= setgroups= keep-caps R/root= w/wd=
			S/setuid= G/setgid= monotonic= boottime= h/help V/version`,
		Runs: []Run{{Kind: RunsArgv}}},
	{Name: "nsenter", Style: POSIX,
		Opts: `a/all t/target= m/mount=? u/uts=? i/ipc=? n/net=? p/pid=? C/cgroup=? U/user=? T/time=? S/setuid= G/setgid=
			preserve-credentials r/root=? w/wd=? W/wdns= F/no-fork Z/follow-context h/help V/version`,
		Runs: []Run{{Kind: RunsArgv}}},
	{Name: "setpriv", Style: POSIX,
		Opts: `d/dump nnp/no-new-privs ambient-caps= inh-caps= bounding-set= ruid= euid= rgid= egid= reuid= regid= clear-groups keep-groups
			init-groups groups= securebits= pdeathsig= selinux-label= apparmor-profile= reset-env h/help V/version`,
		Runs: []Run{{Kind: RunsNothing, When: "dump"}, {Kind: RunsArgv}}},
	{Name: "watch", Style: POSIX,
		Opts: `b/beep c/color d/differences=? e/errexit g/chgexit q/equexit= n/interval= p/precise t/no-title w/no-wrap
			x/exec h/help v/version`,
		// watch CMD… runs sh -c with the words joined; -x runs them.
		Runs: []Run{{Kind: RunsArgv, When: "exec"}, {Kind: RunsShell, Join: true}}},
	// GNU time (/usr/bin/time); bash's time keyword takes only -p.
	{Name: "time", Style: POSIX, Opts: `a/append f/format= o/output= p/portability q/quiet v/verbose help V/version`,
		Runs: []Run{{Kind: RunsArgv}}},
	// util-linux setarch: setarch ARCH [OPTIONS] [CMD…].
	{Name: "setarch", Style: POSIX,
		Opts: `B/32bit F/fdpic-funcptrs I/short-inode L/addr-compat-layout R/addr-no-randomize S/whole-seconds T/sticky-timeouts
			X/read-implies-exec Z/mmap-page-zero 3/3gb 4gb uname-2.6 v/verbose list h/help V/version`,
		Runs: []Run{{Kind: RunsNothing, When: "list"}, {Kind: RunsArgv, Skip: 1, Reparse: true}}},
	// OpenSSH (BSD getopt, ssh.c): options, HOST, options again, then the
	// remote command, whose words ssh joins into one shell line. parse
	// reads it (the remote shell, -o ProxyCommand, a login shell's input).
	{Name: "ssh", Style: POSIX,
		Opts: `1 2 4 6 A a B= b= C c= D= E= e= F= f G g I= i= J= K k L= l= M m= N n O= o= P= p= Q= q R= S= s T t V v W= w= X x Y y`,
		Runs: []Run{{Kind: RunsRemote, Skip: 1, Join: true, Reparse: true}}},
}
