# guardsh hook for fish: every command line is checked by 'guardsh gate'
# before fish runs any of it. Load it from ~/.config/fish/config.fish with
#
#	guardsh init fish | source
#
# guardsh-off pauses checking in this shell, guardsh-on resumes it.
#
# Enter is bound to a function that checks the whole command line and then
# does what Enter did before (execute, or a user's own binding).

if status is-interactive; and not set -q __guardsh_loaded
    set -g __guardsh_loaded 1
    if set -q GUARDSH_BIN
        set -g __guardsh_bin $GUARDSH_BIN
    else
        set -g __guardsh_bin @GUARDSH_BIN@
    end
    set -gx GUARDSH_SESSION @GUARDSH_SESSION@-$fish_pid
    set -g __guardsh_paused

    # __guardsh_gate TEXT asks guardsh about TEXT and returns 0 (run it),
    # 1 (blocked), 2 (denied) or 3 (the check failed: treated as denied).
    function __guardsh_gate
        # Where cd goes in fish: its CDPATH, and implicit cd (a command
        # that is a directory's path) is always on (parse/cdback_prompt.go).
        set -lx CDPATH $CDPATH
        set -lx GUARDSH_CDOPTS autocd
        $__guardsh_bin gate --shell fish --front fish -c $argv[1]
        set -l rc $status
        switch $rc
            case 0 1 2
                return $rc
            case 3
                echo 'guardsh: the check failed, so nothing of the line was run' >&2
            case '*'
                echo "guardsh: cannot run $__guardsh_bin (exit $rc), so nothing of the line was run" >&2
                echo 'hint: reinstall guardsh, or pause checking in this shell with guardsh-off' >&2
        end
        return 3
    end

    # __guardsh_then KIND ACTION does what the key did before guardsh bound
    # it: an input function (KIND -f) or a command (KIND -c).
    function __guardsh_then
        if test $argv[1] = -f
            commandline -f $argv[2]
        else
            eval $argv[2]
        end
    end

    # __guardsh_enter KIND ACTION: Enter was pressed.
    function __guardsh_enter
        set -l text (commandline | string collect)
        if test -n "$__guardsh_paused"; or not string match -qr '\S' -- $text
            __guardsh_then $argv
            return
        end
        commandline --is-valid
        if test $status -eq 2
            # Incomplete: fish goes on to the next line of the buffer.
            commandline -f execute
            return
        end
        # Step down a line for what gate may print; if it printed nothing,
        # step back up and let fish redraw the line from its start.
        printf '\n'
        __guardsh_gate $text
        switch $status
            case 0
                printf '\e[A'
                commandline -f repaint
                __guardsh_then $argv
            case 1
                history append -- $text 2>/dev/null
                commandline -r ''
                commandline -f repaint
            case '*'
                # Denied: the line stays in the buffer to be fixed.
                history append -- $text 2>/dev/null
                commandline -f repaint
        end
    end

    # __guardsh_bind binds Enter, keeping what it did (a user's binding
    # wins over the preset one). Run again before each prompt, it binds
    # again a key that something loaded later bound to something else.
    function __guardsh_bind --on-event fish_prompt
        for mode in default insert
            for key in \r \n
                set -l old (bind -M $mode --user $key 2>/dev/null)
                string match -q '*__guardsh_enter*' -- $old; and continue
                set -l action execute
                if test (count $old) -eq 1
                    set action (string replace -r '^bind (-M \S+ )?(-m \S+ )?\S+ ' '' -- $old)
                    set action (string unescape -- $action)
                end
                set -l kind -c
                contains -- $action (bind --function-names); and set kind -f
                bind -M $mode $key "__guardsh_enter $kind "(string escape -- $action)
            end
        end
    end
    __guardsh_bind
    set -gx GUARDSH_HOOK fish:bind:$fish_pid

    # guardsh-off pauses checking in this shell; the prompt shows it.
    function guardsh-off
        set -g __guardsh_paused 1
        set -gx GUARDSH_HOOK fish:off:$fish_pid
        if not functions -q __guardsh_saved_prompt
            functions -c fish_prompt __guardsh_saved_prompt
            function fish_prompt
                printf '(guardsh off) '
                __guardsh_saved_prompt
            end
        end
        echo 'guardsh: checking is paused in this shell; guardsh-on resumes it' >&2
    end

    # guardsh-on resumes checking in this shell.
    function guardsh-on
        set -g __guardsh_paused
        set -gx GUARDSH_HOOK fish:bind:$fish_pid
        if functions -q __guardsh_saved_prompt
            functions -e fish_prompt
            functions -c __guardsh_saved_prompt fish_prompt
            functions -e __guardsh_saved_prompt
        end
        echo 'guardsh: checking is on again in this shell; guardsh-off pauses it' >&2
    end
end
