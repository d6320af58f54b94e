/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edges.h — "edge" records: the call edges GCC's inliner refused whose
 * callee holds over-counted asm, and whether that asm is what kept the
 * callee out (docs/format.md, docs/edges.md).
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
 *   edge-record.cc  the JSON rendering.
 *
 * Invariant: nothing here changes the IL, the call graph or a summary; the
 * edge code only reads, so warn mode stays byte-identical.
 */
#ifndef ASMINLINE_EDGES_H
#define ASMINLINE_EDGES_H

#include "gcc-compat.h"

struct asminline_plugin;
struct asm_record;
struct json_buf;
struct edge_asm_tpl;

#define EDGE_RECORD_MAX_FINGERPRINTS 32

enum edge_verdict {
	EDGE_VERDICT_OTHER,		/* still refused without the over-count */
	EDGE_VERDICT_BLOCKED_BY_ASM,	/* within the limit without it */
};

/* The limit that refused the edge, as the inliner applied it. */
struct edge_limit {
	const char *name;	/* the --param, e.g. "max-inline-insns-single" */
	int param;		/* its value for the function (opt_for_fn) */
	int value;		/* the bound compared, hint scaling applied */
	const char *measure;	/* what was compared: "growth", "size-after" */
	int measured;		/* its value as GCC estimated it */
};

struct edge_record {
	const char *tu;
	const char *srctree;		/* what names are relative to (srcpath.h) */
	const char *caller;		/* C name of the function holding the call */
	const char *inlined_into;	/* "" unless the caller is an inline copy */
	const char *callee;		/* C name, no clone suffix */
	const char *callee_symbol;	/* its symbol: foo, foo.constprop.0 ... */
	const char *file;		/* the call, as DWARF sees it */
	unsigned line;
	unsigned column;
	const char *reason;		/* cgraph_inline_failed_string() */
	int callee_size;		/* ipa_size_summary::size of the callee */
	int growth;			/* estimate_edge_growth() */
	unsigned overcount;		/* sum of gcc_count - est_insns, flagged asm */
	unsigned overcount_after;	/* the same with the IPA inliner's choices */
	unsigned nasm;			/* flagged asm statements in the callee */
	struct edge_limit limit;
	const char *measured_at;	/* "start" or "end" of IPA inlining */
	const char *via;		/* "limit", "rerun", "early", "all-callers" */
	int rerun;			/* GCC's inliner re-run: 1 inlined the
					 * call, 0 refused it, -1 no answer */
	const char *unit_rerun;		/* the unit's edge_rerun_outcome_name() */
	bool reproduced;		/* GCC's rule, re-run, refuses it too */
	enum edge_verdict verdict;
	unsigned nfingerprints;
	unsigned fingerprints_dropped;
	uint64_t fingerprints[EDGE_RECORD_MAX_FINGERPRINTS];
};

/* edge-record.cc: append the record as one JSON line (with '\n') to b. */
void edge_record_render_json(const struct edge_record *rec, struct json_buf *b);
/* The same JSON object without the newline (the embedded form). */
void edge_record_render_object(const struct edge_record *rec,
			       struct json_buf *b);
const char *edge_verdict_name(enum edge_verdict v);

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

/* ---- between the edge files only ---- */

/* What edge-asm.cc knows about one template seen by the asm pass. */
struct edge_asm_seen {
	const char *tpl;		/* gimple_asm_string(): shared by copies */
	uint64_t tpl_hash;		/* fingerprint_template_hash(), a check */
	uint64_t fingerprint;
	unsigned est_insns;
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

/*
 * Summaries of callee bodies by cgraph node uid, filled lazily, in an
 * open-addressed table (uids count every node the unit ever had, inline
 * clones included: an array by uid was cleared at every growth).
 */
struct edge_asm_cache_slot {
	unsigned uid1;			/* the node's uid + 1, 0 empty */
	struct edge_asm_sum *sum;
};

struct edge_asm_cache {
	struct edge_asm_cache_slot *slots;
	size_t cap, used;		/* cap a power of two, or 0 */
	bool with_ipa_inlines;		/* count bodies the IPA inliner chose */
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

/* A first look in edges_state::before: uid1 is the edge's uid + 1, 0 empty. */
struct edge_before_slot {
	unsigned uid1;
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
 * the edge records' "unit_rerun" (docs/format.md).  Only ANSWERED gives
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
	struct edge_asm_tpl *tpls;	/* templates met, by pointer (hashed) */
	size_t ntpls, captpls;
	struct edge_asm_cache before_asm;	/* bodies before IPA inlining */
	struct edge_asm_cache after_asm;	/* and with what it inlined */
	struct edge_before_slot *before;	/* by edge uid (hashed) */
	size_t nbefore;			/* slots, a power of two, or 0 */
	size_t nbefore_used;
	struct cgraph_2edge_hook_list *dup_hook;
	unsigned long nrefused;		/* size-refused edges looked at */
	unsigned long nrecords;
	unsigned long nblocked;
};

/* edge-asm.cc */
void edge_asm_note(struct edges_state *st, const char *tpl, uint64_t tpl_hash,
		   uint64_t fingerprint, unsigned est_insns);
const struct edge_asm_sum *edge_asm_callee(struct asminline_plugin *pl,
					   struct edges_state *st,
					   struct edge_asm_cache *cache,
					   cgraph_node *callee);
void edge_asm_free(struct edges_state *st);

/* edge-asm.cc: does stmt count as flagged asm (the asm record's rule)? */
bool edge_asm_flagged(struct asminline_plugin *pl, struct edges_state *st,
		      gasm *stmt);

/*
 * edge-rerun-proc.cc, the parent's side.  Init: when the plugin loads
 * (the clock the default bound is measured from).  Start: at the first
 * regular IPA pass, fork the child that runs the IPA inliner without the
 * over-count (returns in both; the child's state says EDGE_RERUN_CHILD;
 * it waits for the parent's word).  Collect: after the parent's own "inline", tell the
 * child to go on (needed) and read its answers within a bounded time, or
 * send it away; the child is reaped either way, and the outcome is set
 * (and said once, at the diag level, when it failed).  Free: reap a
 * child still waiting (the unit ended early) and free the answers.
 */
void edge_rerun_init(struct edges_state *st);
/* Before the fork: could any call be judged at all (edges.cc)? */
bool edges_may_judge(struct asminline_plugin *pl, struct edges_state *st);
void edge_rerun_start(struct asminline_plugin *pl, struct edges_state *st);
void edge_rerun_collect(struct asminline_plugin *pl, struct edges_state *st,
			bool needed);
void edge_rerun_free(struct edges_state *st);
/* "done", "not-needed", "off", "failed" or "timeout". */
const char *edge_rerun_outcome_name(enum edge_rerun_outcome o);
/* The verdicts of this unit's edges are the rule's where the re-run's
 * were wanted: FAILED or TIMEOUT. */
bool edge_rerun_unanswered(const struct edges_state *st);

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

/* edge-limits.cc: is this inline_failed one of the size limits judged? */
bool edge_limits_is_size_reason(cgraph_inline_failed_t why);
/*
 * edge-limits.cc: before the IPA inliner decides, GCC's rule for e on the
 * inliner's figures, with and without the over-count of sum.
 */
/*
 * While the IPA state holds still (the inliner's first look, the
 * judging after it): remember each callee's growth over all its callers,
 * and its size inlined with nothing known, instead of computing them
 * again for every call.
 */
void edge_limits_memo_begin(void);
void edge_limits_memo_end(void);
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

#endif /* ASMINLINE_EDGES_H */
