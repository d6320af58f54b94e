/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-main.h — the rows of the verb table whose verbs print one report
 * of their inputs (report-main.c): copies, calls, tables, sites, and the
 * summary of all, which is asmscan without a verb.
 */
#ifndef ASMSCAN_REPORT_MAIN_H
#define ASMSCAN_REPORT_MAIN_H

#include "asmscan.h"

extern const struct asmscan_verb copies_verb, calls_verb, tables_verb,
	sites_verb, summary_verb;

#endif /* ASMSCAN_REPORT_MAIN_H */
