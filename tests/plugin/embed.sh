#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# embed.sh PLUGIN CC — runs embed-records.py: the records embedded in .comment
# equal the JSON report, survive -S, -g and a link, and change nothing the
# link says or loads.  Skips without python3 or binutils.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool python3 objcopy ld
clean_workdir
exec python3 "$TESTDIR/embed-records.py" "$PLUGIN" "$CC" "$TESTDIR"
