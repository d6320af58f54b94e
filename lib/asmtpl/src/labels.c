// SPDX-License-Identifier: GPL-2.0
/*
 * The label and symbol table of one interpreter pass.
 *
 * gas lets a numeric label ("661:") be defined again and again: "661b"
 * means the latest definition, "661f" the next one.  So definitions are
 * kept in order, each linked to the previous definition of the same name,
 * and an open-addressing hash maps a name to its latest definition.
 * Looking up the latest is O(1); the next one after a statement walks that
 * name's chain only.  Names are truncated to LABEL_NAME_MAX - 1 bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "labels.h"

static uint32_t name_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619u;
	return h;
}

static size_t clip(size_t n)
{
	return n >= LABEL_NAME_MAX ? LABEL_NAME_MAX - 1 : n;
}

static bool same(const struct label *l, const char *name, size_t n)
{
	return l->len == n && !memcmp(l->name, name, n);
}

/* The slot holding name, or the empty slot where it would go. */
static size_t slot_of(const struct labels *l, const char *name, size_t n,
		      uint32_t h)
{
	size_t mask = l->hcap - 1, i = h & mask;

	while (l->hash[i] >= 0 && !same(&l->v[l->hash[i]], name, n))
		i = (i + 1) & mask;
	return i;
}

static int rehash(struct labels *l, size_t hcap)
{
	int32_t *hash = malloc(hcap * sizeof(*hash));
	size_t i;

	if (!hash)
		return ASMTPL_ERR_NOMEM;
	free(l->hash);
	l->hash = hash;
	l->hcap = hcap;
	for (i = 0; i < hcap; i++)
		hash[i] = -1;
	/* In definition order, so each slot ends on the latest one. */
	for (i = 0; i < l->n; i++)
		hash[slot_of(l, l->v[i].name, l->v[i].len, l->v[i].hash)] = (int32_t)i;
	return ASMTPL_OK;
}

int asmtpl_labels_add(struct labels *l, const char *name, size_t n,
		      unsigned long ordinal, struct asmtpl_value pos)
{
	struct label *lab;
	size_t slot;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 32;
		struct label *v = realloc(l->v, cap * sizeof(*v));

		if (!v)
			return ASMTPL_ERR_NOMEM;
		l->v = v;
		l->cap = cap;
	}
	if ((l->n + 1) * 2 > l->hcap &&
	    rehash(l, l->hcap ? l->hcap * 2 : 64))
		return ASMTPL_ERR_NOMEM;
	n = clip(n);
	lab = &l->v[l->n];
	memcpy(lab->name, name, n);
	lab->name[n] = '\0';
	lab->len = (uint8_t)n;
	lab->hash = name_hash(name, n);
	lab->ordinal = ordinal;
	lab->pos = pos;
	slot = slot_of(l, name, n, lab->hash);
	lab->prev_same = l->hash[slot];
	l->hash[slot] = (int32_t)l->n;
	l->n++;
	return ASMTPL_OK;
}

const struct label *asmtpl_labels_latest(const struct labels *l,
					 const char *name, size_t n)
{
	int32_t i;

	if (!l->n)
		return NULL;
	n = clip(n);
	i = l->hash[slot_of(l, name, n, name_hash(name, n))];
	return i >= 0 ? &l->v[i] : NULL;
}

const struct label *asmtpl_labels_next_after(const struct labels *l,
					     const char *name, size_t n,
					     unsigned long ordinal)
{
	const struct label *best = NULL;
	const struct label *lab = asmtpl_labels_latest(l, name, n);

	while (lab && lab->ordinal > ordinal) {
		best = lab;
		lab = lab->prev_same >= 0 ? &l->v[lab->prev_same] : NULL;
	}
	return best;
}

void asmtpl_labels_clear(struct labels *l)
{
	size_t i;

	l->n = 0;
	for (i = 0; i < l->hcap; i++)
		l->hash[i] = -1;
}

void asmtpl_labels_free(struct labels *l)
{
	free(l->v);
	free(l->hash);
	memset(l, 0, sizeof(*l));
}
