#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# kbuild.sh PLUGIN CC BUILD PREPARE — `make KCFLAGS=-fplugin=asminline` on
# real Linux objects (6.1, or the series ASMINLINE_KVER names: 6.12,
# newest; scripts/dev/gcc-matrix.sh --kernel sets it), with the
# plugin as `cmake --install` puts it.
#
# The plugin is installed from BUILD into a DESTDIR in this directory, and
# GCC pointed at that copy with -iplugindir= (after a real install,
# `make KCFLAGS=-fplugin=asminline` alone does it).  The prepared
# x86_64_defconfig tree of PREPARE (tests/kernel/prepare-kernel.sh) is
# copied under its lock into a scratch O= directory, so the shared tree's
# objects and .cmd files are left alone.  There, Kbuild builds a handful of
# objects without and then with the plugin, and the test checks:
#   - Kbuild's command line for each object (the first line of its .cmd
#     file) carries the KCFLAGS, and the build passed CONFIG_WERROR=y;
#   - each object holds embedded records (tests/plugin/embedded.py) whose
#     "tu" is the source Kbuild compiled, as its .cmd file names it, relative
#     to the source tree;
#   - warn mode changed no code: with .comment removed (objcopy), each
#     object is byte-identical to the one built without the plugin.
# Without the kernel tree it fails, or is skipped (77) with
# ASMINLINE_ALLOW_SKIP=1 (tests/kernel/tree.sh).
. "$(dirname "$0")/lib.sh"
BUILD=${3:?usage: $0 PLUGIN CC BUILD PREPARE}
PREPARE=${4:?usage: $0 PLUGIN CC BUILD PREPARE}
need_x86_64
need_tool cmake make flock python3 objcopy
clean_workdir

# The ia32 signal frames are arch/x86/kernel/signal_32.c from 6.2 on.
case "${ASMINLINE_KVER:-6.1}" in
6.1) OBJS=(kernel/fork.o fs/readdir.o arch/x86/ia32/ia32_signal.o lib/iov_iter.o) ;;
*) OBJS=(kernel/fork.o fs/readdir.o arch/x86/kernel/signal_32.o lib/iov_iter.o) ;;
esac
# A tree configured for another GCC (ASMINLINE_KERNEL_CC, prepare-kernel.sh)
# is built with it: without CC= Kconfig would see another compiler.
kcc=()
[ -z "${ASMINLINE_KERNEL_CC:-}" ] || kcc=(CC="$ASMINLINE_KERNEL_CC" HOSTCC="$ASMINLINE_KERNEL_CC")
lock=.kernel.lock
[ "${ASMINLINE_KVER:-6.1}" = 6.1 ] || lock=.kernel-$ASMINLINE_KVER.lock

. "$(dirname "$PREPARE")/tree.sh"
kernel_tree "$PREPARE" x86_64
tree=$KERNEL_BUILD
src=$(sed -n 's/^include \(.*\)\/Makefile$/\1/p' "$tree/Makefile")
[ -d "$src" ] || fail "cannot find the source tree of $tree"

plugindir=$("$CC" -print-file-name=plugin)
DESTDIR=$PWD/root cmake --install "$BUILD" --prefix /usr >install.log 2>&1 ||
	{ cat install.log; fail "cmake --install"; }
[ -f "root$plugindir/asminline.so" ] || fail "the plugin is not installed in root$plugindir"

flock "$(dirname "$(dirname "$tree")")/$lock" cp -a "$tree" obj
for o in "${OBJS[@]}"; do
	rm -f "obj/$o" "obj/$(dirname "$o")/.$(basename "$o").cmd"
done

kmake() {
	nice -n 10 make -s -C "$src" O="$PWD/obj" ARCH=x86_64 "${kcc[@]}" -j2 "$@" "${OBJS[@]}" \
		>>make.log 2>&1 || { tail -30 make.log; fail "make $* ${OBJS[*]}"; }
}
kmake
mkdir none
for o in "${OBJS[@]}"; do cp "obj/$o" "none/${o//\//_}"; done

KCFLAGS="-iplugindir=$PWD/root$plugindir -fplugin=asminline"
: >make.log
kmake KCFLAGS="$KCFLAGS -fplugin-arg-asminline-diag=none"

for o in "${OBJS[@]}"; do
	cmd="obj/$(dirname "$o")/.$(basename "$o").cmd"
	line=$(head -1 "$cmd")
	grep -qF -- "$KCFLAGS" <<<"$line" || fail "$o: Kbuild's command line lacks KCFLAGS: $line"
	# The source is the last argument before objtool's part (";", 6.x);
	# the records name it relative to the source tree (-fmacro-prefix-map).
	tu=$(sed 's/ ; .*//' <<<"$line" | awk '{ print $NF }')
	tu=${tu#"$src"/}
	flat=${o//\//_}
	objcopy -R .comment "obj/$o" with.o && objcopy -R .comment "none/$flat" without.o
	cmp -s with.o without.o || fail "$o: warn mode changed more than .comment"
	python3 - "$TESTDIR" "obj/$o" "$tu" <<'PY' || fail "$o: embedded records"
import sys
sys.path.insert(0, sys.argv[1])
import embedded
units, stmts = embedded.read(sys.argv[2])
assert [u["tu"] for u in units] == [sys.argv[3]], (sys.argv[3], [u["tu"] for u in units])
assert stmts and all(s["flagged"] and s["tu"] == sys.argv[3] for s in stmts)
sites = {(s["spelling_file"], s["spelling_line"]) for s in stmts}
print(f"kbuild: {sys.argv[2][4:]}: {len(stmts)} flagged statements, {len(sites)} sites, tu {sys.argv[3]}")
PY
done
pass "${#OBJS[@]} Linux $KERNEL_RELEASE objects built by Kbuild with KCFLAGS=-fplugin=asminline (installed copy): records embedded, code unchanged"
