#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# notes.sh PLUGIN [OUT] — compile the example with the plugin's notes on
# and print the first one for writer_report's asm, with its context:
# what GCC says to a developer as the kernel compiles.  The flagged asm
# is all spelled in include/, so the notes need diag-scope=all (the
# default, file, notes only asm spelled in the file compiled).  OUT
# (default out/notes, relative to this directory) receives the objects.
# Exit 1, with GCC's whole output, when GCC printed no such note.
set -euo pipefail
PLUGIN=${1:?usage: $0 PLUGIN [OUT]}
OUT=${2:-out/notes}
here=$(cd "$(dirname "$0")" && pwd)

make -s -C "$here" clean OUT="$OUT"
log=$(make -s -C "$here" PLUGIN="$PLUGIN" OUT="$OUT" DIAG_SCOPE=all 2>&1)
note=$(grep -A6 "note: .asm. in .writer_report" <<<"$log" | head -6 || true)
if [ -z "$note" ]; then
	echo "notes.sh: GCC printed no note for writer_report's asm; its output:" >&2
	echo "$log" >&2
	exit 1
fi
echo "$note"
