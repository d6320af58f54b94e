/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edge-rerun.h — the inliner's re-run: where it forks, what the child does, and
 * its answers read in the parent (edge-rerun.cc).
 */
#ifndef ASMINLINE_EDGE_RERUN_H
#define ASMINLINE_EDGE_RERUN_H

#include "gcc-compat.h"
#include "edge-state.h"

struct asminline_plugin;

/*
 * edge-rerun.cc: does the re-run fork before the first regular IPA pass
 * (a profile read from a file, a test hook) rather than right after
 * "icf", before the first that can read a function summary or an asm's
 * charge?
 */
bool edge_rerun_fork_first(void);

/*
 * edge-rerun.cc, the child's side.  Child_start: right after the fork,
 * wait for the parent's word (leave without it), then silence every
 * output and mark the flagged asm.  Child_answer: after "inline", write
 * its decisions and _exit().  Early: as "inline" starts, the early looks
 * that fit, inlined.
 */
void edge_rerun_child_start(struct asminline_plugin *pl,
			    struct edges_state *st, int go, int answer,
			    pid_t parent);
void edge_rerun_child_answer(struct edges_state *st);
void edge_rerun_early(struct edges_state *st);
/*
 * edge-rerun.cc, the child at the fork pass from: run the IPA passes up
 * to "inline" itself (the plugin's passes before and after it do the
 * early step and the answer), and leave; false, having done nothing,
 * when the pass manager has to run them.
 */
bool edge_rerun_child_run(struct edges_state *st, opt_pass *from,
			  opt_pass *before, opt_pass *after);
/*
 * edge-rerun.cc, the answers in the parent.  Parse: the whole answer
 * (the bytes read from the pipe) into r->answers, merged; false
 * on a short or torn one.  Lookup: 1 the re-run inlined e's call, 0 it
 * refused it, -1 no answer.
 */
bool edge_rerun_parse(struct edge_rerun *r, const void *bytes, size_t len);
int edge_rerun_lookup(struct edges_state *st, cgraph_edge *e);

#endif /* ASMINLINE_EDGE_RERUN_H */
