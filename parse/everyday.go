package parse

// numericSpecial reports whether a parameter the line does not set always
// expands to a decimal number in every dialect guardsh reads: $$ (the
// shell's pid), $? (the last status), $# (the number of positional
// parameters) and $PPID (the parent's pid, read-only in bash and zsh, set by
// dash). Such a value is never empty, holds no blank, quote, slash or
// operator, so shell text built with it (watch echo $$, sh -c "kill -0
// $PPID") is the text as written: it is not dynamic code. $! is not one
// (empty before the first background job), nor $BASHPID, $RANDOM, $UID
// (empty in dash and POSIX sh).
func numericSpecial(name string) bool {
	switch name {
	case "$", "?", "#", "PPID":
		return true
	}
	return false
}
