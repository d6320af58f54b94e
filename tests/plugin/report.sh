#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# report.sh PLUGIN CC — runs report-records.py on report.c (skips when
# python3 is missing; the checks themselves are in report-records.py).
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool python3
clean_workdir
exec python3 "$TESTDIR/report-records.py" "$PLUGIN" "$CC" "$TESTDIR/report.c"
