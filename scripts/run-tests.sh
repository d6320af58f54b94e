#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# run-tests.sh — set up (packages, configure, build) and run every test
# but the slow ones, two at a time, in build and then the arm64 plugin's
# in build-arm64.  This is README command 2, and what CI runs (.ci/run).
# Slow tests: ctest --test-dir build -L slow.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
rc=0
ctest --test-dir build --output-on-failure -j2 -LE slow || rc=$?
# The arm64 plugin's own tests (the corpus with the plugin, the arm64
# kernel objects): build-arm64, made by setup.sh where the cross compiler
# and its plugin headers exist.
if [ -d build-arm64 ]; then
	ctest --test-dir build-arm64 --output-on-failure -j2 -LE slow \
		-R '^oracle-(corpus|kernel-accuracy)-arm64$' || rc=$?
else
	echo "run-tests: SKIP: no build-arm64 (setup.sh could not build the arm64 plugin): arm64 plugin tests not run" >&2
fi
exit $rc
