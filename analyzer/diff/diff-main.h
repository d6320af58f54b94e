/* SPDX-License-Identifier: GPL-2.0 */
/*
 * diff-main.h — the row of the verb table of
 * `asmscan diff OLD NEW` (diff-main.c): what changed between two builds.
 */
#ifndef ASMSCAN_DIFF_MAIN_H
#define ASMSCAN_DIFF_MAIN_H

#include "asmscan.h"

extern const struct asmscan_verb diff_verb;

#endif /* ASMSCAN_DIFF_MAIN_H */
