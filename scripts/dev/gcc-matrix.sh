#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# gcc-matrix.sh — build the plugin for GCC 13, 14, 15 and 16 and run its
# tests with each, in the Debian roots scripts/dev/gcc-root.sh makes.
#
#   scripts/dev/gcc-matrix.sh [--kernel] [--kver 6.1|6.12|newest]... [--junit DIR] N...
#                                                        (N: 13 14 15 16)
#
# For each N: configure and build build-gccN inside the root (the plugin
# against gcc-N's own plugin headers, -DASMINLINE_PLUGIN_GCC=gcc-N, and
# everything else with gcc-N too; CMake picks g++-N for the plugin), then
# run ctest there:
#   default   the shape-level tests: labels "plugin" and "unit" (the
#             plugin's records against gcc-N's own fnsummary dump and the
#             assembler, apply mode, the re-run, embedded records, fix-its,
#             -m32/-m16, the example), all but the e2e and slow ones
#             and the three named in shape_excluded below;
#   --kernel  also the kernel-level ones on Linux units compiled by gcc-N
#             through Kbuild's own command lines (plugin-kbuild,
#             plugin-edges-kernel, oracle-kernel-accuracy-x86_64,
#             plugin-rerun-faults, plugin-workflow-kernel-KVER and, for
#             newest, plugin-intree-newest), once per
#             --kver (default newest, 6.12 and 6.1; newest is Debian sid's
#             newest kernel, named in the log):
#             the tree is unpacked on the host (tests/kernel/prepare-kernel.sh)
#             and configured with CC=gcc-N in the root (ASMINLINE_KERNEL_CC).
# --junit DIR writes DIR/build-gccN[-KVER].xml for scripts/dev/test-summary.py.
#
# GCC 12 is the machine's own compiler: build/ and scripts/dev/run-tests.sh.
# Exit codes: 0 every test passed, 1 a build or a test failed, 2 usage,
# 77 no root can be made here (gcc-root.sh's reason; the caller decides).
set -uo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"
kernel=0
kvers=()
junit=
versions=()
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=1 ;;
	--kver)
		case "${2:-}" in
		6.1 | 6.12 | newest) kvers+=("$2") ;;
		*) echo "gcc-matrix: --kver needs 6.1, 6.12 or newest" >&2; exit 2 ;;
		esac
		shift
		;;
	--junit) junit=${2:?--junit needs a directory}; shift ;;
	13 | 14 | 15 | 16) versions+=("$1") ;;
	*) echo "usage: $0 [--kernel] [--kver 6.1|6.12|newest]... [--junit DIR] 13|14|15|16..." >&2; exit 2 ;;
	esac
	shift
done
[ ${#versions[@]} -gt 0 ] || { echo "gcc-matrix: name at least one of 13 14 15 16" >&2; exit 2; }
[ ${#kvers[@]} -gt 0 ] || kvers=(newest 6.12 6.1)
[ -z "$junit" ] || { mkdir -p "$junit" && junit=$(cd "$junit" && pwd); }

log() { echo "gcc-matrix: $*" >&2; }
rc=0

# Not shape-level: the re-run's fault tests compile kernel units (run with
# --kernel), the arm64 corpus is the host's (the arm64 plugin is built
# for Debian 12's aarch64-linux-gnu-gcc-12; asmtpl alone is compiler-free),
# and bench/rerun-faults.py's test measures a fork's page faults with the
# host's perf, which the root does not have (the compiler changes nothing
# it checks).
shape_excluded='^(plugin-rerun-faults|oracle-corpus-arm64|scripts-rerun-faults)$'
kernel_tests='^(plugin-kbuild|plugin-edges-kernel|oracle-kernel-accuracy-x86_64|plugin-rerun-faults)$'

for n in "${versions[@]}"; do
	if ! scripts/dev/gcc-root.sh path "$n" >/dev/null; then
		r=$?
		[ "$r" = 77 ] && exit 77
		rc=1
		continue
	fi
	b=build-gcc$n
	log "gcc-$n: configure and build $b"
	if ! scripts/dev/gcc-root.sh run "$n" sh -ec "
		mkdir -p $b
		cmake -S . -B $b -DASMINLINE_PLUGIN_GCC=gcc-$n \
			-DCMAKE_C_COMPILER=gcc-$n >$b/configure.log
		cmake --build $b -j\$(nproc) >$b/build.log 2>&1 ||
			{ tail -n 30 $b/build.log >&2; exit 1; }"; then
		log "gcc-$n: the build failed (see $b/build.log)"
		rc=1
		continue
	fi
	log "gcc-$n: shape-level tests (labels plugin, unit)"
	# JUnit inside the build directory (the root sees the repository, not
	# the host's /tmp), then copied where --junit asked.
	scripts/dev/gcc-root.sh run "$n" ctest --test-dir "$b" --output-on-failure -j2 \
		-L 'plugin|unit' -LE 'slow|e2e' -E "$shape_excluded" \
		--output-junit "$here/$b/junit-shape.xml" || rc=1
	[ -z "$junit" ] || cp "$b/junit-shape.xml" "$junit/$b.xml"
	[ "$kernel" = 1 ] || continue
	for kv in "${kvers[@]}"; do
		# The source, unpacked by the host's Debian package; the tree
		# for gcc-N is configured in the root, with the objects the
		# tests name built by them (prepare-kernel.sh OBJ...).
		tree=$(tests/kernel/prepare-kernel.sh --kver "$kv" x86_64) || { rc=1; continue; }
		pkgver=$(basename "$(dirname "$tree")")
		pkgver=${pkgver#linux-}
		log "gcc-$n: kernel-level tests on Linux $kv ($pkgver)"
		ASMINLINE_KVER=$kv ASMINLINE_KERNEL_CC=gcc-$n ASMINLINE_KERNEL_PKGVER=$pkgver \
			scripts/dev/gcc-root.sh run "$n" ctest --test-dir "$b" --output-on-failure \
			-R "${kernel_tests%)\$}|plugin-workflow-kernel-${kv//./\\.}|plugin-intree-${kv//./\\.})\$" \
			--output-junit "$here/$b/junit-$kv.xml" || rc=1
		[ -z "$junit" ] || cp "$b/junit-$kv.xml" "$junit/$b-$kv.xml"
	done
done
exit $rc
