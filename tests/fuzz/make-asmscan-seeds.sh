#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# make-asmscan-seeds.sh OUTDIR [KBUILD [PLUGIN]] — the seed inputs of the asmscan
# fuzz target, as they were made for tests/fuzz/corpus/asmscan (seed-*):
#   - the analyzer tests' sources compiled with and without -g (.o, with
#     DWARF that libdwfl relocates) and linked into programs;
#   - a regular and a thin archive of two of those objects;
#   - the same source for i386 and AArch64 (refused machines);
#   - with KBUILD (a built x86_64_defconfig tree, bench/build-kernel.sh):
#     small kernel objects with every special section, and a small
#     kernel image: those objects linked at vmlinux's address with ld, so
#     the tables are resolved as in a vmlinux (a few functions' worth of
#     one; the 630 MB Debian vmlinux is far too large for a seed).
#   - with PLUGIN (asminline.so): objects carrying the plugin's embedded
#     records (.comment), for the sites verb's record reader, and kernel
#     objects with records from the warn-mode tree next to KBUILD
#     (kbuild-warn of bench/build-kernel.sh), when there is one.
# Every seed is kept under 64 KB so that the fuzzer mutates quickly.
set -euo pipefail
out=${1:?usage: $0 OUTDIR [KBUILD [PLUGIN]]}
kbuild=${2:-}
plugin=${3:-}
src=$(cd "$(dirname "$0")/../analyzer/src" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cc=${CC:-gcc}
for f in tables calls copies-a copies-b tables-main calls-main; do
	"$cc" -O2 -g -fno-pie -c "$src/$f.c" -o "$out/seed-$f-g.o"
	"$cc" -O2 -fno-pie -c "$src/$f.c" -o "$out/seed-$f.o"
done
"$cc" -no-pie -g "$out/seed-tables-g.o" "$out/seed-tables-main-g.o" -o "$out/seed-tables-prog"
"$cc" -no-pie -g "$out/seed-calls-g.o" "$out/seed-calls-main-g.o" -o "$out/seed-calls-prog"
"$cc" -no-pie -s "$out/seed-calls.o" "$out/seed-calls-main.o" -o "$out/seed-calls-stripped"
(cd "$out" && ar rcs "$tmp/a.a" seed-calls.o seed-copies-a.o && cp "$tmp/a.a" seed-archive.a)
(cd "$out" && ar rcsT seed-thin.a seed-calls.o seed-copies-b.o)
"$cc" -m32 -O2 -c "$src/calls.c" -o "$out/seed-calls-i386.o" 2>/dev/null || true
aarch64-linux-gnu-gcc -O2 -g -c "$src/calls.c" -o "$out/seed-calls-arm64.o" 2>/dev/null || true

if [ -n "$kbuild" ]; then
	objs=(lib/strnlen_user.o lib/usercopy.o arch/x86/lib/putuser.o
	      arch/x86/lib/getuser.o kernel/compat.o mm/maccess.o)
	for o in "${objs[@]}"; do
		cp "$kbuild/$o" "$out/seed-kernel-$(echo "$o" | tr / -)"
	done
	(cd "$kbuild" && ld -m elf_x86_64 -z noexecstack --no-warn-rwx-segments \
		-e 0 -Ttext=0xffffffff81000000 --unresolved-symbols=ignore-all \
		"${objs[@]}" -o "$out/seed-kernel-image")
fi
if [ -n "$plugin" ]; then
	psrc=$(cd "$src/../../../tests/plugin" && pwd)
	for f in sites report; do
		"$cc" -O2 -g -c "$psrc/$f.c" -o "$out/seed-plugin-$f-g.o" \
			-fplugin="$plugin" -fplugin-arg-asminline-diag=none
		"$cc" -O2 -c "$psrc/$f.c" -o "$out/seed-plugin-$f.o" \
			-fplugin="$plugin" -fplugin-arg-asminline-diag=none
	done
	# Kernel objects of the warn-mode build next to KBUILD, if there is one.
	warn=$(dirname "${kbuild:-.}")/kbuild-warn
	if [ -n "$kbuild" ] && [ -d "$warn" ]; then
		for o in lib/usercopy.o kernel/compat.o mm/maccess.o; do
			cp "$warn/$o" "$out/seed-kernel-warn-$(echo "$o" | tr / -)"
		done
	fi
fi
for f in "$out"/seed-*; do
	[ "$(stat -c %s "$f")" -le 65536 ] || { echo "$f: larger than 64 KB" >&2; exit 1; }
done
ls "$out" | wc -l
