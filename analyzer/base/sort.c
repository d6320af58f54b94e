// SPDX-License-Identifier: GPL-2.0
/*
 * sort.c — a stable radix sort of (hi, lo) pairs (see sort.h).
 *
 * A first pass finds the bits that differ between keys; a digit (8 bits,
 * lo's lowest first, 16 in all) with none of them orders nothing and is
 * skipped, so keys that use a few of their 128 bits (a function index, a
 * caller index) take a few passes.  A second pass counts the byte values
 * of the other digits; each of them then scatters the array into a second
 * one by its digit, keeping the order of the previous pass among equal
 * digits.
 */
#include "sort.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

#define SORT_DIGITS 16
#define SORT_SMALL 64		/* below this, insertion sort */

static int pair_less(const struct sort_pair *a, const struct sort_pair *b)
{
	return a->hi != b->hi ? a->hi < b->hi : a->lo < b->lo;
}

static unsigned digit(const struct sort_pair *p, unsigned d)
{
	return d < 8 ? (unsigned)(p->lo >> (8 * d)) & 0xff :
		       (unsigned)(p->hi >> (8 * (d - 8))) & 0xff;
}

static void insertion_sort(struct sort_pair *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct sort_pair x = v[i];
		size_t j = i;

		for (; j && pair_less(&x, &v[j - 1]); j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

void sort_pairs(struct sort_pair *v, size_t n)
{
	size_t (*count)[256];
	struct sort_pair *tmp, *from = v, *to;
	struct sort_pair or = { 0, 0 }, and = { UINT64_MAX, UINT64_MAX }, diff;
	unsigned digits[SORT_DIGITS], ndigits = 0;

	if (n < SORT_SMALL) {
		insertion_sort(v, n);
		return;
	}
	/* Bits set in some key and clear in another. */
	for (size_t i = 0; i < n; i++) {
		or.hi |= v[i].hi, or.lo |= v[i].lo;
		and.hi &= v[i].hi, and.lo &= v[i].lo;
	}
	diff = (struct sort_pair){ or.hi ^ and.hi, or.lo ^ and.lo };
	for (unsigned d = 0; d < SORT_DIGITS; d++)
		if (digit(&diff, d))
			digits[ndigits++] = d;
	count = xcalloc(SORT_DIGITS, sizeof(*count));
	for (size_t i = 0; i < n; i++)
		for (unsigned k = 0; k < ndigits; k++)
			count[digits[k]][digit(&v[i], digits[k])]++;
	tmp = xmalloc(n * sizeof(*tmp));
	to = tmp;
	for (unsigned k = 0; k < ndigits; k++) {
		unsigned d = digits[k], shift = 8 * (d % 8);
		size_t pos = 0, *at = count[d];

		for (unsigned b = 0; b < 256; b++) {
			size_t c = at[b];

			at[b] = pos;
			pos += c;
		}
		if (d < 8)
			for (size_t i = 0; i < n; i++)
				to[at[(from[i].lo >> shift) & 0xff]++] = from[i];
		else
			for (size_t i = 0; i < n; i++)
				to[at[(from[i].hi >> shift) & 0xff]++] = from[i];
		{
			struct sort_pair *t = from;

			from = to;
			to = t;
		}
	}
	if (from != v)
		memcpy(v, from, n * sizeof(*v));
	free(tmp);
	free(count);
}
