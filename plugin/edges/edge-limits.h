/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edge-limits.h — the limit that refused a call, GCC's rule on the inliner's
 * figures with and without the over-count (edge-limits.cc).
 */
#ifndef ASMINLINE_EDGE_LIMITS_H
#define ASMINLINE_EDGE_LIMITS_H

#include "gcc-compat.h"
#include "edge-state.h"

/* edge-limits.cc: is this inline_failed one of the size limits judged? */
bool edge_limits_is_size_reason(cgraph_inline_failed_t why);
/*
 * While the IPA state holds still (the inliner's first look, the
 * judging after it): remember each callee's growth over all its callers,
 * and its size inlined with nothing known, instead of computing them
 * again for every call.
 */
void edge_limits_memo_begin(void);
void edge_limits_memo_end(void);
/*
 * edge-limits.cc: before the IPA inliner decides, GCC's rule for e on the
 * inliner's figures, with and without the over-count of sum.
 */
void edge_limits_before(cgraph_edge *e, const struct edge_asm_sum *sum,
			struct edge_before *out);
/*
 * edge-limits.cc: right after the early inliner ran for e's caller and
 * left e, would want_early_inline_function_p() take e with the callee's
 * figures lowered by sum's over-count?  False also when the early inliner
 * would not consider the call at all.
 */
bool edge_limits_early(cgraph_edge *e, const struct edge_asm_sum *sum);
/*
 * edge-limits.cc: after it decided, fill rec->limit, rec->verdict and the
 * figures for a refused edge: from *before when that first look explains
 * the refusal, else from the figures now.  Also the early inliner's own
 * look at the call (early, NULL when it had none), the answer of the
 * inliner's re-run (rerun: edge_rerun_lookup) and the path by which GCC
 * inlines a function into all its callers when that shrinks the unit.
 * Returns false when the reason is not a size limit (no record then).
 */
bool edge_limits_judge(cgraph_edge *e, const struct edge_before *before,
		       const struct edge_early_look *early, int rerun,
		       struct edge_record *rec);

#endif /* ASMINLINE_EDGE_LIMITS_H */
