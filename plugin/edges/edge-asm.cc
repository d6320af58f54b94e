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
 * gcc_count is asked from GCC again (estimate_num_insns with the size
 * weights): in mode=apply a flagged statement is "asm inline" by now and
 * costs 1, so it is over-counted no more.
 */
#include "edge-asm.h"
#include "plugin-state.h"

void edge_asm_note(struct edges_state *st, const char *tpl, uint64_t tpl_hash,
		   uint64_t fingerprint, unsigned est_insns)
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
	const char *tpl;		/* NULL: empty slot */
	bool known;			/* the asm pass saw it, or the model ran */
	unsigned gcc_count;		/* when not "asm inline" */
	unsigned est_insns;
	uint64_t fingerprint;
};

static struct edge_asm_tpl *edge_asm_tpl_slot(struct edges_state *st,
					      const char *tpl)
{
	size_t mask = st->captpls - 1;
	size_t i = ((size_t)(uintptr_t)tpl * 0x9e3779b97f4a7c15ULL >> 24) & mask;

	while (st->tpls[i].tpl && st->tpls[i].tpl != tpl)
		i = (i + 1) & mask;
	return &st->tpls[i];
}

static const struct edge_asm_tpl *edge_asm_tpl_get(struct asminline_plugin *pl,
						   struct edges_state *st,
						   gasm *stmt)
{
	const char *tpl = gimple_asm_string(stmt);
	struct edge_asm_tpl *t;
	const struct edge_asm_seen *seen;
	size_t len;

	if (2 * (st->ntpls + 1) > st->captpls) {
		struct edge_asm_tpl *old = st->tpls;
		size_t oldcap = st->captpls;

		st->captpls = oldcap ? 2 * oldcap : 64;
		st->tpls = XCNEWVEC(struct edge_asm_tpl, st->captpls);
		for (size_t i = 0; i < oldcap; i++)
			if (old[i].tpl)
				*edge_asm_tpl_slot(st, old[i].tpl) = old[i];
		free(old);
	}
	t = edge_asm_tpl_slot(st, tpl);
	if (t->tpl)
		return t;
	t->tpl = tpl;
	st->ntpls++;
	len = strlen(tpl);
	seen = edge_asm_lookup(st, tpl, len);
	t->gcc_count = (unsigned)estimate_num_insns(stmt, &eni_size_weights);
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

static struct edge_asm_cache_slot *
edge_asm_cache_find(struct edge_asm_cache *cache, unsigned uid1)
{
	size_t mask = cache->cap - 1;
	size_t i = ((size_t)uid1 * 0x9e3779b97f4a7c15ULL >> 20) & mask;

	while (cache->slots[i].uid1 && cache->slots[i].uid1 != uid1)
		i = (i + 1) & mask;
	return &cache->slots[i];
}

const struct edge_asm_sum *edge_asm_callee(struct asminline_plugin *pl,
					   struct edges_state *st,
					   struct edge_asm_cache *cache,
					   cgraph_node *callee)
{
	struct edge_asm_cache_slot *slot;
	struct edge_asm_sum *sum;

	if (2 * (cache->used + 1) > cache->cap) {
		struct edge_asm_cache_slot *old = cache->slots;
		size_t oldcap = cache->cap;

		cache->cap = oldcap ? 2 * oldcap : 256;
		cache->slots = XCNEWVEC(struct edge_asm_cache_slot, cache->cap);
		for (size_t i = 0; i < oldcap; i++)
			if (old[i].uid1)
				*edge_asm_cache_find(cache, old[i].uid1) = old[i];
		free(old);
	}
	slot = edge_asm_cache_find(cache, (unsigned)callee->get_uid() + 1);
	if (!slot->uid1) {
		slot->uid1 = (unsigned)callee->get_uid() + 1;
		slot->sum = XCNEW(struct edge_asm_sum);
		cache->used++;
	}
	sum = slot->sum;
	if (!sum->done) {
		edge_asm_walk(pl, st, callee, sum,
			      cache->with_ipa_inlines ? 0 : EDGE_ASM_NO_INLINES);
		sum->done = true;
	}
	return sum;
}

static void edge_asm_cache_free(struct edge_asm_cache *cache)
{
	for (size_t i = 0; i < cache->cap; i++)
		free(cache->slots[i].sum);
	free(cache->slots);
	cache->slots = NULL;
	cache->cap = cache->used = 0;
}

void edge_asm_free(struct edges_state *st)
{
	edge_asm_cache_free(&st->early_asm);
	edge_asm_cache_free(&st->before_asm);
	edge_asm_cache_free(&st->after_asm);
	free(st->seen);
	st->seen = NULL;
	st->nseen = st->capseen = 0;
	free(st->tpls);
	st->tpls = NULL;
	st->ntpls = st->captpls = 0;
}
