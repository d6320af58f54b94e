// SPDX-License-Identifier: GPL-2.0
/*
 * asm-shape.cc — the unit's table of rendered site fields (asm-shape.h):
 * chained buckets, hashed by the template's hash (the fingerprint's,
 * which the pass has already) and the numbers of the key.
 */
#include "asm-shape.h"

static uint64_t asm_shape_hash(const struct asm_record *rec)
{
	const struct asmtpl_result *res = &rec->tpl_res;
	uint64_t h = rec->tpl_hash;

	h = (h ^ rec->spelling_line) * 0x9e3779b97f4a7c15ULL;
	h = (h ^ rec->gcc_count) * 0x9e3779b97f4a7c15ULL;
	h = (h ^ res->est_insns) * 0x9e3779b97f4a7c15ULL;
	h ^= (uint64_t)rec->tpl_len << 8 | (unsigned)rec->flagged << 1 |
	     (unsigned)rec->applied;
	return h ^ h >> 29;
}

static bool asm_shape_same_res(const struct asmtpl_result *a,
			       const struct asmtpl_result *b)
{
	if (a->str_count != b->str_count || a->est_insns != b->est_insns ||
	    a->other_insns != b->other_insns ||
	    a->pad_uncertain != b->pad_uncertain || a->kind != b->kind ||
	    a->nsections != b->nsections ||
	    a->sections_dropped != b->sections_dropped ||
	    a->ndiags != b->ndiags || a->diags_dropped != b->diags_dropped)
		return false;
	for (unsigned i = 0; i < a->nsections; i++)
		if (strcmp(a->sections[i], b->sections[i]))
			return false;
	for (unsigned i = 0; i < a->ndiags; i++)
		if (a->diags[i].code != b->diags[i].code ||
		    a->diags[i].offset != b->diags[i].offset)
			return false;
	return true;
}

static bool asm_shape_same(const struct asm_shape *s,
			   const struct asm_record *rec, uint64_t hash)
{
	return s->hash == hash && s->tpl_len == rec->tpl_len &&
	       s->spelling_line == rec->spelling_line &&
	       s->gcc_count == rec->gcc_count && s->basic == rec->basic &&
	       s->asm_inline == rec->asm_inline &&
	       s->is_volatile == rec->is_volatile &&
	       s->is_goto == rec->is_goto && s->flagged == rec->flagged &&
	       s->applied == rec->applied &&
	       !strcmp(s->spelling_file, rec->spelling_file) &&
	       !strcmp(s->arch, rec->arch) &&
	       !memcmp(s->tpl, rec->tpl, rec->tpl_len) &&
	       asm_shape_same_res(&s->res, &rec->tpl_res);
}

static void asm_shapes_grow(struct asm_shapes *t)
{
	size_t n = t->nbuckets ? 2 * t->nbuckets : 256;
	struct asm_shape **v = XCNEWVEC(struct asm_shape *, n);

	for (size_t i = 0; i < t->nbuckets; i++) {
		struct asm_shape *s = t->buckets[i], *next;

		for (; s; s = next) {
			next = s->next;
			s->next = v[s->hash & (n - 1)];
			v[s->hash & (n - 1)] = s;
		}
	}
	free(t->buckets);
	t->buckets = v;
	t->nbuckets = n;
}

struct asm_shape *asm_shapes_get(struct asm_shapes *t,
				 const struct asm_record *rec)
{
	uint64_t hash = asm_shape_hash(rec);
	struct asm_shape *s;

	if (t->nbuckets)
		for (s = t->buckets[hash & (t->nbuckets - 1)]; s; s = s->next)
			if (asm_shape_same(s, rec, hash))
				return s;
	if (t->n >= t->nbuckets)
		asm_shapes_grow(t);
	s = XCNEW(struct asm_shape);
	s->hash = hash;
	s->spelling_file = rec->spelling_file;
	s->arch = rec->arch;
	s->tpl = (char *)xmemdup(rec->tpl, rec->tpl_len, rec->tpl_len + 1);
	s->tpl_len = rec->tpl_len;
	s->spelling_line = rec->spelling_line;
	s->gcc_count = rec->gcc_count;
	s->basic = rec->basic;
	s->asm_inline = rec->asm_inline;
	s->is_volatile = rec->is_volatile;
	s->is_goto = rec->is_goto;
	s->flagged = rec->flagged;
	s->applied = rec->applied;
	s->res = rec->tpl_res;
	asm_record_render_shape(rec, &t->scratch);
	json_buf_copy(&s->text, &t->scratch);
	s->next = t->buckets[hash & (t->nbuckets - 1)];
	t->buckets[hash & (t->nbuckets - 1)] = s;
	t->n++;
	return s;
}

void asm_shapes_free(struct asm_shapes *t)
{
	for (size_t i = 0; i < t->nbuckets; i++) {
		struct asm_shape *s = t->buckets[i], *next;

		for (; s; s = next) {
			next = s->next;
			free(s->tpl);
			json_buf_free(&s->text);
			free(s);
		}
	}
	free(t->buckets);
	json_buf_free(&t->scratch);
	memset(t, 0, sizeof(*t));
}
