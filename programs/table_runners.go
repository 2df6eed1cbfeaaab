package programs

// runnerTable holds programs that run a command given as the value of one
// of their options (GTFOBins catalogues many): rg --pre CMD, tar
// --to-command=CMD, sort --compress-program=CMD, man -P CMD. The value is
// read by the program's grammar, so an abbreviation the tool accepts
// (tar --to-comm=…, sort --compress-prog=…, split --filt=…, man --pag=…,
// gdb -eval-comm …) is the same option here, and a value attached or in
// the next word is found either way. parse checks each value as shell text.
// wget is here for what it sends (Sends: --post-file, --body-file).
//
// sort and split list every option (coreutils 9.1; TestDiffWrappers checks
// them against the tools). The others list the options that take a value
// (so that operands are told from values) and are Partial: an
// abbreviation that fits several listed options is read as unknown rather
// than refused.
var runnerTable = []*Spec{
	{Name: "sort", Style: GNU,
		Opts: `b/ignore-leading-blanks d/dictionary-order f/ignore-case g/general-numeric-sort i/ignore-nonprinting M/month-sort
			h/human-numeric-sort n/numeric-sort R/random-sort random-source= r/reverse sort= V/version-sort batch-size= c C check=?
			compress-program= debug files0-from= k/key= m/merge o/output= s/stable S/buffer-size= t/field-separator=
			T/temporary-directory= parallel= u/unique z/zero-terminated y= help version`,
		Runs: []Run{{Kind: RunsShell, Opt: "compress-program"}}},
	{Name: "split", Style: GNU,
		Opts: `a/suffix-length= additional-suffix= b/bytes= C/line-bytes= d numeric-suffixes=? x hex-suffixes=? e/elide-empty-files
			filter= l/lines= n/number= t/separator= u/unbuffered verbose -io-blksize= help version`,
		Runs: []Run{{Kind: RunsShell, Opt: "filter"}}},
	// GNU tar reads options with argp (getopt_long underneath).
	{Name: "tar", Style: GNU, Partial: true, Aliases: []string{"gtar"},
		Opts: `f/file= C/directory= b/blocking-factor= T/files-from= X/exclude-from= exclude= H/format= g/listed-incremental= K/starting-file=
			L/tape-length= N/newer/after-date= V/label= owner= group= mode= mtime= transform/xform= strip-components= suffix= index-file=
			backup=? checkpoint=? occurrence=? record-size= sparse-version= quoting-style= quote-chars= no-quote-chars= exclude-tag=
			exclude-tag-all= exclude-tag-under= newer-mtime= volno-file= warning= one-top-level=? pax-option= level= hole-detection=
			atime-preserve=? I/use-compress-program= F/info-script/new-volume-script= rsh-command= to-command= checkpoint-action=
			to-stdout O to-standard-output`,
		Runs: []Run{
			{Kind: RunsShell, Opt: "to-command"}, {Kind: RunsShell, Opt: "use-compress-program"}, {Kind: RunsShell, Opt: "info-script"},
			{Kind: RunsShell, Opt: "rsh-command"}, {Kind: RunsShell, Opt: "checkpoint-action", Prefix: "exec="},
		}},
	// man-db reads options with argp.
	{Name: "man", Style: GNU, Partial: true,
		Opts: `C/config-file= L/locale= m/systems= M/manpath= S,s/sections= e/extension= P/pager= r/prompt= E/encoding= H/html=?
			T/troff-device=? X/gxditview=? p/preprocessor= R/recode= W/where-cat w/where/path/location`,
		Runs: []Run{{Kind: RunsShell, Opt: "pager"}, {Kind: RunsShell, Opt: "html"}}},
	// ripgrep: long options exact, short ones bundle, options anywhere.
	{Name: "rg", Style: Cobra, Partial: true,
		Opts: `e/regexp= f/file= g/glob= iglob= t/type= T/type-not= type-add= type-clear= m/max-count= A/after-context= B/before-context=
			C/context= j/threads= M/max-columns= d/max-depth= max-filesize= r/replace= E/encoding= engine= sort= sortr= color= colors=
			path-separator= ignore-file= context-separator= field-context-separator= field-match-separator= pre= pre-glob= hostname-bin=
			hyperlink-format= dfa-size-limit= regex-size-limit= generate=`,
		Runs: []Run{{Kind: RunsShell, Opt: "pre"}, {Kind: RunsShell, Opt: "hostname-bin"}}},
	// The Silver Searcher reads options with getopt_long.
	{Name: "ag", Style: GNU, Partial: true,
		Opts: `pager= G/file-search-regex= g= m/max-count= depth= ignore= ignore-dir= p/path-to-ignore= W/width= workers= color-line-number=
			color-match= color-path= A= B= C= after=? before=? context=?`,
		Runs: []Run{{Kind: RunsShell, Opt: "pager"}}},
	{Name: "tcpdump", Style: GNU, Partial: true,
		Opts: `c= C= E= F= G= i/interface= j/time-stamp-type= M= m= r= s/snapshot-length= T= w= W= y/linktype= z= Z/relinquish-privileges=
			B/buffer-size= V= time-stamp-precision= print-sampling=`,
		Runs: []Run{{Kind: RunsShell, Opt: "z"}}},
	// Vim and its relatives: -c CMD and --cmd CMD run an Ex command; one
	// starting with ! runs a shell command.
	{Name: "vim", Style: Loose, Partial: true, Aliases: []string{"vi", "nvim", "ex", "view", "vimdiff", "gvim", "rvim"},
		Opts: `c= cmd= S= u= U= i= T= t= q= w= W= servername= remote= remote-silent= remote-wait= remote-send= remote-expr=`,
		Runs: []Run{{Kind: RunsShell, Opt: "c", Prefix: "!"}, {Kind: RunsShell, Opt: "cmd", Prefix: "!"}}},
	// OpenSSH's scp and sftp: -S PROGRAM is the ssh they run, sftp -D the
	// server. Read as GNU (options anywhere), which finds more.
	{Name: "scp", Style: GNU, Partial: true, Opts: `c= D= F= i= J= l= o= O P= S= X=`, Runs: []Run{{Kind: RunsShell, Opt: "S"}},
		Sends: []Send{{Kind: SendsSources}}},
	{Name: "sftp", Style: GNU, Partial: true, Opts: `B= b= c= D= F= i= J= l= o= P= R= S= s= X=`,
		Runs: []Run{{Kind: RunsShell, Opt: "S"}, {Kind: RunsShell, Opt: "D"}}},
	{Name: "nodemon", Style: Loose, Partial: true, Opts: `x/exec= w/watch= e/ext= i/ignore= d/delay= signal= config=`,
		Runs: []Run{{Kind: RunsShell, Opt: "exec"}}},
	// gdb reads options with getopt_long_only: -ex and -eval-command are
	// long options, and so is any unique prefix of one.
	{Name: "gdb", Style: LongOnly, Partial: true, Aliases: []string{"gdb-multiarch"},
		Opts: `ex/eval-command= iex/init-eval-command= x/command= ix/init-command= p/pid= e/exec= s/symbols= se= c/core= d/directory= cd=
			tty= b= l= D/data-directory= i/interpreter= batch batch-silent q/quiet/silent n/nx nh readnow readnever write version help
			configuration args`,
		Runs: []Run{
			{Kind: RunsShell, Opt: "eval-command", Prefix: "shell "}, {Kind: RunsShell, Opt: "eval-command", Prefix: "!"},
			{Kind: RunsShell, Opt: "init-eval-command", Prefix: "shell "}, {Kind: RunsShell, Opt: "init-eval-command", Prefix: "!"},
		}},
	// MySQL's my_getopt takes unique prefixes; --pager's value is
	// optional, so only --pager=CMD gives one.
	{Name: "mysql", Style: GNU, Partial: true, Aliases: []string{"mariadb"},
		Opts: `pager=? u/user= p/password=? h/host= P/port= D/database= e/execute= S/socket= protocol= default-character-set=
			defaults-file= defaults-extra-file= init-command= prompt= tee= ssl-ca= ssl-cert= ssl-key= connect-timeout=`,
		Runs: []Run{{Kind: RunsShell, Opt: "pager"}}},
	// GNU Wget reads options with getopt_long: --post-f=FILE is
	// --post-file.
	{Name: "wget", Style: GNU, Partial: true,
		Opts: `O/output-document= o/output-file= a/append-output= i/input-file= P/directory-prefix= e/execute= U/user-agent= header= user=
			password= post-data= post-file= body-data= body-file= method= B/base= config= t/tries= T/timeout= w/wait= Q/quota=
			limit-rate= load-cookies= save-cookies= ca-certificate= certificate= private-key= http-user= http-password= ftp-user=
			ftp-password= proxy-user= proxy-password= referer= A/accept= R/reject= D/domains= l/level= bind-address=`,
		Sends:  []Send{{Kind: SendsFile, Opt: "post-file"}, {Kind: SendsFile, Opt: "body-file"}},
		Writes: []Write{{Opt: "output-document"}, {Opt: "directory-prefix", Dir: true}}},
}
