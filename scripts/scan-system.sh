#!/bin/sh
# scan-system.sh: run `guardsh check --format json` over the shell scripts,
# Dockerfiles and workflows this machine ships, and count the files flagged
# and the findings per rule. It measures precision on real-world files
# (issue 12); it changes nothing on the machine.
#
#   scripts/scan-system.sh [GUARDSH-BINARY] [OUT-DIR]
#
# The list of files is written to OUT-DIR/files.txt (copy it to
# cmd/guardsh/testdata/system-files.txt, below its two comment lines, when the machine image changes), the JSON results to
# OUT-DIR/results.json and one line per finding (file<TAB>line<TAB>rule<TAB>text)
# to OUT-DIR/findings.tsv. tirith is off (GUARDSH_TIRITH=off) unless the
# caller sets GUARDSH_TIRITH. Needs jq.
set -eu

bin=${1:-guardsh}
out=${2:-$(mktemp -d "${TMPDIR:-/tmp}/guardsh-scan.XXXXXX")}
mkdir -p "$out"
: "${GUARDSH_TIRITH:=off}"
export GUARDSH_TIRITH

# Scripts: a sh/bash/dash/zsh/ksh #! line (not a link: each file once).
roots="/usr/bin /usr/sbin /usr/share /usr/lib /etc /usr/local/go ${HOME}/go/pkg/mod"
{
	for r in $roots; do
		[ -d "$r" ] || continue
		find "$r" -type f -size -8M 2>/dev/null
	done | while IFS= read -r f; do
		IFS= read -r first <"$f" 2>/dev/null || continue
		case $first in
		'#!'*fish*) ;;
		'#!'*[/\ ]sh | '#!'*[/\ ]sh[\ ]* | '#!'*bash* | '#!'*dash* | '#!'*zsh* | '#!'*ksh*) printf '%s\n' "$f" ;;
		esac
	done
	# Dockerfiles and workflows anywhere on the root file system, but not
	# in the work trees of this project.
	find / -xdev \( -path /proc -o -path /sys -o -path /work -o -path /tmp \) -prune -o -type f \
		\( -name Dockerfile -o -name 'Dockerfile.*' -o -name Containerfile -o -name '*.dockerfile' \
		-o -path '*/.github/workflows/*.yml' -o -path '*/.github/workflows/*.yaml' \) -print 2>/dev/null
} | sort -u >"$out/files.txt"

start=$(date +%s.%N)
# One process over every file; exit status 1 or 2 only means findings.
tr '\n' '\0' <"$out/files.txt" | xargs -0 "$bin" check --format json >"$out/results.json" 2>"$out/stderr.txt" || true
end=$(date +%s.%N)

jq -r '.. | objects | select(has("findings")) | . as $r | .findings[] |
	[($r.file // "-"), (.line|tostring), .rule, (.text | gsub("[\t\n]"; " ") | .[0:120])] | @tsv' \
	"$out/results.json" >"$out/findings.tsv"

nfiles=$(wc -l <"$out/files.txt")
nflag=$(cut -f1 "$out/findings.tsv" | sort -u | wc -l)
nfind=$(wc -l <"$out/findings.tsv")
printf 'files scanned: %s\nfiles flagged: %s\nfindings: %s\nseconds: %s\n' \
	"$nfiles" "$nflag" "$nfind" "$(echo "$end - $start" | bc)"
echo 'findings per rule:'
cut -f3 "$out/findings.tsv" | sort | uniq -c | sort -rn
echo "results in $out"
