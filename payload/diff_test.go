package payload

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestScanSourceDifferential checks the scanner's string evaluation against
// the real interpreters: each expression is passed to a command-running
// call, which a harness replaces by one that prints its argument.
func TestScanSourceDifferential(t *testing.T) {
	type lang struct {
		lang    Lang
		bin     string
		args    func(payload string) []string
		payload func(expr string) string
		exprs   []string
	}
	langs := []lang{{
		lang: LangPython, bin: "python3",
		args: func(p string) []string {
			return []string{"-c", "import os, sys\n" +
				"def _show(c):\n    sys.stdout.write(c if isinstance(c, str) else c.decode('latin-1')); sys.stdout.write('\\0')\n" +
				"os.system = _show\n" + p}
		},
		payload: func(e string) string { return "import os, base64, codecs; os.system(" + e + ")" },
		exprs: []string{
			`"rm -rf /"`, `'\x72m -rf \057'`, `"\u0072m"`, `"\N{LATIN SMALL LETTER R}m"`, `r"a\nb"`,
			`"a" "b"`, `"a" + 'b'`, `"%s -rf %s" % ("rm", "/")`, `"{} {}".format("rm", "/")`,
			`"{1} {0}".format("/", "rm")`, `base64.b64decode("cm0gLXJmIC8=").decode()`,
			`bytes.fromhex("726d202d7266").decode()`, `codecs.decode("ez -es /", "rot13")`,
			`"/ fr- mr"[::-1]`, `"".join(["a", "b"])`, `"-".join(map(chr, [114, 109]))`,
			`chr(114) + chr(109)`, `"""a'b"c"""`, "'''x\\\ny'''", `f"{'rm'} -rf {'/'}"`,
			`"\t\a\b\f\v"`, `"\q\d"`, `b"\x41\101".decode()`, `"a\
b"`, `R'\x'`, `rb"\x41".decode()`, `"%d%%" % 5`, `str("x")`, `"ls".upper()`,
			`"a-b".replace("-", " ")`, `base64.urlsafe_b64decode("cm0_Pz8=").decode()`,
		},
	}, {
		lang: LangPerl, bin: "perl",
		args: func(p string) []string {
			return []string{"-e", `BEGIN { *CORE::GLOBAL::system = sub { print join(" ", @_), "\0"; 0 } } use MIME::Base64; ` + p}
		},
		payload: func(e string) string { return "system(" + e + ");" },
		exprs: []string{
			`"rm -rf /"`, `'a\nb'`, `'it\'s'`, `"\x72m"`, `"\x{72}m"`, `"a" . "b"`, `q(a b)`, `qq{x\ty}`,
			`"\101"`, `join("", "r", "m")`, `decode_base64("cm0gLXJmIC8=")`, `pack("H*", "726d")`,
			`chr(114) . chr(109)`, `scalar reverse("mr")`, `sprintf("%s-%s", "a", "b")`, `"a\$b"`,
			`"a\@b"`, `"\N{U+72}m"`, `lc("ABC")`, `q{a{b}c}`, `qq<a<b>c>`, `"\e[0m"`, `'a\\b'`,
		},
	}, {
		lang: LangNode, bin: "node",
		args: func(p string) []string {
			return []string{"-e", `const cp = require("child_process"); cp.execSync = (c) => process.stdout.write(String(c) + "\0"); ` + p}
		},
		payload: func(e string) string { return `require("child_process").execSync(` + e + `)` },
		exprs: []string{
			`"rm -rf /"`, `'\x72m'`, `"\u0072m"`, `"\u{72}m"`, "`a${\"b\"}c`", `"a" + "b"`,
			`Buffer.from("cm0gLXJmIC8=", "base64").toString()`, `atob("cm0gLXJmIC8=")`,
			`String.fromCharCode(114, 109)`, `"mr".split("").reverse().join("")`, `["a", "b"].join(" ")`,
			`decodeURIComponent("%72m")`, "'a\\\nb'", `"\q"`, `Buffer.from("726d", "hex").toString()`,
			"`x\\ty`", `"a-b".replace("-", " ")`, `"A".toLowerCase()`,
		},
	}, {
		lang: LangAwk, bin: "awk",
		args: func(p string) []string {
			return []string{p}
		},
		payload: func(e string) string { return "BEGIN { system(" + e + ") }" },
		exprs: []string{
			`"rm -rf /"`, `"a" "b"`, `"\162m"`, `"a\tb"`, `sprintf("%s-%s", "a", "b")`,
			`tolower("ABC")`, `"a\\b"`, `"a\"b"`,
		},
	}}
	for _, l := range langs {
		if _, err := exec.LookPath(l.bin); err != nil {
			if os.Getenv("CI") != "" {
				t.Errorf("%s is not installed; .ci/run must install it", l.bin)
			} else {
				t.Logf("%s is not installed: its differential cases do not run", l.bin)
			}
			continue
		}
		// One process per language evaluates every expression in turn.
		var calls []string
		for _, e := range l.exprs {
			calls = append(calls, l.payload(e))
		}
		var out []byte
		var err error
		if l.lang == LangAwk {
			prog := "BEGIN {"
			for _, e := range l.exprs {
				prog += ` printf "%s", ` + e + `; printf "%c", 0;`
			}
			out, err = exec.Command(l.bin, prog+" }").Output()
		} else {
			out, err = exec.Command(l.bin, l.args(strings.Join(calls, "\n"))...).Output()
		}
		if err != nil {
			t.Errorf("%s: %v", l.bin, err)
			continue
		}
		real := strings.Split(string(out), "\x00")
		if len(real) != len(l.exprs)+1 {
			t.Errorf("%s printed %d values for %d expressions: %q", l.bin, len(real)-1, len(l.exprs), out)
			continue
		}
		for k, e := range l.exprs {
			got := Scan(l.lang, calls[k])
			if len(got.Shell) != 1 || got.Shell[0] != real[k] {
				t.Errorf("%v %s:\n got %q (dynamic %q)\nwant %q (from %s)", l.lang, e, got.Shell, got.Dynamic, real[k], l.bin)
			}
		}
	}
}

// TestScanSourceLexDifferential runs payloads whose comments, strings and
// regular expressions hide or reveal calls, and compares the calls the real
// interpreter makes with the shell lines the scanner reports.
func TestScanSourceLexDifferential(t *testing.T) {
	type lang struct {
		lang     Lang
		bin      string
		args     func(payload string) []string
		payloads []string
	}
	langs := []lang{{
		lang: LangPython, bin: "python3",
		args: func(p string) []string {
			return []string{"-c", "import os, sys\nos.system = lambda c: (sys.stdout.write(c), sys.stdout.write('\\0'))\n" + p}
		},
		payloads: []string{
			"import os\n# os.system('a')\nos.system('b')",
			"import os\nx = \"\"\"\nos.system('a')\n\"\"\"\nos.system('b')",
			"import os\nx = '#'; os.system('b') # os.system('c')",
			"import os\nx = f\"{'}'}\"; os.system('b')",
			"import os\nx = r\"\\\"; os.system('a') #\"\nos.system('b')",
			"import os\nx = '\\''; os.system('b')",
			"import os\nx = '''a''' ; os.system(\"b\")",
			"import os\nx = {'k': 'os.system(\"a\")'}; os.system('b')",
			"import os\nexec('os.system(\"b\")')",
			"import os, sys\nprint('os.system(\"a\")', file=sys.stderr)\nos.system('b')",
		},
	}, {
		lang: LangPerl, bin: "perl",
		args: func(p string) []string {
			return []string{"-e", `BEGIN { *CORE::GLOBAL::system = sub { print join(" ", @_), "\0"; 0 } } ` + p}
		},
		payloads: []string{
			"# system('a');\nsystem('b');",
			`my $x = 10 / 2; system("b"); my $y = 1 / 3;`,
			"if (1) { 1 } /'/ or system(\"b\"); # '",
			`$_ = "x"; s/x/system("b")/e;`,
			`my $q = q{system("a")}; system("b");`,
			"my %h = (a => 1); my $v = $h{a} / 1; system(\"b\"); # /",
			"system('b');\n=pod\nsystem('a');\n=cut\n",
			"my $d = <<'E';\nsystem('a')\nE\nsystem('b');",
			`my $s = "#"; system("b");`,
			`my @a = split /#/, "x#y"; system("b");`,
			"my $n = $#ARGV; system('b');",
			`my $r = qr{#}; system("b");`,
		},
	}, {
		lang: LangNode, bin: "node",
		args: func(p string) []string {
			return []string{"-e", `const cp = require("child_process"); cp.execSync = (c) => process.stdout.write(String(c) + "\0");` + "\n" + p}
		},
		payloads: []string{
			"const {execSync} = require('child_process')\n// execSync('a')\nexecSync('b')",
			"const {execSync} = require('child_process'); /* execSync('a') */ execSync('b')",
			"const {execSync} = require('child_process'); const x = 10 / 2; execSync('b'); const y = 1 / 3",
			"const {execSync} = require('child_process'); if (1) /'/.test(''); execSync('b') //'",
			"const {execSync} = require('child_process'); const t = `${'`'}`; execSync('b')",
			"const {execSync} = require('child_process'); const r = /\"/; execSync('b'); // \"",
			"const {execSync} = require('child_process'); const s = '//'; execSync('b')",
			"const {execSync} = require('child_process'); function f() {}\n/'/.test(''); execSync('b') //'",
			"const {execSync} = require('child_process'); const o = {a: 1}; const v = o.a / 1; execSync('b') // /",
			"const {execSync} = require('child_process'); console.error(`execSync('a')`); execSync('b')",
		},
	}}
	for _, l := range langs {
		if _, err := exec.LookPath(l.bin); err != nil {
			if os.Getenv("CI") != "" {
				t.Errorf("%s is not installed; .ci/run must install it", l.bin)
			}
			continue
		}
		for _, p := range l.payloads {
			out, err := exec.Command(l.bin, l.args(p)...).Output()
			if err != nil {
				t.Errorf("%s %q: %v", l.bin, p, err)
				continue
			}
			real := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
			got := Scan(l.lang, p)
			if !slices.Equal(got.Shell, real) || len(got.Dynamic) > 0 {
				t.Errorf("%v %q:\n got %q (dynamic %q)\nwant %q (from %s)", l.lang, p, got.Shell, got.Dynamic, real, l.bin)
			}
		}
	}
}
