/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check-against.h — `check --against OLD NEW`: OLD's findings in the baseline's place
 * (check-against.c), new only where the change can act on them.
 */
#ifndef ASMSCAN_CHECK_AGAINST_H
#define ASMSCAN_CHECK_AGAINST_H

#include <stdbool.h>

struct check_report;

/*
 * --against OLD, in place of the baseline: OLD's
 * findings marked on c's, and states set.  c->against is OLD's check.
 */
void check_against_compare(struct check_report *c);

#endif /* ASMSCAN_CHECK_AGAINST_H */
