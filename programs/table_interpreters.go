package programs

// interpreterTable holds interpreters whose code comes in an option's
// value (RunsCode with its language): perl -e, ruby -e, node -e/-p/-pe,
// php -r/-B/-R/-E. parse hands that code to package payload in its
// language; without such an option the first operand is the script (run
// from its file), and no operand (or "-") means the code comes on the
// input. The grammars list the options that take a value, so that their
// value is not taken for the script: perl -I lib -e CODE, ruby -r x -e
// CODE, node -r x -e CODE, php -d k=v -rCODE.
var interpreterTable = []*Spec{
	// perl's switches (perlrun): bundled (-lne, -pi.bak, -de0), values
	// attached or (-e, -E, -I) in the next word; -0 and -l take digits
	// only, -i the rest of the word (-pie is -p -i with the suffix "e");
	// the first operand is the script.
	{Name: "perl", Style: POSIX, Partial: true,
		Opts: `0=# a C=# c d D=? e= E= f F=? h i=? I= l=# m= M= n p s S t T u U v V=? w W x=? X`,
		Runs: []Run{{Kind: RunsCode, Opt: "e", Lang: "perl"}, {Kind: RunsCode, Opt: "E", Lang: "perl"}}},
	{Name: "ruby", Style: POSIX, Partial: true, Aliases: []string{"jruby", "truffleruby"},
		Opts: `0=# a c C= d E= e= F= h i=? I= K=? l n p r= s S T=# U v w W=# x=? y copyright enable= disable= external-encoding=
			internal-encoding= encoding= version verbose jit yjit help dump= backtrace-limit= crash-report=`,
		Runs: []Run{{Kind: RunsCode, Opt: "e", Lang: "ruby"}}},
	// Node reads -name and --name alike, without bundling (-pe is its own
	// alias of --print --eval), and stops at the script.
	{Name: "node", Style: GoFlag, Partial: true, Aliases: []string{"nodejs"},
		Opts: `e/eval= p/print= pe= r/require= import= loader= experimental-loader= input-type= C/conditions= env-file= title= stack-size=
			max-old-space-size= icu-data-dir= openssl-config= redirect-warnings= report-dir= diagnostic-dir= inspect=? inspect-brk=?
			inspect-port= debug-port= watch-path= test-reporter= test-reporter-destination= test-name-pattern= cpu-prof-dir= heap-prof-dir=`,
		Runs: []Run{{Kind: RunsCode, Opt: "eval", Lang: "node"}, {Kind: RunsCode, Opt: "print", Lang: "node"}, {Kind: RunsCode, Opt: "pe", Lang: "node"}}},
	// php-cli: -r CODE, and -B/-R/-E: code run before, for and after each
	// input line.
	{Name: "php", Style: POSIX, Partial: true, Aliases: []string{"php-cli"},
		Opts: `a b= C c= d= e f= h i l m n q r= B= R= F= E= H s t= v w z= S= ini rf= rc= re= rz= ri=`,
		Runs: []Run{{Kind: RunsCode, Opt: "r", Lang: "php"}, {Kind: RunsCode, Opt: "B", Lang: "php"}, {Kind: RunsCode, Opt: "R", Lang: "php"},
			{Kind: RunsCode, Opt: "E", Lang: "php"}}},
}
