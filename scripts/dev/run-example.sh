#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# run-example.sh — README command 1: set up and build, then compile the
# kernel-like example with the plugin in warn and apply mode, show GCC's
# notes and what the report says, and run asmscan on the objects.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/dev/setup.sh >/dev/null

PLUGIN=$PWD/build/plugin/asminline.so
ASMSCAN=$PWD/build/analyzer/asmscan
EX=examples/kernel-like

echo "== one of GCC's notes (gcc -fplugin=$PLUGIN, diag=note, diag-scope=all):"
"$EX/notes.sh" "$PLUGIN"
echo
"$EX/demo.py" "$PLUGIN" "$ASMSCAN"
echo
"$EX/check-demo.sh" "$PLUGIN" "$ASMSCAN"
echo
echo "reports: $EX/out/warn/report.jsonl, $EX/out/apply/report.jsonl (format: docs/reference/format.md)"
