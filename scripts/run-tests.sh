#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# run-tests.sh — set up (packages, configure, build) and run every test
# but the slow ones, two at a time.  This is README command 2, and what CI
# runs (.ci/run).  Slow tests: ctest --test-dir build -L slow.
#
# Then the same tests again on an ASan + UBSan build in build-asan
# (-DASMINLINE_SANITIZE=ON, docs/reliability.md), in two groups:
#   - asmscan and asmtpl (analyzer tests, the fuzz corpora, asmtpl-unit)
#     with leak checking: any sanitizer report fails the test;
#   - every test that loads the plugin into cc1 but the whole-kernel ones
#     (label e2e: hundreds of kernel compiles, minutes more under ASan):
#     cc1 is not instrumented, so the ASan runtime is preloaded
#     (LD_PRELOAD) and leak checking is off (GCC frees little before it
#     exits, by design).
# ASMINLINE_NO_SANITIZE=1 skips this part.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure -j2 -LE slow

[ "${ASMINLINE_NO_SANITIZE:-0}" = 1 ] && exit 0
echo "run-tests: the same tests under ASan + UBSan (build-asan)" >&2
cmake -S . -B build-asan -DASMINLINE_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$(nproc)" >/dev/null
own='^(analyzer-|asmtpl-|asmscan-)'
export UBSAN_OPTIONS=print_stacktrace=1
ctest --test-dir build-asan --output-on-failure -j2 -LE slow -R "$own"
LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 \
	ctest --test-dir build-asan --output-on-failure -j2 -LE 'slow|e2e' -E "$own"
