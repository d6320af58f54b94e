// SPDX-License-Identifier: GPL-2.0
/*
 * hash.c — FNV-1a-64, the one hash of asmtpl's memo and of the plugin's
 * fingerprints and record ids (their definitions in
 * docs/reference/format.md name it).
 */
#include "asmtpl.h"

#define FNV_STEP(h, c) ((h) = ((h) ^ (unsigned char)(c)) * ASMTPL_FNV_PRIME)

/* Four bytes a turn: the same hash, a third of the loop's instructions. */
uint64_t asmtpl_fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	size_t i = 0;

	for (; i + 4 <= n; i += 4) {
		FNV_STEP(h, s[i]);
		FNV_STEP(h, s[i + 1]);
		FNV_STEP(h, s[i + 2]);
		FNV_STEP(h, s[i + 3]);
	}
	for (; i < n; i++)
		FNV_STEP(h, s[i]);
	return h;
}
