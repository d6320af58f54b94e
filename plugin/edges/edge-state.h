/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edge-state.h — what the edge parts share (edges.h lists them): the
 * state of one unit's edge records, struct edges_state, and the pieces it
 * is made of.  Types only; each part's functions are in its own header.
 */
#ifndef ASMINLINE_EDGE_STATE_H
#define ASMINLINE_EDGE_STATE_H

#include "gcc-compat.h"
#include "edge-record.h"
#include "slot-table.h"

struct edge_asm_tpl;

/* What edge-asm.cc knows about one template seen by the asm pass. */
struct edge_asm_seen {
	const char *tpl;		/* gimple_asm_string(): shared by copies */
	uint64_t tpl_hash;		/* fingerprint_template_hash(), a check */
	uint64_t fingerprint;
	unsigned est_insns;
	unsigned gcc_count;		/* not asm inline; 0: not known */
};

/* The over-counted asm a callee body holds (with what was inlined into it). */
struct edge_asm_sum {
	bool done;
	unsigned overcount;
	unsigned nasm;
	unsigned nfingerprints;
	unsigned fingerprints_dropped;
	uint64_t fingerprints[EDGE_RECORD_MAX_FINGERPRINTS];
};

/* Summaries of callee bodies by cgraph node uid, filled lazily. */
struct edge_asm_cache_slot {
	uint64_t uid1;			/* the node's uid + 1: the key */
	struct edge_asm_sum *sum;
};

/*
 * Summaries made in blocks: a unit makes some 1,600 (6.12 net/core/dev.o).
 * A block stays under 1 KB: before a larger request glibc's malloc
 * consolidates its fast bins, which in cc1's heap cost 58,000
 * instructions a block of 64.
 */
#define EDGE_ASM_SUMS_PER_BLOCK 3

struct edge_asm_sum_block {
	struct edge_asm_sum_block *next;
	unsigned used;
	struct edge_asm_sum sums[EDGE_ASM_SUMS_PER_BLOCK];
};

struct edge_asm_cache {
	struct slot_table slots;	/* of edge_asm_cache_slot */
	struct edge_asm_sum_block *blocks;	/* where the sums are */
	bool with_ipa_inlines;		/* count bodies the IPA inliner chose */
	/*
	 * With with_ipa_inlines: the sums of the same bodies alone, taken
	 * for a node the IPA inliner put nothing into, or NULL.
	 */
	const struct edge_asm_cache *bodies;
};

/*
 * An edge as the IPA inliner first saw it (before any IPA decision), kept
 * by edge uid and handed on to the copies inlining makes of it.
 */
struct edge_before {
	bool valid;
	cgraph_inline_failed_t refuses;	/* GCC's rule on these figures */
	bool fits;			/* the rule without the over-count */
	bool early_fits;		/* the early inliner's, without it */
	int growth;
	int callee_size;
	const struct edge_asm_sum *sum;	/* in edges_state::before_asm */
	struct edge_limit limit;
};

/* A first look in edges_state::before. */
struct edge_before_slot {
	uint64_t uid1;			/* the edge's uid + 1: the key */
	struct edge_before b;
};

/*
 * A call the early inliner left in a function, judged right after it ran
 * for that function, with the figures and the profile it used: would it
 * have taken the call without the callee's over-count?  Kept by the call
 * statement, which IPA inlining shares with the copies of the edge.
 */
struct edge_early_look {
	const void *stmt;		/* the gcall */
	tree caller;			/* its function, and the callee: checks */
	tree callee;
	bool fits;
};

/*
 * edge-rerun.cc and edge-rerun-proc.cc: GCC's IPA inliner run again in a
 * child process.
 */
enum edge_rerun_state {
	EDGE_RERUN_NONE,		/* no child (not started, or gone) */
	EDGE_RERUN_WAITING,		/* parent: the child waits for a word */
	EDGE_RERUN_CHILD,		/* this process is the child */
};

/*
 * What became of the re-run in this unit: the unit record's "rerun" and
 * the edge records' "unit_rerun" (docs/reference/format.md).  Only ANSWERED gives
 * answers; with FAILED and TIMEOUT the rule's verdicts stand where the
 * re-run's were wanted, and the records say so.
 */
enum edge_rerun_outcome {
	EDGE_RERUN_OFF,			/* not asked for: rerun=0, mode=apply,
					 * -O0, -flto */
	EDGE_RERUN_NOT_NEEDED,		/* no call refused for size holds
					 * flagged asm: nothing to judge */
	EDGE_RERUN_ANSWERED,		/* "done": the answers decided */
	EDGE_RERUN_FAILED,		/* no pipe, no fork, the child died,
					 * a short answer */
	EDGE_RERUN_TIMEOUT,		/* no answer within the bound: killed */
};

/* What the re-run inliner did with one call; -1 in inlined: it differs
 * between the copies of the call in that function. */
struct edge_rerun_answer {
	uintptr_t stmt;			/* the gcall */
	uint64_t root;			/* FNV-1a of the function's symbol */
	int inlined;
};

struct edge_rerun {
	enum edge_rerun_state state;
	enum edge_rerun_outcome outcome;
	char why[160];			/* FAILED, TIMEOUT: what happened */
	bool start_failed;		/* no child: why says why */
	pid_t pid;
	int go;				/* parent: write end of the word pipe */
	int fd;				/* the answer pipe: parent reads it */
	double started;			/* cc1's clock when the plugin loaded */
	bool direct;			/* the child ran the IPA passes itself */
	struct edge_rerun_answer *answers;	/* hashed by (stmt, root) */
	size_t cap;			/* its slots, a power of two */
	size_t n;			/* distinct answers */
	unsigned long child_minflt;	/* the reaped child's minor faults */
};

struct edges_state {
	const char *plugin_name;	/* for register_callback */
	opt_pass *before_inline;	/* the plugin's passes around "inline" */
	opt_pass *after_inline;
	struct edge_rerun rerun;
	bool rerun_tried;		/* the fork point has passed */
	unsigned long nflagged_seen;	/* flagged statements the asm pass saw */
	bool inline_started;		/* the "inline" IPA pass has begun */
	struct edge_early_look *early;	/* sorted by stmt before lookups */
	size_t nearly;
	size_t capearly;
	bool early_sorted;
	struct edge_asm_cache early_asm;	/* bodies as einline saw them */
	bool done;			/* edges walked for this TU */
	struct edge_asm_seen *seen;	/* sorted by tpl before lookups */
	size_t nseen;
	size_t capseen;
	bool seen_sorted;
	struct slot_table tpls;		/* edge_asm_tpl: templates met, by pointer */
	struct edge_asm_cache before_asm;	/* bodies before IPA inlining */
	struct edge_asm_cache after_asm;	/* and with what it inlined */
	struct slot_table before;	/* edge_before_slot, by edge uid */
	struct cgraph_2edge_hook_list *dup_hook;
	unsigned long nrefused;		/* size-refused edges looked at */
	unsigned long nrecords;
	unsigned long nblocked;
};

#endif /* ASMINLINE_EDGE_STATE_H */
