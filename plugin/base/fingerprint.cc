// SPDX-License-Identifier: GPL-2.0
/*
 * fingerprint.cc — FNV-1a over function, normalised template and ordinal;
 * see fingerprint.h for the exact definition that asmscan reproduces.
 */
#include "fingerprint.h"

#define FNV_STEP(h, c) ((h) = ((h) ^ (unsigned char)(c)) * ASMTPL_FNV_PRIME)

/* 1 for space, \t, \n, \v, \f and \r. */
static const unsigned char fingerprint_space[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0,	/* 0x00 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0x10 */
	1,						/* 0x20, the rest 0 */
};

/*
 * Hash the normalised form of tpl without building it, into two hashes
 * at once (h[0] and h[1], which start from different states): a run of
 * whitespace between words is one ' ', leading and trailing whitespace
 * none.  The FNV step is spelled out: this runs over every template of
 * the unit (the ordinal and the fingerprint in one walk, the edge
 * passes' checks).
 */
static void fingerprint_normalised2(uint64_t h[2], const char *tpl, size_t len)
{
	const unsigned char *s = (const unsigned char *)tpl;
	uint64_t a = h[0], b = h[1];
	size_t i = 0;

	while (i < len && fingerprint_space[s[i]])
		i++;
	while (i < len) {
		do {
			FNV_STEP(a, s[i]);
			FNV_STEP(b, s[i]);
			i++;
		} while (i < len && !fingerprint_space[s[i]]);
		while (i < len && fingerprint_space[s[i]])
			i++;
		if (i < len) {
			FNV_STEP(a, ' ');
			FNV_STEP(b, ' ');
		}
	}
	h[0] = a;
	h[1] = b;
}

uint64_t fingerprint_template_hash(const char *tpl, size_t len)
{
	uint64_t h[2] = { ASMTPL_FNV_OFFSET, ASMTPL_FNV_OFFSET };

	fingerprint_normalised2(h, tpl, len);
	return h[0];
}

uint64_t fingerprint_start(const char *function, const char *tpl, size_t len,
			   uint64_t *tpl_hash)
{
	uint64_t h[2] = { ASMTPL_FNV_OFFSET, ASMTPL_FNV_OFFSET };

	h[1] = asmtpl_fnv1a(h[1], function, strlen(function) + 1);
	fingerprint_normalised2(h, tpl, len);
	*tpl_hash = h[0];
	return h[1];
}

uint64_t fingerprint_finish(uint64_t h, unsigned ordinal)
{
	char num[16];
	size_t i = sizeof(num);

	/* The ordinal in decimal, as "%u" prints it. */
	do {
		num[--i] = (char)('0' + ordinal % 10);
		ordinal /= 10;
	} while (ordinal);
	FNV_STEP(h, '\0');
	return asmtpl_fnv1a(h, num + i, sizeof(num) - i);
}

uint64_t fingerprint_compute(const char *function, const char *tpl,
			     size_t len, unsigned ordinal)
{
	uint64_t tpl_hash;

	return fingerprint_finish(fingerprint_start(function, tpl, len,
						    &tpl_hash),
				  ordinal);
}

void fingerprint_hex(uint64_t id, char hex[FINGERPRINT_HEX_LEN + 1])
{
	static const char digits[] = "0123456789abcdef";

	for (int i = FINGERPRINT_HEX_LEN - 1; i >= 0; i--) {
		hex[i] = digits[id & 0xf];
		id >>= 4;
	}
	hex[FINGERPRINT_HEX_LEN] = '\0';
}

void fingerprint_seen_reset(struct fingerprint_seen *seen)
{
	seen->n = 0;
}

void fingerprint_seen_free(struct fingerprint_seen *seen)
{
	free(seen->hashes);
	memset(seen, 0, sizeof(*seen));
}

unsigned fingerprint_seen_add(struct fingerprint_seen *seen, uint64_t hash)
{
	unsigned ordinal = 0;

	/* Functions hold a handful of asm; a linear scan is the right size. */
	for (size_t i = 0; i < seen->n; i++)
		ordinal += seen->hashes[i] == hash;
	if (seen->n == seen->cap) {
		seen->cap = seen->cap ? seen->cap * 2 : 16;
		seen->hashes = (uint64_t *)xrealloc(seen->hashes,
						    seen->cap * sizeof(uint64_t));
	}
	seen->hashes[seen->n++] = hash;
	return ordinal;
}
