package programs

// tableKnownmiss holds the grammars of the programs the known-miss pass
// reads: fuser, whose -k sends SIGKILL to every process using a port,
// file or mount, openvpn, whose script hooks are commands, and HTTPie,
// whose request items upload files. Registered in [tables].
var tableKnownmiss = []*Spec{
	// psmisc 23 fuser(1): its own parser reads options anywhere on the
	// line, long options by their exact name, short ones bundled (-km);
	// -SIGNAL (-TERM, -9) names the signal -k sends. Partial: the signal
	// words are read as unknown flags, never as -k.
	{Name: "fuser", Style: Cobra, Partial: true, Opts: `a/all k/kill i/interactive I/inode l/list-signals m/mount M/ismountpoint
		n/namespace= s/silent u/user v/verbose w/writeonly 4/ipv4 6/ipv6 V/version`},
	// OpenVPN 2.6: --NAME VALUE…; the script hooks are command lines
	// openvpn runs (with --script-security 2). The options that take a
	// value are listed so that it is not read as an operand.
	{Name: "openvpn", Style: Loose, Partial: true, Opts: `config= script-security= up= down= route-up= route-pre-down= ipchange= client-connect=
		client-disconnect= learn-address= auth-user-pass-verify= tls-verify= remote= port= proto= dev= ca= cert= key= auth-user-pass=? log= cd=`,
		Runs: []Run{{Kind: RunsShell, Opt: "up"}, {Kind: RunsShell, Opt: "down"}, {Kind: RunsShell, Opt: "route-up"}, {Kind: RunsShell, Opt: "route-pre-down"},
			{Kind: RunsShell, Opt: "ipchange"}, {Kind: RunsShell, Opt: "client-connect"}, {Kind: RunsShell, Opt: "client-disconnect"},
			{Kind: RunsShell, Opt: "learn-address"}, {Kind: RunsShell, Opt: "auth-user-pass-verify"}, {Kind: RunsShell, Opt: "tls-verify"}}},
	// HTTPie 3 (http, https) and xh: [METHOD] URL [ITEM…]; the options
	// that take a value are listed so that it is not read as an item.
	{Name: "http", Style: Loose, Partial: true, Aliases: []string{"https", "xh", "xhs"}, Opts: `a/auth= A/auth-type= o/output= session=
		session-read-only= p/print= P/history-print= verify= cert= cert-key= cert-key-pass= ssl= ciphers= proxy= timeout= max-redirects=
		pretty= s/style= format-options= response-charset= response-mime= boundary= raw= default-scheme=`,
		Sends: []Send{{Kind: SendsItems}}},
}
