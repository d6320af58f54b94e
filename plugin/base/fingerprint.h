/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fingerprint.h — the stable identity of an asm statement (docs/reference/format.md).
 *
 *   fingerprint = FNV-1a-64( function "\0" normalised-template "\0" ordinal )
 *
 * where normalised-template drops leading and trailing whitespace and turns
 * every inner run of whitespace (space, \t, \n, \v, \f, \r) into one space,
 * and ordinal is the decimal position (0, 1, ...) of the statement among the
 * statements of the same function with the same normalised template, in the
 * order the pass visits them.  No path, line or column goes in, so the
 * fingerprint survives line shifts, renamed files and rebuilds.
 */
#ifndef ASMINLINE_FINGERPRINT_H
#define ASMINLINE_FINGERPRINT_H

#include "gcc-compat.h"

/* The hash is asmtpl's FNV-1a-64 (asmtpl_fnv1a). */
#define FINGERPRINT_HEX_LEN 16

/* FNV-1a-64 of the normalised template alone (to count ordinals). */
uint64_t fingerprint_template_hash(const char *tpl, size_t len);

uint64_t fingerprint_compute(const char *function, const char *tpl,
			     size_t len, unsigned ordinal);

/*
 * The same in two steps, for a caller that needs the ordinal first: one
 * walk of the template gives its hash (*tpl_hash, as
 * fingerprint_template_hash) and the fingerprint's state up to the
 * ordinal, which fingerprint_finish completes.
 */
uint64_t fingerprint_start(const char *function, const char *tpl, size_t len,
			   uint64_t *tpl_hash);
uint64_t fingerprint_finish(uint64_t h, unsigned ordinal);

/* An id as the records spell it: 16 lowercase hex digits ("%016llx"). */
void fingerprint_hex(uint64_t id, char hex[FINGERPRINT_HEX_LEN + 1]);

/*
 * The ordinals of one function: how many statements with each normalised
 * template were seen so far.  Reset at the start of every function.
 */
struct fingerprint_seen {
	uint64_t *hashes;
	size_t n;
	size_t cap;
};

void fingerprint_seen_reset(struct fingerprint_seen *seen);
void fingerprint_seen_free(struct fingerprint_seen *seen);
/* Record one more statement with this template hash; return its ordinal. */
unsigned fingerprint_seen_add(struct fingerprint_seen *seen, uint64_t hash);

#endif /* ASMINLINE_FINGERPRINT_H */
