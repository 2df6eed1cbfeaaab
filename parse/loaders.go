package parse

import (
	"strings"
	"sync"

	"github.com/guardsh/guardsh/payload"
)

// Programs that load and run another program given as their operand, and
// are not wrappers people think of: the dynamic loader (ld.so ./x runs x,
// also from a noexec mount), qemu's user-mode emulators, gdb (gdb --args
// PROG ARG… and gdb PROG, which -ex run or a typed run starts) and entr
// (entr CMD… runs CMD when a file changes). The value of each is the set of
// its options that take the next word as their value; options of gdb and
// qemu are spelled with one dash.
func loaders() map[string]map[string]bool {
	loadersOnce.Do(func() { loadersMap = buildLoaders() })
	return loadersMap
}

// loadersOnce builds loadersMap on first use: nothing is allocated at
// start-up (cmd/guardsh's TestStartupInitBudget).
var (
	loadersOnce sync.Once
	loadersMap  map[string]map[string]bool
)

func buildLoaders() map[string]map[string]bool {
	ldso := set("--library-path", "--preload", "--argv0", "--audit", "--glibc-hwcaps-prepend", "--glibc-hwcaps-mask")()
	qemu := set("-L", "-cpu", "-E", "-U", "-0", "-g", "-d", "-D", "-R", "-s", "-B", "-seed", "-trace", "-plugin", "-p", "-dfilter")()
	gdb := set("-ex", "-iex", "-x", "-ix", "-eval-command", "-init-eval-command", "-command", "-init-command", "-p", "-pid", "-cd",
		"-d", "-directory", "-s", "-symbols", "-e", "-exec", "-se", "-c", "-core", "-tty", "-t", "-D", "-data-directory", "-b", "-l",
		"--ex", "--iex", "--x", "--eval-command", "--command", "--pid", "--cd", "--directory", "--symbols", "--exec", "--core", "--tty",
		"--data-directory")()
	m := map[string]map[string]bool{"gdb": gdb, "gdb-multiarch": gdb, "entr": {}}
	for _, n := range []string{"ld.so", "ld-linux.so.2", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "ld-linux-armhf.so.3",
		"ld-musl-x86_64.so.1", "ld-musl-aarch64.so.1", "ld64.so.1", "ld64.so.2"} {
		m[n] = ldso
	}
	for _, a := range []string{"x86_64", "aarch64", "arm", "armeb", "i386", "riscv64", "ppc64le", "s390x", "mips", "mipsel", "mips64el", "loongarch64"} {
		m["qemu-"+a], m["qemu-"+a+"-static"] = qemu, qemu
	}
	return m
}

// loaderRun reads the program a loader runs, with its arguments (for gdb
// without --args, the program alone: the words after it are a core file
// or a pid), and checks it as a command of its own.
func (p *parser) loaderRun(c *Command, name string, vals map[string]bool, args []Word) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			if i+1 < len(args) {
				p.inner(c, name, args[i+1:], nil)
			}
			return
		case strings.HasPrefix(name, "gdb") && (v == "--args" || v == "-args"):
			if i+1 < len(args) {
				p.inner(c, name, args[i+1:], nil)
			}
			return
		case strings.HasPrefix(v, "-") && v != "-":
			if !strings.Contains(v, "=") && vals[v] {
				i++
			}
		default:
			argv := args[i:]
			if strings.HasPrefix(name, "gdb") {
				argv = args[i : i+1]
			}
			p.inner(c, name, argv, nil)
			return
		}
	}
}

// scriptFiles checks the files some programs read as code of their own
// language, where the file is one this input wrote or downloaded (a file on
// disk is read only for a language guardsh reads): vim's -S and -u (Vim
// script, whose :! runs shell commands), sed's -f (GNU sed's e command
// runs them) and expect's script (Tcl).
func (p *parser) scriptFiles(c *Command, name string, args []Word) {
	val := func(i int, opts ...string) (Word, bool) {
		a := args[i]
		for _, o := range opts {
			if a.Value == o && i+1 < len(args) {
				return args[i+1], true
			}
			if v, ok := strings.CutPrefix(a.Value, o+"="); ok && strings.HasPrefix(o, "--") {
				w := a
				w.Value = v
				return w, true
			}
		}
		return Word{}, false
	}
	switch name {
	case "vim", "vi", "nvim", "gvim", "view", "vimdiff", "ex", "rvim":
		for i := range args {
			if w, ok := val(i, "-S", "-u"); ok {
				p.runFile(c, name+" -S", w, 0, false, false)
			}
		}
	case "sed", "gsed":
		for i := range args {
			if w, ok := val(i, "-f", "--file"); ok {
				p.runFile(c, name+" -f", w, 0, false, false)
			}
		}
	case "expect":
		for i := 0; i < len(args); i++ {
			if w, ok := val(i, "-f"); ok {
				p.runFile(c, name, w, payload.LangTcl, false, true)
				return
			}
			switch v := args[i].Value; {
			case v == "-c" || v == "-d" || v == "-D" || v == "-i" || v == "-n" || v == "-N" || v == "-v" || v == "-b":
				if v == "-c" || v == "-D" {
					i++
				}
			case strings.HasPrefix(v, "-"):
			default:
				p.runFile(c, name, args[i], payload.LangTcl, false, true)
				return
			}
		}
	}
}
