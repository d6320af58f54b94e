// SPDX-License-Identifier: GPL-2.0
/*
 * slot-table.cc — the open-addressed table of slot-table.h: Fibonacci
 * hashing of the key (its top bits after a multiplication), linear
 * probing, doubled at half full.
 */
#include "gcc-compat.h"
#include "slot-table.h"

void slot_table_grow(struct slot_table *t)
{
	struct slot_table old = *t;

	t->cap = old.cap ? 2 * old.cap : 64;
	t->shift = old.cap ? old.shift - 1 : 64 - 6;
	t->slots = XNEWVEC(unsigned char, t->cap * t->slot_size);
	for (size_t i = 0; i < t->cap; i++)
		memset(t->slots + i * t->slot_size, 0, sizeof(uint64_t));
	for (size_t i = 0; i < old.cap; i++) {
		uint64_t key = slot_table_key(&old, i);

		if (key)
			memcpy(t->slots + slot_table_index(t, key) * t->slot_size,
			       old.slots + i * old.slot_size, t->slot_size);
	}
	free(old.slots);
}

void slot_table_clear(struct slot_table *t)
{
	free(t->slots);
	t->slots = NULL;
	t->cap = t->used = 0;
	t->shift = 64;
}
