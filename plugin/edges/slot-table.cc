// SPDX-License-Identifier: GPL-2.0
/*
 * slot-table.cc — the open-addressed table of slot-table.h: Fibonacci
 * hashing of the key (its top bits after a multiplication), linear
 * probing, doubled at half full.
 */
#include "gcc-compat.h"
#include "slot-table.h"

static uint64_t slot_key(const struct slot_table *t, size_t i)
{
	uint64_t key;

	memcpy(&key, t->slots + i * t->slot_size, sizeof(key));
	return key;
}

/* Where key is, or the empty slot where it would go (cap > 0). */
static size_t slot_index(const struct slot_table *t, uint64_t key)
{
	size_t mask = t->cap - 1;
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> t->shift);
	uint64_t k;

	while ((k = slot_key(t, i)) != 0 && k != key)
		i = (i + 1) & mask;
	return i;
}

void *slot_table_find(const struct slot_table *t, uint64_t key)
{
	size_t i;

	if (!t->cap || !key)
		return NULL;
	i = slot_index(t, key);
	return slot_key(t, i) ? t->slots + i * t->slot_size : NULL;
}

static void slot_table_grow(struct slot_table *t)
{
	struct slot_table old = *t;

	t->cap = old.cap ? 2 * old.cap : 64;
	t->shift = old.cap ? old.shift - 1 : 64 - 6;
	t->slots = XCNEWVEC(unsigned char, t->cap * t->slot_size);
	for (size_t i = 0; i < old.cap; i++) {
		uint64_t key = slot_key(&old, i);

		if (key)
			memcpy(t->slots + slot_index(t, key) * t->slot_size,
			       old.slots + i * old.slot_size, t->slot_size);
	}
	free(old.slots);
}

void *slot_table_get(struct slot_table *t, uint64_t key)
{
	unsigned char *slot;

	gcc_assert(key != 0);
	if (2 * (t->used + 1) > t->cap)
		slot_table_grow(t);
	slot = t->slots + slot_index(t, key) * t->slot_size;
	if (!slot_key(t, (size_t)(slot - t->slots) / t->slot_size)) {
		memcpy(slot, &key, sizeof(key));
		t->used++;
	}
	return slot;
}

void *slot_table_at(const struct slot_table *t, size_t i)
{
	return i < t->cap && slot_key(t, i) ? t->slots + i * t->slot_size : NULL;
}

void slot_table_clear(struct slot_table *t)
{
	free(t->slots);
	t->slots = NULL;
	t->cap = t->used = 0;
	t->shift = 64;
}
