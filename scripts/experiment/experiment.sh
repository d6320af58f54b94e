#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# experiment.sh — "as if converted": build a tree as is and with the
# plugin's apply mode (every flagged asm treated as asm inline), compare
# the two builds with `asmscan diff`, and print a verdict that keeps both
# directions apart: the calls and copies that went away, and the calls
# that appeared because an inlined body brings its own calls along.
#
#   scripts/experiment/experiment.sh [OPTIONS] example
#       examples/kernel-like, built in OUT/asis (mode=warn, which leaves
#       the code as is) and OUT/apply (mode=apply)
#   scripts/experiment/experiment.sh [OPTIONS] kbuild SRC
#       a kernel source tree, x86_64_defconfig, `make vmlinux` in the O=
#       trees OUT/asis (mode=warn: code as is, records embedded) and
#       OUT/apply (about 17 minutes of two cores each)
#   scripts/experiment/experiment.sh [OPTIONS] compare OLD NEW
#       two existing builds (vmlinux files, objects or directories), e.g.
#       bench/build-kernel.sh's kbuild-none/vmlinux and kbuild-apply/vmlinux
#   scripts/experiment/experiment.sh candidates [CANDIDATES-OPTIONS]
#       which sites a kernel should convert: every flagged site of a
#       warn-mode build ranked, one-site what-ifs of the top ones with
#       their evidence, a git-am-able patch per site, the runtime
#       experiment for the top one (scripts/experiment/candidates/candidates.py;
#       its own options: candidates --help; docs/results/mainline.md)
#   scripts/experiment/experiment.sh [OPTIONS] runtime [RUNTIME-OPTIONS] OLD NEW
#       boot two kernels (build directories with bzImage and vmlinux)
#       under QEMU and compare instructions and calls per system call:
#       scripts/experiment/runtime/runtime.py, results in OUT/runtime (its own
#       options and exit codes: runtime --help; docs/reference/runtime.md)
#
# Per site: the plugin's records (asmscan sites) of the as-is build say
# which asm sites the refused calls were blocked by; the verdict joins
# them with the diff's callees and functions.  example and kbuild take
# them from OLD; compare from OLD, or from -r RECORDS (e.g. the warn-mode
# vmlinux, when OLD was built without the plugin).
#
# Options:
#   -a ASMSCAN   asmscan to use (default build/analyzer/asmscan)
#   -p PLUGIN    asminline.so to build with (default build/plugin/asminline.so)
#   -o OUT       where builds and results go (default experiment-out)
#   -n N         rows per list in the verdict and tables (default 10)
#   -j N         make -j for kbuild (default: the CPUs online)
#   -r RECORDS   where the plugin's records are (default OLD)
#
# Writes OUT/diff.txt (asmscan diff, text), OUT/diff.json (the same as
# JSON), OUT/sites.json (asmscan sites on RECORDS) and prints the verdict.  Exit codes: 0 done, 1 a build or asmscan
# failed, 2 usage.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
asmscan=$here/build/analyzer/asmscan
plugin=$here/build/plugin/asminline.so
out=experiment-out
top=10
jobs=$(nproc 2>/dev/null || echo 2)
records=
given=()

usage() {
	sed -n '4,48s/^# \{0,1\}//p' "$0" >&2
	exit 2
}
die() { echo "experiment: $*" >&2; exit 1; }

while getopts a:p:o:n:j:r:h opt; do
	case $opt in
	a) asmscan=$OPTARG ;;
	p) plugin=$OPTARG; given+=(--plugin "$OPTARG") ;;
	o) out=$OPTARG; given+=(-o "$OPTARG") ;;
	n) top=$OPTARG ;;
	j) jobs=$OPTARG; given+=(--jobs "$OPTARG") ;;
	r) records=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
case "$top$jobs" in *[!0-9]*) usage ;; esac
mode=$1
shift
if [ "$mode" = candidates ]; then
	# -o, -p and -j given before the mode mean the same after it.
	exec python3 "$here/scripts/experiment/candidates/candidates.py" --asmscan "$asmscan" ${given[@]+"${given[@]}"} "$@"
fi
if [ "$mode" = runtime ]; then
	exec python3 "$here/scripts/experiment/runtime/runtime.py" --asmscan "$asmscan" -o "$out/runtime" "$@"
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
[ -x "$asmscan" ] || die "$asmscan: no asmscan (build it: cmake --build build)"
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
need_plugin() {
	[ -f "$plugin" ] || die "$plugin: no plugin (build it: cmake --build build)"
	plugin=$(abs "$plugin")
}

case "$mode" in
example)
	[ $# -eq 0 ] || usage
	need_plugin
	ex=$here/examples/kernel-like
	for v in asis apply; do
		m=warn
		[ $v = apply ] && m=apply
		rm -rf "$out/$v"
		make -s -C "$ex" PLUGIN="$plugin" MODE=$m OUT="$out/$v" 2>"$out/$v.log" ||
			die "building the example ($m): see $out/$v.log"
	done
	old=$out/asis new=$out/apply
	what="examples/kernel-like, mode=warn (code as is) vs mode=apply"
	;;
kbuild)
	[ $# -eq 1 ] || usage
	need_plugin
	src=$(cd "$1" && pwd)
	for v in asis apply; do
		kcflags="-fplugin=$plugin -fplugin-arg-asminline-diag=none"
		[ $v = apply ] && kcflags="$kcflags -fplugin-arg-asminline-mode=apply"
		make -s -C "$src" O="$out/$v" x86_64_defconfig >/dev/null ||
			die "configuring $out/$v"
		make -s -C "$src" O="$out/$v" -j"$jobs" KCFLAGS="$kcflags" vmlinux \
			>"$out/$v.log" 2>&1 || die "building $out/$v: see $out/$v.log"
	done
	old=$out/asis/vmlinux new=$out/apply/vmlinux
	what="$src x86_64_defconfig, mode=warn (code as is) vs mode=apply"
	;;
compare)
	[ $# -eq 2 ] || usage
	old=$1 new=$2
	what="$old vs $new"
	;;
*) usage ;;
esac

rc=0
"$asmscan" diff -n "$top" -o "$out/diff.txt" "$old" "$new" || rc=$?
[ $rc -eq 0 ] || die "asmscan diff exited $rc"
"$asmscan" diff -f json -o "$out/diff.json" "$old" "$new" ||
	die "asmscan diff --format json failed"

"$asmscan" sites -f json -o "$out/sites.json" "${records:-$old}" ||
	die "asmscan sites ${records:-$old} failed"

echo "== Experiment: $what"
python3 "$here/scripts/experiment/experiment_verdict.py" -n "$top" --sites "$out/sites.json" \
	--records "${records:-$old}" "$out/diff.json"
echo "tables: $out/diff.txt; JSON: $out/diff.json, $out/sites.json"
