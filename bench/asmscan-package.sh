#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# asmscan-package.sh [-n RUNS] [-a ASMSCAN] [-A OTHER] [-j JOBS] [-c] DIR
# — measure, side by side in one run, asmscan on a whole kernel debug
# package as it unpacks (Debian's linux-image-*-dbg: DIR is its
# usr/lib/debug, the vmlinux under boot/ and every module's debug file
# under lib/modules/) against objdump of the vmlinux alone:
#   objdump -d --no-show-raw-insn VMLINUX >/dev/null   (the reference)
#   objdump -d VMLINUX >/dev/null         (as typed: its raw bytes too)
#   asmscan -j JOBS -f json DIR >/dev/null      (default -j 2)
#   OTHER -j JOBS -f json DIR >/dev/null        (-A: another asmscan, say
#                                                main's, for the change)
# in RUNS rounds (default 3), each command once per round, so that a
# change of the machine's load falls on all of them alike; each after an
# untimed read of the files it reads, so none pays for the disk.  The two
# asmscans take turns at running first: on a virtual machine memory a
# process has just freed is cheaper to touch again for a few seconds, so
# the one that always ran second would have the edge.  The
# median wall time, its user and system CPU and the peak RSS (GNU time
# -v) are printed as a Markdown table with wall-time and CPU-time ratios
# to the reference, the faster objdump, then whether asmscan met its
# targets (less wall time than the reference, peak RSS <= 1 GB) and its
# ratio to objdump -d as typed.  -c also compares the two asmscans' output,
# JSON and text, byte for byte (exit 1 when they differ).
#
# The machine's load average is printed too: on a shared machine wall
# times move with it, CPU times much less.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
runs=3
asmscan=$here/../build/analyzer/asmscan
other=
jobs=2
compare=
usage="usage: $0 [-n RUNS] [-a ASMSCAN] [-A OTHER] [-j JOBS] [-c] DIR"
while getopts "n:a:A:j:c" opt; do
	case $opt in
	n) runs=$OPTARG ;;
	a) asmscan=$OPTARG ;;
	A) other=$OPTARG ;;
	j) jobs=$OPTARG ;;
	c) compare=1 ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case "$runs" in
'' | *[!0-9]* | 0) echo "bench: -n wants a number of rounds, not '$runs'" >&2; exit 2 ;;
esac
[ $# -eq 1 ] && [ -d "$1" ] || { echo "$usage" >&2; exit 2; }
dir=$1
[ -x "$asmscan" ] || { echo "bench: no asmscan at $asmscan (build first, or -a)" >&2; exit 2; }
[ -z "$other" ] || [ -x "$other" ] || { echo "bench: -A $other: not an executable" >&2; exit 2; }
[ -z "$compare" ] || [ -n "$other" ] || { echo "bench: -c compares with -A OTHER" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: GNU time (/usr/bin/time) is needed: apt-get install time" >&2; exit 2; }
command -v objdump >/dev/null || { echo "bench: objdump is needed (binutils)" >&2; exit 2; }
vmlinux=$(find "$dir" -path '*/boot/vmlinux-*' -type f | sort | head -n 1)
[ -n "$vmlinux" ] || { echo "bench: no boot/vmlinux-* under $dir" >&2; exit 2; }

tmp=$(mktemp -d)
. "$here/timing.sh"
trap 'rm -rf "$tmp"' EXIT

# warm FILE|DIR: read it once, untimed.
warm() {
	find "$1" -type f -exec cat {} + >/dev/null
}

# run NAME WARM CMD...: one timed run after warm WARM, appended to
# $tmp/NAME.runs as "wall user sys rss_kb".
run() {
	local name=$1 what=$2
	shift 2
	warm "$what"
	timed "$name" "$@"
}

echo "bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)), load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "bench: $dir ($(du -sm "$dir" | cut -f1) MB, $(find "$dir" -name '*.ko' -type f | wc -l) modules), $vmlinux ($(du -m "$vmlinux" | cut -f1) MB)" >&2
names=(objdump objdump-raw asmscan)
declare -A binary=([asmscan]=$asmscan)
[ -z "$other" ] || { names+=(other); binary[other]=$other; }
for ((round = 0; round < runs; round++)); do
	run objdump "$vmlinux" sh -c 'objdump -d --no-show-raw-insn "$1" >/dev/null' sh "$vmlinux"
	run objdump-raw "$vmlinux" sh -c 'objdump -d "$1" >/dev/null' sh "$vmlinux"
	mapfile -t order < <(in_turns "$round" "${names[@]:2}")	# the asmscans
	for name in "${order[@]}"; do
		run "$name" "$dir" "${binary[$name]}" -j "$jobs" -f json "$dir"
	done
done
for name in "${names[@]}"; do
	summary "$name"
done >"$tmp/results"
echo "bench: load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

awk -v jobs="$jobs" '
	{ name[NR] = $1; w[NR] = $2; u[NR] = $3; s[NR] = $4; r[NR] = $5
	  if ($1 == "objdump") { ow = $2; oc = $3 + $4 }
	  if ($1 == "objdump-raw") rw = $2 }
	END {
		print "| command | wall (s) | user (s) | sys (s) | peak RSS (MB) | wall / objdump | CPU / objdump |"
		print "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
		label["objdump"] = "objdump -d --no-show-raw-insn (vmlinux)"
		label["objdump-raw"] = "objdump -d (vmlinux)"
		for (i = 1; i <= NR; i++)
			printf "| %s | %.2f | %.2f | %.2f | %.0f | %.2f | %.2f |\n",
				name[i] in label ? label[name[i]] : name[i] " -j" jobs " (package)",
				w[i], u[i], s[i], r[i] / 1024, ow ? w[i] / ow : 0,
				oc ? (u[i] + s[i]) / oc : 0
		for (i = 1; i <= NR; i++)
			if (name[i] == "asmscan") {
				printf "\nasmscan: %.2fx objdump wall time (target < 1): %s; peak RSS %.0f MB (target <= 1024): %s\n",
					w[i] / ow, w[i] < ow ? "met" : "NOT met",
					r[i] / 1024, r[i] <= 1024 * 1024 ? "met" : "NOT met"
				printf "asmscan: %.2fx the wall time of objdump -d as typed (raw bytes shown)\n",
					rw ? w[i] / rw : 0
			}
	}' "$tmp/results"

[ -n "$compare" ] || exit 0
status=0
for fmt in json text; do
	"$asmscan" -j "$jobs" -f "$fmt" "$dir" >"$tmp/new.$fmt" 2>"$tmp/new.$fmt.err" || true
	"$other" -j "$jobs" -f "$fmt" "$dir" >"$tmp/old.$fmt" 2>"$tmp/old.$fmt.err" || true
	if cmp -s "$tmp/new.$fmt" "$tmp/old.$fmt" &&
		cmp -s "$tmp/new.$fmt.err" "$tmp/old.$fmt.err"; then
		echo "outputs: $fmt: identical ($(wc -c <"$tmp/new.$fmt") bytes, stderr $(wc -l <"$tmp/new.$fmt.err") lines)"
	else
		echo "outputs: $fmt: DIFFERENT"
		status=1
	fi
done
exit $status
