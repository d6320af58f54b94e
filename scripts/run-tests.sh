#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# run-tests.sh — set up (packages, configure, build) and run every test
# but the slow ones, two at a time.  This is README command 2, and what CI
# runs (.ci/run).  Slow tests: ctest --test-dir build -L slow.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure -j2 -LE slow
