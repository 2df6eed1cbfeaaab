# guardsh hook for zsh: every command line is checked by 'guardsh gate'
# before zsh runs any of it. Load it from ~/.zshrc with
#
#	eval "$(guardsh init zsh)"
#
# guardsh-off pauses checking in this shell, guardsh-on resumes it.
#
# The widgets that accept a line (accept-line and its relatives) are wrapped:
# the wrapper checks the whole construct ($PREBUFFER$BUFFER, so also the
# lines typed at the continuation prompt) and only then calls the widget it
# replaced, so other plugins' wrappers keep working.

if [[ -o interactive && -z ${__guardsh_loaded-} ]]; then
typeset -g __guardsh_loaded=1
typeset -g __guardsh_bin=${GUARDSH_BIN:-@GUARDSH_BIN@}
typeset -gx GUARDSH_SESSION=@GUARDSH_SESSION@-$$
typeset -g __guardsh_paused=

# __guardsh_gate TEXT asks guardsh about TEXT and returns 0 (run it),
# 1 (blocked), 2 (denied) or 3 (the check failed: treated as denied).
__guardsh_gate() {
	# Where cd goes in this shell, read before emulate resets the options:
	# its CDPATH and the options that change it (parse/cdback_prompt.go).
	local __guardsh_o=
	[[ -o autocd ]] && __guardsh_o+=autocd,
	[[ -o cdablevars ]] && __guardsh_o+=cdable_vars,
	[[ -o chaselinks ]] && __guardsh_o+=physical,
	[[ -o chasedots ]] && __guardsh_o+=chase_dots
	emulate -L zsh
	# The editor a bare fc runs (parse/redteam7.go).
	CDPATH=$CDPATH GUARDSH_CDOPTS=$__guardsh_o GUARDSH_FCEDIT=${FCEDIT-${EDITOR-vi}} "$__guardsh_bin" gate --shell zsh -c "$1"
	local rc=$?
	case $rc in
	(0|1|2) return $rc ;;
	(3) print -ru2 -- 'guardsh: the check failed, so nothing of the line was run' ;;
	(*)
		print -ru2 -- "guardsh: cannot run $__guardsh_bin (exit $rc), so nothing of the line was run"
		print -ru2 -- 'hint: reinstall guardsh, or pause checking in this shell with guardsh-off'
		;;
	esac
	return 3
}

# __guardsh_parses TEXT reports whether zsh can parse TEXT, without running
# it: defining a function parses its body.
__guardsh_parses() {
	unfunction __guardsh_probe 2>/dev/null
	{ functions[__guardsh_probe]=$1 } 2>/dev/null
	(( ${+functions[__guardsh_probe]} )) || return 1
	unfunction __guardsh_probe 2>/dev/null
}

# __guardsh_incomplete TEXT reports whether guardsh finds TEXT unfinished (an
# open quote, a trailing |, if without fi). Only lines zsh cannot parse get
# here, so the extra guardsh run is rare.
__guardsh_incomplete() {
	emulate -L zsh
	[[ $("$__guardsh_bin" check --format json --shell zsh -c "$1" 2>/dev/null) == *'"incomplete":true'* ]]
}

# __guardsh_accept WIDGET ARGS...: a line-accepting widget was invoked.
__guardsh_accept() {
	local w=$1 text rc
	shift
	text=$PREBUFFER$BUFFER
	if [[ -n $__guardsh_paused || $text != *[^[:space:]]* ]]; then
		zle __guardsh_orig_$w -- "$@"
		return
	fi
	if [[ -o banghist && ( $BUFFER == *!* || $BUFFER == \^* ) ]]; then
		# Check what will run: zsh expands !! and friends after Enter.
		zle expand-history
		text=$PREBUFFER$BUFFER
	fi
	if ! __guardsh_parses "$text" && __guardsh_incomplete "$text"; then
		# Incomplete: keep reading into the same buffer, so the check
		# sees the whole construct before any of it runs.
		LBUFFER+=$'\n'
		return 0
	fi
	# Step down a line for what gate may print, and back up if it printed
	# nothing, so that a line that passes looks as if guardsh were not there.
	print -n -- $'\n'
	__guardsh_gate "$text"
	rc=$?
	if (( rc == 0 )); then
		print -n -- $'\e[A'
		zle __guardsh_orig_$w -- "$@"
		return
	fi
	zle -I
	print -rs -- "$text"
	if [[ -n $PREBUFFER ]]; then
		# Earlier lines of the construct are with the parser already:
		# abandon the construct; after a denial, bring it all back.
		(( rc == 1 )) || print -rz -- "$text"
		zle send-break
	elif (( rc == 1 )); then
		BUFFER=
	fi
	return 0
}

# __guardsh_wrap replaces each line-accepting widget by a checking one; the
# widget it replaced (builtin or another plugin's) runs once the line passed.
# A widget that wraps guardsh's in turn (as zsh-autosuggestions does) keeps
# it reachable and is left alone.
__guardsh_wrap() {
	emulate -L zsh
	local w
	for w in accept-line accept-and-hold accept-line-and-down-history accept-and-infer-next-history; do
		(( ${#${(k)widgets[(R)user:__guardsh_accept_$w]}} )) && continue
		zle -A $w __guardsh_orig_$w || return 1
		eval "__guardsh_accept_$w() { __guardsh_accept $w \"\$@\" }"
		zle -N $w __guardsh_accept_$w || return 1
	done
}

# __guardsh_precmd wraps again, before each prompt, a widget that something
# loaded after guardsh replaced outright.
__guardsh_precmd() {
	emulate -L zsh
	[[ $GUARDSH_HOOK == zsh:none:* ]] || __guardsh_wrap
}

zmodload zsh/zle 2>/dev/null
autoload -Uz add-zsh-hook && add-zsh-hook precmd __guardsh_precmd
if __guardsh_wrap; then
	typeset -gx GUARDSH_HOOK=zsh:widget:$$
else
	typeset -gx GUARDSH_HOOK=zsh:none:$$
	print -ru2 -- 'guardsh: cannot wrap the zle accept-line widget, so lines are NOT checked in this shell'
fi

# guardsh-off pauses checking in this shell; the prompt shows it.
guardsh-off() {
	__guardsh_paused=1
	GUARDSH_HOOK=zsh:off:$$
	[[ $PS1 == '(guardsh off) '* ]] || PS1="(guardsh off) $PS1"
	print -ru2 -- 'guardsh: checking is paused in this shell; guardsh-on resumes it'
}

# guardsh-on resumes checking in this shell.
guardsh-on() {
	__guardsh_paused=
	GUARDSH_HOOK=zsh:widget:$$
	PS1=${PS1#'(guardsh off) '}
	print -ru2 -- 'guardsh: checking is on again in this shell; guardsh-off pauses it'
}
fi
