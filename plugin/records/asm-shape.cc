// SPDX-License-Identifier: GPL-2.0
/*
 * asm-shape.cc — the unit's table of rendered site fields (asm-shape.h):
 * shapes in chained buckets, hashed by the template's hash (the
 * fingerprint's, which the pass has already) and the numbers of the key;
 * their families the same way, by the numbers alone.
 */
#include "asm-shape.h"

#define ASM_SHAPE_MIX 0x9e3779b97f4a7c15ULL

/* What the family's key hashes to: its numbers. */
static uint64_t asm_shape_family_hash(const struct asm_record *rec)
{
	uint64_t h = rec->spelling_line;

	h = (h ^ rec->gcc_count) * ASM_SHAPE_MIX;
	h = (h ^ rec->tpl_res.est_insns) * ASM_SHAPE_MIX;
	h ^= (unsigned)rec->flagged << 1 | (unsigned)rec->applied;
	return h ^ h >> 29;
}

static uint64_t asm_shape_hash(const struct asm_record *rec)
{
	uint64_t h = rec->tpl_hash;

	h = (h ^ rec->spelling_line) * ASM_SHAPE_MIX;
	h = (h ^ rec->gcc_count) * ASM_SHAPE_MIX;
	h = (h ^ rec->tpl_res.est_insns) * ASM_SHAPE_MIX;
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

/* rec has every field of f's key. */
static bool asm_shape_family_same(const struct asm_shape_family *f,
				  const struct asm_record *rec)
{
	return f->spelling_line == rec->spelling_line &&
	       f->gcc_count == rec->gcc_count && f->basic == rec->basic &&
	       f->asm_inline == rec->asm_inline &&
	       f->is_volatile == rec->is_volatile &&
	       f->is_goto == rec->is_goto && f->flagged == rec->flagged &&
	       f->applied == rec->applied &&
	       !strcmp(f->spelling_file, rec->spelling_file) &&
	       !strcmp(f->arch, rec->arch) &&
	       asm_shape_same_res(&f->res, &rec->tpl_res);
}

static bool asm_shape_same(const struct asm_shape *s,
			   const struct asm_record *rec, uint64_t hash)
{
	return s->hash == hash && s->tpl_len == rec->tpl_len &&
	       !memcmp(s->tpl, rec->tpl, rec->tpl_len) &&
	       asm_shape_family_same(s->family, rec);
}

/* Chained buckets of either table, by hash: n of them, doubled. */
#define ASM_SHAPE_REHASH(T, v, n)                                           \
	do {                                                                \
		size_t n2_ = (n) ? 2 * (n) : 256;                           \
		T **v2_ = XCNEWVEC(T *, n2_);                               \
									    \
		for (size_t i_ = 0; i_ < (n); i_++) {                       \
			T *s_ = (v)[i_], *next_;                            \
									    \
			for (; s_; s_ = next_) {                            \
				next_ = s_->next;                           \
				s_->next = v2_[s_->hash & (n2_ - 1)];       \
				v2_[s_->hash & (n2_ - 1)] = s_;             \
			}                                                   \
		}                                                           \
		free(v);                                                    \
		(v) = v2_;                                                  \
		(n) = n2_;                                                  \
	} while (0)

/* rec's family: found, or made with its text around the template. */
static const struct asm_shape_family *
asm_shape_family_get(struct asm_shapes *t, const struct asm_record *rec)
{
	uint64_t hash = asm_shape_family_hash(rec);
	struct asm_shape_family *f;

	if (t->nfamilies_buckets)
		for (f = t->families[hash & (t->nfamilies_buckets - 1)]; f;
		     f = f->next)
			if (f->hash == hash && asm_shape_family_same(f, rec))
				return f;
	if (t->nfamilies >= t->nfamilies_buckets)
		ASM_SHAPE_REHASH(struct asm_shape_family, t->families,
				 t->nfamilies_buckets);
	f = XCNEW(struct asm_shape_family);
	f->hash = hash;
	f->spelling_file = rec->spelling_file;
	f->arch = rec->arch;
	f->spelling_line = rec->spelling_line;
	f->gcc_count = rec->gcc_count;
	f->basic = rec->basic;
	f->asm_inline = rec->asm_inline;
	f->is_volatile = rec->is_volatile;
	f->is_goto = rec->is_goto;
	f->flagged = rec->flagged;
	f->applied = rec->applied;
	f->res = rec->tpl_res;
	asm_record_render_shape_parts(rec, &f->head, &f->tail);
	f->next = t->families[hash & (t->nfamilies_buckets - 1)];
	t->families[hash & (t->nfamilies_buckets - 1)] = f;
	t->nfamilies++;
	return f;
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
		ASM_SHAPE_REHASH(struct asm_shape, t->buckets, t->nbuckets);
	s = XCNEW(struct asm_shape);
	s->hash = hash;
	s->family = asm_shape_family_get(t, rec);
	s->tpl = (char *)xmemdup(rec->tpl, rec->tpl_len, rec->tpl_len + 1);
	s->tpl_len = rec->tpl_len;
	asm_record_render_shape_from(&s->family->head, rec->tpl, rec->tpl_len,
				     &s->family->tail, &t->scratch);
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
	for (size_t i = 0; i < t->nfamilies_buckets; i++) {
		struct asm_shape_family *f = t->families[i], *next;

		for (; f; f = next) {
			next = f->next;
			json_buf_free(&f->head);
			json_buf_free(&f->tail);
			free(f);
		}
	}
	free(t->buckets);
	free(t->families);
	json_buf_free(&t->scratch);
	memset(t, 0, sizeof(*t));
}
