#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# asmscan-vs-binutils.sh [-n RUNS] [-a ASMSCAN] [-b BLOAT_O_METER] [VMLINUX]
# — measure, side by side in one run on one vmlinux with a warm page cache:
#   asmscan VMLINUX                              (all analyses, default -j)
#   asmscan -j 1 VMLINUX                         (one thread, for reference)
#   objdump -d --no-show-raw-insn VMLINUX >/dev/null
#   nm --size-sort VMLINUX >/dev/null            (symbols only)
#   bloat-o-meter VMLINUX VMLINUX                (the kernel's size diff, which
#                                                 runs nm on both files;
#                                                 skipped without the script)
#   pfunct --total_inline_stats VMLINUX          (dwarves; skipped if absent,
#                                                 run once: it takes minutes)
# Each is run RUNS times (default 3); the median wall time, its user and
# system CPU and the peak RSS (GNU time -v) are printed as a Markdown
# table with wall-time ratios to objdump and to asmscan, then whether
# asmscan met its targets (<= 0.5x objdump's wall time, < 2 GB RSS).
# Without VMLINUX, tests/kernel/fetch-vmlinux.sh provides Debian's 6.1 dbg
# vmlinux; without -b, scripts/bloat-o-meter is looked for in the kernel
# source tests/kernel/prepare-kernel.sh unpacked in $ASMINLINE_CACHE.
#
# The machine's load average is printed too: on a shared machine wall
# times move with it, CPU times much less.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
runs=3
asmscan=$here/../build/analyzer/asmscan
bloat=
while getopts "n:a:b:" opt; do
	case $opt in
	n) runs=$OPTARG ;;
	a) asmscan=$OPTARG ;;
	b) bloat=$OPTARG ;;
	*) echo "usage: $0 [-n RUNS] [-a ASMSCAN] [-b BLOAT_O_METER] [VMLINUX]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
vmlinux=${1:-}
if [ -z "$vmlinux" ]; then
	vmlinux=$("$here/../tests/kernel/fetch-vmlinux.sh") || {
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
trap 'rm -rf "$tmp"' EXIT

# One pass over the file so that no tool pays for the disk.
cat "$vmlinux" >/dev/null

# measure NAME RUNS CMD...: prints "NAME wall user sys rss_kb" (medians by
# wall time; the RSS is the largest seen).
measure() {
	local name=$1 n=$2 i
	shift 2
	: >"$tmp/$name.runs"
	for ((i = 0; i < n; i++)); do
		/usr/bin/time -v -o "$tmp/time.txt" "$@" >/dev/null 2>"$tmp/err.txt" || {
			echo "bench: $name failed:" >&2
			cat "$tmp/err.txt" >&2
			return 1
		}
		awk -F': ' '
			/Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0
				for (i = 1; i <= n; i++) w = w * 60 + t[i] }
			/User time/ { u = $2 } /System time/ { s = $2 }
			/Maximum resident set size/ { r = $2 }
			END { printf "%.2f %.2f %.2f %d\n", w, u, s, r }' "$tmp/time.txt" >>"$tmp/$name.runs"
	done
	sort -n "$tmp/$name.runs" | awk -v name="$name" -v n="$n" '
		{ w[NR] = $1; u[NR] = $2; s[NR] = $3; if ($4 > r) r = $4 }
		END { m = int((n + 1) / 2); print name, w[m], u[m], s[m], r }'
}

echo "bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "bench: $vmlinux ($(du -m "$vmlinux" | cut -f1) MB)" >&2
{
	measure asmscan "$runs" "$asmscan" "$vmlinux"
	measure asmscan-j1 "$runs" "$asmscan" -j 1 "$vmlinux"
	measure objdump "$runs" sh -c 'objdump -d --no-show-raw-insn "$1" >/dev/null' sh "$vmlinux"
	measure nm "$runs" sh -c 'nm --size-sort "$1" >/dev/null' sh "$vmlinux"
	if [ -n "$bloat" ] && command -v python3 >/dev/null; then
		measure bloat-o-meter "$runs" python3 "$bloat" "$vmlinux" "$vmlinux"
	else
		echo "bench: no scripts/bloat-o-meter (run tests/kernel/prepare-kernel.sh, or -b): skipped" >&2
	fi
	if command -v pfunct >/dev/null; then
		measure pfunct 1 pfunct --total_inline_stats "$vmlinux"
	else
		echo "bench: pfunct not installed (Debian package dwarves): skipped" >&2
	fi
} >"$tmp/results"
echo "bench: load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

awk -v runs="$runs" '
	{ name[NR] = $1; w[NR] = $2; u[NR] = $3; s[NR] = $4; r[NR] = $5
	  if ($1 == "objdump") ow = $2
	  if ($1 == "asmscan") aw = $2 }
	END {
		print "| command | wall (s) | user (s) | sys (s) | peak RSS (MB) | wall / objdump | wall / asmscan |"
		print "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
		for (i = 1; i <= NR; i++)
			printf "| %s | %.2f | %.2f | %.2f | %.0f | %.2f | %.2f |\n", name[i], w[i], u[i],
				s[i], r[i] / 1024, ow ? w[i] / ow : 0, aw ? w[i] / aw : 0
		for (i = 1; i <= NR; i++)
			if (name[i] == "asmscan") {
				printf "\nasmscan: %.2fx objdump wall time (target <= 0.5): %s; peak RSS %.0f MB (target < 2048): %s\n",
					w[i] / ow, w[i] / ow <= 0.5 ? "met" : "NOT met",
					r[i] / 1024, r[i] < 2048 * 1024 ? "met" : "NOT met"
			}
	}' "$tmp/results"
