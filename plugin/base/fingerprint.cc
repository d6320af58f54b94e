// SPDX-License-Identifier: GPL-2.0
/*
 * fingerprint.cc — FNV-1a over function, normalised template and ordinal;
 * see fingerprint.h for the exact definition that asmscan reproduces.
 */
#include "fingerprint.h"

uint64_t fingerprint_fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = (const unsigned char *)p;

	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= FINGERPRINT_FNV_PRIME;
	}
	return h;
}

static bool fingerprint_is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
	       c == '\r';
}

/*
 * Hash the normalised form of tpl without building it.  The FNV step is
 * spelled out: this runs over every template several times per statement
 * (the ordinal, the fingerprint, the edge passes' callee walks).
 */
static uint64_t fingerprint_normalised(uint64_t h, const char *tpl, size_t len)
{
	const unsigned char *s = (const unsigned char *)tpl;
	bool pending_space = false;
	bool started = false;

	for (size_t i = 0; i < len; i++) {
		if (fingerprint_is_space(s[i])) {
			pending_space = started;
			continue;
		}
		if (pending_space) {
			h ^= (unsigned char)' ';
			h *= FINGERPRINT_FNV_PRIME;
		}
		h ^= s[i];
		h *= FINGERPRINT_FNV_PRIME;
		pending_space = false;
		started = true;
	}
	return h;
}

uint64_t fingerprint_template_hash(const char *tpl, size_t len)
{
	return fingerprint_normalised(FINGERPRINT_FNV_OFFSET, tpl, len);
}

uint64_t fingerprint_compute(const char *function, const char *tpl,
			     size_t len, unsigned ordinal)
{
	char num[16];
	size_t i = sizeof(num);
	uint64_t h = FINGERPRINT_FNV_OFFSET;

	/* The ordinal in decimal, as "%u" prints it. */
	do {
		num[--i] = (char)('0' + ordinal % 10);
		ordinal /= 10;
	} while (ordinal);
	h = fingerprint_fnv1a(h, function, strlen(function) + 1);
	h = fingerprint_normalised(h, tpl, len);
	h = fingerprint_fnv1a(h, "", 1);
	return fingerprint_fnv1a(h, num + i, sizeof(num) - i);
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
