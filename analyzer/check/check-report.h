/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check-report.h — `check --report FILE`: the plugin's JSON Lines report read as
 * findings (check-report.c), when no input holds embedded records.
 */
#ifndef ASMSCAN_CHECK_REPORT_H
#define ASMSCAN_CHECK_REPORT_H

#include <stdbool.h>

struct check_report;

/* One --report file's flagged asm and blocked-by-asm
 * edges, added with check_add_*(); false after an error (reported). */
bool check_read_report(struct check_report *c, const char *path);

#endif /* ASMSCAN_CHECK_REPORT_H */
