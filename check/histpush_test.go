package check

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/guardsh/guardsh/rules"
)

// TestScriptHistPush checks zsh script files that change a history
// variable while a history list the same scope pushed with fc -p is in
// force (zsh's Misc/zed: `fc -p -a "$1" … || return`, later `[[ -n $1 ]] &&
// unset HISTFILE`): the change touches the pushed list only and the pop at
// the function's exit restores the user's, so the file is quiet. Every
// bypass attempt still reports history-tamper in the file, and every text
// reports at a zsh prompt, where nothing is read this way (see
// parse/histpush.go). Verified in a pty with zsh 5.9 (see that file).
func TestScriptHistPush(t *testing.T) {
	const zsh = "#!/bin/zsh\n"
	const push = "fc -p -a ~/.alt 100 || return\n"
	for _, tt := range []struct {
		name      string
		text      string
		fileQuiet bool
	}{
		// The shapes that are quiet in a file.
		{"function, push then unset", zsh + "f() {\n" + push + "unset HISTFILE\nprint -s x\n}\nf\n", true},
		{"file top level (an autoload file)", zsh + push + "unset HISTFILE\n", true},
		{"push in braces", zsh + "f() {\n{ fc -p -a \"$1\" 10 || return }\nunset HISTFILE\n}\n", true},
		{"push checked with exit", zsh + "fc -p -a x 10 || exit 1\nunset HISTFILE\n", true},
		{"if fc -p", zsh + "f() {\nif fc -p -a x; then\nunset HISTFILE\nfi\n}\n", true},
		{"fc -p &&", zsh + "f() { fc -p -a x && unset HISTFILE; }\n", true},
		{"HISTSIZE=0 and SAVEHIST=0", zsh + "f() {\n" + push + "HISTSIZE=0\nSAVEHIST=0\n}\n", true},
		{"export and typeset -g are global", zsh + "f() {\n" + push + "export HISTFILE=/dev/null\ntypeset -g HISTSIZE=0\n}\n", true},
		{"local declared before the push (the manual's safe order)", zsh + "f() {\nlocal HISTFILE\n" + push + "unset HISTFILE\n}\n", true},
		{"zed: push under [[ -n $1 ]], unset under the same test",
			zsh + "local var zed_file_name\nif [[ -n $1 ]]; then\n  { fc -p -a \"$1\" ${2:-$({ wc -l <\"$1\" } 2>/dev/null)} || return }\n  let HISTSIZE++\n  print -s \"\"\nfi\n" +
				"var=( \"${(@Oav)history}\" )\nIFS=$'\\n' vared -M zed -m zed-vicmd var\nif (( $? )); then\n  [[ -n $1 ]] && unset HISTFILE\nelse\n  fc -R /dev/null\n" +
				"  [[ -n $1 ]] && SAVEHIST=5\n  if [[ -n $zed_file_name ]]; then\n    fc -W \"$zed_file_name\"\n    [[ -n $1 ]] && unset HISTFILE\n  fi\nfi\n", true},
		{"a safe widget of the file for vared -i", zsh + "w() { x=1 }\nzle -N w\nf() {\n" + push + "vared -i w v\nunset HISTFILE\n}\n", true},
		{"fc -W of a local declared without a value", zsh + "f() {\nlocal x\n" + push + "[[ -n $x ]] && fc -W \"$x\"\nunset HISTFILE\n}\n", true},
		{"fc -P only in a subshell", zsh + "f() {\n" + push + "( fc -P )\nunset HISTFILE\n}\n", true},
		{"a file function that runs builtins only", zsh + "g() { print -r -- x; }\nf() {\n" + push + "g\nunset HISTFILE\n}\n", true},
		{"unset in an anonymous function under the push", zsh + "f() {\n" + push + "() { unset HISTFILE; }\n}\n", true},

		// Bypass attempts: the file still reports.
		{"no push", zsh + "f() { unset HISTFILE; }\n", false},
		{"push unchecked (it may fail)", zsh + "f() {\nfc -p -a x\nunset HISTFILE\n}\n", false},
		{"push || true", zsh + "f() {\nfc -p -a x || true\nunset HISTFILE\n}\n", false},
		{"push || echo", zsh + "f() {\nfc -p -a x || echo no\nunset HISTFILE\n}\n", false},
		{"bash: fc -p is zsh's", "#!/bin/bash\nf() {\nfc -p -a x || return\nunset HISTFILE\n}\n", false},
		{"fc -P between", zsh + "f() {\n" + push + "fc -P\nunset HISTFILE\n}\n", false},
		{"fc -pP is not a push", zsh + "f() {\nfc -pP x || return\nunset HISTFILE\n}\n", false},
		{"builtin fc -P between", zsh + "f() {\n" + push + "builtin fc -P\nunset HISTFILE\n}\n", false},
		{"fc with a computed option", zsh + "f() {\n" + push + "fc $opt\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x=-P from the script", zsh + "x=-P\nf() {\n" + push + "fc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x from the environment", zsh + "f() {\n" + push + "fc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x local but assigned", zsh + "f() {\nlocal x\n" + push + "x=-P\nfc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x local, assigned on one branch", zsh + "f() {\nlocal x\nif [[ -n $2 ]]; then x=$2; fi\n" + push + "fc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x local, read into", zsh + "f() {\nlocal x\n" + push + "read x\nfc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x local, ${x::=-P}", zsh + "f() {\nlocal x\n" + push + ": ${x::=-P}\nfc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x local, set by a file function", zsh + "g() { x=-P; }\nf() {\nlocal x\n" + push + "g\nfc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x local, set by vared's widget", zsh + "w() { x=-P; }\nzle -N w\nf() {\nlocal x\n" + push + "vared -i w v\nfc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x local, (( )) assigns", zsh + "f() {\nlocal x\n" + push + "(( x = 1 ))\nfc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x local in a loop head", zsh + "f() {\nlocal x\n" + push + "for x in -P; do :; done\nfc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W \"$x\" with x from $(…)", zsh + "x=$(printf -- -P)\nf() {\n" + push + "fc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"eval between", zsh + "f() {\n" + push + "eval \"$c\"\nunset HISTFILE\n}\n", false},
		{"source between", zsh + "f() {\n" + push + "source ./lib.zsh\nunset HISTFILE\n}\n", false},
		{"dot between", zsh + "f() {\n" + push + ". ./lib.zsh\nunset HISTFILE\n}\n", false},
		{"an unknown command between (may be a function)", zsh + "f() {\n" + push + "helper\nunset HISTFILE\n}\n", false},
		{"cd between (chpwd hooks)", zsh + "f() {\n" + push + "cd /tmp\nunset HISTFILE\n}\n", false},
		{"exec between", zsh + "f() {\n" + push + "exec 3>/tmp/x\nunset HISTFILE\n}\n", false},
		{"a computed command between", zsh + "f() {\n" + push + "$cmd\nunset HISTFILE\n}\n", false},
		{"a file function that pops", zsh + "g() { fc -P; }\nf() {\n" + push + "g\nunset HISTFILE\n}\n", false},
		{"a file function that calls an unknown one", zsh + "g() { helper; }\nf() {\n" + push + "g\nunset HISTFILE\n}\n", false},
		{"push in a called function (popped at its exit)", zsh + "g() {\n" + push + "}\nf() {\ng\nunset HISTFILE\n}\n", false},
		{"push in an anonymous function (popped at its end)", zsh + "f() {\n() { fc -p -a x || return; }\nunset HISTFILE\n}\n", false},
		{"push in a subshell", zsh + "f() {\n( fc -p -a x || exit )\nunset HISTFILE\n}\n", false},
		{"push in $(…)", zsh + "f() {\nv=$(fc -p -a x || return)\nunset HISTFILE\n}\n", false},
		{"push in the background", zsh + "f() {\n{ fc -p -a x || return } &\nunset HISTFILE\n}\n", false},
		{"push in braces in a pipeline's first stage", zsh + "f() {\n{ fc -p -a x || return } | cat\nunset HISTFILE\n}\n", false},
		{"push in a pipeline's first stage", zsh + "f() {\nfc -p -a x | cat || return\nunset HISTFILE\n}\n", false},
		{"push on one branch, unset on every path", zsh + "f() {\nif [[ -n $1 ]]; then\n" + push + "fi\nunset HISTFILE\n}\n", false},
		{"push under a test, unset under another", zsh + "f() {\nif [[ -n $1 ]]; then\n" + push + "fi\n[[ -n $2 ]] && unset HISTFILE\n}\n", false},
		{"push under -n, unset under -z", zsh + "f() {\nif [[ -n $1 ]]; then\n" + push + "fi\n[[ -z $1 ]] && unset HISTFILE\n}\n", false},
		{"push under a test, unset under its negation", zsh + "f() {\nif [[ -n $1 ]]; then\n" + push + "fi\n! [[ -n $1 ]] && unset HISTFILE\n}\n", false},
		{"shift between the tests", zsh + "f() {\nif [[ -n $1 ]]; then\n" + push + "fi\nshift\n[[ -n $1 ]] && unset HISTFILE\n}\n", false},
		{"set -- between the tests", zsh + "f() {\nif [[ -n $1 ]]; then\n" + push + "fi\nset -- x\n[[ -n $1 ]] && unset HISTFILE\n}\n", false},
		{"argv assigned between the tests", zsh + "f() {\nif [[ -n $1 ]]; then\n" + push + "fi\nargv=(x)\n[[ -n $1 ]] && unset HISTFILE\n}\n", false},
		{"1= between the tests", zsh + "f() {\nif [[ -n $1 ]]; then\n" + push + "fi\n1=x\n[[ -n $1 ]] && unset HISTFILE\n}\n", false},
		{"zparseopts -D between the tests", zsh + "f() {\nif [[ -n $1 ]]; then\n" + push + "fi\nzparseopts -D a=o\n[[ -n $1 ]] && unset HISTFILE\n}\n", false},
		{"a named variable's test", zsh + "f() {\nif [[ -n $v ]]; then\n" + push + "fi\nv=\n[[ -n $v ]] && unset HISTFILE\n}\n", false},
		{"[ ] is not [[ ]] (word splitting options)", zsh + "f() {\nif [ -n $1 ]; then\n" + push + "fi\n[ -n $1 ] && unset HISTFILE\n}\n", false},
		{"local HISTFILE after the push", zsh + "f() {\n" + push + "local HISTFILE\nunset HISTFILE\n}\n", false},
		{"alias in the file", zsh + "alias x=y\nf() {\n" + push + "unset HISTFILE\n}\n", false},
		{"a function named unset", zsh + "unset() { builtin unset \"$@\"; }\nf() {\n" + push + "unset HISTFILE\n}\n", false},
		{"a function named fc", zsh + "function fc { builtin fc \"$@\"; }\nf() {\n" + push + "unset HISTFILE\n}\n", false},
		{"disable", zsh + "disable fc\nf() {\n" + push + "unset HISTFILE\n}\n", false},
		{"a trap that pops", zsh + "trap 'fc -P' INT\nf() {\n" + push + "unset HISTFILE\n}\n", false},
		{"a TRAP function", zsh + "TRAPINT() { fc -P; }\nf() {\n" + push + "unset HISTFILE\n}\n", false},
		{"vared -i with a popping widget of the file", zsh + "w() { fc -P; }\nzle -N w\nf() {\n" + push + "vared -i w v\nunset HISTFILE\n}\n", false},
		{"vared with a key bound to a popping widget", zsh + "w() { fc -P; }\nzle -N w\nbindkey '^M' w\nf() {\n" + push + "vared v\nunset HISTFILE\n}\n", false},
		{"a key bound to an autoloaded widget", zsh + "autoload -U pop-it\nzle -N w pop-it\nbindkey '^M' w\nf() {\n" + push + "vared v\nunset HISTFILE\n}\n", false},
		{"zle running a popping widget", zsh + "w() { fc -P; }\nzle -N w\nf() {\n" + push + "zle w\nunset HISTFILE\n}\n", false},
		{"zle -F handler", zsh + "f() {\n" + push + "zle -F 3 h\nunset HISTFILE\n}\n", false},
		{"unset before the push in a loop", zsh + "f() {\nfor i in a b; do\nunset HISTFILE\n" + push + "done\n}\n", false},
		{"unset in a function defined under the push", zsh + "f() {\n" + push + "g() { unset HISTFILE; }\n}\nf\ng\n", false},
		{"zsh -c in the file (a payload, not the file's text)", zsh + "zsh -c 'f() { fc -p -a x || return; unset HISTFILE; }; f'\n", false},
		{"eval in the file", zsh + "eval 'fc -p -a x || return; unset HISTFILE'\n", false},
		{"a script the file writes and runs", zsh + "echo 'fc -p -a x || return; unset HISTFILE' > t.zsh\nzsh t.zsh\n", false},
		{"fc -P spelled with quotes", zsh + "f() {\n" + push + "'fc' -P\nunset HISTFILE\n}\n", false},
		{"command fc -P", zsh + "f() {\n" + push + "command fc -P\nunset HISTFILE\n}\n", false},
		{"noglob fc -P", zsh + "f() {\n" + push + "noglob fc -P\nunset HISTFILE\n}\n", false},
		{"fc -lP", zsh + "f() {\n" + push + "fc -lP\nunset HISTFILE\n}\n", false},
		{"fc -W \"$@\"", zsh + "f() {\n" + push + "fc -W \"$@\"\nunset HISTFILE\n}\n", false},
		{"push || { return; echo }", zsh + "f() {\nfc -p -a x || { return; echo }\nunset HISTFILE\n}\n", false},
		{"if ! fc -p (not read)", zsh + "f() {\nif ! fc -p -a x; then return; fi\nunset HISTFILE\n}\n", false},
		// Code zsh runs in this shell from inside another command.
		{"vared runs a zle-line-init widget of the file", zsh + "w() { fc -P; }\nzle -N zle-line-init w\nf() {\n" + push + "vared v\nunset HISTFILE\n}\n", false},
		{"vared runs a hook added with add-zle-hook-widget", zsh + "w() { fc -P; }\nautoload -U add-zle-hook-widget\nadd-zle-hook-widget line-init w\nf() {\n" + push + "vared v\nunset HISTFILE\n}\n", false},
		{"vared, self-insert replaced by a popping widget", zsh + "w() { fc -P; }\nzle -N self-insert w\nf() {\n" + push + "vared v\nunset HISTFILE\n}\n", false},
		{"vared, accept-line replaced by an autoloaded widget", zsh + "autoload -U pop-it\nzle -N accept-line pop-it\nf() {\n" + push + "vared v\nunset HISTFILE\n}\n", false},
		{"vared, a widget of a computed name", zsh + "w() { fc -P; }\nn=self-insert\nzle -N $n w\nf() {\n" + push + "vared v\nunset HISTFILE\n}\n", false},
		{"vared, an autoloaded widget the file does not bind (zed-set-file-name)", zsh + "autoload -Uz zed-set-file-name\nzle -N zed-set-file-name\nf() {\n" + push + "vared v\nunset HISTFILE\n}\n", true},
		{"vared with an fd handler", zsh + "w() { fc -P; }\nzle -F 0 w\nf() {\n" + push + "vared v\nunset HISTFILE\n}\n", false},
		{"sched", zsh + "sched +1 fc -P\nf() {\n" + push + "vared v\nunset HISTFILE\n}\n", false},
		{"a math function in (( ))", zsh + "pop() { fc -P; }\nfunctions -M pop\nf() {\n" + push + "(( pop() ))\nunset HISTFILE\n}\n", false},
		{"a glob qualifier running code", zsh + "f() {\n" + push + "print /(e:'fc -P':)\nunset HISTFILE\n}\n", false},
		{"a glob qualifier calling a function", zsh + "p() { fc -P; }\nf() {\n" + push + "print /(+p)\nunset HISTFILE\n}\n", false},
		{"a glob qualifier in an array", zsh + "f() {\n" + push + "a=( /(e:'fc -P':) )\nunset HISTFILE\n}\n", false},
		{"a glob qualifier in a loop's words", zsh + "f() {\n" + push + "for x in /(e:'fc -P':); do :; done\nunset HISTFILE\n}\n", false},
		{"a glob qualifier in a redirection", zsh + "f() {\n" + push + "print x > /tmp/(e:'fc -P':)\nunset HISTFILE\n}\n", false},
		{"glob_subst on a variable holding a qualifier", zsh + "setopt globsubst\nq='/(e:fc -P:)'\nf() {\n" + push + "print $q\nunset HISTFILE\n}\n", false},
		{"${~q}", zsh + "q='/(e:fc -P:)'\nf() {\n" + push + "print ${~q}\nunset HISTFILE\n}\n", false},
		{"emulate sh before (glob_subst)", zsh + "emulate sh\nq='/(e:fc -P:)'\nf() {\n" + push + "print $q\nunset HISTFILE\n}\n", false},
		{"fc -W of a local set through ${(P)…}", zsh + "f() {\nlocal x\n" + push + "n='x'\n: ${(P)n::=-P}\nfc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"fc -W of a local set through ${(e)…}", zsh + "f() {\nlocal x\n" + push + "c='${x::=-P}'\n: ${(e)c}\nfc -W \"$x\"\nunset HISTFILE\n}\n", false},
		{"rm of the history file is not a variable change", zsh + "f() {\n" + push + "rm ~/.zsh_history\n}\n", false},
		{"a write to the history file", zsh + "f() {\n" + push + ": > ~/.zsh_history\n}\n", false},
	} {
		r := Script(context.Background(), "f.zsh", tt.text, Options{Script: true, Shell: scriptShell(tt.text)})
		if quiet := !hasRule(r, "history-tamper"); quiet != tt.fileQuiet {
			t.Errorf("%s: file %q: findings %v, want quiet=%v", tt.name, tt.text, r.Findings, tt.fileQuiet)
		}
		prompt := strings.SplitN(tt.text, "\n", 2)[1]
		if l := Line(context.Background(), prompt, Options{Shell: "zsh"}); !hasRule(l, "history-tamper") {
			t.Errorf("%s: zsh prompt %q: no history-tamper (%v)", tt.name, prompt, l.Findings)
		}
	}
}

// TestHistLocalAfterPush: a local history variable after fc -p in the same
// scope restores the pushed value over the user's at the scope's exit
// (zed -h FILE leaves HISTSIZE at FILE's lines + 1 and the history file
// truncated; reproduced in a pty). It reports in a file and at a prompt;
// the same declaration before the push, without one, or global does not.
func TestHistLocalAfterPush(t *testing.T) {
	const push = "fc -p -a ~/.alt 3 || return\n"
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"f() {\n" + push + "local HISTSIZE=0\n}\n", true},
		{"f() {\nfc -p -a ~/.alt 3\nlocal HISTSIZE=0\n}\n", true},
		{"f() {\nfc -p ~/.alt 3\nlocal HISTSIZE=0\nfc -P\n}\n", true},
		{"f() {\n" + push + "typeset HISTFILE\n}\n", true},
		{"f() {\n" + push + "declare SAVEHIST=1\n}\n", true},
		{"f() {\n" + push + "integer HISTSIZE=5\n}\n", true},
		{"f() {\n" + push + "private HISTFILE\n}\n", true},
		{"f() {\n" + push + "readonly HISTSIZE\n}\n", true},
		{"f() {\nif [[ -n $1 ]]; then\n" + push + "fi\nlocal HISTSIZE=0 n=1\n}\n", true},
		{push + "local HISTSIZE=0\n", true},
		{"f() {\nlocal HISTSIZE=5\n" + push + "}\n", false},
		{"f() {\nlocal HISTSIZE=5\n}\n", false},
		{"f() {\n" + push + "local x=1\n}\n", false},
		{"f() {\n" + push + "typeset -g HISTSIZE=5\n}\n", false},
		{"g() {\n" + push + "}\nf() {\nlocal HISTSIZE=5\n}\n", false},
	} {
		r := Script(context.Background(), "f.zsh", "#!/bin/zsh\n"+tt.text, Options{Script: true, Shell: "zsh"})
		l := Line(context.Background(), tt.text, Options{Shell: "zsh"})
		for where, got := range map[string]bool{"file": hasRule(r, "history-tamper"), "prompt": hasRule(l, "history-tamper")} {
			if got != tt.want {
				t.Errorf("%s %q: history-tamper %v, want %v", where, tt.text, got, tt.want)
			}
		}
		if bash := Line(context.Background(), tt.text, Options{}); tt.want && hasRule(bash, "history-tamper") && !strings.Contains(tt.text, "HISTSIZE=0") {
			t.Errorf("bash %q: fc -p is zsh's, reported anyway", tt.text)
		}
	}
}

func scriptShell(text string) string {
	if strings.HasPrefix(text, "#!/bin/zsh") {
		return "zsh"
	}
	return ""
}

func hasRule(r *Result, id string) bool {
	return slices.ContainsFunc(r.Findings, func(f rules.Finding) bool { return f.Rule == id })
}

// TestHistPushOut: zsh's fc -p starts a new history list, so what runs
// after it is not saved to the user's history until it is popped; like
// unset HISTFILE it reports, at a prompt and in a file, unless it is
// popped: -a inside a function (at the function's end), a function that
// runs fc -P, or -a at a script file's top level (an autoloaded
// function's body, or a non-interactive script with no history).
func TestHistPushOut(t *testing.T) {
	for _, tt := range []struct {
		text         string
		prompt, file bool // reports
	}{
		{"fc -p", true, true},
		{"fc -p || return", true, true},
		{"fc -p ~/.alt 10 && print -s x", true, true},
		{"{ fc -p || exit }", true, true},
		{"if fc -p; then :; fi", true, true},
		{"fc -p -a ~/.alt 10", true, false},
		{"fc -pa ~/.alt 10", true, false},
		{"fc -ap", true, false},
		{"builtin fc -p", true, true},
		{"command fc -p", true, true},
		{"noglob fc -p", true, true},
		{"f() { fc -p ~/.alt; }; f", true, true},
		{"zsh -c 'fc -p'", true, true},
		{"eval 'fc -p -a x'", true, true},
		{"f() { fc -p -a ~/.alt; print -s x; }; f", false, false},
		{"f() { fc -p ~/.alt; print -s x; fc -P; }; f", false, false},
		{"() { fc -p -a /dev/null 0 0; }", false, false},
		{"f() { fc -p -a $HISTFILE 1 || return; print -s x; }; f", true, true},
		{"f() { fc -p -a ~/.zsh_history 1 || return; }; f", true, true},
		{"f() { fc -p -a \"$HOME/.zsh_history\" 1 || return; }; f", true, true},
		{"f() { fc -p -a ${HISTFILE} 1 || return; }; f", true, true},
		{"f() { fc -p -a /dev/null 0 0 || return; fc -W ~/.zsh_history; }; f", true, true},
		{"f() { fc -p -a /dev/null 0 0; fc -W ~/.zsh_history; }; f", true, true},
		{"f() { fc -p -a /dev/null 0 0 || return; fc -W \"$HISTFILE\"; }; f", false, false},
		{"f() { fc -p -a ~/.alt 10 || return; fc -W ~/.alt; }; f", false, false},
		{"fc -W ~/.zsh_history", false, false},
		{"fc -l -10", false, false},
		{"fc -P", false, false},
		{"fc -R ~/.alt", false, false},
		{"fc -W ~/.alt", false, false},
	} {
		l := Line(context.Background(), tt.text, Options{Shell: "zsh"})
		r := Script(context.Background(), "f.zsh", "#!/bin/zsh\n"+tt.text+"\n", Options{Script: true, Shell: "zsh"})
		if got := hasRule(l, "history-tamper"); got != tt.prompt {
			t.Errorf("prompt %q: history-tamper %v, want %v (%v)", tt.text, got, tt.prompt, l.Findings)
		}
		if got := hasRule(r, "history-tamper"); got != tt.file {
			t.Errorf("file %q: history-tamper %v, want %v (%v)", tt.text, got, tt.file, r.Findings)
		}
	}
}
