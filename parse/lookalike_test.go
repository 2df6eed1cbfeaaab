package parse

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFoldLookalikes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"rм -rf ~", "rm -rf ~"},
		{"/bin/rм -rf /", "/bin/rm -rf /"},
		{`r"м" -rf ~`, `r"m" -rf ~`},
		{"rm -гf ~", "rm -rf ~"},
		{"rm -г ~", "rm -r ~"},
		{"rm −rf /", "rm -rf /"},
		{"rm -rf ∕", "rm -rf /"},
		{"chοwn -R x /", "chown -R x /"},
		{"x=rм;$x", "x=rm;$x"},
		{"a|ѕh", "a|sh"},
		// Words of another script, or with a letter that has no Latin
		// look-alike, stay as they are.
		{"echo 'Привет, мир'", "echo 'Привет, мир'"},
		{"ѕһ -c ls", "ѕһ -c ls"},
		{"ls ~/Загрузки/файл_v2.pdf", "ls ~/Загрузки/файл_v2.pdf"},
		{"cat αβγ.txt", "cat αβγ.txt"},
		{"echo сор", "echo сор"},
		{"ls -la", "ls -la"},
	} {
		if got := foldLookalikes(tc.in); got != tc.want {
			t.Errorf("foldLookalikes(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestFoldLookalikesASCIIFree checks that an ASCII line costs no allocation.
func TestFoldLookalikesASCIIFree(t *testing.T) {
	s := "git status && ls -la | grep x"
	if n := testing.AllocsPerRun(100, func() { _, _ = Fold(s) }); n != 0 {
		t.Errorf("Fold of an ASCII line: %v allocations", n)
	}
}

func FuzzFoldLookalikes(f *testing.F) {
	for _, s := range []string{"rм -rf ~", "echo 'Привет'", "r\"м\"", "-г", "∕", "a|ѕh;b&c", "\xff\xfe", "ｒｍ -ｒｆ /"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := foldLookalikes(s)
		if isPlainASCII(s) && got != s {
			t.Fatalf("ASCII %q changed to %q", s, got)
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("%q folded to invalid UTF-8 %q", s, got)
		}
		if again := foldLookalikes(got); again != got {
			t.Fatalf("not idempotent: %q → %q → %q", s, got, again)
		}
		if strings.Count(got, ";") != strings.Count(s, ";") || strings.Count(got, "|") != strings.Count(s, "|") || strings.Count(got, "'") != strings.Count(s, "'") {
			t.Fatalf("%q → %q changed the shell's operators or quotes", s, got)
		}
	})
}
