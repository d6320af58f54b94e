/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edge-asm.h — the over-counted asm a callee body holds (edge-asm.cc).
 */
#ifndef ASMINLINE_EDGE_ASM_H
#define ASMINLINE_EDGE_ASM_H

#include "gcc-compat.h"
#include "edge-state.h"

struct asminline_plugin;

/*
 * What the asm pass learnt of a statement; gcc_count is GCC's count of
 * the template when the statement is not "asm inline", else 0.
 */
void edge_asm_note(struct edges_state *st, const char *tpl, uint64_t tpl_hash,
		   uint64_t fingerprint, unsigned est_insns,
		   unsigned gcc_count);
const struct edge_asm_sum *edge_asm_callee(struct asminline_plugin *pl,
					   struct edges_state *st,
					   struct edge_asm_cache *cache,
					   cgraph_node *callee);
/* The tables empty (edges_register), and freed (edges_finish). */
void edge_asm_init(struct edges_state *st);
void edge_asm_free(struct edges_state *st);

/* edge-asm.cc: does stmt count as flagged asm (the asm record's rule)? */
bool edge_asm_flagged(struct asminline_plugin *pl, struct edges_state *st,
		      gasm *stmt);

#endif /* ASMINLINE_EDGE_ASM_H */
