/* SPDX-License-Identifier: GPL-2.0 */
/*
 * labels.h — the labels a template defines, in order, with a hash of each
 * name's latest definition (labels.c): GAS's "1:" local labels and their
 * "1b"/"1f" references as the interpreter (asmstate.c) resolves them.
 */
#ifndef ASMTPL_LABELS_H
#define ASMTPL_LABELS_H

#include "internal.h"

#define LABEL_NAME_MAX 64

struct label {
	char name[LABEL_NAME_MAX];
	uint8_t len;
	uint32_t hash;
	int32_t prev_same;	/* previous definition of this name, or -1 */
	unsigned long ordinal;	/* the statement that defined it */
	struct asmtpl_value pos;
};

/* Definitions in order, and a hash of each name's latest (labels.c). */
struct labels {
	struct label *v;
	size_t n, cap;
	int32_t *hash;
	size_t hcap;
};

int asmtpl_labels_add(struct labels *l, const char *name, size_t n,
		      unsigned long ordinal, struct asmtpl_value pos);
const struct label *asmtpl_labels_latest(const struct labels *l,
					 const char *name, size_t n);
const struct label *asmtpl_labels_next_after(const struct labels *l,
					     const char *name, size_t n,
					     unsigned long ordinal);
void asmtpl_labels_clear(struct labels *l);
void asmtpl_labels_free(struct labels *l);

#endif /* ASMTPL_LABELS_H */
