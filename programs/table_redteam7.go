package programs

// Programs of the seventh red team (notes/redteam7.md): debuggers whose
// own command language reaches a shell or Python.
//
// Facts, from each tool's manual:
//   - lldb's driver (LLVM's option parser) reads -o/--one-line CMD (after
//     the target is loaded), -O/--one-line-before-file, -k/--one-line-on-crash
//     and the files -s/--source, -S/--source-before-file, -K/--source-on-crash
//     as lldb commands. lldb's `platform shell [-h] [-s SHELL] [-t SEC] [--] CMD`
//     and its alias `shell` run CMD through a shell; `script CODE` runs
//     Python; commands may be abbreviated to a unique prefix (`plat sh`).
//   - gdb-multiarch is gdb built for every target (Debian, Ubuntu): the
//     same options.
var tableRedteam7 = []*Spec{
	{Name: "lldb", Style: GNU, Partial: true, Aliases: []string{"lldb-14", "lldb-15", "lldb-16", "lldb-17", "lldb-18", "lldb-19", "lldb-20"},
		Opts: `o/one-line= O/one-line-before-file= k/one-line-on-crash= s/source= S/source-before-file= K/source-on-crash=
			a/arch= c/core= p/attach-pid= n/attach-name= f/file= l/script-language= R/repl-language= r/repl=? capture-path=
			b/batch x/no-lldbinit X/no-use-colors Q/source-quietly w/wait-for e/editor P/python-path v/version h/help d/debug
			local-lldbinit capture print-script-interpreter-info`},
}
