/* SPDX-License-Identifier: GPL-2.0 */
/*
 * calls.h — the direct calls of every object ranked by callee (calls.c), the
 * first of the cross-object steps of analysis_report().
 */
#ifndef ASMSCAN_CALLS_H
#define ASMSCAN_CALLS_H

#include "report.h"

/* Calls to undefined symbols resolved across inputs, then ranked. */
void calls_report_build(struct report *rep);

#endif /* ASMSCAN_CALLS_H */
