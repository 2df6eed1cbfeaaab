package parse

import "testing"

// TestImageRemoved: in a RUN step, a write (echo/printf/cat redirection)
// or chmod of a path that a later rm of the step removes on every path on
// which the step succeeds is Removed; the attempts to keep the file in
// the layer are not.
func TestImageRemoved(t *testing.T) {
	const list = "/etc/apt/sources.list.d/t.list"
	const wr = `echo "deb [ trusted=yes ] file://$d ./" > ` + list
	for _, tc := range []struct {
		name, step string
		want       bool // the echo (or chmod) is Removed
	}{
		// The official images' shape, and its spellings.
		{"&& chain", `d="$(mktemp -d)" && chmod 777 "$d" && ` + wr + ` && apt-get update && rm -rf "$d" ` + list, true},
		{"set -e and ;", `set -eux; d="$(mktemp -d)"; ` + wr + `; apt-get update; rm -rf "$d" ` + list, true},
		{"if -n of the mktemp value", `set -e; d="$(mktemp -d)"; ` + wr + `; apt-get update; if [ -n "$d" ]; then apt-get purge -y; rm -rf "$d" ` + list + `; fi`, true},
		{"case branch and -n after", `case "$a" in amd64) apt-get update ;; *) d="$(mktemp -d)" && ` + wr + ` && apt-get update ;; esac && apt-get install -y x && if [ -n "$d" ]; then rm -rf "$d" ` + list + `; fi`, true},
		{"rm -f of the file", wr + ` && apt-get update && rm -f ` + list, true},
		{"rm -r of its directory", `mkdir -p /etc/x && echo a > /etc/x/a.conf && make && rm -r /etc/x`, true},
		{"exit 1 on a failure path", `test -z "$k" && exit 1; ` + wr + ` && apt-get update && rm -f ` + list, true},
		{"a function called between", `f() { dpkg-scanpackages . > Packages; apt-get update; }; set -e; ` + wr + `; f; rm -f ` + list, true},

		// Bypass attempts: the file stays in the layer on some path.
		{"not removed", wr + ` && apt-get update`, false},
		{"another file removed", wr + ` && apt-get update && rm -f /etc/apt/sources.list.d/u.list`, false},
		{"removed in a branch", wr + ` && apt-get update; if [ -n "$X" ]; then rm -f ` + list + `; fi`, false},
		{"-n of a value not known", `d=$1; ` + wr + ` && apt-get update && if [ -n "$d" ]; then rm -rf "$d" ` + list + `; fi`, false},
		{"|| true after the rm", wr + ` && apt-get update && rm -f ` + list + ` || true`, false},
		{"rm may fail without set -e", wr + `; rm -f ` + list + `; apt-get update`, false},
		{"rm -i", wr + ` && rm -i -f ` + list, false},
		{"rm -d", wr + ` && rm -d ` + list, false},
		{"rm in a subshell", wr + ` && (rm -f ` + list + `)`, false},
		{"rm in the background", wr + ` && rm -f ` + list + ` & wait`, false},
		{"rm in a loop", wr + ` && for i in 1; do rm -f ` + list + `; done`, false},
		{"rm in a pipeline", wr + ` && rm -f ` + list + ` | cat`, false},
		{"rm of a trailing slash", `mkdir -p /etc/x && echo a > /etc/x/a.conf && rm -rf /etc/x/ && true`, false},
		{"rm of a glob", wr + ` && rm -f /etc/apt/sources.list.d/*.list`, false},
		{"copied before the rm", wr + ` && cp ` + list + ` /etc/apt/sources.list.d/u.list && rm -f ` + list, false},
		{"moved before the rm", wr + ` && mv ` + list + ` /etc/apt/sources.list.d/u.list && rm -f ` + list, false},
		{"linked before the rm", wr + ` && ln ` + list + ` /etc/apt/sources.list.d/u.list && rm -f ` + list, false},
		{"copied by a function", `f() { cp ` + list + ` /etc/apt/u.list; }; ` + wr + ` && f && rm -f ` + list, false},
		{"the variable reassigned", `d=/etc/apt/sources.list.d/t.list; echo x > "$d" && d=/tmp/y && rm -f "$d"`, false},
		{"cd between a relative write and rm", `cd /etc && echo x > t.conf && cd /tmp && rm -f t.conf`, false},
		{"exit 0 before the rm", wr + ` && exit 0; rm -f ` + list, false},
		{"exit before the rm", wr + ` && true; [ -f /x ] && exit; rm -f ` + list, false},
		{"exec", wr + ` && exec apt-get update; rm -f ` + list, false},
		{"a trap", `trap 'echo a > ` + list + `' EXIT; ` + wr + ` && rm -f ` + list, false},
		{"written in a loop", `for i in 1; do ` + wr + `; done; rm -f ` + list, false},
		{"written in a subshell", `(` + wr + `) && rm -f ` + list + ` && true`, false},
		{"written in a function", `f() { ` + wr + `; }; set -e; f; rm -f ` + list, false},
		{"written twice", `echo a > ` + list + ` > /etc/other.list && rm -f ` + list, false},
		{"a dynamic command word", wr + ` && $RM -f ` + list, false},
		{"tee writes more than its redirection", `echo x | tee /etc/a.conf > ` + list + ` && rm -f ` + list, false},
		{"the rm may fail and the step go on", wr + ` && rm -f ` + list + `; false || echo`, false},
	} {
		res := Commands(tc.step, Options{File: true, Image: true})
		got := false
		for _, c := range res.Commands {
			if (c.Name() == "echo" || c.Name() == "chmod") && c.Removed {
				got = true
			}
		}
		if got != tc.want {
			t.Errorf("%s: %q: Removed %v, want %v", tc.name, tc.step, got, tc.want)
		}
		// Never outside an image step.
		for _, c := range Commands(tc.step, Options{File: true}).Commands {
			if c.Removed {
				t.Errorf("%s: Removed outside an image", tc.name)
			}
		}
	}
}
