package payload

import (
	"fmt"
	"strings"
	"testing"
)

// TestScanSourceFiles: the file calls each language's scanner reports, as
// "OP TARGET" (moves, copies and links "OP FROM -> TARGET"); "" = none.
func TestScanSourceFiles(t *testing.T) {
	cases := []struct {
		lang Lang
		src  string
		want string
	}{
		{LangPython, `open('~/.config/guardsh/config.toml','a').write('x')`, "write ~/.config/guardsh/config.toml"},
		{LangPython, `import os; open(os.path.expanduser("~/x"), "w")`, `write ?os.path.expanduser("~/x")`},
		{LangPython, `with open(p, mode="w") as f: f.write("")`, "write ?p"},
		{LangPython, `import io; io.open("/x", "r+")`, "write /x"},
		{LangPython, `print(open('x').read())`, ""},
		{LangPython, `open("x", "rb")`, ""},
		{LangPython, `import os; os.open("/x", os.O_WRONLY | os.O_CREAT)`, "write /x"},
		{LangPython, `import pathlib; pathlib.Path('/x/y').write_text('')`, "write /x/y"},
		{LangPython, `from pathlib import Path; Path('/x/y').open('w')`, "write /x/y"},
		{LangPython, `from pathlib import Path; Path('/x/y').read_text()`, ""},
		{LangPython, `from pathlib import Path; (Path.home() / ".config" / "x").open("w")`, "write ~/.config/x"},
		{LangPython, `from pathlib import Path; (Path.home() / p).open("w")`, `write ?(Path.home() / p)`},
		{LangPython, `from pathlib import Path; Path.home().joinpath(".config/x").write_text("")`, "write ~/.config/x"},
		{LangPython, `from pathlib import Path; Path.home().joinpath(name).write_text("")`, `write ?(name)`},
		{LangPython, `from pathlib import Path; Path.home().joinpath(".config/x").read_text()`, ""},
		{LangPython, `import os; os.rename('a', 'b')`, "move a -> b"},
		{LangPython, `import os; os.symlink('/t', 'l')`, "link /t -> l"},
		{LangPython, `import os; os.mkfifo('f')`, "mkfifo f"},
		{LangPython, `import os; os.chmod('c', 0o777)`, "chmod c"},
		{LangPython, `import shutil; shutil.copy('/tmp/a', '/x/b')`, "copy /tmp/a -> /x/b"},
		{LangPerl, `open(F, ">", "/x/y")`, "write /x/y"},
		{LangPerl, `open(F, ">>/x/y"); print F "x"`, "write /x/y"},
		{LangPerl, `open(my $f, '+<', '/x/y')`, "write /x/y"},
		{LangPerl, `open(my $f, '<', '/x/y')`, ""},
		{LangPerl, `open(F, "/x/y")`, ""},
		{LangPerl, `use Fcntl; sysopen(F, "/x/y", O_WRONLY|O_CREAT)`, "write /x/y"},
		{LangPerl, `rename "a", "b"`, "move a -> b"},
		{LangRuby, `File.write("/x/y", "")`, "write /x/y"},
		{LangRuby, `File.open("/x/y", "w") { |f| f.puts 1 }`, "write /x/y"},
		{LangRuby, `File.open("/x/y") { |f| f.read }`, ""},
		{LangRuby, `require "fileutils"; FileUtils.mv("a", "b")`, "move a -> b"},
		{LangRuby, `require "fileutils"; FileUtils.ln_s("/t", "l")`, "link /t -> l"},
		{LangNode, `require("fs").writeFileSync("/x/y", "")`, "write /x/y"},
		{LangNode, `const fs = require("fs"); fs.appendFileSync("/x/y", "")`, "write /x/y"},
		{LangNode, `const {writeFileSync} = require("fs"); writeFileSync("/x/y", "")`, "write /x/y"},
		{LangNode, `import fs from "fs"; fs.promises.writeFile("/x/y", "")`, "write /x/y"},
		{LangNode, `require("fs").renameSync("a", "/x/b")`, "move a -> /x/b"},
		{LangNode, `require("fs").readFileSync("/x/y")`, ""},
		{LangNode, `require("fs").openSync("/x/y", "r")`, ""},
		{LangNode, `require("fs").openSync("/x/y", "a")`, "write /x/y"},
		{LangPHP, `file_put_contents("/x/y", "z");`, "write /x/y"},
		{LangPHP, `$f = fopen("/x/y", "w");`, "write /x/y"},
		{LangPHP, `$f = fopen("/x/y", "r");`, ""},
		{LangAwk, `BEGIN{print "x" > "/x/y"}`, "write /x/y"},
		{LangAwk, `{ printf "%s\n", $1 >> "/x/y" }`, "write /x/y"},
		{LangAwk, `$1 > 5 { print $1 }`, ""},
		{LangAwk, `{ print ($1 > 5) }`, ""},
		{LangAwk, `{ if ($2 > max) max = $2 }`, ""},
	}
	for _, c := range cases {
		var got []string
		for _, f := range Scan(c.lang, c.src).Files {
			q := func(v string, static bool) string {
				if static {
					return v
				}
				return "?" + v
			}
			s := f.Op + " " + q(f.Target, f.Static)
			if f.Op == OpMove || f.Op == OpCopy || f.Op == OpLink {
				s = fmt.Sprintf("%s %s -> %s", f.Op, q(f.From, f.FromStatic), q(f.Target, f.Static))
			}
			got = append(got, s)
		}
		if g := strings.Join(got, "; "); g != c.want {
			t.Errorf("%s %q: got %q, want %q", c.lang, c.src, g, c.want)
		}
	}
}
