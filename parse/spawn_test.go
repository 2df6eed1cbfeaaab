package parse

import (
	"os"
	"testing"
)

func forkBombs(res *Result) []string {
	var out []string
	for _, c := range res.Commands {
		if c.ForkBomb {
			out = append(out, c.String())
		}
	}
	return out
}

// TestForkBomb separates fork bombs (copies that multiply without end) from
// recursion (a self-call that ends because it is conditional and its
// arguments change).
func TestForkBomb(t *testing.T) {
	tests := []struct {
		src  string
		bomb bool
	}{
		{":(){ :|:& };:", true},
		{"f(){ f|f& }; f", true},
		{"bomb() { bomb | bomb & }; bomb", true},
		{"x() { x & x & }; x", true},
		{"f() { f & f; }; f", true},
		{`f() { f "$@" | f "$@" & }; f a`, true},
		{"f() { f x | f y & }; f", true}, // unconditional: the arguments cannot stop it
		{"f() { while :; do f & done; }; f", true},
		{"f() { for i in 1 2; do f & done; }; f", true},
		{"f() { (f); (f); }; f", true},
		{"f() { echo $(f) $(f); }; f", true},
		{"f() { [ -e x ] && f | f & }; f", true},
		{"while :; do sh -c 'exit' & done", true},
		{"while true; do sleep 1 & done", true},
		{"until false; do x & done", true},
		{"for ((;;)); do x & done", true},
		{"perl -e 'fork while fork'", true},

		{"f() { f; f; }", false},       // no new process: bash's stack, not the process table
		{"f() { f | cat; }", false},    // one copy at a time
		{"f() { echo hi; }; f", false}, // no self-call
		{"retry() { retry_once || sleep 1; }", false},
		{`walk() { for d in "$1"/*; do [ -d "$d" ] && walk "$d" & done; wait; }`, false},
		{`up() { if [ "$1" -gt 0 ]; then up $(($1-1)) | cat; up $(($1-1)) | cat; fi; }`, false},
		{"while :; do sleep 1 & wait; done", false},
		{"while read l; do x & done < f", false},
		{"for i in 1 2 3; do x & done", false},
		{"echo ':(){ :|:& };:'", false},
		{"f() { g | g & }; f", false},
	}
	for _, tt := range tests {
		got := forkBombs(Commands(tt.src, Options{}))
		if (len(got) > 0) != tt.bomb {
			t.Errorf("%q: fork bomb %v, want %v (%q)", tt.src, len(got) > 0, tt.bomb, got)
		}
	}
}

// TestForkBombNvm runs a function in the shape of nvm.sh's nvm(), which
// calls itself from inside case arms, pipelines and substitutions.
func TestForkBombNvm(t *testing.T) {
	b, err := os.ReadFile("testdata/nvm-excerpt.sh")
	if err != nil {
		t.Fatal(err)
	}
	res := Commands(string(b), Options{})
	if got := forkBombs(res); len(got) > 0 {
		t.Errorf("nvm-shaped recursion marked as a fork bomb: %q", got)
	}
	for _, is := range res.Issues {
		if is.Kind == IssuePanic || is.Kind == IssueParse {
			t.Errorf("issue: %v", is)
		}
	}
}

// TestForkBombNoPanic walks constructs with nil parts (a heredoc redirect,
// an assignment without value, an array) inside a function.
func TestForkBombNoPanic(t *testing.T) {
	for _, src := range []string{
		"f() { x= ; a=(1 2); cat <<E\nx\nE\n; f > out; [[ -n $x ]]; (( y )); }",
		"f() { case $x in a) f a;; esac; select y in a; do f; done; }",
		"f() { for x; do f; done; coproc f; time f; }",
	} {
		res := Commands(src, Options{})
		for _, is := range res.Issues {
			if is.Kind == IssuePanic {
				t.Errorf("%q: %v", src, is)
			}
		}
	}
}
