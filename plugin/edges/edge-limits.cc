// SPDX-License-Identifier: GPL-2.0
/*
 * edge-limits.cc — which inliner limit refused a call edge, and would the
 * callee have been inside it without its over-counted asm?
 *
 * GCC 12's IPA inliner (ipa-inline.cc) refuses a call for size in three
 * places, each leaving its reason in e->inline_failed:
 *
 *   want_inline_small_function_p — a quick bound on the callee's min_size
 *       (the part that runs on every call), then a chain on the edge growth
 *       estimate_edge_growth(e): nothing above max-inline-insns-size is
 *       free; a callee declared inline must stay under
 *       max-inline-insns-single, one that is not under max-inline-insns-auto
 *       (or max-inline-insns-small without -finline-functions), and a cold
 *       call must not grow the program.  The single and auto bounds are
 *       scaled by inline-heuristics-hint-percent when estimate_edge_hints()
 *       finds profitable hints (indirect call, known hot, loop bounds) or a
 *       __builtin_constant_p that inlining folds;
 *   caller_growth_limits — the caller after inlining
 *       (estimate_size_after_inlining) against large-function-insns and
 *       large-function-growth;
 *   inline_small_functions — the unit's size against inline-unit-growth.
 *
 * Every bound is read from GCC for the function it applies to
 * (opt_for_fn), so -O2/-O3/-Os, --param and optimize attributes count.
 * The early inliner (early-inlining-insns) leaves no reason behind: what
 * it refuses, the IPA inliner decides again, and that decision is final.
 * But it runs first: a call it refuses for an over-count it may take once
 * the asm is cheap, so its test is one way to "blocked-by-asm".  It is
 * re-run right after the early inliner ran for the caller
 * (edge_limits_early, called by edges.cc), on the figures and the profile
 * it had: the profile is not estimated yet then, so it can find hot a call
 * the IPA inliner later finds cold.  So is the
 * step after the small-function pass that inlines a function into all its
 * callers when that does not grow the unit.
 *
 * The counterfactual re-runs the same rule with the measure lowered by the
 * over-count, which is how mode=apply changes the inliner's input; only
 * by the part of it the call's context can hold (edge_context_over).  The rule
 * is monotonic in the measure, so tests that passed still pass.  The
 * figures are those of the inliner's first look (edge_limits_before, kept
 * by edges.cc) when that look refuses the edge for GCC's reason and the
 * callee has not grown since; else those after inlining, and when the
 * rule re-run on them does not refuse the edge (the state changed after
 * the decision), the verdict is "other": the plugin does not claim what it
 * cannot reproduce.  big_speedup_p() is not recomputed: the over-count
 * changes time as much as size, and a refused edge had none.  The numbers
 * measured against mode=apply are in docs/results/edges.md.
 */
#include "edge-limits.h"
#include "slot-table.h"
#include "edge-rerun-switch.h"

/* What want_inline_small_function_p looks at for one edge. */
struct edge_view {
	cgraph_edge *e;
	cgraph_node *callee;
	cgraph_node *to;		/* the function the caller is (inlined) in */
	bool declared_inline;
	bool hint;			/* indirect call, known hot, loop hints */
	bool hint2;			/* __builtin_constant_p folds */
	bool hot;			/* early inliner; before GCC 16 all */
	bool hot_min;			/* the quick min_size bounds */
	bool hot_growth;		/* the growth chain's cold-call test */
	bool count_known;
	bool count_nonzero;
	int min_growth;			/* callee min_size - call statement size */
	int growth;			/* estimate_edge_growth(e) */
};

/*
 * The tests' copy of the plugin (edge-rerun-switch.h) checks these
 * figures against GCC's own functions on every call, with each GCC the
 * matrix builds for: a GCC whose estimates came to differ from what is
 * done here aborts the compile there, never in asminline.so.
 */
static void edge_estimates_differ(cgraph_edge *e, const char *what, int ours,
				  int gccs)
{
	fprintf(stderr, "asminline: test copy: %s of the call %s -> %s is %d, GCC says %d\n",
		what, e->caller->dump_name(), e->callee->dump_name(), ours,
		gccs);
	abort();
}

static void edge_estimates_check(cgraph_edge *e, int growth, ipa_hints hints)
{
	const ipa_hints simple = INLINE_HINT_same_scc | INLINE_HINT_cross_module;
	ipa_hints gcc_hints;
	int gcc_growth;

	if (!edge_rerun_switch(EDGE_RERUN_SWITCH_CHECK_ESTIMATES))
		return;
	gcc_growth = estimate_edge_growth(e);
	gcc_hints = estimate_edge_hints(e) & ~simple;
	if (growth != gcc_growth)
		edge_estimates_differ(e, "the growth", growth, gcc_growth);
	if ((hints & ~simple) != gcc_hints)
		edge_estimates_differ(e, "the hints", (int)hints,
				      (int)gcc_hints);
}

/*
 * GCC's estimates are asked once per edge: outside the inliner they are
 * computed afresh every time (edge_growth_cache lives only while
 * "inline" runs), from the callee's summary in the call's context.
 *
 * The growth and the hints of a call, estimate_edge_growth() and
 * estimate_edge_hints().  Without the cache, GCC's do_estimate_edge_size()
 * and do_estimate_edge_hints() each evaluate the call's context
 * (evaluate_properties_for_edge(): its known arguments through the jump
 * functions, half the cost) and estimate the callee in it, once without
 * hints and once with them (estimate_size_and_time(): the size can differ
 * between the two, a devirtualised call is cheaper when hints are asked):
 * the same two estimates, here on one evaluation.  The hints read are the
 * context's; do_estimate_edge_hints() adds simple_edge_hints()
 * (same_scc, cross_module), which edge_view_fill() does not read.
 */
static void edge_estimates(cgraph_edge *e, cgraph_node *callee, int *growth,
			   ipa_hints *hints)
{
	clause_t clause, nonspec_clause;
	ipa_auto_call_arg_values avals;
	ipa_call_estimates size, with_hints;

	if (edge_growth_cache) {
		*growth = estimate_edge_growth(e);
		*hints = estimate_edge_hints(e);
		return;
	}
	evaluate_properties_for_edge(e, true, &clause, &nonspec_clause, &avals,
				     true);
	ipa_call_context ctx(callee, clause, nonspec_clause, vNULL, &avals);
	ctx.estimate_size_and_time(&size, false, false);
	ctx.estimate_size_and_time(&with_hints, false, true);
	*growth = size.size - ipa_call_summaries->get(e)->call_stmt_size;
	*hints = with_hints.hints;
	edge_estimates_check(e, *growth, *hints);
}

/*
 * estimate_size_after_inlining(v->to, v->e), on the growth asked already:
 * the function the call is in, grown by the call's growth unless the call
 * is known never to run.
 */
static int edge_size_after(struct edge_view *v)
{
	ipa_call_summary *es = ipa_call_summaries->get(v->e);
	int size = ipa_size_summaries->get(v->to)->size;

	if (!es->predicate || *es->predicate != false)
		size += v->growth;
	if (edge_rerun_switch(EDGE_RERUN_SWITCH_CHECK_ESTIMATES)) {
		int gcc_size = estimate_size_after_inlining(v->to, v->e);

		if (size != gcc_size)
			edge_estimates_differ(v->e, "the size after inlining",
					      size, gcc_size);
	}
	return size;
}

/* max-inline-insns-single/-auto scaled as inline_insns_single() does. */
static int edge_scaled(cgraph_node *n, int base, bool hint, bool hint2)
{
	int64_t pct = opt_for_fn(n->decl, param_inline_heuristics_hint_percent);

	if (hint && hint2) {
		pct = pct * pct;
		if (pct > 1000000)
			pct = 1000000;
	} else if (!hint && !hint2) {
		return base;
	}
	return (int)((int64_t)base * pct / 100);
}

static int edge_single(cgraph_node *n, bool hint, bool hint2)
{
	return edge_scaled(n, opt_for_fn(n->decl, param_max_inline_insns_single),
			   hint, hint2);
}

static int edge_auto(cgraph_node *n, bool hint, bool hint2)
{
	return edge_scaled(n, opt_for_fn(n->decl, param_max_inline_insns_auto),
			   hint, hint2);
}

/*
 * Inlining every call of the callee, with each call and the offline copy
 * (when nothing else keeps it) lowered by over: GCC's estimate_growth()
 * for a callee whose body is over smaller.  INT_MAX when some caller
 * cannot take it (growth_positive_p() and do_estimate_growth_1() say
 * "grows" then).
 */
static int64_t edge_all_callers_growth_1(cgraph_node *callee, int over)
{
	ipa_size_summary *s = ipa_size_summaries->get(callee);
	int64_t growth = 0;

	for (cgraph_edge *c = callee->callers; c; c = c->next_caller) {
		if (cgraph_inline_failed_type(c->inline_failed) ==
			    CIF_FINAL_ERROR ||
		    !opt_for_fn(c->caller->decl, optimize) || c->recursive_p() ||
		    !ipa_call_summaries->get(c))
			return INT_MAX;
		growth += estimate_edge_growth(c) - over;
	}
	if (s && callee->will_be_removed_from_program_if_no_direct_calls_p())
		growth -= s->size - over;
	return growth;
}

/*
 * The inliner's first look (edges.cc) asks the same callee's growth over
 * all its callers once for each call to it: a callee with hundreds of
 * callers, each call's growth estimated again, cost 1.8 % of the compile
 * of 6.12's drivers/hid/hid-input.o.  So is its size inlined with nothing
 * known (edge_context_over), once for each call to it.  Nothing changes
 * the call graph or a summary while the first look lasts, nor while the
 * refused calls are judged after "inline", so between
 * edge_limits_memo_begin() and _end() each answer is computed once per
 * (callee, over); outside, every time.  One cc1 compiles one unit, in one
 * thread: the memo is the process's.
 */
enum growth_memo_kind {
	GROWTH_MEMO_ALL_CALLERS,	/* edge_all_callers_growth_1() */
	GROWTH_MEMO_FREE_SIZE,		/* edge_free_size_1(), over 0 */
};

/* Keyed by (callee's uid + 1, over, kind) in one nonzero number. */
struct growth_memo_slot {
	uint64_t key;
	int64_t value;
};

static struct {
	bool on;
	struct slot_table slots;
} growth_memo = { false, SLOT_TABLE_INIT(struct growth_memo_slot) };

static uint64_t growth_memo_key(cgraph_node *callee, int over,
				enum growth_memo_kind kind)
{
	return ((uint64_t)(unsigned)callee->get_uid() + 1) << 33 |
	       (uint64_t)(uint32_t)over << 1 | (uint64_t)kind;
}

void edge_limits_memo_begin(void)
{
	growth_memo.on = true;
}

void edge_limits_memo_end(void)
{
	growth_memo.on = false;
	slot_table_clear(&growth_memo.slots);
}

/* The memo's answer for (callee, over, kind), computed by fn if new. */
static int64_t growth_memo_get(cgraph_node *callee, int over,
			       enum growth_memo_kind kind,
			       int64_t (*fn)(cgraph_node *, int))
{
	uint64_t key = growth_memo_key(callee, over, kind);
	struct growth_memo_slot *slot;
	int64_t value;

	if (!growth_memo.on)
		return fn(callee, over);
	slot = (struct growth_memo_slot *)slot_table_find(&growth_memo.slots,
							  key);
	if (slot)
		return slot->value;
	value = fn(callee, over);
	slot = (struct growth_memo_slot *)slot_table_get(&growth_memo.slots,
							 key);
	slot->value = value;
	return value;
}

static int64_t edge_all_callers_growth(cgraph_node *callee, int over)
{
	return growth_memo_get(callee, over, GROWTH_MEMO_ALL_CALLERS,
			       edge_all_callers_growth_1);
}

/*
 * Inlining would grow the program (the offline copy stays, or the calls
 * cost more than it): growth_positive_p(), or its counterfactual.
 */
static bool edge_grows(const struct edge_view *v, int growth, int over)
{
	if (growth >= edge_single(v->e->caller, false, false))
		return true;
	if (!over)
		return growth_positive_p(v->callee, v->e, growth);
	if (growth > 0 &&
	    !v->callee->will_be_removed_from_program_if_no_direct_calls_p())
		return true;
	return edge_all_callers_growth(v->callee, over) > 0;
}

/*
 * The growth chain of want_inline_small_function_p for a growth of g:
 * CIF_OK when it would want the edge.  The quick min_size bounds come
 * first.  over is what g and min_growth were lowered by (0: GCC's figures).
 */
static cgraph_inline_failed_t edge_want(const struct edge_view *v, int g,
					int min_growth, int over)
{
	cgraph_node *caller = v->e->caller;

	if (!v->declared_inline && (!v->count_known || !v->hot_min) &&
	    min_growth > edge_auto(caller, true, true))
		return CIF_MAX_INLINE_INSNS_AUTO_LIMIT;
	if ((v->declared_inline || v->count_nonzero) &&
	    min_growth > edge_single(caller, true, true))
		return v->declared_inline ? CIF_MAX_INLINE_INSNS_SINGLE_LIMIT
					  : CIF_MAX_INLINE_INSNS_AUTO_LIMIT;

	if (g <= opt_for_fn(v->to->decl, param_max_inline_insns_size))
		return CIF_OK;
	if (v->declared_inline) {
		/*
		 * Without hints, a growth between the bound and the bound
		 * scaled for hints is still inlined when big_speedup_p();
		 * it is taken as false (see the top of the file).
		 */
		if (g >= edge_single(caller, v->hint, v->hint2))
			return CIF_MAX_INLINE_INSNS_SINGLE_LIMIT;
	} else if (!opt_for_fn(caller->decl, flag_inline_functions) &&
		   g >= opt_for_fn(v->to->decl, param_max_inline_insns_small)) {
		return edge_grows(v, g, over) ? CIF_NOT_DECLARED_INLINED : CIF_OK;
	} else if (g >= edge_auto(caller, v->hint, v->hint2)) {
		return edge_grows(v, g, over) ? CIF_MAX_INLINE_INSNS_AUTO_LIMIT
					: CIF_OK;
	}
	if (!v->hot_growth && edge_grows(v, g, over))
		return CIF_UNLIKELY_CALL;
	return CIF_OK;
}

/* The largest self size on the way out of the inline tree, as
 * caller_growth_limits() takes it, grown by large-function-growth. */
static int edge_large_function_limit(cgraph_edge *e, cgraph_node *callee)
{
	cgraph_node *to = e->caller;
	int64_t limit = 0;

	for (;;) {
		ipa_size_summary *s = ipa_size_summaries->get(to);

		if (s && limit < s->self_size)
			limit = s->self_size;
		if (!to->inlined_to || !to->callers)
			break;
		to = to->callers->caller;
	}
	if (ipa_size_summary *s = ipa_size_summaries->get(callee))
		if (limit < s->self_size)
			limit = s->self_size;
	limit += limit * opt_for_fn(to->decl, param_large_function_growth) / 100;
	return limit > INT_MAX ? INT_MAX : (int)limit;
}

/* caller_growth_limits()'s size test for a caller of new size newsize. */
static bool edge_large_function_refuses(cgraph_edge *e, cgraph_node *callee,
					cgraph_node *to, int newsize,
					int callee_size)
{
	return newsize >= callee_size &&
	       newsize > opt_for_fn(to->decl, param_large_function_insns) &&
	       newsize > edge_large_function_limit(e, callee);
}

static void edge_view_fill(struct edge_view *v, cgraph_edge *e,
			   cgraph_node *callee)
{
	ipa_fn_summary *fs = ipa_fn_summaries->get(callee);
	ipa_call_summary *cs = ipa_call_summaries->get(e);
	ipa_hints hints;

	memset(v, 0, sizeof(*v));
	edge_estimates(e, callee, &v->growth, &hints);
	v->e = e;
	v->callee = callee;
	v->to = e->caller->inlined_to ? e->caller->inlined_to : e->caller;
	v->declared_inline = DECL_DECLARED_INLINE_P(callee->decl);
	v->hint = hints & (INLINE_HINT_indirect_call | INLINE_HINT_known_hot |
			   INLINE_HINT_loop_iterations |
			   INLINE_HINT_loop_stride);
	v->hint2 = hints & INLINE_HINT_builtin_constant_p;
	v->hot = e->maybe_hot_p();
	v->hot_min = compat_hot_for_min_size(e, fs);
	v->hot_growth = compat_hot_for_growth(e);
	v->count_known = e->count.ipa().initialized_p();
	v->count_nonzero = e->count.ipa().nonzero_p();
	v->min_growth = fs->min_size - cs->call_stmt_size;
}

static void edge_limit_set(struct edge_limit *l, const char *name, int param,
			   int value, const char *measure, int measured)
{
	l->name = name;
	l->param = param;
	l->value = value;
	l->measure = measure;
	l->measured = measured;
}

/* Name the bound that refused the edge, for the record. */
static void edge_limit_describe(const struct edge_view *v,
				cgraph_inline_failed_t why, int growth,
				struct edge_limit *l)
{
	cgraph_node *caller = v->e->caller;
	tree fn = caller->decl;
	bool quick_single = (v->declared_inline || v->count_nonzero) &&
			    v->min_growth > edge_single(caller, true, true);
	bool quick_auto = !v->declared_inline &&
			  (!v->count_known || !v->hot_min) &&
			  v->min_growth > edge_auto(caller, true, true);

	switch (why) {
	case CIF_MAX_INLINE_INSNS_SINGLE_LIMIT:
		if (quick_single)
			edge_limit_set(l, "max-inline-insns-single",
				       opt_for_fn(fn, param_max_inline_insns_single),
				       edge_single(caller, true, true),
				       "min-growth", v->min_growth);
		else
			edge_limit_set(l, "max-inline-insns-single",
				       opt_for_fn(fn, param_max_inline_insns_single),
				       edge_single(caller, v->hint, v->hint2),
				       "growth", growth);
		break;
	case CIF_MAX_INLINE_INSNS_AUTO_LIMIT:
		if (quick_auto || quick_single)
			edge_limit_set(l, "max-inline-insns-auto",
				       opt_for_fn(fn, param_max_inline_insns_auto),
				       quick_auto ? edge_auto(caller, true, true)
						  : edge_single(caller, true, true),
				       "min-growth", v->min_growth);
		else
			edge_limit_set(l, "max-inline-insns-auto",
				       opt_for_fn(fn, param_max_inline_insns_auto),
				       edge_auto(caller, v->hint, v->hint2),
				       "growth", growth);
		break;
	case CIF_NOT_DECLARED_INLINED:
		edge_limit_set(l, "max-inline-insns-small",
			       opt_for_fn(v->to->decl, param_max_inline_insns_small),
			       opt_for_fn(v->to->decl, param_max_inline_insns_small),
			       "growth", growth);
		break;
	default:	/* CIF_UNLIKELY_CALL: no growth at all, or a removable copy */
		edge_limit_set(l, "max-inline-insns-size",
			       opt_for_fn(v->to->decl, param_max_inline_insns_size),
			       opt_for_fn(v->to->decl, param_max_inline_insns_size),
			       "growth", growth);
		break;
	}
}

bool edge_limits_is_size_reason(cgraph_inline_failed_t why)
{
	switch (why) {
	case CIF_MAX_INLINE_INSNS_SINGLE_LIMIT:
	case CIF_MAX_INLINE_INSNS_AUTO_LIMIT:
	case CIF_NOT_DECLARED_INLINED:
	case CIF_UNLIKELY_CALL:
	case CIF_LARGE_FUNCTION_GROWTH_LIMIT:
	case CIF_INLINE_UNIT_GROWTH_LIMIT:
		return true;
	default:
		return false;
	}
}

/* The rule of want_inline_small_function_p, then caller_growth_limits. */
static cgraph_inline_failed_t edge_rule(struct edge_view *v, int growth,
					int over)
{
	cgraph_inline_failed_t why;
	int newsize;

	why = edge_want(v, growth - over, v->min_growth - over, over);
	if (why != CIF_OK)
		return why;
	newsize = edge_size_after(v) - over;
	if (edge_large_function_refuses(v->e, v->callee, v->to, newsize,
					ipa_size_summaries->get(v->callee)->size -
						over))
		return CIF_LARGE_FUNCTION_GROWTH_LIMIT;
	return CIF_OK;
}

static bool edge_has_summaries(cgraph_edge *e, cgraph_node *callee)
{
	return ipa_fn_summaries && ipa_size_summaries && ipa_call_summaries &&
	       ipa_fn_summaries->get(callee) && ipa_call_summaries->get(e) &&
	       ipa_size_summaries->get(callee) &&
	       !DECL_DISREGARD_INLINE_LIMITS(callee->decl);
}

static void edge_limit_large_function(struct edge_view *v,
				      struct edge_limit *l)
{
	edge_limit_set(l, "large-function-growth",
		       opt_for_fn(v->to->decl, param_large_function_growth),
		       edge_large_function_limit(v->e, v->callee), "size-after",
		       edge_size_after(v));
}

/*
 * The part of an over-count the edge's growth can hold.  GCC estimates
 * the callee in the call's context (estimate_edge_growth: what the known
 * arguments make dead, a __builtin_constant_p they fold, is left out),
 * while the over-count is summed over the whole body.  The callee inlined
 * with nothing known (the same ipa_call_context with every condition
 * possible) is at least as big; what the context drops may all have been
 * flagged asm, so only the over-count beyond it is sure to be in the
 * growth.  A lower bound: it can turn a verdict to "other", never to
 * "blocked-by-asm".
 */
static int64_t edge_free_size_1(cgraph_node *callee, int over)
{
	clause_t all = ~(clause_t)0 &
		       ~((clause_t)1 << ipa_predicate::false_condition);
	clause_t inlined = all &
			   ~((clause_t)1 << ipa_predicate::not_inlined_condition);
	ipa_auto_call_arg_values avals;
	ipa_call_estimates est;

	(void)over;
	ipa_call_context ctx(callee, inlined, all, vNULL, &avals);
	ctx.estimate_size_and_time(&est, false, false);
	return est.size;
}

/* growth: estimate_edge_growth(e), which the caller has asked already. */
static int edge_context_over(cgraph_edge *e, cgraph_node *callee, int over,
			     int growth)
{
	ipa_call_summary *cs = ipa_call_summaries->get(e);
	int dropped;

	if (over <= 0 || !cs || !ipa_fn_summaries->get(callee))
		return over;
	dropped = (int)growth_memo_get(callee, 0, GROWTH_MEMO_FREE_SIZE,
				       edge_free_size_1) -
		  (growth + cs->call_stmt_size);
	if (dropped <= 0)
		return over;
	return dropped >= over ? 0 : over - dropped;
}

/* Calls in n that are not cheap builtins (num_calls() in ipa-inline.cc). */
static int edge_num_calls(cgraph_node *n)
{
	int num = 0;

	for (cgraph_edge *c = n->callees; c; c = c->next_callee)
		num += !is_inexpensive_builtin(c->callee->decl);
	return num;
}

/*
 * Would the early inliner take the call with growth g and lower bound
 * min_growth (want_early_inline_function_p)?  It runs before the IPA
 * inliner, on bodies the IPA inliner then measures the same way, with
 * early-inlining-insns as its bound: a call it refused for an over-count
 * it may take in mode=apply, whatever the IPA inliner would have said.
 */
static bool edge_early_fits(const struct edge_view *v, int g, int min_growth)
{
	tree fn = v->e->caller->decl;
	int limit = opt_for_fn(fn, param_early_inlining_insns);
	int n;

	if (!v->declared_inline && !opt_for_fn(fn, flag_inline_small_functions))
		return false;
	if (min_growth > limit)
		return false;
	if (g <= opt_for_fn(fn, param_max_inline_insns_size))
		return true;
	if (!v->hot || g > limit)
		return false;
	n = edge_num_calls(v->callee);
	return !n || g * (n + 1) <= limit;
}

/*
 * Would early_inline_small_functions() look at e at all: it runs when the
 * caller is optimized with early inlining on and is not flatten (flattening
 * inlines everything it can anyway) — always_inline callers are looked at
 * from GCC 14 on (compat_early_inliner_looks); then a callee with an
 * inlinable summary, both bodies in SSA, a candidate by its declaration,
 * not recursive, and nothing but the early inliner's own rule against it
 * (inline_failed still CIF_FUNCTION_NOT_CONSIDERED: can_inline_edge_p and
 * can_inline_edge_by_limits_p write their reason there when they refuse).
 */
static bool edge_early_considered(cgraph_edge *e, cgraph_node *callee)
{
	ipa_fn_summary *s = ipa_fn_summaries->get(callee);
	tree fn = e->caller->decl;

	/*
	 * early_inliner(): only always_inline callees, or nothing, then; an
	 * always_inline caller as the GCC that runs decides.
	 */
	if (!opt_for_fn(fn, optimize) || opt_for_fn(fn, flag_no_inline) ||
	    !opt_for_fn(fn, flag_early_inlining) ||
	    lookup_attribute("flatten", DECL_ATTRIBUTES(fn)) ||
	    !compat_early_inliner_looks(e, callee))
		return false;
	return s && s->inlinable && ipa_call_summaries->get(e) &&
	       e->inline_failed == CIF_FUNCTION_NOT_CONSIDERED &&
	       !DECL_DISREGARD_INLINE_LIMITS(callee->decl) &&
	       (DECL_DECLARED_INLINE_P(callee->decl) ||
		opt_for_fn(fn, flag_inline_small_functions) ||
		opt_for_fn(fn, flag_inline_functions)) &&
	       gimple_has_body_p(callee->decl) &&
	       gimple_in_ssa_p(DECL_STRUCT_FUNCTION(callee->decl)) &&
	       gimple_in_ssa_p(DECL_STRUCT_FUNCTION(fn)) && !e->recursive_p();
}

bool edge_limits_early(cgraph_edge *e, const struct edge_asm_sum *sum)
{
	cgraph_node *callee = e->callee->ultimate_alias_target();
	int over = (int)sum->overcount;
	struct edge_view v;

	if (!ipa_fn_summaries || !ipa_call_summaries ||
	    !edge_early_considered(e, callee))
		return false;
	/* What want_early_inline_function_p reads, as it read it. */
	memset(&v, 0, sizeof(v));
	v.e = e;
	v.callee = callee;
	v.to = e->caller;
	v.declared_inline = DECL_DECLARED_INLINE_P(callee->decl);
	v.hot = e->maybe_hot_p();
	v.growth = estimate_edge_growth(e);
	over = edge_context_over(e, callee, over, v.growth);
	return edge_early_fits(&v, v.growth - over,
			       estimate_min_edge_growth(e) - over);
}

void edge_limits_before(cgraph_edge *e, const struct edge_asm_sum *sum,
			struct edge_before *out)
{
	cgraph_node *callee = e->callee->ultimate_alias_target();
	struct edge_view v;
	int over;

	memset(out, 0, sizeof(*out));
	if (!edge_has_summaries(e, callee))
		return;
	edge_view_fill(&v, e, callee);
	out->valid = true;
	out->sum = sum;
	out->growth = v.growth;
	out->callee_size = ipa_size_summaries->get(callee)->size;
	out->refuses = edge_rule(&v, out->growth, 0);
	over = edge_context_over(e, callee, (int)sum->overcount, v.growth);
	out->fits = edge_rule(&v, out->growth, over) == CIF_OK;
	out->early_fits = edge_early_fits(&v, out->growth - over,
					  v.min_growth - over);
	if (out->refuses == CIF_LARGE_FUNCTION_GROWTH_LIMIT)
		edge_limit_large_function(&v, &out->limit);
	else if (out->refuses != CIF_OK)
		edge_limit_describe(&v, out->refuses, out->growth, &out->limit);
}

/*
 * After the small-function pass, ipa_inline() inlines a function into all
 * its callers when that does not grow the unit
 * (want_inline_function_to_all_callers_p: estimate_growth() <= 0, every
 * call inlinable, none too deep in loops, no caller above
 * inline-functions-called-once-insns).  Would it, without the over-count?
 */
static bool edge_all_callers_fit(cgraph_node *callee, int over)
{
	for (cgraph_edge *c = callee->callers; c; c = c->next_caller) {
		ipa_call_summary *cs = ipa_call_summaries->get(c);
		cgraph_node *to = c->caller->inlined_to ? c->caller->inlined_to
							: c->caller;

		if (!cs || !edge_limits_is_size_reason(c->inline_failed) ||
		    !opt_for_fn(c->caller->decl,
				flag_inline_functions_called_once) ||
		    (int)cs->loop_depth >
			    param_inline_functions_called_once_loop_depth ||
		    estimate_size_after_inlining(to, c) - over >
			    param_inline_functions_called_once_insns)
			return false;
	}
	return callee->callers && edge_all_callers_growth(callee, over) <= 0;
}

/*
 * Refused at the inliner's first look, and the callee has not changed
 * since: the figures of that look, and its verdict.  When the IPA inliner
 * put calls into the callee, GCC judged its callers again on the bigger
 * body (update_caller_keys): the figures now are the ones that count.
 */
static bool edge_judge_at_start(const struct edge_before *before,
				cgraph_inline_failed_t why, cgraph_node *callee)
{
	return before && before->valid && before->refuses == why &&
	       before->callee_size == ipa_size_summaries->get(callee)->size;
}

/* The record's figures from the first look; true when it fits without. */
static bool edge_judge_start(const struct edge_before *before,
			     struct edge_record *rec)
{
	const struct edge_asm_sum *sum = before->sum;

	rec->measured_at = "start";
	rec->reproduced = true;
	rec->growth = before->growth;
	rec->callee_size = before->callee_size;
	rec->limit = before->limit;
	rec->overcount = sum->overcount;
	rec->nasm = sum->nasm;
	rec->nfingerprints = sum->nfingerprints;
	rec->fingerprints_dropped = sum->fingerprints_dropped;
	memcpy(rec->fingerprints, sum->fingerprints,
	       sum->nfingerprints * sizeof(rec->fingerprints[0]));
	return before->fits;
}

/* The record's figures now, GCC's estimates asked again; true when it fits. */
static bool edge_judge_end(cgraph_edge *e, cgraph_node *callee,
			   cgraph_inline_failed_t why, struct edge_record *rec)
{
	struct edge_view v;
	int over;

	edge_view_fill(&v, e, callee);
	rec->growth = v.growth;
	over = edge_context_over(e, callee, (int)rec->overcount, v.growth);
	rec->measured_at = "end";
	if (why == CIF_INLINE_UNIT_GROWTH_LIMIT) {
		/*
		 * The unit's size at the decision is private to
		 * inline_small_functions(): the test cannot be re-run.  Only
		 * an edge that would not grow the unit at all without the
		 * over-count is put down to the asm.
		 */
		edge_limit_set(&rec->limit, "inline-unit-growth",
			       opt_for_fn(v.to->decl, param_inline_unit_growth),
			       opt_for_fn(v.to->decl, param_max_inline_insns_size),
			       "growth", rec->growth);
		rec->reproduced = false;
		return rec->growth - over <=
		       opt_for_fn(v.to->decl, param_max_inline_insns_size);
	}
	/* Decided later (after other inlining): the figures now. */
	if (why == CIF_LARGE_FUNCTION_GROWTH_LIMIT)
		edge_limit_large_function(&v, &rec->limit);
	else
		edge_limit_describe(&v, why, rec->growth, &rec->limit);
	rec->reproduced = edge_rule(&v, rec->growth, 0) == why;
	return rec->reproduced && edge_rule(&v, rec->growth, over) == CIF_OK;
}

bool edge_limits_judge(cgraph_edge *e, const struct edge_before *before,
		       const struct edge_early_look *early, int rerun,
		       struct edge_record *rec)
{
	cgraph_node *callee = e->callee->ultimate_alias_target();
	cgraph_inline_failed_t why = e->inline_failed;
	bool fits;

	if (!edge_limits_is_size_reason(why) || !edge_has_summaries(e, callee))
		return false;
	rec->verdict = EDGE_VERDICT_OTHER;
	rec->via = "limit";
	if (edge_judge_at_start(before, why, callee))
		fits = edge_judge_start(before, rec);
	else
		fits = edge_judge_end(e, callee, why, rec);
	/*
	 * GCC's IPA inliner, re-run on the unit without the over-count
	 * (edge-rerun.cc), took its decisions in its own order: its answer
	 * replaces the rule's, which sees one call at a time.  "limit" stays
	 * the explanation where the two agree.
	 */
	rec->rerun = rerun;
	if (rerun >= 0) {
		if (rerun && !fits)
			rec->via = "rerun";
		fits = rerun;
	}
	/*
	 * The early inliner's own look, when it had one, with the profile
	 * it had (the IPA profile can call the same edge cold); else the
	 * first IPA look re-run with its rule.
	 */
	if (!fits && (early ? early->fits
			    : before && before->valid && before->early_fits)) {
		fits = true;
		rec->via = "early";
	}
	/*
	 * The all-callers path works on the figures after inlining; the
	 * re-run has taken it already where there is one.
	 */
	if (!fits && rerun < 0 &&
	    edge_all_callers_fit(callee, (int)rec->overcount_after)) {
		fits = true;
		rec->via = "all-callers";
	}
	if (fits)
		rec->verdict = EDGE_VERDICT_BLOCKED_BY_ASM;
	return true;
}
