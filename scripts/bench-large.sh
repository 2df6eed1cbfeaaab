#!/bin/sh
# bench-large.sh GUARDSH: time and peak memory of the real binary on the
# large and hostile inputs of the reliability review (§14, §16, §18), in
# every front end. Uses a throwaway HOME; nothing it checks is run (every
# input is an ask or a block, and there is no terminal to approve on).
# Prints: label, wall seconds, user seconds, max RSS.
set -eu
G=${1:?usage: bench-large.sh GUARDSH}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export HOME=$W/home XDG_CONFIG_HOME=$W/home/.config XDG_STATE_HOME=$W/home/.local/state GUARDSH_TIRITH=off
mkdir -p "$HOME"
python3 - "$W" <<'PY'
import json, sys
w = sys.argv[1]
open(w + '/10m.sh', 'w').write('echo hi\n' * (10 << 20 >> 3) + 'rm -rf ~\n')
open(w + '/60m.sh', 'w').write('echo hi\n' * (60 << 20 >> 3) + 'rm -rf ~\n')
open(w + '/ls.sh', 'w').write('ls;' * 1000000)
open(w + '/ff.bin', 'wb').write(b'\xff' * (1 << 20))
open(w + '/zw.txt', 'w').write('\u200b' * (1 << 20))
def hook(cmd):
    return json.dumps({"session_id": "s", "cwd": "/tmp", "hook_event_name": "PreToolUse",
                       "tool_name": "Bash", "tool_input": {"command": cmd}})
open(w + '/hook-long.json', 'w').write(hook('echo ' + 'a' * 3900000))
open(w + '/hook-ls.json', 'w').write(hook('ls;' * 1000000))
PY
run() {
	label=$1 in=$2
	shift 2
	/usr/bin/time -f "%e %U %M" "$@" <"$in" >"$W/out" 2>"$W/err" || true
	printf '%-28s %6s s wall %6s s user %8s KB  (%s bytes of output)\n' "$label" $(tail -1 "$W/err") $(($(wc -c <"$W/out") + $(wc -c <"$W/err")))
}
run "10 MiB check -" "$W/10m.sh" "$G" check -
run "10 MiB \$SHELL -s" "$W/10m.sh" "$G" -s
run "10 MiB \$SHELL script" /dev/null "$G" "$W/10m.sh"
run "60 MiB check -" "$W/60m.sh" "$G" check -
run "60 MiB \$SHELL -s" "$W/60m.sh" "$G" -s
run "ls; x 1e6 check -" "$W/ls.sh" "$G" check -
run "ls; x 1e6 \$SHELL -s" "$W/ls.sh" "$G" -s
run "ls; x 1e6 hook" "$W/hook-ls.json" "$G" hook --protocol claude
run "3.9 MB command hook" "$W/hook-long.json" "$G" hook --protocol claude
run "1 MiB 0xFF check -" "$W/ff.bin" "$G" check -
run "1 MiB 0xFF \$SHELL -s" "$W/ff.bin" "$G" -s
run "1 Mi U+200B \$SHELL -s" "$W/zw.txt" "$G" -s
run "120 KB 0xFF check -c (text)" /dev/null sh -c "\"$G\" check -c \"\$(head -c 120000 '$W/ff.bin')\""
