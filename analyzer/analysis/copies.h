/* SPDX-License-Identifier: GPL-2.0 */
/*
 * copies.h — out-of-line copies of inline functions, local names defined more
 * than once and GCC's clones (copies.c); after calls.h, whose calls it
 * counts.
 */
#ifndef ASMSCAN_COPIES_H
#define ASMSCAN_COPIES_H

#include "report.h"

/*
 * Group rep->objs[oi]'s copies, local names and clones as it is reported
 * (oi is rep->nobjs - 1, in input order); copies_report_build() groups
 * whatever was not, then counts the calls reaching each copy and ranks.
 */
void copies_tally_object(struct report *rep, size_t oi);
void copies_report_build(struct report *rep);
/* The groups of a run whose report is never built. */
void copies_tally_free(struct report *rep);

/* The clone kind of a symbol name, CLONE_KINDS if it is no clone. */
enum clone_kind analysis_clone_kind(const char *name);
const char *analysis_clone_name(enum clone_kind kind);

#endif /* ASMSCAN_COPIES_H */
