# guardsh hook for bash: every command line is checked by 'guardsh gate'
# before bash runs any of it. Load it from ~/.bashrc with
#
#	eval "$(guardsh init bash)"
#
# guardsh-off pauses checking in this shell, guardsh-on resumes it.
#
# Enter (and every other key bound to accept-line or operate-and-get-next)
# runs a readline macro: first a 'bind -x' function that checks
# $READLINE_LINE, then a key sequence that the function has just bound either
# to the key's original action (the line passed) or to nothing (it did not).
# Where readline cannot be used (bash --noediting, bash 3), a DEBUG trap
# checks the line after Enter instead and stops it before its first command.

if [[ $- == *i* && -z ${__guardsh_loaded-} ]]; then
__guardsh_loaded=1
__guardsh_bin=${GUARDSH_BIN:-@GUARDSH_BIN@}
GUARDSH_SESSION=@GUARDSH_SESSION@-$$
export GUARDSH_SESSION
__guardsh_paused=
__guardsh_mode=enter
if [[ ${GUARDSH_BASH_MODE-} == debug ]] || ((BASH_VERSINFO[0] < 4)) || [[ ! -o emacs && ! -o vi ]]; then
	__guardsh_mode=debug
fi

# __guardsh_gate TEXT asks guardsh about TEXT and returns 0 (run it),
# 1 (blocked), 2 (denied) or 3 (the check failed: treated as denied).
__guardsh_gate() {
	local rc m=$- o=
	# With job control off, guardsh runs in bash's own process group: no
	# handing the terminal over and back (about a millisecond saved).
	[[ $m == *m* ]] && set +m
	# Where cd goes in this shell: its CDPATH (exported or not) and the
	# options that change it (guardsh's parse/cdback_prompt.go).
	shopt -q autocd 2>/dev/null && o+=autocd,
	shopt -q cdable_vars && o+=cdable_vars,
	[[ -o physical ]] && o+=physical
	# The editor a bare fc runs (parse/redteam7.go): FCEDIT=true set on an
	# earlier line makes fc re-run history unseen.
	CDPATH=${CDPATH-} GUARDSH_CDOPTS=$o GUARDSH_FCEDIT=${FCEDIT:-${EDITOR:-vi}} "$__guardsh_bin" gate -c "$1"
	rc=$?
	[[ $m == *m* ]] && set -m
	case $rc in
	0 | 1 | 2) return "$rc" ;;
	3) printf 'guardsh: the check failed, so nothing of the line was run\n' >&2 ;;
	*)
		printf 'guardsh: cannot run %s (exit %s), so nothing of the line was run\n' "$__guardsh_bin" "$rc" >&2
		printf 'hint: reinstall guardsh, or pause checking in this shell with guardsh-off\n' >&2
		;;
	esac
	return 3
}

# __guardsh_parses TEXT reports whether bash can parse TEXT as it is, without
# running it: a line that is incomplete (an open quote, a trailing |, if
# without fi) or wrong does not. It parses TEXT as the body of a function it
# defines, which runs nothing, unless TEXT holds a } that could close that
# body early and leave the rest to run: such a line goes to a separate bash
# in no-exec mode. Aliases are not expanded, since one could hold a } too.
__guardsh_parses() {
	if [[ $1 == *'}'* ]]; then
		"${BASH:-bash}" --norc --noprofile -O extglob -n -c "$1" 2>/dev/null
		return
	fi
	local a= rc
	if shopt -q expand_aliases; then
		a=1
		shopt -u expand_aliases
	fi
	builtin eval $'__guardsh_probe() { :\n'"$1"$'\n}' 2>/dev/null
	rc=$?
	[[ -n $a ]] && shopt -s expand_aliases
	((rc == 0)) || return 1
	builtin unset -f __guardsh_probe
}

# __guardsh_incomplete TEXT reports whether guardsh finds TEXT unfinished (an
# open quote, a trailing |, if without fi). Only lines bash cannot parse get
# here, so the extra guardsh run is rare.
__guardsh_incomplete() {
	[[ $("$__guardsh_bin" check --format json --shell bash -c "$1" 2>/dev/null) == *'"incomplete":true'* ]]
}

# __guardsh_enter N OLD_ =: Enter was pressed on the key numbered N. The
# second argument only gives $_ back its value once the binding has run.
__guardsh_enter() {
	local n=$1 line=$READLINE_LINE rc x
	# Until the line passed, the key does nothing: an interrupted check
	# leaves it so.
	__guardsh_then "$n" stay
	if [[ -n $__guardsh_paused || $line != *[![:space:]]* ]]; then
		__guardsh_then "$n" go
		return
	fi
	if [[ -o histexpand && ($line == *!* || $line == ^*) ]]; then
		# Check what will run: bash expands !! and friends after Enter.
		if x=$(builtin history -p -- "$line" 2>/dev/null) && [[ $x != "$line" ]]; then
			line=$x READLINE_LINE=$x READLINE_POINT=${#x}
		fi
	fi
	if __guardsh_parses "$line"; then
		__guardsh_gate "$line"
		rc=$?
	elif __guardsh_incomplete "$line"; then
		rc=4
	else
		# bash cannot parse it: gate explains a real error; what gate
		# finds harmless is taken as bash needing more (a here-document).
		__guardsh_gate "$line"
		rc=$?
		((rc == 0)) && rc=4
	fi
	if ((rc == 4)); then
		# Incomplete: keep reading into the same buffer, so the check
		# sees the whole construct before any of it runs.
		READLINE_LINE+=$'\n'
		READLINE_POINT=${#READLINE_LINE}
		return
	fi
	case $rc in
	0) __guardsh_then "$n" go ;;
	1)
		builtin history -s -- "$line"
		READLINE_LINE= READLINE_POINT=0
		;;
	*)
		# Denied: the line stays in the buffer to be fixed, and in history.
		builtin history -s -- "$line"
		;;
	esac
}

# __guardsh_then N go|stay binds the second half of key N's macro.
__guardsh_then() {
	if [[ $2 == go ]]; then
		builtin bind "\"\\C-x\\C-^d$1\": \"\\C-x\\C-^a$1\""
	else
		builtin bind "\"\\C-x\\C-^d$1\": \"\""
	fi
}

# __guardsh_edit replaces edit-and-execute-command: the edited text comes
# back into the buffer, to be checked on Enter, instead of running at once.
__guardsh_edit() {
	local f
	f=$(mktemp "${TMPDIR:-/tmp}/guardsh-edit.XXXXXX") || return
	printf '%s\n' "$READLINE_LINE" >"$f"
	${VISUAL:-${EDITOR:-vi}} "$f" </dev/tty >/dev/tty
	READLINE_LINE=$(<"$f")
	READLINE_POINT=${#READLINE_LINE}
	rm -f -- "$f"
}

# __guardsh_bind_keys wraps, in each keymap, the keys that accept a line.
# Whatever a key did before (a readline function, a macro, a bind -x
# command) becomes the action run once the line passed.
__guardsh_bind_keys() {
	local km l key rest kind n=0 out
	for km in emacs vi-insert vi-command; do
		out=$(
			builtin bind -m "$km" -p
			echo '#guardsh-s'
			builtin bind -m "$km" -s
			echo '#guardsh-X'
			builtin bind -m "$km" -X
		) || return 1
		kind=p
		while IFS= read -r l; do
			case $l in
			'#guardsh-s') kind=s && continue ;;
			'#guardsh-X') kind=X && continue ;;
			'"'*) ;;
			*) continue ;;
			esac
			key=${l%%\": *}\"
			rest=${l#*\": }
			case $kind:$rest in
			p:accept-line | p:operate-and-get-next) ;;
			p:edit-and-execute-command)
				builtin bind -m "$km" -x "$key: __guardsh_edit" || return 1
				continue
				;;
			[sX]:*\\C-x\\C-^c*) continue ;; # already ours
			[sX]:*) [[ $key == '"\C-m"' || $key == '"\C-j"' ]] || continue ;;
			*) continue ;;
			esac
			n=$((n + 1))
			if [[ $kind == X ]]; then
				builtin bind -m "$km" -x "\"\\C-x\\C-^a$n\": $rest" || return 1
			else
				builtin bind -m "$km" "\"\\C-x\\C-^a$n\": $rest" || return 1
			fi
			builtin bind -m "$km" -x "\"\\C-x\\C-^c$n\": __guardsh_enter $n \"\$_\"" &&
				builtin bind -m "$km" "\"\\C-x\\C-^d$n\": \"\\C-x\\C-^a$n\"" &&
				builtin bind -m "$km" "$key: \"\\C-x\\C-^c$n\\C-x\\C-^d$n\"" || return 1
		done <<<"$out"
	done
	((n > 0))
}

# __guardsh_debug OLD_: the DEBUG trap of the fallback mode. At the first
# command of a new line it checks the whole line, as history has it, and on a
# refusal skips that command and interrupts the rest of the line.
__guardsh_debug() {
	local us=$1
	# extdebug makes functions inherit the trap: guardsh's own run
	# unwatched, and only a command at the top level starts a new line.
	[[ ${FUNCNAME[1]-} == __guardsh_* ]] && return 0
	if [[ -n ${__guardsh_fresh-} && ${#FUNCNAME[@]} -eq 1 && -z ${COMP_LINE-} && -z ${READLINE_LINE-} ]]; then
		__guardsh_fresh=
		if [[ -z $__guardsh_paused ]]; then
			local h text rc
			h=$(HISTTIMEFORMAT= builtin history 1)
			if [[ $h =~ ^\ *([0-9]+)\*?\ \ (.*)$ && ${BASH_REMATCH[1]} != "${__guardsh_histn-}" ]]; then
				__guardsh_histn=${BASH_REMATCH[1]}
				text=${BASH_REMATCH[2]}
			else
				# Not in history (HISTCONTROL, HISTIGNORE, set +o
				# history): check each command as it comes instead.
				__guardsh_percmd=1
			fi
			if [[ -n ${text-} ]]; then
				__guardsh_gate "$text"
				rc=$?
				if ((rc != 0)); then
					builtin kill -INT $$
					return 1
				fi
			fi
		fi
	fi
	if [[ -n ${__guardsh_percmd-} && -z $__guardsh_paused && $BASH_COMMAND != __guardsh_* ]]; then
		if ! __guardsh_gate "$BASH_COMMAND"; then
			builtin kill -INT $$
			return 1
		fi
	fi
	if [[ -n ${__guardsh_prev_debug-} ]]; then
		: "$us"
		builtin eval "$__guardsh_prev_debug"
		return
	fi
	: "$us"
}

# __guardsh_prompt runs last in PROMPT_COMMAND: the next command is a
# user's new line.
__guardsh_prompt() {
	__guardsh_percmd=
	__guardsh_fresh=1
}

# __guardsh_install_debug TRAP installs the DEBUG trap; TRAP is what
# 'trap -p DEBUG' said at the top level (in a function it says nothing).
__guardsh_install_debug() {
	shopt -s extdebug
	local t=$1
	if [[ -n $t && $t != *__guardsh_debug* ]]; then
		builtin eval "local -a w=(${t#trap -- })"
		__guardsh_prev_debug=${w[0]}
	fi
	builtin trap '__guardsh_debug "$_"' DEBUG
	if [[ $(declare -p PROMPT_COMMAND 2>/dev/null) == "declare -a"* ]]; then
		PROMPT_COMMAND+=(__guardsh_prompt)
	elif [[ -n ${PROMPT_COMMAND-} ]]; then
		PROMPT_COMMAND+=$'\n'__guardsh_prompt
	else
		PROMPT_COMMAND=__guardsh_prompt
	fi
	__guardsh_fresh=
	# Say so to a person; tools that run bash -ic without a terminal get
	# the same checks without the words.
	[[ -t 2 ]] && printf '%s\n' "guardsh: bash line editing is not available here, so lines are checked by a DEBUG trap" \
		"guardsh: it stops a refused line before its first command, but cannot check lines missing from history as a whole" >&2
	return 0
}

if [[ $__guardsh_mode == enter ]] && ! __guardsh_bind_keys 2>/dev/null; then
	__guardsh_mode=debug
fi
if [[ $__guardsh_mode == debug ]]; then
	__guardsh_install_debug "$(builtin trap -p DEBUG)"
fi
GUARDSH_HOOK=bash:$__guardsh_mode:$$
export GUARDSH_HOOK

# guardsh-off pauses checking in this shell; the prompt shows it.
guardsh-off() {
	__guardsh_paused=1
	GUARDSH_HOOK=bash:off:$$
	[[ $PS1 == "(guardsh off) "* ]] || PS1="(guardsh off) $PS1"
	printf 'guardsh: checking is paused in this shell; guardsh-on resumes it\n' >&2
}

# guardsh-on resumes checking in this shell.
guardsh-on() {
	__guardsh_paused=
	GUARDSH_HOOK=bash:$__guardsh_mode:$$
	PS1=${PS1#"(guardsh off) "}
	printf 'guardsh: checking is on again in this shell; guardsh-off pauses it\n' >&2
}
fi
