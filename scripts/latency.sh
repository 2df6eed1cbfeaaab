#!/bin/sh
# latency.sh measures the time the shell hooks add per Enter: real bash, zsh
# and fish in a pseudo-terminal, N lines each (default 60), with and without
# the hook; the median of each is compared. It also times the parts: the
# hook calling /bin/true instead of guardsh, and 'guardsh gate' alone.
#
#	sh scripts/latency.sh [LINES]
set -eu
cd "$(dirname "$0")/.."
lines=${1:-60}
bin=$(mktemp -d)/guardsh
trap 'rm -rf "$(dirname "$bin")"' EXIT
sh scripts/build.sh "$bin"

echo "== per Enter, hook calling guardsh gate ($lines lines, median)"
GUARDSH_TEST_BIN=$bin GUARDSH_LATENCY_LINES=$lines go test -count=1 -v -run '^TestEnterLatency$' ./hooks | grep 'latency_test.go'
echo "== per Enter, hook calling /bin/true instead (the hook's own cost)"
GUARDSH_TEST_BIN=$bin GUARDSH_LATENCY_GATE=/bin/true GUARDSH_LATENCY_LINES=$lines go test -count=1 -v -run '^TestEnterLatency$' ./hooks | grep 'latency_test.go'
if command -v hyperfine >/dev/null 2>&1; then
	echo "== guardsh alone"
	hyperfine -N --warmup 10 -r 200 --style basic "$bin version" "$bin gate -c 'git status --short'" 2>&1 | grep -E 'Benchmark|Time'
fi
