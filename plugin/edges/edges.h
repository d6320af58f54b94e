/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edges.h — "edge" records: the call edges GCC's inliner refused whose
 * callee holds over-counted asm, and whether that asm is what kept the
 * callee out (docs/reference/format.md, docs/design/edges.md).
 *
 * The parts and what each reads from GCC:
 *   edge-asm.cc     which asm a callee body holds when the IPA inliner has
 *                   decided: its own GIMPLE_ASM and those the early and the
 *                   IPA inliner put into it (the cgraph inline tree);
 *   edge-limits.cc  the limit that refused the edge and the counterfactual
 *                   "inside it without the over-count", from the inliner's
 *                   own estimates (ipa-inline.h, ipa-fnsummary.h) and the
 *                   --param values of the function (opt_for_fn);
 *   edges.cc        when to look (right after the "inline" IPA pass, while
 *                   the summaries live) and the walk over refused edges;
 *   edge-rerun.cc   what the forked compiler that re-runs the IPA inliner
 *                   does, and its answers;
 *   edge-rerun-proc.cc  that child process as the parent keeps it: the
 *                   fork, the bounded wait, the reaping, the outcome;
 *   edge-state.h    what those parts share: struct edges_state;
 *   slot-table.cc   the tables by uid or template that state is kept in.
 * The record itself and its JSON are ../records/edge-record.h.
 *
 * Invariant: nothing here changes the IL, the call graph or a summary; the
 * edge code only reads, so warn mode stays byte-identical.
 */
#ifndef ASMINLINE_EDGES_H
#define ASMINLINE_EDGES_H

#include "gcc-compat.h"

struct asminline_plugin;
struct asm_record;
struct edges_state;

/*
 * edges.cc: called by the asm pass for every statement it visits, so that
 * a copy of the statement found later in another body (after inlining) is
 * known by its fingerprint and est_insns.
 */
void edges_note_asm(struct asminline_plugin *pl, const struct asm_record *rec);
/* edges.cc: put the edge code's passes in GCC's pass lists (plugin_init). */
void edges_register(struct asminline_plugin *pl, const char *plugin_name);
/* edges.cc: free everything (PLUGIN_FINISH). */
void edges_finish(struct asminline_plugin *pl);
/*
 * edges.cc: the unit record's "rerun" (what became of the inliner's
 * re-run: "done", "not-needed", "off", "failed", "timeout"; "off" when st
 * is NULL) and in *why, when it failed or timed out, what happened (else
 * NULL).
 */
const char *edges_unit_rerun(const struct edges_state *st, const char **why);

#endif /* ASMINLINE_EDGES_H */
