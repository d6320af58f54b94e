#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# run-tests.sh — set up (packages, configure, build) and run every test
# but the slow ones, two at a time, in build and then the arm64 plugin's
# in build-arm64, then the plugin's shape-level tests with GCC 13, 14, 15
# and 16 (scripts/dev/gcc-matrix.sh).  This is README command 2, and what CI runs
# (.ci/run).
# Slow tests: ctest --test-dir build -L slow.
#
# Then the same tests again on an ASan + UBSan build in build-asan
# (-DASMINLINE_SANITIZE=ON, docs/results/reliability.md), in two groups:
#   - the tests that do not load the plugin (asmscan, asmtpl, the fuzz
#     corpora) with leak checking: any sanitizer report fails the test;
#   - the tests whose command names asminline.so, but the whole-kernel
#     ones (label e2e: hundreds of kernel compiles, minutes more under
#     ASan): cc1 is not instrumented, so the ASan runtime is preloaded
#     (LD_PRELOAD) and leak checking is off (GCC frees little before it
#     exits, by design, and every tool the tests run gets the runtime).
#     The install tests are left out: they run man and troff, whose own
#     new/delete mismatch the preloaded runtime reports.
# ASMINLINE_NO_SANITIZE=1 skips this part.
#
# Last, scripts/dev/test-summary.py lists every test that was skipped (exit
# 77) with the reason it printed, and closes with one line
# "run-tests: N passed, N failed, N skipped".  A skipped test fails the
# run: it stands for code this machine did not test.  Where that is
# expected (not Debian, no root, no network for the kernel packages), set
# ASMINLINE_ALLOW_SKIP=1 and the run says so in one line instead.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/dev/setup.sh
rc=0
results=$PWD/build/test-results
rm -rf "$results"
mkdir -p "$results"
extra_skips=()
ctest --test-dir build --output-on-failure -j2 -LE slow \
	--output-junit "$results/build.xml" || rc=$?
# The arm64 plugin's own tests (the corpus with the plugin, the arm64
# kernel objects of Linux 6.1, 6.12 and the newest kernel, experiment.sh
# candidates on arm64 units): build-arm64,
# made by setup.sh where the cross compiler and its plugin headers exist.
if [ -d build-arm64 ]; then
	ctest --test-dir build-arm64 --output-on-failure -j2 -LE slow \
		-R '^(oracle-(corpus|kernel-accuracy)-arm64(-6\.12|-newest)?|scripts-candidates-newest-arm64)$' \
		--output-junit "$results/build-arm64.xml" || rc=$?
else
	echo "run-tests: SKIP: no build-arm64 (setup.sh could not build the arm64 plugin): arm64 plugin tests not run" >&2
	extra_skips+=(--skip "arm64-plugin=no build-arm64: setup.sh could not build the plugin for aarch64-linux-gnu-gcc-12")
fi

# The plugin for GCC 13, 14, 15 and 16 (Debian's trixie and sid roots, made
# once and cached by scripts/dev/gcc-root.sh): built against each compiler's
# own plugin headers, its shape-level tests run with that compiler.  The
# kernel-level matrix is scripts/dev/gcc-matrix.sh --kernel (slow).
# ASMINLINE_GCC_MATRIX="14" (say) runs fewer; "none" runs none.
matrix=${ASMINLINE_GCC_MATRIX:-13 14 15 16}
if [ "$matrix" != none ]; then
	mrc=0
	# shellcheck disable=SC2086
	scripts/dev/gcc-matrix.sh --junit "$results" $matrix || mrc=$?
	if [ "$mrc" = 77 ]; then
		extra_skips+=(--skip "gcc-matrix=no Debian root for GCC $matrix could be made here (scripts/dev/gcc-root.sh said why above)")
	elif [ "$mrc" != 0 ]; then
		rc=1
	fi
fi

summary() {
	python3 scripts/dev/test-summary.py "${extra_skips[@]}" "$results"/*.xml || rc=1
	exit $rc
}
[ "${ASMINLINE_NO_SANITIZE:-0}" = 1 ] && summary
echo "run-tests: the same tests under ASan + UBSan (build-asan)" >&2
cmake -S . -B build-asan -DASMINLINE_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$(nproc)" >/dev/null
plugin_tests=$(ctest --test-dir build-asan -N -V -LE slow |
	awk '/Test command:/ { cmd = $0 }
	     /^ +Test +#[0-9]+: / { if (cmd ~ /asminline\.so/) print $3 }' |
	paste -sd '|')
export UBSAN_OPTIONS=print_stacktrace=1
ctest --test-dir build-asan --output-on-failure -j2 -LE slow \
	-E "^(${plugin_tests:-none})\$" \
	--output-junit "$results/build-asan.xml" || rc=$?
LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 \
	ctest --test-dir build-asan --output-on-failure -j2 -LE 'slow|e2e' \
	-R "^(${plugin_tests:-none})\$" -E '^install-' \
	--output-junit "$results/build-asan-plugin.xml" || rc=$?
summary
