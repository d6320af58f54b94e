// SPDX-License-Identifier: GPL-2.0
/*
 * sort.c — a stable radix sort of (hi, lo) pairs (see sort.h).
 *
 * One pass over the keys counts every byte value of every digit (16
 * digits of 8 bits, lo's lowest first); a digit whose bytes are all equal
 * orders nothing and is skipped, so keys that use a few of their 128 bits
 * (a function index, a caller index) take a few passes.  Each pass
 * scatters the array into a second one by its digit, keeping the order of
 * the previous pass among equal digits.
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

	if (n < SORT_SMALL) {
		insertion_sort(v, n);
		return;
	}
	count = xcalloc(SORT_DIGITS, sizeof(*count));
	for (size_t i = 0; i < n; i++)
		for (unsigned d = 0; d < SORT_DIGITS; d++)
			count[d][digit(&v[i], d)]++;
	tmp = xmalloc(n * sizeof(*tmp));
	to = tmp;
	for (unsigned d = 0; d < SORT_DIGITS; d++) {
		size_t pos = 0;
		bool one = false;

		for (unsigned b = 0; b < 256 && !one; b++)
			one = count[d][b] == n;
		if (one)
			continue;	/* every key has the same byte here */
		for (unsigned b = 0; b < 256; b++) {
			size_t c = count[d][b];

			count[d][b] = pos;
			pos += c;
		}
		for (size_t i = 0; i < n; i++)
			to[count[d][digit(&from[i], d)]++] = from[i];
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
