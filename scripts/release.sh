#!/bin/sh
# release.sh — build a signed, reproducible guardsh release into dist/.
#
# Usage: scripts/release.sh VERSION [mkrelease flags…]
#   The minisign private key comes from GUARDSH_RELEASE_KEY (its text) or
#   -key FILE; an encrypted key from GUARDSH_RELEASE_KEY_PASSWORD.
#   scripts/release.sh keygen DIR   makes a new key pair.
# Writes dist/vVERSION/{guardsh_VERSION_OS_ARCH.tar.gz, guardsh_VERSION_OS_ARCH.minisig,
# SHA256SUMS, SHA256SUMS.minisig} and dist/latest. Upload dist/ as the release.
set -eu
[ $# -ge 1 ] || { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 3; }
cd "$(dirname "$0")/.."
if [ "$1" = keygen ]; then
	[ $# -eq 2 ] || { echo "usage: scripts/release.sh keygen DIR" >&2; exit 3; }
	exec go run ./internal/release/mkrelease -keygen "$2"
fi
v=$1
shift
exec go run ./internal/release/mkrelease -version "$v" "$@"
