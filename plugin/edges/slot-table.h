/* SPDX-License-Identifier: GPL-2.0 */
/*
 * slot-table.h — an open-addressed table of fixed-size slots, each a
 * struct whose first member is its key, a nonzero uint64_t (0: an empty
 * slot).  The edge code keeps what it learns by GCC's uids (node, edge:
 * uid + 1) and by template pointer in these: uids count every node and
 * edge the unit ever had, inline clones included, so arrays indexed by
 * them were mostly empty and cleared at every growth.
 *
 * Slots are zeroed when made and move when the table grows (at half
 * full): keep no pointer to one across a slot_table_get().  An empty
 * slot's key alone is zeroed: calloc() clears a large block with
 * "rep stosb", whose every byte valgrind counts as an instruction (1 M
 * on 6.12's net/core/dev.c, where callgrind measures the plugin).
 */
#ifndef ASMINLINE_SLOT_TABLE_H
#define ASMINLINE_SLOT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct slot_table {
	unsigned char *slots;
	size_t slot_size;		/* bytes, the key first */
	size_t cap;			/* slots, a power of two, or 0 */
	size_t used;
	unsigned shift;			/* 64 - log2(cap) */
};

/* An empty table of slots of type T (no memory until the first get). */
#define SLOT_TABLE_INIT(T) { NULL, sizeof(T), 0, 0, 64 }

/* The table doubled (slot-table.cc); the lookups below are inline. */
void slot_table_grow(struct slot_table *t);

static inline uint64_t slot_table_key(const struct slot_table *t, size_t i)
{
	uint64_t key;

	memcpy(&key, t->slots + i * t->slot_size, sizeof(key));
	return key;
}

/* Where key is, or the empty slot where it would go (cap > 0). */
static inline size_t slot_table_index(const struct slot_table *t, uint64_t key)
{
	size_t mask = t->cap - 1;
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> t->shift);
	uint64_t k;

	while ((k = slot_table_key(t, i)) != 0 && k != key)
		i = (i + 1) & mask;
	return i;
}

/* The slot of key, or NULL. */
static inline void *slot_table_find(const struct slot_table *t, uint64_t key)
{
	size_t i;

	if (!t->cap || !key)
		return NULL;
	i = slot_table_index(t, key);
	return slot_table_key(t, i) ? t->slots + i * t->slot_size : NULL;
}

/* The slot of key (nonzero), made (zeroed but for the key) when it had none. */
static inline void *slot_table_get(struct slot_table *t, uint64_t key)
{
	size_t i;

	if (2 * (t->used + 1) > t->cap)
		slot_table_grow(t);
	i = slot_table_index(t, key);
	if (!slot_table_key(t, i)) {
		unsigned char *slot = t->slots + i * t->slot_size;

		memcpy(slot, &key, sizeof(key));
		memset(slot + sizeof(key), 0, t->slot_size - sizeof(key));
		t->used++;
	}
	return t->slots + i * t->slot_size;
}

/* Free the slots; the table is empty again, of the same slot size. */
void slot_table_clear(struct slot_table *t);

#endif /* ASMINLINE_SLOT_TABLE_H */
