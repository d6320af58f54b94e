/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verbs.h — what each verb runs, once asmscan_main has parsed the options:
 * the verb table of cmdline.c (verbs[]) points at these (bpftool's {name,
 * func}).  Each
 * reads its inputs, prints its result and returns the exit code (2 wins
 * over 1: asmscan.h); main only parses, dispatches and frees.
 */
#ifndef ASMSCAN_VERBS_H
#define ASMSCAN_VERBS_H

#include "asmscan.h"

/* copies, calls, tables, sites and the summary: analyses, then a report */
int report_main(const struct asmscan_options *opts);
/* check: findings against a baseline or OLD, printed, then the gate */
int check_main(const struct asmscan_options *opts);
/* diff OLD NEW (diff-main.c) */
int diff_main(const struct asmscan_options *opts);
/* patch: the records' sites converted (patch.c) */
int patch_main(const struct asmscan_options *opts);

#endif /* ASMSCAN_VERBS_H */
