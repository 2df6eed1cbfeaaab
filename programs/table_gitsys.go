package programs

import "sync"

// tableGitsys holds the grammars of the system, account, firewall and
// file programs the gitsys packs read (shadow-utils 4.13, coreutils 9.1,
// util-linux 2.38, rclone's flags the packs look at). Registered in
// [specs].
var tableGitsys = []*Spec{
	{Name: "usermod", Style: GNU, Opts: `a/append b/badname c/comment= d/home= e/expiredate= f/inactive= g/gid= G/groups= h/help l/login= L/lock
		m/move-home o/non-unique p/password= P/prefix= r/remove R/root= s/shell= u/uid= U/unlock v/add-subuids= V/del-subuids=
		w/add-subgids= W/del-subgids= Z/selinux-user=`},
	{Name: "passwd", Style: GNU, Opts: `a/all d/delete e/expire h/help k/keep-tokens i/inactive= l/lock n/mindays= q/quiet r/repository= R/root=
		P/prefix= S/status u/unlock w/warndays= x/maxdays= s/stdin`},
	{Name: "chage", Style: GNU, Opts: `d/lastday= E/expiredate= h/help i/iso8601 I/inactive= l/list m/mindays= M/maxdays= R/root= P/prefix= W/warndays=`},
	{Name: "gpasswd", Style: GNU, Opts: `a/add= d/delete= h/help Q/root= r/remove-password R/restrict M/members= A/administrators=`},
	{Name: "groupdel", Style: GNU, Opts: `h/help R/root= P/prefix= f/force`},
	{Name: "truncate", Style: GNU, Opts: `c/no-create o/io-blocks r/reference= s/size= help version`},
	{Name: "rtcwake", Style: GNU, Opts: `a/auto A/adjfile= date= d/device= n/dry-run l/local list-modes m/mode= s/seconds= t/time= u/utc v/verbose h/help V/version`},
	{Name: "loginctl", Style: GNU, Opts: `h/help version no-pager no-legend no-ask-password H/host= M/machine= p/property= P= a/all value l/full
		kill-whom= s/signal= n/lines= o/output=`},
	{Name: "modprobe", Style: GNU, Opts: `a/all r/remove remove-holders R/resolve-alias first-time ignore-install ignore-remove i w/wait= showconfig c/show-depends
		D/show-modversions dump-modversions n/dry-run show q/quiet v/verbose b/use-blacklist f/force force-modversion force-vermagic
		C/config= d/dirname= S/set-version= h/help V/version s/syslog`},
	{Name: "rmmod", Style: GNU, Opts: `f/force s/syslog v/verbose V/version h/help`},
	{Name: "iptables", Style: GNU, Partial: true, Opts: `t/table= P/policy= A/append= D/delete= I/insert= R/replace= N/new-chain= E/rename-chain= j/jump=
		p/protocol= s/source= d/destination= i/in-interface= o/out-interface= m/match= w/wait=? W/wait-interval= dport= sport= g/goto=
		v/verbose n/numeric x/exact 4/ipv4 6/ipv6 L/list=? S/list-rules=? F/flush=? Z/zero=? X/delete-chain=? h/help V/version line-numbers modprobe= c/set-counters= f/fragment`,
		Aliases: []string{"ip6tables", "iptables-nft", "iptables-legacy"}},
	{Name: "snap", Style: Loose, Opts: `purge revision=`},
	{Name: "nix-collect-garbage", Style: GNU, Opts: `d/delete-old delete-older-than= dry-run max-freed= h/help version`},
}

var (
	specsOnce sync.Once
	allSpecs  []*Spec
)

// specs returns every table entry, table by table (lookup.go: tables).
// Built on first use.
func specs() []*Spec {
	specsOnce.Do(func() {
		for _, t := range tables {
			allSpecs = append(allSpecs, t...)
		}
	})
	return allSpecs
}
