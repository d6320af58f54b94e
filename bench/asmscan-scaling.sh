#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# asmscan-scaling.sh [-n RUNS] [-a ASMSCAN] [KBUILD] — how asmscan's time
# and memory grow with its input, from one kernel object to a whole
# vmlinux, all analyses (the summary verb), default -j:
#   one object       KBUILD/kernel/fork.o
#   a directory      KBUILD/kernel (every object under it)
#   the whole tree   KBUILD (every object of the build, vmlinux* excluded)
#   vmlinux          KBUILD/vmlinux (a defconfig build: no DWARF)
#   vmlinux + DWARF  Debian's 6.1 dbg vmlinux (tests/kernel/fetch-vmlinux.sh)
# KBUILD is a built x86_64_defconfig tree (default: the "none" build of
# bench/build-kernel.sh in $ASMINLINE_CACHE).  For each input: objects
# read, bytes of ELF read, functions, the median wall time of RUNS runs
# (default 3) with its CPU time, the peak RSS (GNU time -v), and CPU
# seconds per 100 MB read.  The load average is printed before and after.
#
# Exit codes: 0 measured, 2 usage or a missing tool, 77 no kernel build.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
runs=3
asmscan=$here/../build/analyzer/asmscan
while getopts "n:a:" opt; do
	case $opt in
	n) runs=$OPTARG ;;
	a) asmscan=$OPTARG ;;
	*) echo "usage: $0 [-n RUNS] [-a ASMSCAN] [KBUILD]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cache=${ASMINLINE_CACHE:-$HOME/.cache/asminline}
kbuild=${1:-}
if [ -z "$kbuild" ]; then
	for d in "$cache"/linux-*/kbuild-none; do
		[ -f "$d/vmlinux" ] && kbuild=$d
	done
fi
[ -n "$kbuild" ] && [ -f "$kbuild/vmlinux" ] ||
	{ echo "scaling: no built kernel tree (bench/build-kernel.sh none)" >&2; exit 77; }
[ -x "$asmscan" ] || { echo "scaling: no asmscan at $asmscan (build first, or -a)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "scaling: GNU time (/usr/bin/time) is needed" >&2; exit 2; }
command -v python3 >/dev/null || { echo "scaling: python3 is needed" >&2; exit 2; }
dbg=$("$here/../tests/kernel/fetch-vmlinux.sh" 2>/dev/null) || dbg=

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run NAME ARGS...: one line "NAME objects bytes funcs wall cpu rss_kb".
run() {
	local name=$1 i
	shift
	# What was read, from asmscan's own JSON (also warms the page cache).
	"$asmscan" -f json "$@" 2>/dev/null | python3 -c '
import json, os, sys
d = json.load(sys.stdin)
objs = [o for o in d["objects"] if o["read"]]
print(len(objs), sum(o["functions"] for o in objs))' >"$tmp/what"
	: >"$tmp/runs"
	for ((i = 0; i < runs; i++)); do
		/usr/bin/time -v -o "$tmp/time.txt" "$asmscan" "$@" >/dev/null 2>"$tmp/err" || {
			[ $? -eq 2 ] || { cat "$tmp/err" >&2; return 1; }
		}
		awk -F': ' '
			/Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0
				for (i = 1; i <= n; i++) w = w * 60 + t[i] }
			/User time/ { u = $2 } /System time/ { s = $2 }
			/Maximum resident set size/ { r = $2 }
			END { printf "%.2f %.2f %d\n", w, u + s, r }' "$tmp/time.txt" >>"$tmp/runs"
	done
	read -r objs funcs <"$tmp/what"
	sort -n "$tmp/runs" | awk -v name="$name" -v n="$runs" -v objs="$objs" \
		-v funcs="$funcs" -v bytes="$BYTES" '
		{ w[NR] = $1; c[NR] = $2; if ($3 > r) r = $3 }
		END { m = int((n + 1) / 2)
		      print name, objs, bytes, funcs, w[m], c[m], r }'
}

# Bytes of the ELF objects asmscan reads under a directory.
dir_bytes() {
	find "$1" -name '*.o' ! -name '*vmlinux*' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'
}

echo "scaling: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
{
	BYTES=$(stat -c %s "$kbuild/kernel/fork.o") run one-object "$kbuild/kernel/fork.o"
	BYTES=$(dir_bytes "$kbuild/kernel") run directory "$kbuild/kernel"
	BYTES=$(dir_bytes "$kbuild") run whole-tree --exclude '*vmlinux*' "$kbuild"
	BYTES=$(stat -c %s "$kbuild/vmlinux") run vmlinux "$kbuild/vmlinux"
	if [ -n "$dbg" ]; then
		BYTES=$(stat -c %s "$dbg") run vmlinux-dwarf "$dbg"
	else
		echo "scaling: no Debian dbg vmlinux (tests/kernel/fetch-vmlinux.sh): skipped" >&2
	fi
} >"$tmp/results"
echo "scaling: load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

awk '
	BEGIN {
		print "| input | objects | MB read | functions | wall (s) | CPU (s) | peak RSS (MB) | CPU s / 100 MB |"
		print "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	}
	{ printf "| %s | %d | %.1f | %d | %.2f | %.2f | %.0f | %.2f |\n", $1, $2,
		$3 / 1e6, $4, $5, $6, $7 / 1024, $3 ? $6 / ($3 / 1e8) : 0 }' "$tmp/results"
