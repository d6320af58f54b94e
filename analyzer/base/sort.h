/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sort.h — sorting many pairs of 64-bit numbers, the keys asmscan's
 * hundreds of thousands of call sites, symbols and code bounds reduce to.
 *
 * qsort() with a comparison function spends most of its time in calls
 * and, above 32-byte elements, in copying; a least-significant-digit
 * radix sort over the bytes that differ between the keys is a few passes
 * of the array.  It is stable, so keys that are equal keep their order.
 */
#ifndef ASMSCAN_SORT_H
#define ASMSCAN_SORT_H

#include <stddef.h>
#include <stdint.h>

/* A key: ordered by hi, then lo. */
struct sort_pair {
	uint64_t hi, lo;
};

/* Sort v[0..n) by (hi, lo), ascending and stable. */
void sort_pairs(struct sort_pair *v, size_t n);

#endif /* ASMSCAN_SORT_H */
