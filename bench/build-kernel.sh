#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh [--kver SERIES] VARIANT [PLUGIN] — build a whole Linux
# x86_64_defconfig vmlinux once per variant, and reuse it for every
# whole-kernel figure.  SERIES is 6.1 (the default: Debian 12's own
# kernel, linux-source-6.1), 6.12 (the LTS kernel of Debian 12's
# security suite, linux-source-6.12) or newest (Debian sid's newest
# kernel), as in tests/kernel/prepare-kernel.sh; --kver wins over the
# environment's ASMINLINE_KVER.
#
#   none   no plugin (the reference)
#   warn   -fplugin=PLUGIN, warn mode, every record appended to report.jsonl
#   apply  the same in mode=apply: every flagged asm treated as asm inline
#   warn-g warn mode on x86_64_defconfig + CONFIG_DEBUG_INFO_DWARF4: the
#          records and DWARF line tables together (asmscan sites, check,
#          patch on a real kernel); about twice the time and disk of warn
#
# The tree is $ASMINLINE_CACHE/linux-VERSION/kbuild-VARIANT (an O= build of
# the source that tests/kernel/prepare-kernel.sh unpacked; VERSION is the
# package's, so each series has its own trees).  Build metadata
# is fixed (KBUILD_BUILD_TIMESTAMP/USER/HOST/VERSION) so two variants can be
# compared byte for byte.  A variant is rebuilt only when the plugin changed
# (its sha256 is in the stamp).  On success it prints the build directory;
# the directory holds build.log, time.txt (/usr/bin/time -v), summary.json
# (wall seconds, peak RSS, exit status, internal compiler errors counted in
# the log, report records), and for plugin variants report.jsonl.
#
# Slow: about 17 minutes of both cores per variant for 6.1 on a quiet
# machine; 6.12 took 30 to 44 minutes each on a loaded one (about 2,100 s
# of CPU: docs/results/whole-kernel.md).  Exit codes: 0 built,
# 1 the build failed (summary.json says how), 2 usage, 77 no kernel here.
set -euo pipefail

kver=${ASMINLINE_KVER:-6.1}
case "${1:-}" in
--kver) kver=${2:?build-kernel: --kver needs a series (6.1, 6.12, newest)}; shift 2 ;;
--kver=*) kver=${1#--kver=}; shift ;;
esac
case "$kver" in
6.1 | 6.12 | newest) ;;
*) echo "build-kernel: unknown kernel series '$kver' (6.1, 6.12, newest)" >&2; exit 2 ;;
esac
variant=${1:-}
plugin=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)

case "$variant" in
none) ;;
warn | apply | warn-g)
	[ -n "$plugin" ] || { echo "usage: $0 [--kver 6.1|6.12|newest] warn|apply|warn-g PLUGIN.so" >&2; exit 2; }
	plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
	[ -f "$plugin" ] || { echo "build-kernel: $plugin: no such plugin" >&2; exit 2; }
	;;
*) echo "usage: $0 [--kver 6.1|6.12|newest] none|warn|apply|warn-g [PLUGIN.so]" >&2; exit 2 ;;
esac

prepared=$("$here/tests/kernel/prepare-kernel.sh" --kver "$kver" x86_64) || exit $?
src=$(dirname "$prepared")/src
out=$(dirname "$prepared")/kbuild-$variant
stamp="variant=$variant plugin=${plugin:+$(sha256sum "$plugin" | cut -d' ' -f1)}"

# Reused only when it succeeded with the same plugin: the stamp is written last.
if [ -f "$out/vmlinux" ] && [ "$(cat "$out/.stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "$out"
	exit 0
fi

rm -rf "$out"
mkdir -p "$out"
export KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2026"
export KBUILD_BUILD_USER=asminline KBUILD_BUILD_HOST=asminline KBUILD_BUILD_VERSION=1

kcflags=""
if [ "$variant" != none ]; then
	# The build loads its own copy: a plugin rebuilt meanwhile (cmake
	# --build writes the .so in place) must not reach a compile halfway
	# ("cannot load plugin: file too short").
	cp "$plugin" "$out/asminline.so"
	plugin=$out/asminline.so
	kcflags="-fplugin=$plugin -fplugin-arg-asminline-report=$out/report.jsonl -fplugin-arg-asminline-diag=none"
	[ "$variant" = apply ] && kcflags="$kcflags -fplugin-arg-asminline-mode=apply"
fi

make -s -C "$src" O="$out" ARCH=x86_64 x86_64_defconfig >"$out/build.log" 2>&1
if [ "$variant" = warn-g ]; then
	"$src/scripts/config" --file "$out/.config" \
		--disable DEBUG_INFO_NONE --enable DEBUG_INFO_DWARF4
	make -s -C "$src" O="$out" ARCH=x86_64 olddefconfig >>"$out/build.log" 2>&1
	grep -qx "CONFIG_DEBUG_INFO_DWARF4=y" "$out/.config" ||
		{ echo "build-kernel: warn-g: CONFIG_DEBUG_INFO_DWARF4 not taken" >&2; exit 1; }
fi
status=0
/usr/bin/time -v -o "$out/time.txt" \
	make -C "$src" O="$out" ARCH=x86_64 -j"$(nproc)" KCFLAGS="$kcflags" vmlinux \
	>>"$out/build.log" 2>&1 || status=$?

wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$out/time.txt" |
	awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/time.txt")
ices=$(grep -c "internal compiler error" "$out/build.log" || true)
records=0
[ -f "$out/report.jsonl" ] && records=$(wc -l <"$out/report.jsonl")
cat >"$out/summary.json" <<EOF
{"variant": "$variant", "kver": "$kver", "status": $status, "wall_seconds": ${wall:-0}, "peak_rss_kb": ${rss:-0},
 "internal_compiler_errors": $ices, "report_records": $records,
 "vmlinux": $([ -f "$out/vmlinux" ] && echo true || echo false),
 "kcflags": "$kcflags"}
EOF
cat "$out/summary.json" >&2
[ "$status" = 0 ] || exit 1
echo "$stamp" >"$out/.stamp"
echo "$out"
