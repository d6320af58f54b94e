#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# plugin-overhead.sh [--kver SERIES] [--old OLD.so] PLUGIN [OBJ...] — what
# loading asminline.so costs the compiler, on Linux objects compiled with
# Kbuild's exact command line.  SERIES is 6.1 (default), 6.12 or newest,
# the trees tests/kernel/prepare-kernel.sh prepares; OBJ defaults to kernel/fork.o
# fs/namei.o (bench/edge-dense-units.py names the densest units of a build).
#
# For each object it runs cc1 under valgrind --tool=callgrind (through
# gcc's -wrapper) without the plugin, with it as a build uses it (warn
# mode, report and embed on, diag=none: the inliner's re-run on) and with
# rerun=0, and prints the instructions cc1 executed — the re-run's forked
# child included, counted from the fork (--zero-before): callgrind counts
# instructions, not seconds, so the figure does not depend on the load of
# the machine.  Column "child" is the child's part alone, in percent of
# the compile without the plugin (0 % where the unit forked none).  With
# --old, OLD.so is measured the same way beside PLUGIN (as a build uses
# it) and the two reports are compared: the line says
# "same" when every record is identical, "DIFFER" otherwise.  A TOTAL line
# sums the objects.  Then it times the commands interleaved, REPEAT times
# each (default 5; 0: no timing), and prints the median wall-time ratios.
#
# Then, unless FAULTS=0, it compiles each variant FAULTS times (default 3)
# without valgrind and prints the median of the minor page faults of the
# compile (/usr/bin/time's %R: gcc and every process it waited for, cc1
# and the re-run's child among them) — column "faults" without the
# plugin, "+faults" what PLUGIN (and OLD.so, with --old) added: the
# inliner's re-run forks cc1, and every page the compile writes after the
# fork faults once (docs/performance.md says what one costs).
#
# Environment: REPEAT; FAULTS; RERUN0=0 skips the rerun=0 compile; KEEP=DIR keeps
# every count and report in DIR, and a count already there (same series,
# object, plugin file contents and arguments) is not measured again, so
# an interrupted run can be resumed.
#
# Exit codes: 0 measured, 1 the reports of --old and PLUGIN differ,
# 2 usage, 77 no kernel tree or no valgrind.
set -euo pipefail

usage() { echo "usage: $0 [--kver 6.1|6.12|newest] [--old OLD.so] PLUGIN.so [OBJ...]" >&2; exit 2; }
kver=6.1 old=
while [ $# -gt 0 ]; do
	case "$1" in
	--kver) kver=${2:-}; shift 2 || usage ;;
	--kver=*) kver=${1#--kver=}; shift ;;
	--old) old=${2:-}; shift 2 || usage ;;
	--old=*) old=${1#--old=}; shift ;;
	-*) usage ;;
	*) break ;;
	esac
done
plugin=${1:-}
[ -f "$plugin" ] || usage
[ -z "$old" ] || [ -f "$old" ] || usage
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
plugin=$(abspath "$plugin")
[ -z "$old" ] || old=$(abspath "$old")
shift
objs=("$@")
[ ${#objs[@]} -gt 0 ] || objs=(kernel/fork.o fs/namei.o)
repeat=${REPEAT:-5}
here=$(cd "$(dirname "$0")/.." && pwd)

command -v valgrind >/dev/null || { echo "plugin-overhead: SKIP: no valgrind" >&2; exit 77; }
[ "${FAULTS:-3}" = 0 ] || [ -x /usr/bin/time ] ||
	{ echo "plugin-overhead: SKIP: no /usr/bin/time (FAULTS=0 measures without it)" >&2; exit 77; }
build=$("$here/tests/kernel/prepare-kernel.sh" --kver "$kver" x86_64 "${objs[@]}") || exit $?
# What the measurements are kept under: the series, or for newest the
# package version of its tree (sid moves on, a figure stays with its kernel).
kver_key=$kver
[ "$kver" != newest ] || kver_key=$(basename "$(dirname "$build")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
keep=${KEEP:-$work/keep}
mkdir -p "$keep"

# Kbuild's compiler command for OBJ, writing to OUT and no dependency file.
cmdline() {
	local obj=$1 out=$2 dir base
	dir=$(dirname "$obj")
	base=$(basename "$obj")
	head -n 1 "$build/$dir/.$base.cmd" | sed -e 's/^\(saved\)\?cmd_[^ ]* := //' -e 's/ ; .*//' \
		-e "s| -o $obj | -o $out |" -e 's/-Wp,-MMD,[^ ]* //'
}

# The plugin SO's flags for a build's use of it, then each of ARGS
# (KEY=VALUE) as its argument: GCC names a plugin's arguments by the
# plugin file's base name, so any file name works.
plugin_flags() {
	local so=$1 report=$2 name arg flags
	shift 2
	name=$(basename "$so" .so)
	flags="-fplugin=$so -fplugin-arg-$name-report=$report -fplugin-arg-$name-diag=none"
	for arg in "$@"; do flags+=" -fplugin-arg-$name-$arg"; done
	echo "$flags"
}

# The instructions counted in the cc1 profiles of $work that hold a line
# matching PATTERN, summed (0 when none does).
cc1_totals() {
	{ grep -l '^cmd:.*cc1 ' "$work"/cg.* | xargs grep -l -e "$1" |
		xargs -r grep -h "^totals:" || true; } |
		awk '{ s += $2 } END { printf "%.0f\n", s }'
}

# Instructions executed by cc1 for one compile of OBJ with the plugin
# SO (none: without) and its argument ARGS (KEY=VALUE or empty),
# remembered in $keep under KEY.  The report it writes is kept as
# $keep/KEY.report.jsonl.  A compile that fails, or a plugin that writes
# no report, ends the run (exit 1): no figure is printed for it.
cc1_insns() {
	local obj=$1 so=$2 args=$3 key cmd flags=
	key=$kver_key.$(echo "$obj" | tr / _).$( { [ "$so" = none ] || sha256sum < "$so"; echo "$args"; } | sha256sum | cut -c1-12)
	if [ ! -s "$keep/$key.insns" ]; then
		if [ "$so" != none ]; then
			rm -f "$keep/$key.report.jsonl"
			flags=$(plugin_flags "$so" "$keep/$key.report.jsonl" $args)
		fi
		cmd="$(cmdline "$obj" "$work/out.o") $flags"
		rm -f "$work"/cg.*
		if ! (cd "$build" && eval "$cmd -wrapper valgrind,-q,--tool=callgrind,--zero-before=*edge_rerun_child_start*,--callgrind-out-file=$work/cg.%p") >"$work/log" 2>&1; then
			echo "plugin-overhead: $obj with ${so##*/} ${args}: the compile failed:" >&2
			tail -n 20 "$work/log" >&2
			exit 1
		fi
		if [ "$so" != none ] && [ ! -s "$keep/$key.report.jsonl" ]; then
			echo "plugin-overhead: $obj: $so wrote no report" >&2
			exit 1
		fi
		cc1_totals '^totals:' > "$keep/$key.insns"
		# The re-run's child: the cc1 whose profile starts at the fork.
		cc1_totals 'edge_rerun_child_start' > "$keep/$key.child"
	fi
	echo "$keep/$key"
}

# The median minor page faults of FAULTS compiles of OBJ with the plugin
# SO (none: without) and its argument ARGS, kept in $keep like the counts.
faults=${FAULTS:-3}
cc1_faults() {
	local obj=$1 so=$2 args=$3 key cmd flags= i
	key=$kver_key.$(echo "$obj" | tr / _).$( { [ "$so" = none ] || sha256sum < "$so"; echo "$args"; } | sha256sum | cut -c1-12)
	if [ ! -s "$keep/$key.faults" ]; then
		[ "$so" = none ] || flags=$(plugin_flags "$so" "$work/faults.jsonl" $args)
		cmd="$(cmdline "$obj" "$work/out.o") $flags"
		: > "$work/faults.all"
		for i in $(seq "$faults"); do
			if ! (cd "$build" && eval "/usr/bin/time -f %R -o $work/faults $cmd") >/dev/null 2>&1; then
				echo "plugin-overhead: $obj with ${so##*/} ${args}: the compile failed" >&2
				exit 1
			fi
			tail -n 1 "$work/faults" >> "$work/faults.all"
		done
		median < "$work/faults.all" > "$keep/$key.faults"
	fi
	cat "$keep/$key.faults"
}

wall() {
	local cmd=$1 t0 t1
	t0=$(date +%s.%N)
	(cd "$build" && eval "$cmd") >/dev/null 2>&1
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc
}

pct() { echo "scale=6; ($2 - $1) * 100 / $1" | bc; }
# The re-run child's instructions of count KEY, in percent of BASE ("?" for
# a count kept by an older bench, which did not separate them).
child_share() {
	[ -s "$1.child" ] || { echo "?"; return; }
	printf '%.3f%%' "$(echo "scale=6; $(cat "$1.child") * 100 / $2" | bc)"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# A report's records in a stable order: the same records, the same text.
same() { cmp -s <(sort "$1.report.jsonl") <(sort "$2.report.jsonl") && echo same || echo DIFFER; }

rerun0=${RERUN0:-1}
status=0
hdr=(OBJECT "cc1 insns")
[ -z "$old" ] || hdr+=("old plugin" "+insns")
hdr+=("with plugin" "+insns" "child")
[ "$rerun0" = 0 ] || hdr+=("rerun=0" "+insns")
[ -z "$old" ] || hdr+=(reports)
[ "$faults" = 0 ] || { hdr+=(faults); [ -z "$old" ] || hdr+=("+faults old"); hdr+=("+faults"); }
[ "$repeat" = 0 ] || hdr+=(wall "wall r=0")
printf '%-44s' "${hdr[0]}"; printf ' %14s' "${hdr[@]:1}"; echo
declare -A sum
for obj in "${objs[@]}"; do
	line=("$obj")
	a=$(cat "$(cc1_insns "$obj" none "")".insns)
	line+=("$a"); sum[a]=$(( ${sum[a]:-0} + a ))
	if [ -n "$old" ]; then
		ko=$(cc1_insns "$obj" "$old" "")
		o=$(cat "$ko.insns")
		line+=("$o" "$(printf '%+.3f%%' "$(pct "$a" "$o")")"); sum[o]=$(( ${sum[o]:-0} + o ))
	fi
	kb=$(cc1_insns "$obj" "$plugin" "")
	b=$(cat "$kb.insns")
	line+=("$b" "$(printf '%+.3f%%' "$(pct "$a" "$b")")" "$(child_share "$kb" "$a")"); sum[b]=$(( ${sum[b]:-0} + b ))
	if [ "$rerun0" != 0 ]; then
		c=$(cat "$(cc1_insns "$obj" "$plugin" rerun=0)".insns)
		line+=("$c" "$(printf '%+.3f%%' "$(pct "$a" "$c")")"); sum[c]=$(( ${sum[c]:-0} + c ))
	fi
	if [ -n "$old" ]; then
		s=$(same "$ko" "$kb")
		[ "$s" = same ] || status=1
		line+=("$s")
	fi
	if [ "$faults" != 0 ]; then
		fa=$(cc1_faults "$obj" none "")
		line+=("$fa")
		[ -z "$old" ] || line+=("$(printf '%+d' $(( $(cc1_faults "$obj" "$old" "") - fa )))")
		line+=("$(printf '%+d' $(( $(cc1_faults "$obj" "$plugin" "") - fa )))")
	fi
	if [ "$repeat" != 0 ]; then
		base=$(cmdline "$obj" "$work/out.o")
		flags=$(plugin_flags "$plugin" "$work/report.jsonl")
		r1=() r0=()
		for _ in $(seq "$repeat"); do
			t0=$(wall "$base")
			t1=$(wall "$base $flags")
			t2=$(wall "$base $(plugin_flags "$plugin" "$work/report.jsonl" rerun=0)")
			r1+=("$(echo "scale=6; $t1 / $t0" | bc)")
			r0+=("$(echo "scale=6; $t2 / $t0" | bc)")
		done
		line+=("$(printf '%.3fx' "$(printf '%s\n' "${r1[@]}" | median)")"
		       "$(printf '%.3fx' "$(printf '%s\n' "${r0[@]}" | median)")")
	fi
	printf '%-44s' "${line[0]}"; printf ' %14s' "${line[@]:1}"; echo
done
if [ ${#objs[@]} -gt 1 ]; then
	line=(TOTAL "${sum[a]}")
	[ -z "$old" ] || line+=("${sum[o]}" "$(printf '%+.3f%%' "$(pct "${sum[a]}" "${sum[o]}")")")
	line+=("${sum[b]}" "$(printf '%+.3f%%' "$(pct "${sum[a]}" "${sum[b]}")")" "")
	[ "$rerun0" = 0 ] || line+=("${sum[c]}" "$(printf '%+.3f%%' "$(pct "${sum[a]}" "${sum[c]}")")")
	printf '%-44s' "${line[0]}"; printf ' %14s' "${line[@]:1}"; echo
fi
exit $status
