/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edge-rerun-proc.h — the inliner's re-run as the parent keeps it: the forked child,
 * the bounded wait, the reaping, the outcome (edge-rerun-proc.cc).
 */
#ifndef ASMINLINE_EDGE_RERUN_PROC_H
#define ASMINLINE_EDGE_RERUN_PROC_H

#include "gcc-compat.h"
#include "edge-state.h"

struct asminline_plugin;

/*
 * edge-rerun-proc.cc, the parent's side.  Init: when the plugin loads
 * (the clock the default bound is measured from).  Wanted: at the fork
 * point, is a re-run asked for here at all (rerun=1, warn mode, no LTO,
 * flagged asm seen)?  If not, the outcome says "off" or "not-needed".
 * Start: fork the child that runs the IPA inliner without the over-count
 * (returns in both; the child's state says EDGE_RERUN_CHILD; it waits for
 * the parent's word).  Collect: after the parent's own "inline", tell the
 * child to go on (needed) and read its answers within a bounded time, or
 * send it away; the child is reaped either way, and the outcome is set
 * (and said once, at the diag level, when it failed).  Free: reap a
 * child still waiting (the unit ended early) and free the answers.
 */
void edge_rerun_init(struct edges_state *st);
bool edge_rerun_wanted(struct asminline_plugin *pl, struct edges_state *st);
void edge_rerun_start(struct asminline_plugin *pl, struct edges_state *st);
void edge_rerun_collect(struct asminline_plugin *pl, struct edges_state *st,
			bool needed);
void edge_rerun_free(struct edges_state *st);
/* "done", "not-needed", "off", "failed" or "timeout". */
const char *edge_rerun_outcome_name(enum edge_rerun_outcome o);
/* The verdicts of this unit's edges are the rule's where the re-run's
 * were wanted: FAILED or TIMEOUT. */
bool edge_rerun_unanswered(const struct edges_state *st);

#endif /* ASMINLINE_EDGE_RERUN_PROC_H */
