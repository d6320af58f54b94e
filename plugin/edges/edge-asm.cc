// SPDX-License-Identifier: GPL-2.0
/*
 * edge-asm.cc — which over-counted asm a callee body holds when the IPA
 * inliner decides about a call to it.
 *
 * The asm pass sees every statement once, right after "cfg", in the
 * function whose source holds it.  By the time the IPA inliner runs, the
 * early inliner has copied bodies into other bodies, and the IPA inliner
 * has decided (not yet applied: inline_transform comes later) to inline
 * more.  So the asm a callee "holds" for the inliner is:
 *   - every GIMPLE_ASM of its GIMPLE body as it is at IPA time (its own
 *     statements and the copies the early inliner made): what the
 *     inliner's first look measures (cache before_asm), and
 *   - once the IPA inliner has decided (cache after_asm), recursively the
 *     bodies of the nodes it inlined into it (edges of its cgraph node
 *     with inline_failed == CIF_OK; an inline clone shares the decl, hence
 *     the GIMPLE body, of its origin).
 * A virtual clone (IPA-CP's .constprop) has no body yet: its origin's body
 * (clone_of) stands for it.
 *
 * A statement copied by an inliner keeps the template pointer of the
 * statement the front end built (gimple_copy copies gasm::string), so the
 * pointer finds what the asm pass computed: the fingerprint (function of
 * origin, ordinal) and est_insns.  Each template is also hashed, so that a
 * pointer reused by the allocator for another template can never answer.
 * A statement that is "asm inline" by now (mode=apply marks the flagged
 * ones) costs 1 and is over-counted no more.  Otherwise its gcc_count
 * (estimate_num_insns with the size weights: the template's count, capped
 * at 1000) is the asm pass's, or GCC's again where the asm pass saw the
 * template only as "asm inline".
 */
#include "edge-asm.h"
#include "plugin-state.h"

void edge_asm_note(struct edges_state *st, const char *tpl, uint64_t tpl_hash,
		   uint64_t fingerprint, unsigned est_insns,
		   unsigned gcc_count)
{
	struct edge_asm_seen *s;

	if (st->nseen == st->capseen) {
		st->capseen = st->capseen ? st->capseen * 2 : 256;
		st->seen = (struct edge_asm_seen *)xrealloc(
			st->seen, st->capseen * sizeof(*st->seen));
	}
	s = &st->seen[st->nseen++];
	s->tpl = tpl;
	s->tpl_hash = tpl_hash;
	s->fingerprint = fingerprint;
	s->est_insns = est_insns;
	s->gcc_count = gcc_count;
	st->seen_sorted = false;
}

static int edge_asm_seen_cmp(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct edge_asm_seen *)a)->tpl;
	uintptr_t y = (uintptr_t)((const struct edge_asm_seen *)b)->tpl;

	return x < y ? -1 : x > y;
}

static const struct edge_asm_seen *edge_asm_lookup(struct edges_state *st,
						   const char *tpl, size_t len)
{
	struct edge_asm_seen key, *hit;

	if (!st->seen_sorted) {
		if (st->nseen)
			qsort(st->seen, st->nseen, sizeof(*st->seen),
			      edge_asm_seen_cmp);
		st->seen_sorted = true;
	}
	if (!st->nseen)
		return NULL;
	key.tpl = tpl;
	hit = (struct edge_asm_seen *)bsearch(&key, st->seen, st->nseen,
					      sizeof(*st->seen),
					      edge_asm_seen_cmp);
	if (hit && hit->tpl_hash != fingerprint_template_hash(tpl, len))
		return NULL;
	return hit;
}

static void edge_asm_add_fingerprint(struct edge_asm_sum *sum, uint64_t fp)
{
	for (unsigned i = 0; i < sum->nfingerprints; i++)
		if (sum->fingerprints[i] == fp)
			return;
	if (sum->nfingerprints < EDGE_RECORD_MAX_FINGERPRINTS)
		sum->fingerprints[sum->nfingerprints++] = fp;
	else
		sum->fingerprints_dropped++;
}

/* est_insns of a statement the asm pass did not see (should not happen). */
static bool edge_asm_model(struct asminline_plugin *pl, gasm *stmt,
			   unsigned *est_insns)
{
	struct asmtpl_result res;
	const char *tpl = gimple_asm_string(stmt);

	if (!pl->tpl_ctx ||
	    asmtpl_analyze(pl->tpl_ctx, tpl, strlen(tpl),
			   compat_asm_basic_p(stmt) ? ASMTPL_SYNTAX_BASIC
						    : ASMTPL_SYNTAX_EXTENDED,
			   &res) != ASMTPL_OK)
		return false;
	*est_insns = res.est_insns;
	return true;
}

/*
 * What a template says, once per template: the walks below meet the same
 * few templates again and again (the copies inlining makes share the
 * pointer), and each meeting hashed the whole template, looked it up and
 * asked GCC for its count.  An asm statement's count depends only on its
 * template and its "asm inline" flag (estimate_num_insns(), FACTS.md),
 * and a template's text never changes; the pointer is checked by its
 * hash once, when first met.
 */
struct edge_asm_tpl {
	uint64_t key;			/* the template's address: the key */
	bool known;			/* the asm pass saw it, or the model ran */
	unsigned gcc_count;		/* when not "asm inline" */
	unsigned est_insns;
	uint64_t fingerprint;
};

static const struct edge_asm_tpl *edge_asm_tpl_get(struct asminline_plugin *pl,
						   struct edges_state *st,
						   gasm *stmt)
{
	const char *tpl = gimple_asm_string(stmt);
	struct edge_asm_tpl *t;
	const struct edge_asm_seen *seen;
	size_t len, used = st->tpls.used;

	t = (struct edge_asm_tpl *)slot_table_get(&st->tpls,
						  (uint64_t)(uintptr_t)tpl);
	if (st->tpls.used == used)
		return t;
	len = strlen(tpl);
	seen = edge_asm_lookup(st, tpl, len);
	/*
	 * The asm pass asked GCC already when its statement was not "asm
	 * inline" (this one is not: edge_asm_overcount()): the same text,
	 * the same count.
	 */
	t->gcc_count = seen && seen->gcc_count
			       ? seen->gcc_count
			       : (unsigned)estimate_num_insns(stmt,
							      &eni_size_weights);
	if (seen) {
		t->known = true;
		t->est_insns = seen->est_insns;
		t->fingerprint = seen->fingerprint;
	} else if (edge_asm_model(pl, stmt, &t->est_insns)) {
		/* No origin known: the template alone, ordinal 0. */
		t->known = true;
		t->fingerprint = fingerprint_compute("", tpl, len, 0);
	}
	return t;
}

/*
 * Is stmt flagged (the asm record's rule), and by how much is it
 * over-counted?  Its fingerprint too when fp is not NULL.
 */
static bool edge_asm_overcount(struct asminline_plugin *pl,
			       struct edges_state *st, gasm *stmt,
			       unsigned *over, uint64_t *fp)
{
	const struct edge_asm_tpl *t;

	if (gimple_asm_inline_p(stmt))
		return false;	/* charged 1: nothing over-counted */
	t = edge_asm_tpl_get(pl, st, stmt);
	if (!t->known)
		return false;
	if (fp)
		*fp = t->fingerprint;
	/* The same rule as the asm record's "flagged". */
	if (t->gcc_count < t->est_insns + pl->opts.threshold)
		return false;
	*over = t->gcc_count - t->est_insns;
	return true;
}

bool edge_asm_flagged(struct asminline_plugin *pl, struct edges_state *st,
		      gasm *stmt)
{
	unsigned over;

	return edge_asm_overcount(pl, st, stmt, &over, NULL);
}

static void edge_asm_visit(struct asminline_plugin *pl,
			   struct edges_state *st, gasm *stmt,
			   struct edge_asm_sum *sum)
{
	unsigned over;
	uint64_t fp;

	if (!edge_asm_overcount(pl, st, stmt, &over, &fp))
		return;
	sum->overcount += over;
	sum->nasm++;
	edge_asm_add_fingerprint(sum, fp);
}

/* Depth of inline tree walked; a start at this depth walks one body. */
#define EDGE_ASM_NO_INLINES 64

/* The node whose GIMPLE body stands for n: n, or what n is a clone of. */
static cgraph_node *edge_asm_body_node(cgraph_node *n)
{
	while (n && !gimple_has_body_p(n->decl))
		n = n->clone_of;
	return n;
}

static void edge_asm_walk(struct asminline_plugin *pl, struct edges_state *st,
			  cgraph_node *node, struct edge_asm_sum *sum,
			  unsigned depth)
{
	cgraph_node *body = edge_asm_body_node(node);
	function *fn = body ? DECL_STRUCT_FUNCTION(body->decl) : NULL;
	basic_block bb;

	if (fn && fn->cfg) {
		FOR_EACH_BB_FN(bb, fn) {
			for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
			     !gsi_end_p(gsi); gsi_next(&gsi)) {
				if (gasm *stmt =
					    dyn_cast<gasm *>(gsi_stmt(gsi)))
					edge_asm_visit(pl, st, stmt, sum);
			}
		}
	}
	/* The inline tree is finite, but keep a bound against surprises. */
	if (depth >= EDGE_ASM_NO_INLINES)
		return;
	for (cgraph_edge *e = node->callees; e; e = e->next_callee)
		if (!e->inline_failed && e->callee)
			edge_asm_walk(pl, st, e->callee, sum, depth + 1);
}

/* A zeroed summary of the cache's, kept until edge_asm_free(). */
static struct edge_asm_sum *edge_asm_sum_new(struct edge_asm_cache *cache)
{
	struct edge_asm_sum_block *b = cache->blocks;

	struct edge_asm_sum *sum;

	if (!b || b->used == EDGE_ASM_SUMS_PER_BLOCK) {
		b = XNEW(struct edge_asm_sum_block);
		b->next = cache->blocks;
		b->used = 0;
		cache->blocks = b;
	}
	/* Cleared one at a time: see slot-table.h on calloc(). */
	sum = &b->sums[b->used++];
	memset(sum, 0, sizeof(*sum));
	return sum;
}

/*
 * The IPA inliner put nothing into n (no call of n's is inlined): with
 * its inlines, n holds what its body alone holds, and the bodies do not
 * change before the decisions are applied (edges.cc).  The sum of that
 * body, when the first look made it, is the answer: no walk again.
 */
static const struct edge_asm_sum *
edge_asm_body_sum(const struct edge_asm_cache *cache, cgraph_node *n)
{
	const struct edge_asm_cache_slot *slot;

	if (!cache->with_ipa_inlines || !cache->bodies)
		return NULL;
	for (cgraph_edge *e = n->callees; e; e = e->next_callee)
		if (!e->inline_failed && e->callee)
			return NULL;
	slot = (const struct edge_asm_cache_slot *)slot_table_find(
		&cache->bodies->slots, (uint64_t)(unsigned)n->get_uid() + 1);
	return slot && slot->sum && slot->sum->done ? slot->sum : NULL;
}

const struct edge_asm_sum *edge_asm_callee(struct asminline_plugin *pl,
					   struct edges_state *st,
					   struct edge_asm_cache *cache,
					   cgraph_node *callee)
{
	struct edge_asm_cache_slot *slot;
	struct edge_asm_sum *sum;

	slot = (struct edge_asm_cache_slot *)slot_table_get(
		&cache->slots, (uint64_t)(unsigned)callee->get_uid() + 1);
	if (!slot->sum)
		slot->sum = edge_asm_sum_new(cache);
	sum = slot->sum;
	if (!sum->done) {
		const struct edge_asm_sum *body = edge_asm_body_sum(cache, callee);

		if (body)
			*sum = *body;
		else
			edge_asm_walk(pl, st, callee, sum,
				      cache->with_ipa_inlines ? 0
							      : EDGE_ASM_NO_INLINES);
		sum->done = true;
	}
	return sum;
}

void edge_asm_init(struct edges_state *st)
{
	const struct slot_table tpls = SLOT_TABLE_INIT(struct edge_asm_tpl);
	const struct slot_table sums = SLOT_TABLE_INIT(struct edge_asm_cache_slot);

	st->tpls = tpls;
	st->early_asm.slots = sums;
	st->before_asm.slots = sums;
	st->after_asm.slots = sums;
	st->after_asm.bodies = &st->before_asm;
}

static void edge_asm_cache_free(struct edge_asm_cache *cache)
{
	while (cache->blocks) {
		struct edge_asm_sum_block *next = cache->blocks->next;

		free(cache->blocks);
		cache->blocks = next;
	}
	slot_table_clear(&cache->slots);
}

void edge_asm_free(struct edges_state *st)
{
	edge_asm_cache_free(&st->early_asm);
	edge_asm_cache_free(&st->before_asm);
	edge_asm_cache_free(&st->after_asm);
	free(st->seen);
	st->seen = NULL;
	st->nseen = st->capseen = 0;
	slot_table_clear(&st->tpls);
}
