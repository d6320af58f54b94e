// SPDX-License-Identifier: GPL-2.0
/*
 * diff-bloat.c — bloat-o-meter's figures from the symbol tables of both
 * sides (diff-bloat.h).
 */
#include "diff-bloat.h"

#include <stdlib.h>
#include <string.h>

#include "nm-letter.h"

struct bloat_keyed {
	struct strmap index;		/* name -> row + 1 */
	struct bloat_row *rows;
	size_t n, cap;
};

static void bloat_side(struct bloat_report *b, struct bloat_keyed *k,
		       const struct report *rep, int side, const char *letters)
{
	char buf[1024];

	for (size_t oi = 0; oi < rep->nobjs; oi++) {
		const struct object *o = &rep->objs[oi];

		if (o->failed)
			continue;
		for (size_t i = 1; i < o->nsyms; i++) {
			const struct obj_sym *s = &o->syms[i];
			char letter = nm_letter(o, s);
			struct bloat_row *r;
			uintptr_t *slot;
			bool created;

			if (!letter || !s->size || !strchr(letters, letter) ||
			    !diff_name_kept(s->name))
				continue;
			diff_strip_name(s->name, buf, sizeof(buf));
			slot = strmap_find(&k->index, buf);
			if (!slot) {
				const char *key = arena_strdup(&b->names, buf);

				slot = strmap_get(&k->index, key, &created);
				r = VEC_PUSH(k->rows, k->n, k->cap);
				memset(r, 0, sizeof(*r));
				r->name = key;
				*slot = k->n;
			}
			r = &k->rows[*slot - 1];
			r->present[side] = true;
			r->size[side] += s->size;
			b->total[side] += s->size;
		}
	}
}

static int64_t row_delta(const struct bloat_row *r)
{
	return (int64_t)(r->size[1] - r->size[0]);
}

/* Python's sort of (delta, name) tuples, reversed. */
static int bloat_cmp(const void *pa, const void *pb)
{
	const struct bloat_row *a = pa, *b = pb;
	int64_t da = row_delta(a), db = row_delta(b);

	if (da != db)
		return da > db ? -1 : 1;
	return -strcmp(a->name, b->name);
}

void diff_bloat_build(struct bloat_report *b, const struct diff_report *d,
		      const char *letters)
{
	struct bloat_keyed k = { 0 };
	size_t kept = 0;

	memset(b, 0, sizeof(*b));
	for (int side = 0; side < DIFF_SIDES; side++)
		bloat_side(b, &k, d->side[side], side, letters);
	for (size_t i = 0; i < k.n; i++) {
		struct bloat_row *r = &k.rows[i];
		int64_t delta = row_delta(r);

		if (!r->present[0]) {
			b->added++;
			b->up += r->size[1];
		} else if (!r->present[1]) {
			b->removed++;
			b->down += r->size[0];
		} else if (delta > 0) {
			b->grown++;
			b->up += (uint64_t)delta;
		} else if (delta < 0) {
			b->shrunk++;
			b->down += (uint64_t)-delta;
		}
		if (delta)
			k.rows[kept++] = *r;
	}
	if (kept)
		qsort(k.rows, kept, sizeof(*k.rows), bloat_cmp);
	b->rows = k.rows;
	b->nrows = kept;
	strmap_free(&k.index);
}

void diff_bloat_free(struct bloat_report *b)
{
	free(b->rows);
	arena_free(&b->names);
	memset(b, 0, sizeof(*b));
}
