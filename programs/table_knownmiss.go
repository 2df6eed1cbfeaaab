package programs

// tableKnownmiss holds the grammars of the programs the known-miss pass
// reads: fuser, whose -k sends SIGKILL to every process using a port,
// file or mount. Registered in [tables].
var tableKnownmiss = []*Spec{
	// psmisc 23 fuser(1): its own parser reads options anywhere on the
	// line, long options by their exact name, short ones bundled (-km);
	// -SIGNAL (-TERM, -9) names the signal -k sends. Partial: the signal
	// words are read as unknown flags, never as -k.
	{Name: "fuser", Style: Cobra, Partial: true, Opts: `a/all k/kill i/interactive I/inode l/list-signals m/mount M/ismountpoint
		n/namespace= s/silent u/user v/verbose w/writeonly 4/ipv4 6/ipv6 V/version`},
}
