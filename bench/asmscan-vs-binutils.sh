#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# asmscan-vs-binutils.sh [-n RUNS] [-a ASMSCAN] [-A OTHER] [-b BLOAT_O_METER]
#                         [-p] [-k KVER | VMLINUX]
# — measure, side by side in one run on one vmlinux with a warm page cache:
#   asmscan VMLINUX                              (all analyses, default -j)
#   asmscan -j 1 VMLINUX                         (one thread, for reference)
#   OTHER VMLINUX                                (-A: another asmscan, say
#                                                 the last release's)
#   objdump -d --no-show-raw-insn VMLINUX >/dev/null
#   nm --size-sort VMLINUX >/dev/null            (symbols only)
#   bloat-o-meter VMLINUX VMLINUX                (the kernel's size diff, which
#                                                 runs nm on both files;
#                                                 skipped without the script)
#   pfunct --total_inline_stats VMLINUX          (-p; dwarves: run once, it
#                                                 takes minutes)
# in RUNS rounds (default 3), each command once per round, so that a
# change of the machine's load falls on all of them alike.  The median
# wall time, its user and system CPU and the peak RSS (GNU time -v) are
# printed as a Markdown table with wall-time and CPU-time ratios to
# objdump, then whether asmscan met its targets (<= 0.25x objdump's wall
# time, peak RSS <= 400 MB).  Without VMLINUX, tests/kernel/fetch-vmlinux.sh
# provides Debian's dbg vmlinux of KVER (-k: 6.1, the default, or 6.12);
# without -b, scripts/bloat-o-meter is looked for in the kernel source
# tests/kernel/prepare-kernel.sh unpacked in $ASMINLINE_CACHE.
#
# The machine's load average is printed too: on a shared machine wall
# times move with it, CPU times much less.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
runs=3
asmscan=$here/../build/analyzer/asmscan
other=
bloat=
kver=6.1
pfunct=
usage="usage: $0 [-n RUNS] [-a ASMSCAN] [-A OTHER] [-b BLOAT_O_METER] [-p] [-k KVER | VMLINUX]"
while getopts "n:a:A:b:k:p" opt; do
	case $opt in
	n) runs=$OPTARG ;;
	a) asmscan=$OPTARG ;;
	A) other=$OPTARG ;;
	b) bloat=$OPTARG ;;
	k) kver=$OPTARG ;;
	p) pfunct=1 ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case "$runs" in
'' | *[!0-9]* | 0) echo "bench: -n wants a number of rounds, not '$runs'" >&2; exit 2 ;;
esac
[ $# -le 1 ] || { echo "$usage" >&2; exit 2; }
[ -z "$other" ] || [ -x "$other" ] || { echo "bench: -A $other: not an executable" >&2; exit 2; }
vmlinux=${1:-}
if [ -z "$vmlinux" ]; then
	vmlinux=$("$here/../tests/kernel/fetch-vmlinux.sh" --kver "$kver") || {
		echo "bench: no vmlinux (fetch-vmlinux.sh exited $?)" >&2
		exit 2
	}
fi
[ -x "$asmscan" ] || { echo "bench: no asmscan at $asmscan (build first, or -a)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: GNU time (/usr/bin/time) is needed: apt-get install time" >&2; exit 2; }
command -v objdump >/dev/null || { echo "bench: objdump is needed (binutils)" >&2; exit 2; }
if [ -z "$bloat" ]; then
	for f in "${ASMINLINE_CACHE:-$HOME/.cache/asminline}"/linux-*/src/scripts/bloat-o-meter; do
		[ -f "$f" ] && bloat=$f
	done
fi

tmp=$(mktemp -d)
. "$here/timing.sh"
trap 'rm -rf "$tmp"' EXIT

# Every command runs after a pass over the file (run()): no tool pays
# for the disk.

# run NAME CMD...: one timed run, appended to $tmp/NAME.runs as
# "wall user sys rss_kb".  Each follows the same untimed read of the
# file: a command run right after asmscan pays less for its page faults
# (on this machine asmscan -j 1 after asmscan: 0.08 s of system time;
# after objdump, bloat-o-meter, cat or two idle seconds: 0.2 s), and in a
# fixed order that favoured whichever came second: asmscan and OTHER take
# turns at running first (OTHER run always after asmscan -j 1: 0.30 s
# against asmscan's 0.38 s; the same two in turns: 0.34 s and 0.34 s).
run() {
	local name=$1
	shift
	cat "$vmlinux" >/dev/null
	timed "$name" "$@"
}

echo "bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)), load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "bench: $vmlinux ($(du -m "$vmlinux" | cut -f1) MB)" >&2
names=(asmscan asmscan-j1)
declare -A binary=([asmscan]=$asmscan)
[ -z "$other" ] || { names+=(other); binary[other]=$other; }
names+=(objdump nm)
if [ -n "$bloat" ] && command -v python3 >/dev/null; then
	names+=(bloat-o-meter)
else
	echo "bench: no scripts/bloat-o-meter (run tests/kernel/prepare-kernel.sh, or -b): skipped" >&2
fi
for ((round = 0; round < runs; round++)); do
	mapfile -t order < <(in_turns "$round" asmscan ${other:+other})	# (above)
	for name in "${order[@]}"; do
		run "$name" "${binary[$name]}" "$vmlinux"
	done
	run asmscan-j1 "$asmscan" -j 1 "$vmlinux"
	run objdump sh -c 'objdump -d --no-show-raw-insn "$1" >/dev/null' sh "$vmlinux"
	run nm sh -c 'nm --size-sort "$1" >/dev/null' sh "$vmlinux"
	[ -z "$bloat" ] || ! command -v python3 >/dev/null ||
		run bloat-o-meter python3 "$bloat" "$vmlinux" "$vmlinux"
done
if [ -n "$pfunct" ]; then
	if command -v pfunct >/dev/null; then
		run pfunct pfunct --total_inline_stats "$vmlinux"
		names+=(pfunct)
	else
		echo "bench: pfunct not installed (Debian package dwarves): skipped" >&2
	fi
fi
for name in "${names[@]}"; do
	summary "$name"
done >"$tmp/results"
echo "bench: load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

awk '
	{ name[NR] = $1; w[NR] = $2; u[NR] = $3; s[NR] = $4; r[NR] = $5
	  if ($1 == "objdump") { ow = $2; oc = $3 + $4 } }
	END {
		print "| command | wall (s) | user (s) | sys (s) | peak RSS (MB) | wall / objdump | CPU / objdump |"
		print "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
		for (i = 1; i <= NR; i++)
			printf "| %s | %.2f | %.2f | %.2f | %.0f | %.2f | %.2f |\n", name[i], w[i], u[i],
				s[i], r[i] / 1024, ow ? w[i] / ow : 0, oc ? (u[i] + s[i]) / oc : 0
		for (i = 1; i <= NR; i++)
			if (name[i] == "asmscan") {
				printf "\nasmscan: %.2fx objdump wall time (target <= 0.25): %s; peak RSS %.0f MB (target <= 400): %s\n",
					w[i] / ow, w[i] / ow <= 0.25 ? "met" : "NOT met",
					r[i] / 1024, r[i] <= 400 * 1024 ? "met" : "NOT met"
			}
	}' "$tmp/results"
