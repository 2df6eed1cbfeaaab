#!/bin/sh
# install.sh installs guardsh and adds its hook to the rc files of the shells
# on this machine. Run it again to update; it changes nothing when all is in
# place. install.sh --uninstall removes both.
#
#	sh install.sh                      inside a checkout: scripts/build.sh
#	sh install.sh                      elsewhere: the latest release
#	sh install.sh --version 0.1.0      a release archive, SHA-256 and signature checked
#	sh install.sh --url URL --sha256 HEX
#	sh install.sh --uninstall
#
# Options: --prefix DIR (binary in DIR/bin; default $PREFIX, else
# ~/.local/bin), --shells "bash zsh fish" (default: those installed),
# --no-rc (binary only), --releases URL (default $GUARDSH_RELEASES),
# --public-key KEY (the minisign key releases are signed with).
#
# A release archive is RELEASES/vVERSION/guardsh_VERSION_OS_ARCH.tar.gz with
# a guardsh binary at its top, listed in RELEASES/vVERSION/SHA256SUMS, which
# is signed in SHA256SUMS.minisig; RELEASES/latest names the newest version.
# The signature is checked with minisign, or else with a guardsh already
# installed; a bad one installs nothing.
set -eu

prog=install.sh
die() {
	printf '%s: %s\n' "$prog" "$1" >&2
	[ $# -gt 1 ] && printf 'hint: %s\n' "$2" >&2
	exit 1
}
say() { printf '%s: %s\n' "$prog" "$1"; }

prefix=${PREFIX-}
version=
url=
sha=
shells=
rc=yes
action=install
releases=${GUARDSH_RELEASES:-https://github.com/guardsh/guardsh/releases/download}
# The project's release key; the same as internal/release.PublicKey.
pubkey=RWSeIsPBy4Winjvzch470hrfXbeO9yZlh1zSLzAd59nWEpUmoJHLkoKT
while [ $# -gt 0 ]; do
	case $1 in
	--prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; prefix=$2; shift ;;
	--version) [ $# -ge 2 ] || die "--version needs a version"; version=${2#v}; shift ;;
	--url) [ $# -ge 2 ] || die "--url needs a URL"; url=$2; shift ;;
	--sha256) [ $# -ge 2 ] || die "--sha256 needs a hex digest"; sha=$2; shift ;;
	--releases) [ $# -ge 2 ] || die "--releases needs a URL"; releases=$2; shift ;;
	--public-key) [ $# -ge 2 ] || die "--public-key needs a minisign public key"; pubkey=$2; shift ;;
	--shells) [ $# -ge 2 ] || die "--shells needs a list"; shells=$2; shift ;;
	--no-rc) rc=no ;;
	--uninstall) action=uninstall ;;
	# The comment block at the top, up to its first line that is not a comment.
	-h | --help) awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
	*) die "unknown option $1" "run 'sh install.sh --help'" ;;
	esac
	shift
done

[ -n "${HOME-}" ] || die "HOME is not set"
if [ -n "$prefix" ]; then
	bindir=$prefix/bin
else
	bindir=$HOME/.local/bin
fi
bin=$bindir/guardsh
begin='# >>> guardsh >>>'
end='# <<< guardsh <<<'

if [ -z "$shells" ]; then
	for s in bash zsh fish; do
		command -v "$s" >/dev/null 2>&1 && shells="$shells $s"
	done
fi

rcfile() {
	case $1 in
	bash) echo "$HOME/.bashrc" ;;
	zsh) echo "${ZDOTDIR:-$HOME}/.zshrc" ;;
	fish) echo "${XDG_CONFIG_HOME:-$HOME/.config}/fish/config.fish" ;;
	*) die "no hook for shell '$1'" "use bash, zsh or fish" ;;
	esac
}

# shq quotes $1 as one single-quoted word (POSIX shells and fish alike, as
# long as it holds no ' or \, which install refuses).
shq() { printf "'%s'" "$1"; }

initline() {
	case $1 in
	fish) printf '%s init fish | source\n' "$(shq "$bin")" ;;
	*) printf 'eval "$(%s init %s)"\n' "$(shq "$bin")" "$1" ;;
	esac
}

# strip FILE prints FILE without guardsh's block.
strip() {
	awk -v b="$begin" -v e="$end" '$0 == b { skip = 1; next } skip && $0 == e { skip = 0; next } !skip' "$1"
}

# replace FILE: writes stdin to FILE through a temporary file beside it,
# keeping FILE's mode.
replace() {
	tmp=$1.guardsh-tmp.$$
	cat >"$tmp" || { rm -f "$tmp"; die "cannot write $tmp"; }
	if [ -f "$1" ]; then
		chmod "$(stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1")" "$tmp" 2>/dev/null || true
	fi
	mv -f "$tmp" "$1" || die "cannot replace $1"
}

add_hook() {
	f=$(rcfile "$1")
	mkdir -p "$(dirname "$f")" || die "cannot create $(dirname "$f")"
	want=$(
		[ -f "$f" ] && strip "$f"
		printf '%s\n%s\n' "$begin" "# added by guardsh's install.sh; remove with: sh install.sh --uninstall"
		initline "$1"
		printf '%s\n' "$end"
	)
	if [ -f "$f" ] && [ "$(cat "$f")" = "$want" ]; then
		say "$1: hook already in $f"
		return
	fi
	printf '%s\n' "$want" | replace "$f"
	say "$1: hook added to $f (it works in shells started from now on)"
}

remove_hook() {
	f=$(rcfile "$1")
	[ -f "$f" ] || return 0
	grep -qxF "$begin" "$f" || return 0
	rest=$(strip "$f")
	if [ -z "$(printf '%s' "$rest" | tr -d ' \t\n')" ]; then
		rm -f "$f"
		say "$1: removed $f (it only held the guardsh hook)"
	else
		printf '%s\n' "$rest" | replace "$f"
		say "$1: hook removed from $f"
	fi
}

sha256() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | cut -d' ' -f1
	elif command -v shasum >/dev/null 2>&1; then
		shasum -a 256 "$1" | cut -d' ' -f1
	else
		die "neither sha256sum nor shasum is installed, so the download cannot be checked"
	fi
}

fetch() {
	if command -v curl >/dev/null 2>&1; then
		curl -fsSL --proto '=https,http,file' -o "$2" "$1"
	elif command -v wget >/dev/null 2>&1; then
		wget -qO "$2" "$1"
	else
		die "neither curl nor wget is installed" "install one, or build from a checkout with go build"
	fi
}

# verify_sums FILE URL checks the minisign signature of the SHA256SUMS file
# FILE downloaded from URL, with minisign or an installed guardsh.
verify_sums() {
	fetch "$2.minisig" "$1.minisig" || die "cannot download $2.minisig, so the release's signature cannot be checked" "pass --sha256 with the published digest to skip it"
	if command -v minisign >/dev/null 2>&1; then
		minisign -Vqm "$1" -x "$1.minisig" -P "$pubkey" >/dev/null 2>&1 ||
			die "the signature of $2 is not by the guardsh release key" "the release was tampered with, or --public-key is wrong: nothing was installed"
		say "signature of SHA256SUMS checked with minisign"
	elif [ -x "$bin" ] && "$bin" update --verify "$1" --signature "$1.minisig" >/dev/null 2>&1; then
		say "signature of SHA256SUMS checked with the installed $bin"
	elif [ -x "$bin" ] && "$bin" update --help 2>/dev/null | grep -q -- --verify; then
		die "the signature of $2 is not by the guardsh release key" "the release was tampered with: nothing was installed"
	else
		say "warning: neither minisign nor an installed guardsh can check the signature of SHA256SUMS; only the archive's SHA-256 is checked (install minisign to check it)"
	fi
}

# checkout prints the root of the guardsh checkout this script is in.
checkout() {
	d=$(cd "$(dirname "$0")" 2>/dev/null && pwd) || return 1
	[ -f "$d/go.mod" ] && [ -d "$d/cmd/guardsh" ] && grep -q '^module github.com/guardsh/guardsh$' "$d/go.mod" || return 1
	echo "$d"
}

install_bin() {
	case $bin in *\'* | *\\*) die "cannot install into a path with ' or \\: $bin" ;; esac
	mkdir -p "$bindir" || die "cannot create $bindir"
	new=$bindir/.guardsh.new.$$
	trap 'rm -rf "$new" "${work-}"' EXIT
	if [ -z "$url" ] && [ -z "$version" ] && src=$(checkout); then
		command -v go >/dev/null 2>&1 || die "go is not installed, and it builds guardsh from this checkout" "install Go, or pass --version to use a release"
		say "building guardsh from $src"
		sh "$src/scripts/build.sh" "$new" || die "the build failed"
	else
		work=$(mktemp -d)
		if [ -z "$url" ]; then
			if [ -z "$version" ]; then
				fetch "$releases/latest" "$work/latest" || die "cannot learn the latest release from $releases/latest" "pass --version X.Y.Z"
				version=$(tr -d ' \r\n' <"$work/latest")
				version=${version#v}
				case $version in
				[0-9]*.[0-9]*.[0-9]*) ;;
				*) die "$releases/latest does not name a version" "pass --version X.Y.Z" ;;
				esac
				say "latest release: $version"
			fi
			os=$(uname -s | tr 'A-Z' 'a-z')
			case $(uname -m) in
			x86_64 | amd64) arch=amd64 ;;
			aarch64 | arm64) arch=arm64 ;;
			*) die "no release for $(uname -m)" "build from a checkout with go build" ;;
			esac
			url=$releases/v$version/guardsh_${version}_${os}_${arch}.tar.gz
		fi
		archive=$work/$(basename "$url")
		say "downloading $url"
		fetch "$url" "$archive" || die "cannot download $url"
		if [ -z "$sha" ]; then
			sums=$(dirname "$url")/SHA256SUMS
			fetch "$sums" "$work/SHA256SUMS" || die "cannot download $sums, so the archive cannot be checked" "pass --sha256 with the published digest"
			verify_sums "$work/SHA256SUMS" "$sums"
			sha=$(awk -v n="$(basename "$url")" '$2 == n || $2 == "*" n { print $1 }' "$work/SHA256SUMS")
			[ -n "$sha" ] || die "$(basename "$url") is not listed in $sums"
			[ "$(printf '%s\n' "$sha" | wc -l)" -eq 1 ] || die "$(basename "$url") is listed more than once in $sums" "the release is damaged or was tampered with: nothing was installed"
		fi
		got=$(sha256 "$archive")
		[ "$got" = "$(printf '%s' "$sha" | tr 'A-F' 'a-f')" ] || die "SHA-256 mismatch for $url: got $got, want $sha" "the download is corrupt or was tampered with: nothing was installed"
		(cd "$work" && tar -xzf "$archive" guardsh) || die "$(basename "$url") has no guardsh binary at its top"
		mv "$work/guardsh" "$new"
	fi
	chmod 755 "$new"
	"$new" version >/dev/null 2>&1 || die "the new guardsh binary does not run"
	if [ -f "$bin" ] && cmp -s "$new" "$bin"; then
		rm -f "$new"
		say "guardsh already installed at $bin"
	else
		mv -f "$new" "$bin" || die "cannot install $bin"
		say "installed $bin"
	fi
	case ":${PATH-}:" in
	*":$bindir:"*) ;;
	*) say "note: $bindir is not on PATH; the hook calls guardsh by its full path, but add it to call guardsh yourself" ;;
	esac
}

# The man page and completions go under $PREFIX/share, else
# ${XDG_DATA_HOME:-~/.local/share}, where man, bash-completion and fish look;
# they are generated by the installed binary, so they always match it.
if [ -n "$prefix" ]; then
	share=$prefix/share
else
	share=${XDG_DATA_HOME:-$HOME/.local/share}
fi
extras="$share/man/man1/guardsh.1 $share/bash-completion/completions/guardsh $share/zsh/site-functions/_guardsh $share/fish/vendor_completions.d/guardsh.fish"

install_extras() {
	for f in $extras; do
		case $f in
		*.1) args="help --man" ;;
		*/bash-completion/*) args="completion bash" ;;
		*/_guardsh) args="completion zsh" ;;
		*.fish) args="completion fish" ;;
		esac
		mkdir -p "$(dirname "$f")" 2>/dev/null && "$bin" $args 2>/dev/null | replace "$f" ||
			{ say "note: could not write $f"; continue; }
	done
	say "man page and completions in $share (man guardsh; zsh: add $share/zsh/site-functions to fpath before compinit)"
}

if [ $action = uninstall ]; then
	removed=
	# The agents' hooks point at this binary: take them out first, with
	# guardsh itself (it removes only what it added, with a backup).
	if [ -x "$bin" ]; then
		for a in claude codex gemini cursor; do
			out=$("$bin" setup "$a" --uninstall 2>&1) || { say "note: $a: $out"; continue; }
			case $out in
			*"nothing to remove"*) ;;
			*) printf '%s\n' "$out" | sed "s/^/$prog: /"; removed=yes ;;
			esac
		done
	fi
	for s in bash zsh fish; do
		f=$(rcfile "$s")
		[ -f "$f" ] && grep -qxF "$begin" "$f" && removed=yes
		remove_hook "$s"
	done
	for f in $extras; do
		if [ -f "$f" ]; then rm -f "$f" && say "removed $f" && removed=yes; fi
	done
	if [ -e "$bin" ]; then
		rm -f "$bin" || die "cannot remove $bin"
		say "removed $bin"
		removed=yes
	fi
	[ -n "$removed" ] || say "nothing to remove: no guardsh binary at $bin, no hooks in the rc files"
	cfgdir=${XDG_CONFIG_HOME:-$HOME/.config}/guardsh
	statedir=${XDG_STATE_HOME:-$HOME/.local/state}/guardsh
	datadir=${XDG_DATA_HOME:-$HOME/.local/share}/guardsh
	kept=
	for d in "$cfgdir" "$statedir" "$datadir"; do [ -d "$d" ] && kept="$kept $d"; done
	if [ -n "$kept" ]; then
		say "kept your configuration, approvals, audit log and tirith copy:$kept"
		say "remove them with: rm -rf$kept"
	fi
	say "project hooks (.claude/settings.json, .github/hooks/guardsh.json, …) are not touched: run 'guardsh setup AGENT --project --uninstall' in each project before uninstalling"
	exit 0
fi

install_bin
install_extras
if [ $rc = yes ]; then
	for s in $shells; do add_hook "$s"; done
	[ -n "$shells" ] || say "no bash, zsh or fish found: no rc file changed"
fi
