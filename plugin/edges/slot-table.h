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
 * full): keep no pointer to one across a slot_table_get().
 */
#ifndef ASMINLINE_SLOT_TABLE_H
#define ASMINLINE_SLOT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct slot_table {
	unsigned char *slots;
	size_t slot_size;		/* bytes, the key first */
	size_t cap;			/* slots, a power of two, or 0 */
	size_t used;
	unsigned shift;			/* 64 - log2(cap) */
};

/* An empty table of slots of type T (no memory until the first get). */
#define SLOT_TABLE_INIT(T) { NULL, sizeof(T), 0, 0, 64 }

/* The slot of key, or NULL. */
void *slot_table_find(const struct slot_table *t, uint64_t key);
/* The slot of key, made (zeroed but for the key) when it had none. */
void *slot_table_get(struct slot_table *t, uint64_t key);
/* Slot i of the table's cap, or NULL when it is empty (a walk over all). */
void *slot_table_at(const struct slot_table *t, size_t i);
/* Free the slots; the table is empty again, of the same slot size. */
void slot_table_clear(struct slot_table *t);

#endif /* ASMINLINE_SLOT_TABLE_H */
