#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# plugin-overhead.sh PLUGIN [OBJ...] — what loading asminline.so costs the
# compiler, on Linux 6.1 objects compiled with Kbuild's exact command line.
#
# For each object it runs cc1 under valgrind --tool=callgrind (through
# gcc's -wrapper) without the plugin, with it as a build uses it (warn
# mode, report and embed on, diag=none: the inliner's re-run on) and with
# rerun=0, and prints the instructions cc1 executed — the re-run's forked
# child included, counted from the fork (--zero-before): callgrind counts
# instructions, not seconds, so the figure does not depend on the load of
# the machine.  Then it times the commands interleaved, REPEAT times
# each (default 5), and prints the median wall-time ratios.
#
# Exit codes: 0 measured, 2 usage, 77 no kernel tree or no valgrind.
set -euo pipefail

plugin=${1:-}
[ -f "$plugin" ] || { echo "usage: $0 PLUGIN.so [OBJ...]" >&2; exit 2; }
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
shift
objs=("$@")
[ ${#objs[@]} -gt 0 ] || objs=(kernel/fork.o fs/namei.o)
repeat=${REPEAT:-5}
here=$(cd "$(dirname "$0")/.." && pwd)

command -v valgrind >/dev/null || { echo "plugin-overhead: SKIP: no valgrind" >&2; exit 77; }
build=$("$here/tests/kernel/prepare-kernel.sh" x86_64) || exit $?
src=$(dirname "$build")/src
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make -s -C "$src" O="$build" -j"$(nproc)" "${objs[@]}" >&2

# Kbuild's compiler command for OBJ, writing to OUT and no dependency file.
cmdline() {
	local obj=$1 out=$2 dir base
	dir=$(dirname "$obj")
	base=$(basename "$obj")
	head -n 1 "$build/$dir/.$base.cmd" | sed -e 's/^\(saved\)\?cmd_[^ ]* := //' -e 's/ ; .*//' \
		-e "s| -o $obj | -o $out |" -e 's/-Wp,-MMD,[^ ]* //'
}

# Instructions executed by cc1 for one compile.
cc1_insns() {
	local cmd=$1
	rm -f "$work"/cg.*
	(cd "$build" && eval "$cmd -wrapper valgrind,-q,--tool=callgrind,--zero-before=*edge_rerun_child_start*,--callgrind-out-file=$work/cg.%p") >/dev/null 2>&1
	grep -l '^cmd:.*cc1 ' "$work"/cg.* | xargs grep -h "^totals:" | awk '{ s += $2 } END { print s }'
}

wall() {
	local cmd=$1 t0 t1
	t0=$(date +%s.%N)
	(cd "$build" && eval "$cmd") >/dev/null 2>&1
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc
}

flags="-fplugin=$plugin -fplugin-arg-asminline-report=$work/report.jsonl -fplugin-arg-asminline-diag=none"
pct() { echo "scale=6; ($2 - $1) * 100 / $1" | bc; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-22s %14s %14s %9s %14s %9s %8s %8s\n' OBJECT "cc1 insns" \
	"with plugin" "+insns" "rerun=0" "+insns" "wall" "wall r=0"
for obj in "${objs[@]}"; do
	base=$(cmdline "$obj" "$work/out.o")
	with="$base $flags"
	norerun="$base $flags -fplugin-arg-asminline-rerun=0"
	a=$(cc1_insns "$base")
	b=$(cc1_insns "$with")
	c=$(cc1_insns "$norerun")
	r1=() r0=()
	for _ in $(seq "$repeat"); do
		t0=$(wall "$base")
		t1=$(wall "$with")
		t2=$(wall "$norerun")
		r1+=("$(echo "scale=6; $t1 / $t0" | bc)")
		r0+=("$(echo "scale=6; $t2 / $t0" | bc)")
	done
	printf '%-22s %14s %14s %8.3f%% %14s %8.3f%% %7.3fx %7.3fx\n' "$obj" "$a" \
		"$b" "$(pct "$a" "$b")" "$c" "$(pct "$a" "$c")" \
		"$(printf '%s\n' "${r1[@]}" | median)" "$(printf '%s\n' "${r0[@]}" | median)"
done
