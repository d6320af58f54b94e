// SPDX-License-Identifier: GPL-2.0
/*
 * edges.cc — when and where the plugin looks at the inliner's refusals.
 *
 * When: right after "einline" ran for each function (edges_early_look);
 * at the first regular IPA pass that can read the summaries, where the
 * re-run is forked (edge-rerun.cc; in the child only "inline" counts
 * then); and twice around "inline": at passes of the plugin's own, put in
 * GCC's pass lists there (edges_register).  Just before it runs,
 * every edge is as the inliner will first see it: its figures are kept
 * by edge uid (edge_limits_before), and an edge duplication hook hands
 * them to the copies inlining makes.  Then the IPA inliner (ipa_inline())
 * has made every decision when the next IPA pass starts, and its summaries
 * (ipa_fn_summaries, ipa_size_summaries, ipa_call_summaries, the ipa-prop
 * jump functions that give estimate_edge_growth() its context) live until
 * "free-fnsummary" runs, a few passes later: the pass right after
 * "inline" is the moment.  Not PLUGIN_ALL_IPA_PASSES_END: the summaries
 * are gone by then.  Bodies
 * are not changed yet (inline_transform applies the decisions later, one
 * function at a time), so the GIMPLE of every callee is still the one the
 * inliner measured.
 *
 * Where (second look): every call edge of every function, inline copies
 * included (FOR_EACH_FUNCTION visits inline clones; their refused calls
 * are real calls in the caller they were copied into), whose
 * e->inline_failed is a size limit (edge-limits.cc), whose callee holds
 * over-counted asm (edge-asm.cc).
 *
 * With -flto the IPA inliner runs at link time (lto1), where the asm pass
 * has not run: no edge record is written then (the compile step does not
 * execute "inline" at all; in lto1 the walk is skipped).
 */
#include "edges.h"
#include "edge-state.h"
#include "edge-asm.h"
#include "edge-limits.h"
#include "edge-rerun.h"
#include "edge-rerun-proc.h"
#include "edge-rerun-switch.h"
#include "asm-record.h"
#include "embed.h"
#include "plugin-state.h"

void edges_note_asm(struct asminline_plugin *pl, const struct asm_record *rec)
{
	if (!pl->edges)
		return;
	edge_asm_note(pl->edges, rec->tpl, rec->tpl_hash, rec->fingerprint,
		      rec->tpl_res.est_insns,
		      rec->asm_inline ? 0 : rec->gcc_count);
	pl->edges->nflagged_seen += rec->flagged;
}

/*
 * The C name of a function.  A clone made by IPA-CP, IPA-SRA or function
 * splitting has a DECL_NAME of its own ("dup_mm.constprop.isra",
 * "set_rq_online.part.0"); a C identifier has no '.', so the name up to
 * the first '.' is the function of the source.
 */
static const char *edges_decl_name(tree decl)
{
	const char *name = NULL;
	const char *dot;

	if (decl && DECL_NAME(decl))
		name = lang_hooks.decl_printable_name(decl, 0);
	if (!name)
		return "<anonymous>";
	dot = strchr(name, '.');
	if (!dot || dot == name)
		return name;
	return IDENTIFIER_POINTER(get_identifier_with_length(name, dot - name));
}

/* The call as DWARF sees it: the macro expansion point. */
static void edges_locate(struct asminline_plugin *pl, struct edge_record *rec,
			 cgraph_edge *e)
{
	expanded_location xp;

	rec->file = "";
	if (!e->call_stmt)
		return;
	xp = expand_location(linemap_resolve_location(
		line_table, gimple_location(e->call_stmt),
		LRK_MACRO_EXPANSION_POINT, NULL));
	rec->file = srcpath_rel(&pl->paths, xp.file);
	rec->line = (unsigned)xp.line;
	rec->column = (unsigned)xp.column;
}

static void edges_trace(const struct edge_record *rec)
{
	fprintf(stderr,
		"asminline: %s:%u: %s -> %s: %s; %s %d, overcount %u, limit %s %d: %s\n",
		rec->file, rec->line, rec->caller, rec->callee, rec->reason,
		rec->limit.measure, rec->limit.measured, rec->overcount,
		rec->limit.name, rec->limit.value,
		edge_verdict_name(rec->verdict));
}

/* The first look of an edge uid, made (empty) if it has none. */
static struct edge_before *edges_before_slot(struct edges_state *st, int uid)
{
	return &((struct edge_before_slot *)slot_table_get(
			 &st->before, (uint64_t)(unsigned)uid + 1))->b;
}

static const struct edge_before *edges_before_get(struct edges_state *st,
						  cgraph_edge *e)
{
	const struct edge_before_slot *slot = (const struct edge_before_slot *)
		slot_table_find(&st->before, (uint64_t)(unsigned)e->get_uid() + 1);

	return slot && slot->b.valid ? &slot->b : NULL;
}

/*
 * Inlining a caller copies its call edges (new uids): the copy inherits
 * the first look of the edge it was made from.
 */
static void edges_duplicated(cgraph_edge *src, cgraph_edge *dst, void *data)
{
	struct edges_state *st = (struct edges_state *)data;
	const struct edge_before *b = edges_before_get(st, src);

	if (b) {
		struct edge_before copy = *b;

		*edges_before_slot(st, dst->get_uid()) = copy;
	}
}

/* The callee of e when e is worth a look: a definition with summaries. */
static cgraph_node *edges_callee(cgraph_edge *e)
{
	cgraph_node *callee;

	if (!e->inline_failed || !e->callee)
		return NULL;
	callee = e->callee->ultimate_alias_target();
	if (!callee->definition || !ipa_call_summaries->get(e) ||
	    !ipa_size_summaries->get(callee) || !ipa_fn_summaries->get(callee))
		return NULL;
	return callee;
}

static int edges_early_cmp(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct edge_early_look *)a)->stmt;
	uintptr_t y = (uintptr_t)((const struct edge_early_look *)b)->stmt;

	return x < y ? -1 : x > y;
}

/*
 * "einline" has just run for fn (this is the next pass executed for it,
 * before "early_optimizations" drops the callee edges): the calls it left
 * are its refusals.  Judge each whose callee holds over-counted asm.
 */
static void edges_early_look(struct asminline_plugin *pl,
			     struct edges_state *st, tree fn)
{
	cgraph_node *node = cgraph_node::get(fn);

	/*
	 * No statement of the unit is flagged (the asm pass has seen them all:
	 * every function is lowered before the first einline, and later
	 * copies share the templates): no callee holds over-counted asm.
	 */
	if (!st->nflagged_seen || !node || !ipa_fn_summaries ||
	    !ipa_call_summaries)
		return;
	for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
		cgraph_node *callee;
		const struct edge_asm_sum *sum;
		struct edge_early_look *l;

		if (!e->inline_failed || !e->call_stmt || !e->callee)
			continue;
		callee = e->callee->ultimate_alias_target();
		if (!callee->definition || !gimple_has_body_p(callee->decl))
			continue;
		sum = edge_asm_callee(pl, st, &st->early_asm, callee);
		if (!sum->overcount)
			continue;
		if (st->nearly == st->capearly) {
			st->capearly = st->capearly ? st->capearly * 2 : 256;
			st->early = (struct edge_early_look *)xrealloc(
				st->early, st->capearly * sizeof(*st->early));
		}
		l = &st->early[st->nearly++];
		l->stmt = e->call_stmt;
		l->caller = fn;
		l->callee = callee->decl;
		l->fits = edge_limits_early(e, sum);
		st->early_sorted = false;
		if (pl->opts.verbose)
			fprintf(stderr,
				"asminline: einline left %s -> %s (%s): overcount %u, taken without it: %s\n",
				edges_decl_name(fn), edges_decl_name(callee->decl),
				cgraph_inline_failed_string(e->inline_failed),
				sum->overcount, l->fits ? "yes" : "no");
	}
}

/*
 * The early inliner's look at e's call, if it had one.  The statement
 * finds it; its function and callee make sure the memory of a statement
 * deleted since was not reused for another call.
 */
static const struct edge_early_look *edges_early_get(struct edges_state *st,
						     cgraph_edge *e)
{
	struct edge_early_look key, *hit;
	cgraph_node *to = e->caller;

	if (!st->nearly || !e->call_stmt)
		return NULL;
	if (!st->early_sorted) {
		qsort(st->early, st->nearly, sizeof(*st->early),
		      edges_early_cmp);
		st->early_sorted = true;
	}
	key.stmt = e->call_stmt;
	hit = (struct edge_early_look *)bsearch(&key, st->early, st->nearly,
						sizeof(*st->early),
						edges_early_cmp);
	/* An inline clone shares its origin's decl; a virtual one has its own. */
	while (to->clone_of)
		to = to->clone_of;
	if (!hit || hit->caller != to->decl ||
	    hit->callee != e->callee->ultimate_alias_target()->decl)
		return NULL;
	return hit;
}

/*
 * Could "inline" refuse a call whose callee then holds over-counted asm
 * (the only calls judged, edges_wanted())?  Only if a call reaches a body
 * that holds some already: a callee gains asm by inlining what it calls,
 * so a path to such a body ends in a direct call to it, or in an indirect
 * call that IPA may turn into one to a function whose address is taken.
 * No such call: nothing can be judged, and the re-run need not fork (the
 * fork itself, and the copy-on-write faults of every page the compile
 * writes after it, cost a unit more than the re-run's instructions).
 * The bodies' sums go into before_asm, which edges_first_look() reads
 * again: nothing changes a body before "inline".
 */
static bool edges_may_judge(struct asminline_plugin *pl, struct edges_state *st)
{
	bool indirect = false, taken = false;
	cgraph_node *node;

	st->before_asm.with_ipa_inlines = false;
	FOR_EACH_FUNCTION(node) {
		if (node->alias || node->thunk)
			continue;
		indirect |= node->indirect_calls != NULL;
		for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
			cgraph_node *callee;

			if (!e->callee)
				continue;
			callee = e->callee->ultimate_alias_target();
			if (callee->definition &&
			    edge_asm_callee(pl, st, &st->before_asm, callee)->overcount)
				return true;
		}
	}
	if (!indirect)
		return false;
	FOR_EACH_DEFINED_FUNCTION(node) {
		if (node->alias || node->thunk || !node->address_taken)
			continue;
		taken = edge_asm_callee(pl, st, &st->before_asm, node)->overcount;
		if (taken)
			return true;
	}
	return false;
}

/* "inline" is about to run: every edge as the IPA inliner will first see it. */
static void edges_first_look(struct asminline_plugin *pl,
			     struct edges_state *st)
{
	cgraph_node *node;

	if (!st->nflagged_seen)
		return;		/* no callee holds over-counted asm */
	st->before_asm.with_ipa_inlines = false;
	edge_limits_memo_begin();
	FOR_EACH_FUNCTION(node) {
		if (node->alias || node->thunk)
			continue;
		for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
			cgraph_node *callee = edges_callee(e);
			const struct edge_asm_sum *sum;

			if (!callee)
				continue;
			sum = edge_asm_callee(pl, st, &st->before_asm, callee);
			if (sum->overcount)
				edge_limits_before(
					e, sum, edges_before_slot(st, e->get_uid()));
		}
	}
	edge_limits_memo_end();
	st->dup_hook = symtab->add_edge_duplication_hook(edges_duplicated, st);
}

/* A call refused for size whose callee holds over-counted asm: a record. */
static bool edges_wanted(struct asminline_plugin *pl, struct edges_state *st,
			 cgraph_edge *e, cgraph_node *callee)
{
	const struct edge_before *before = edges_before_get(st, e);
	const struct edge_asm_sum *sum;

	if (!edge_limits_is_size_reason(e->inline_failed))
		return false;
	st->nrefused++;
	if (!st->nflagged_seen)
		return false;
	sum = edge_asm_callee(pl, st, &st->after_asm, callee);
	return sum->overcount || (before && before->sum->overcount);
}

static void edges_one(struct asminline_plugin *pl, struct edges_state *st,
		      cgraph_edge *e, cgraph_node *callee)
{
	const struct edge_before *before = edges_before_get(st, e);
	const struct edge_early_look *early = edges_early_get(st, e);
	const struct edge_asm_sum *sum =
		edge_asm_callee(pl, st, &st->after_asm, callee);
	struct edge_record rec;
	bool embed;

	memset(&rec, 0, sizeof(rec));
	rec.tu = pl->tu;
	rec.srctree = pl->paths.root ? pl->paths.root : "";
	rec.caller = edges_decl_name(e->caller->decl);
	rec.inlined_into = e->caller->inlined_to
				   ? edges_decl_name(e->caller->inlined_to->decl)
				   : "";
	rec.callee = edges_decl_name(callee->decl);
	rec.callee_symbol = callee->asm_name();
	edges_locate(pl, &rec, e);
	rec.reason = cgraph_inline_failed_string(e->inline_failed);
	rec.callee_size = ipa_size_summaries->get(callee)->size;
	rec.overcount = rec.overcount_after = sum->overcount;
	rec.nasm = sum->nasm;
	rec.unit_rerun = edge_rerun_outcome_name(st->rerun.outcome);
	rec.nfingerprints = sum->nfingerprints;
	rec.fingerprints_dropped = sum->fingerprints_dropped;
	memcpy(rec.fingerprints, sum->fingerprints,
	       sum->nfingerprints * sizeof(rec.fingerprints[0]));
	if (!edge_limits_judge(e, before, early, edge_rerun_lookup(st, e),
			       &rec) ||
	    !rec.overcount)
		return;

	st->nrecords++;
	st->nblocked += rec.verdict == EDGE_VERDICT_BLOCKED_BY_ASM;
	if (pl->opts.verbose)
		edges_trace(&rec);
	/*
	 * The findings CI and asmscan's ranking of sites need, in .comment;
	 * where the re-run failed, every call the rule judged in its stead,
	 * so that asmscan check knows which calls it cannot compare.
	 */
	embed = pl->opts.embed && (rec.verdict == EDGE_VERDICT_BLOCKED_BY_ASM ||
				   edge_rerun_unanswered(st));
	if (!embed && pl->report.fd < 0)
		return;
	/* One JSON object: the embedded string, and the report's line. */
	json_buf_reset(&pl->line);
	edge_record_render_object(&rec, &pl->line);
	if (embed)
		embed_unit_add_edge(pl->embed, pl->line.data, pl->line.len);
	if (pl->report.fd >= 0) {
		json_buf_raw(&pl->line, "\n", 1);
		report_add(&pl->report, pl->line.data, pl->line.len);
	}
}

/*
 * "inline" has run: every call it refused, in every body and copy.  The
 * calls a record is written for are gathered first: only if there is one
 * does the inliner's re-run (edge-rerun.cc) go to work.
 */
static void edges_walk(struct asminline_plugin *pl, struct edges_state *st)
{
	vec<cgraph_edge *> wanted = vNULL;
	cgraph_node *node;
	cgraph_edge *e;
	unsigned i;

	st->after_asm.with_ipa_inlines = true;
	FOR_EACH_FUNCTION(node) {
		if (node->alias || node->thunk)
			continue;
		for (e = node->callees; e; e = e->next_callee) {
			cgraph_node *callee = edges_callee(e);

			if (callee && edges_wanted(pl, st, e, callee))
				wanted.safe_push(e);
		}
	}
	edge_rerun_collect(pl, st, !wanted.is_empty());
	/* Nothing changes a summary while the calls are judged. */
	edge_limits_memo_begin();
	FOR_EACH_VEC_ELT(wanted, i, e)
		edges_one(pl, st, e, edges_callee(e));
	edge_limits_memo_end();
	wanted.release();
}

static bool edges_summaries_live(void)
{
	return !in_lto_p && ipa_fn_summaries && ipa_size_summaries &&
	       ipa_call_summaries;
}

static void edges_stop_hook(struct edges_state *st)
{
	if (st->dup_hook)
		symtab->remove_edge_duplication_hook(st->dup_hook);
	st->dup_hook = NULL;
}

/*
 * Fork the inliner's re-run where it is wanted and a call can be judged
 * at all (tests/plugin/rerun-nofork.sh compares with the fork, which a
 * switch of the tests' copy of the plugin forces).
 */
static void edges_start_rerun(struct asminline_plugin *pl,
			      struct edges_state *st)
{
	if (!edge_rerun_wanted(pl, st))
		return;
	if (!edges_may_judge(pl, st) &&
	    !edge_rerun_switch(EDGE_RERUN_SWITCH_ALWAYS_FORK)) {
		if (pl->opts.verbose)
			fprintf(stderr, "asminline: no call reaches flagged asm: the inliner's re-run was not started\n");
		return;
	}
	edge_rerun_start(pl, st);
}

/*
 * The moments, each a pass of the plugin's own put in GCC's pass lists
 * (edges_register): the early look right after "einline" ran for a
 * function; the fork at the first regular IPA pass that can read a
 * summary; the inliner's first look just before "inline", and its
 * refusals just after it.  What the child does at the last two is its
 * own (edge-rerun.cc): it stops after "inline".
 */
enum edges_point {
	EDGES_AFTER_EINLINE,	/* GIMPLE: after "einline", one function */
	EDGES_FORK_FIRST,	/* before the first regular IPA pass */
	EDGES_FORK,		/* after "icf" */
	EDGES_BEFORE_INLINE,
	EDGES_AFTER_INLINE,
};

/* The summaries are computed, nothing that reads them has run: fork. */
static void edges_fork(struct asminline_plugin *pl, struct edges_state *st)
{
	st->rerun_tried = true;
	if (optimize && edges_summaries_live())
		edges_start_rerun(pl, st);
}

static void edges_at(struct asminline_plugin *pl, enum edges_point point,
		     opt_pass *pass)
{
	struct edges_state *st = pl->edges;

	if (st->done)
		return;
	if (st->rerun.state == EDGE_RERUN_CHILD) {
		if (point == EDGES_BEFORE_INLINE) {
			st->inline_started = true;
			edge_rerun_early(st);
		} else if (point == EDGES_AFTER_INLINE && st->inline_started) {
			edge_rerun_child_answer(st);	/* does not return */
		}
		return;
	}
	switch (point) {
	case EDGES_AFTER_EINLINE:
		if (!st->inline_started && current_function_decl)
			edges_early_look(pl, st, current_function_decl);
		break;
	case EDGES_FORK_FIRST:
	case EDGES_FORK:
		if (st->rerun_tried ||
		    (point == EDGES_FORK_FIRST && !edge_rerun_fork_first()))
			break;
		edges_fork(pl, st);
		/* The child: on to "inline" itself, if it can. */
		if (st->rerun.state == EDGE_RERUN_CHILD)
			edge_rerun_child_run(st, pass, st->before_inline,
					     st->after_inline);
		break;
	case EDGES_BEFORE_INLINE:
		if (st->inline_started)
			break;
		st->inline_started = true;
		if (edges_summaries_live())
			edges_first_look(pl, st);
		break;
	case EDGES_AFTER_INLINE:
		if (!st->inline_started)
			break;
		st->done = true;
		edges_stop_hook(st);
		if (edges_summaries_live())
			edges_walk(pl, st);
		break;
	}
}

/*
 * Each pass does its work in its gate and says no.  A pass that runs
 * costs more than its own work: around each IPA pass the pass manager
 * walks every function body three times (execute_todo() and the property
 * updates, a push_cfun() each), about 0.5 M instructions on
 * kernel/fork.c.  execute_one_pass() sets current_pass before it asks
 * the gate; dump_passes() (-fdump-passes), the IPA summary and LTO
 * streaming steps ask IPA gates too, with current_pass not set to the
 * pass: no moment to look.  A name starting with '*' has no dump file.
 */
static const pass_data edges_gimple_pass_data = {
	GIMPLE_PASS, "*asminline_einline", OPTGROUP_NONE, TV_NONE,
	0, 0, 0, 0, 0,
};

/*
 * IPA_PASSes, not SIMPLE_IPA_PASSes: a pass is put only beside a pass of
 * its own type (position_pass()), and the regular IPA passes are
 * IPA_PASSes.  They have no summary to generate, stream or apply.  One
 * name each, for -fdump-passes.
 */
#define EDGES_IPA_PASS_DATA(name)                                            \
	{ IPA_PASS, name, OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0 }

static const pass_data edges_ipa_pass_data[] = {	/* by edges_point */
	EDGES_IPA_PASS_DATA(NULL),	/* EDGES_AFTER_EINLINE: GIMPLE */
	EDGES_IPA_PASS_DATA("*asminline_fork_first"),
	EDGES_IPA_PASS_DATA("*asminline_fork"),
	EDGES_IPA_PASS_DATA("*asminline_inline_before"),
	EDGES_IPA_PASS_DATA("*asminline_inline_after"),
};

namespace {

class edges_gimple_pass : public gimple_opt_pass {
public:
	edges_gimple_pass(gcc::context *ctxt, struct asminline_plugin *pl)
		: gimple_opt_pass(edges_gimple_pass_data, ctxt), pl_(pl)
	{
	}

	bool gate(function *fun) final override
	{
		if (current_pass == this && fun)
			edges_at(pl_, EDGES_AFTER_EINLINE, this);
		return false;
	}

private:
	struct asminline_plugin *pl_;
};

class edges_ipa_pass : public ipa_opt_pass_d {
public:
	edges_ipa_pass(gcc::context *ctxt, struct asminline_plugin *pl,
		       enum edges_point point)
		: ipa_opt_pass_d(edges_ipa_pass_data[point], ctxt, NULL, NULL,
				 NULL, NULL, NULL, NULL, 0, NULL, NULL),
		  pl_(pl), point_(point)
	{
	}

	bool gate(function *fun) final override
	{
		if (current_pass == this && !fun)
			edges_at(pl_, point_, this);
		return false;
	}

private:
	struct asminline_plugin *pl_;
	enum edges_point point_;
};

} /* namespace */

static void edges_insert(const char *plugin_name, opt_pass *pass,
			 const char *ref, enum pass_positioning_ops where)
{
	struct register_pass_info info;

	info.pass = pass;
	info.reference_pass_name = ref;
	info.ref_pass_instance_number = 1;
	info.pos_op = where;
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

void edges_register(struct asminline_plugin *pl, const char *plugin_name)
{
	const struct slot_table before = SLOT_TABLE_INIT(struct edge_before_slot);

	pl->edges = XCNEW(struct edges_state);
	pl->edges->plugin_name = plugin_name;
	pl->edges->before = before;
	edge_asm_init(pl->edges);
	edge_rerun_init(pl->edges);
	edges_insert(plugin_name, new edges_gimple_pass(g, pl), "einline",
		     PASS_POS_INSERT_AFTER);
	edges_insert(plugin_name, new edges_ipa_pass(g, pl, EDGES_FORK_FIRST),
		     "analyzer", PASS_POS_INSERT_BEFORE);
	edges_insert(plugin_name, new edges_ipa_pass(g, pl, EDGES_FORK), "icf",
		     PASS_POS_INSERT_AFTER);
	pl->edges->before_inline = new edges_ipa_pass(g, pl, EDGES_BEFORE_INLINE);
	pl->edges->after_inline = new edges_ipa_pass(g, pl, EDGES_AFTER_INLINE);
	edges_insert(plugin_name, pl->edges->before_inline, "inline",
		     PASS_POS_INSERT_BEFORE);
	edges_insert(plugin_name, pl->edges->after_inline, "inline",
		     PASS_POS_INSERT_AFTER);
}

const char *edges_unit_rerun(const struct edges_state *st, const char **why)
{
	*why = NULL;
	if (!st)
		return edge_rerun_outcome_name(EDGE_RERUN_OFF);
	if (edge_rerun_unanswered(st))
		*why = st->rerun.why;
	return edge_rerun_outcome_name(st->rerun.outcome);
}

void edges_finish(struct asminline_plugin *pl)
{
	struct edges_state *st = pl->edges;

	if (!st)
		return;
	if (pl->opts.verbose) {
		if (st->done)
			fprintf(stderr,
				"asminline: %s: %lu calls refused for size, %lu edge records, %lu blocked-by-asm\n",
				main_input_filename ? main_input_filename
						    : "<stdin>",
				st->nrefused, st->nrecords, st->nblocked);
		else
			fprintf(stderr,
				"asminline: %s: the IPA inliner did not run in this compilation (-flto?): no edge records\n",
				main_input_filename ? main_input_filename
						    : "<stdin>");
	}
	edges_stop_hook(st);
	edge_rerun_free(st);
	edge_asm_free(st);
	slot_table_clear(&st->before);
	free(st->early);
	free(st);
	pl->edges = NULL;
}
