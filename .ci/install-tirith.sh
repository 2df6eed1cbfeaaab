#!/bin/sh
# install-tirith.sh gets the real tirith 0.4.2 for guardsh's tests from the
# npm registry (the one outside service CI can reach), unpacks it into
# $HOME/.cache/guardsh-ci/tirith/ and prints the binary's path. .ci/run
# exports it as GUARDSH_TEST_TIRITH:
#
#	GUARDSH_TEST_TIRITH=$(.ci/install-tirith.sh)
#
# It is idempotent: a binary already there that reports the right version
# is reused.
set -eu

version=${TIRITH_VERSION:-0.4.2}
case $(uname -s)-$(uname -m) in
Linux-x86_64) pkg=@sheeki03/tirith-linux-x64 ;;
Linux-aarch64) pkg=@sheeki03/tirith-linux-arm64 ;;
Darwin-arm64) pkg=@sheeki03/tirith-darwin-arm64 ;;
Darwin-x86_64) pkg=@sheeki03/tirith-darwin-x64 ;;
*) echo "install-tirith.sh: no tirith package for $(uname -s) $(uname -m)" >&2; exit 1 ;;
esac

dest=${GUARDSH_CI_CACHE:-$HOME/.cache/guardsh-ci}/tirith
bin=$dest/tirith
if [ -x "$bin" ] && [ "$(env -u TIRITH "$bin" --version 2>/dev/null)" = "tirith $version" ]; then
	echo "$bin"
	exit 0
fi

mkdir -p "$dest"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "$pkg@$version" >/dev/null)
tgz=$(ls "$work"/*.tgz)
tar -xzf "$tgz" -C "$work" package/bin/tirith
chmod 0755 "$work/package/bin/tirith"
got=$("$work/package/bin/tirith" --version)
if [ "$got" != "tirith $version" ]; then
	echo "install-tirith.sh: $pkg@$version holds '$got', not tirith $version" >&2
	exit 1
fi
mv -f "$work/package/bin/tirith" "$bin.new"
mv -f "$bin.new" "$bin"
echo "$bin"
