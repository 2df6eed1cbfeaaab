#!/bin/sh
# Runs `guardsh check --format json -c CMD` over every line of a command set
# (one command a line, newlines written as \n, backslashes as \\; see
# scripts/everyday-extract.py) from an empty project-like directory outside
# /tmp with a throwaway HOME, and writes OUT/results.tsv (verdict, rules,
# command) and prints the allow/ask/block counts.
# usage: scripts/everyday-measure.sh GUARDSH SET OUT [PROJDIR]
set -eu
bin=$1 set=$2 out=$3 proj=${4:-/work/wt/everyday-proj}
mkdir -p "$out" "$proj"
[ -z "$(ls -A "$proj")" ] || { echo "$proj is not empty" >&2; exit 3; }
home=$(mktemp -d)
set=$(cd "$(dirname "$set")" && pwd)/$(basename "$set")
cd "$proj"
HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share \
python3 - "$bin" "$set" "$out/results.tsv" <<'PY'
import json, subprocess, sys, collections
bin, setf, outf = sys.argv[1:4]
def dec(s):
    o, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            o.append("\n" if s[i+1] == "n" else s[i+1]); i += 2
        else:
            o.append(s[i]); i += 1
    return "".join(o)
n = collections.Counter()
with open(setf) as f, open(outf, "w") as out:
    for line in f:
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        cmd = dec(line)
        r = subprocess.run([bin, "check", "--format", "json", "-c", cmd], capture_output=True, text=True)
        try:
            j = json.loads(r.stdout)
            v = j["verdict"]
            rules = ",".join(sorted({x["rule"] for x in j.get("findings") or []}))
        except Exception:
            v, rules = "error", r.stderr.strip()[:80]
        n[v] += 1
        out.write(f"{v}\t{rules}\t{line}\n")
total = sum(n.values())
print(f"{total} commands: " + ", ".join(f"{k} {n[k]}" for k in ("allow", "ask", "block", "error")))
PY
rm -rf "$home"
