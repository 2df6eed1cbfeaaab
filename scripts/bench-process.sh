#!/bin/sh
# bench-process.sh — time whole `guardsh check -c 'ls -la'` processes next to
# a Go hello-world built on the same machine with the same toolchain, and
# print both medians and their ratio (issue 2 target: at most 2x).
#
# Usage: scripts/bench-process.sh [RUNS]   (default 50, at least 20)
# Needs: go; hyperfine if installed, else a date +%s%N loop (forced with
# BENCH_NO_HYPERFINE=1; the loop also times the shell's fork and the two date
# processes, so its absolute times are higher and its ratio is flattened).
set -eu

runs=${1:-50}
if [ "$runs" -lt 20 ]; then
	echo "bench-process: want at least 20 runs, got $runs" >&2
	exit 3
fi
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" 2>/dev/null || { sleep 1; rm -rf "$tmp"; }' EXIT

cd "$root"
sh scripts/build.sh "$tmp/guardsh"
mkdir "$tmp/hello"
cat > "$tmp/hello/main.go" <<'GO'
package main

import "fmt"

func main() { fmt.Println("hello, world") }
GO
(cd "$tmp/hello" && printf 'module hello\n\ngo 1.22\n' > go.mod && GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$tmp/hello-bin" .)

# The user's config must not change what is measured.
export XDG_CONFIG_HOME="$tmp/config" XDG_STATE_HOME="$tmp/state" NO_COLOR=1

"$tmp/guardsh" check -c 'ls -la' >/dev/null || {
	echo "bench-process: guardsh check -c 'ls -la' did not allow" >&2
	exit 3
}

if [ -z "${BENCH_NO_HYPERFINE-}" ] && command -v hyperfine >/dev/null 2>&1; then
	hyperfine -N --warmup 5 --runs "$runs" \
		--export-json "$tmp/h.json" \
		-n hello "$tmp/hello-bin" \
		-n guardsh "$tmp/guardsh check -c 'ls -la'" >/dev/null 2>&1
	# hyperfine reports seconds; print medians in microseconds.
	medians=$(grep -o '"median": *[0-9.eE+-]*' "$tmp/h.json" | awk -F: '{printf "%d\n", $2 * 1e6}')
	hello=$(echo "$medians" | sed -n 1p)
	guard=$(echo "$medians" | sed -n 2p)
	tool="hyperfine -N --warmup 5 --runs $runs"
else
	median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'; }
	time_runs() {
		i=0
		while [ "$i" -lt "$runs" ]; do
			s=$(date +%s%N)
			"$@" >/dev/null
			e=$(date +%s%N)
			echo $(((e - s) / 1000))
			i=$((i + 1))
		done
	}
	# interleave is not needed for medians of this size; warm the page cache first
	time_runs "$tmp/hello-bin" >/dev/null
	hello=$(time_runs "$tmp/hello-bin" | median)
	guard=$(time_runs "$tmp/guardsh" check -c 'ls -la' | median)
	tool="date +%s%N loop, $runs runs"
fi

echo "tool:              $tool"
echo "go:                $(go version | cut -d' ' -f3-)"
echo "hello-world:       ${hello} µs (median)"
echo "guardsh check -c:  ${guard} µs (median)"
awk -v g="$guard" -v h="$hello" 'BEGIN {printf "ratio:             %.2fx (target at most 2x)\n", g/h}'
