#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# sites.sh PLUGIN CC — runs site-notes.py on sites.c: one diagnostic per
# flagged site per translation unit, with its expansion count and GCC's
# macro trace.  Skips without python3.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool python3
clean_workdir
exec python3 "$TESTDIR/site-notes.py" "$PLUGIN" "$CC" "$TESTDIR/sites.c"
