#!/bin/sh
# build.sh — the one recipe that builds every guardsh binary people run:
# install.sh inside a checkout, the release script and the benchmarks.
#
# Usage: scripts/build.sh OUT [VERSION]
#   GOOS and GOARCH pick the target (default: this machine's).
#   VERSION defaults to `git describe --tags --always --dirty`, else "dev".
#   GUARDSH_LDFLAGS adds linker flags (the tests use it to compile in a
#   throwaway release key).
#
# The build is static (CGO_ENABLED=0: mvdan.cc/sh imports os/user, which
# otherwise links libc and costs about a millisecond per start), has no file
# system paths in it (-trimpath), and stamps version, commit and the commit's
# date, so that two builds of one commit are byte-identical.
set -eu
[ $# -ge 1 ] || { echo "usage: scripts/build.sh OUT [VERSION]" >&2; exit 3; }
out=$1
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
commit=unknown
date=unknown
if git rev-parse --git-dir >/dev/null 2>&1; then
	commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
	date=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y-%m-%dT%H:%M:%SZ 2>/dev/null || echo unknown)
fi
version=${2:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
version=${version#v}
CGO_ENABLED=0 exec go build -trimpath -buildvcs=false \
	-ldflags "-s -w -X main.version=$version -X main.commit=$commit -X main.date=$date ${GUARDSH_LDFLAGS-}" \
	-o "$out" ./cmd/guardsh
