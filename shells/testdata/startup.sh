#!/bin/sh
# Measures what guardsh adds to a shell's start-up in $SHELL mode: the median
# wall time of `guardsh -c true` against `bash -c true`, side by side.
#
#   shells/testdata/startup.sh [RUNS]      (from the repository root)
#
# guardsh is built with CGO_ENABLED=0, as release builds are: a dynamically
# linked binary pays about a millisecond more for the C loader and libc.
set -eu
runs=${1:-200}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
CGO_ENABLED=0 go build -o "$dir/guardsh" ./cmd/guardsh
export XDG_CONFIG_HOME="$dir/config" XDG_STATE_HOME="$dir/state" XDG_CACHE_HOME="$dir/cache" GUARDSH_TIRITH=off
bash=$(command -v bash)
python3 - "$bash" "$dir/guardsh" "$runs" <<'PY'
import statistics, subprocess, sys, time
bash, guardsh, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def t(argv):
    s = time.perf_counter(); subprocess.run(argv, check=True); return (time.perf_counter() - s) * 1000
for _ in range(20): t([bash, "-c", "true"]); t([guardsh, "-c", "true"])
a, b = [], []
for _ in range(runs):  # interleaved, so load changes hit both alike
    a.append(t([bash, "-c", "true"])); b.append(t([guardsh, "-c", "true"]))
ma, mb = statistics.median(a), statistics.median(b)
print("bash -c true     median %.2f ms" % ma)
print("guardsh -c true  median %.2f ms" % mb)
print("added by guardsh        %.2f ms (budget 3 ms, %d runs each)" % (mb - ma, runs))
PY
