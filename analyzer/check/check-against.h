/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check-against.h — `check --against OLD NEW`: OLD's findings in the baseline's place
 * (check-against.c), new only where the change can act on them.
 */
#ifndef ASMSCAN_CHECK_AGAINST_H
#define ASMSCAN_CHECK_AGAINST_H

#include <stdbool.h>

struct report;

/*
 * --against OLD, in place of the baseline: OLD's
 * findings marked on rep's, and states set.  rep->against is OLD's report.
 */
void check_against_compare(struct report *rep);

#endif /* ASMSCAN_CHECK_AGAINST_H */
