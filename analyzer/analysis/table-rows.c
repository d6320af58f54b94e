// SPDX-License-Identifier: GPL-2.0
/*
 * table-rows.c — the special-section entries of every object, per
 * function and in total, and how many fall in out-of-line copies of
 * inline functions: DWARF's copies for an object with DWARF, the symbol
 * copies (duplicate local names, clones) for one without.
 */
#include <stdlib.h>
#include <string.h>

#include "table-rows.h"
#include "sort.h"

static int row_cmp(const void *a, const void *b)
{
	const struct table_row *x = a, *y = b;
	int c;

	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	if ((c = strcmp(x->ref.func->name, y->ref.func->name)))
		return c;
	if (x->ref.obj != y->ref.obj)
		return x->ref.obj < y->ref.obj ? -1 : 1;
	return x->ref.func->addr < y->ref.func->addr ? -1 : 1;
}

/*
 * The rows in row_cmp()'s order, without a comparison per step for most
 * of them: a key per row (its total, descending, then the first 9 bytes of
 * its name, which order names as strcmp() does up to there) radix-sorted
 * with the row's index in its low bits, then row_cmp() over each run of
 * rows whose keys tie (names sharing 9 bytes: trace_event_raw_event_*).
 * A package's 215,000 rows took qsort() 0.15 s, most of it strcmp() on
 * names behind two pointers.
 */
#define ROW_INDEX_BITS 24

static struct sort_pair row_key(const struct table_row *r, size_t i)
{
	const unsigned char *name = (const unsigned char *)r->ref.func->name;
	uint64_t total = r->total < UINT32_MAX ? r->total : UINT32_MAX;
	uint64_t prefix[2] = { 0, 0 };	/* bytes 0-3, then 4-8 */

	for (int b = 0; b < 9 && name[b]; b++) {
		if (b < 4)
			prefix[0] |= (uint64_t)name[b] << (8 * (3 - b));
		else
			prefix[1] |= (uint64_t)name[b] << (8 * (8 - b));
	}
	return (struct sort_pair){
		.hi = (UINT32_MAX - total) << 32 | prefix[0],
		.lo = prefix[1] << ROW_INDEX_BITS | i,
	};
}

static void rows_sort(struct table_row *rows, size_t n)
{
	struct sort_pair *keys;
	struct table_row *sorted;

	if (n >= (size_t)1 << ROW_INDEX_BITS) {
		qsort(rows, n, sizeof(*rows), row_cmp);
		return;
	}
	keys = xmalloc(n * sizeof(*keys));
	for (size_t i = 0; i < n; i++)
		keys[i] = row_key(&rows[i], i);
	sort_pairs(keys, n);
	sorted = xmalloc(n * sizeof(*sorted));
	for (size_t i = 0; i < n; i++)
		sorted[i] = rows[keys[i].lo & (((uint64_t)1 << ROW_INDEX_BITS) - 1)];
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && keys[j].hi == keys[i].hi &&
				keys[j].lo >> ROW_INDEX_BITS ==
					keys[i].lo >> ROW_INDEX_BITS;)
			j++;
		if (j - i > 1)
			qsort(sorted + i, j - i, sizeof(*sorted), row_cmp);
	}
	memcpy(rows, sorted, n * sizeof(*rows));
	free(sorted);
	free(keys);
}

void table_rows_build(struct report *rep)
{
	const struct asmscan_options *opts = rep->opts;
	struct tables_report *tr = &rep->tables;
	bool filtered = opts->nfunctions > 0;
	size_t cap = 0;

	for (size_t oi = 0; oi < rep->nobjs; oi++) {
		struct object *o = &rep->objs[oi];

		if (o->failed)
			continue;
		tr->copies_from_dwarf |= o->has_dwarf;
		for (int k = 0; k < TABLE_COUNT; k++) {
			const struct table_result *r = &o->tables[k];
			struct table_result *t = &tr->totals[k];

			if (r->status == TABLE_REFUSED) {
				tr->refused[k]++;
				if (t->status == TABLE_ABSENT)
					t->status = TABLE_REFUSED;
				if (!t->refused)
					t->refused = r->refused;
				continue;
			}
			if (r->status != TABLE_READ)
				continue;
			t->status = TABLE_READ;
			if (!t->entry_size) {
				t->entry_size = r->entry_size;
				t->layout = r->layout;
				t->layout_kernels = r->layout_kernels;
				t->layout_from_dwarf = r->layout_from_dwarf;
			}
			t->unusual += r->unusual;
			if (!t->unusual_why)
				t->unusual_why = r->unusual_why;
			if (filtered)
				continue;	/* counted from the rows below */
			t->entries += r->entries;
			t->padding += r->padding;
			t->in_funcs += r->in_funcs;
			t->outside += r->outside;
		}
		for (size_t fi = 0; fi < o->nfuncs; fi++) {
			const uint32_t *c = &o->table_counts[fi * TABLE_COUNT];
			struct obj_func *f = &o->funcs[fi];
			struct table_row row = { .ref = { o, f } };

			if (!(opts->want & ASMSCAN_WANT_TABLES))
				break;
			for (int k = 0; k < TABLE_COUNT; k++) {
				row.counts[k] = c[k];
				row.total += c[k];
			}
			if (!row.total || !analysis_selected(opts, f->name))
				continue;
			for (int k = 0; k < TABLE_COUNT && filtered; k++) {
				tr->totals[k].entries += c[k];
				tr->totals[k].in_funcs += c[k];
			}
			*VEC_PUSH(tr->rows, tr->nrows, cap) = row;
		}
	}
	if (tr->nrows)
		rows_sort(tr->rows, tr->nrows);
}

/* Which rows are out-of-line copies: known once copies.c has run. */
void table_rows_copies(struct report *rep)
{
	struct tables_report *tr = &rep->tables;

	for (size_t i = 0; i < tr->nrows; i++) {
		struct table_row *row = &tr->rows[i];
		const struct obj_func *f = row->ref.func;

		row->copy = row->ref.obj->has_dwarf ? f->dwarf_copy : f->sym_copy;
		for (int k = 0; k < TABLE_COUNT && row->copy; k++)
			tr->in_copies[k] += row->counts[k];
	}
}
