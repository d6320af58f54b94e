/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jsonread.h — a small strict JSON reader (RFC 8259) for the records the
 * plugin embeds (docs/reference/format.md).  It builds a tree in a caller's arena.
 *
 * Strict and bounded, because its input is whatever a file's .comment
 * holds: the text must be exactly one value (no trailing bytes); nesting
 * at most JSONREAD_MAX_DEPTH; numbers are integers that fit int64_t (the
 * record formats have no other numbers: a fraction or exponent is refused);
 * strings may not hold a raw byte below 0x20 nor decode to NUL, surrogate
 * escapes must pair; an object may not repeat a key nor hold more than
 * JSONREAD_MAX_MEMBERS members (the records have about 30).  Every read stays
 * inside [text, text + len): the text need not be NUL-terminated.  Work is
 * linear in len.  No global state.
 */
#ifndef ASMSCAN_JSONREAD_H
#define ASMSCAN_JSONREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

#define JSONREAD_MAX_DEPTH 16
#define JSONREAD_MAX_MEMBERS 256	/* per object: keys are checked for repeats */

enum jv_type {
	JV_NULL,
	JV_BOOL,
	JV_INT,
	JV_STRING,
	JV_ARRAY,
	JV_OBJECT,
};

struct jv {
	enum jv_type type;
	bool b;
	int64_t i;
	const char *s;			/* JV_STRING: decoded, NUL-ended */
	size_t len;			/* its bytes; JV_ARRAY/OBJECT: members */
	const struct jv *items;		/* JV_ARRAY/OBJECT values */
	const char *const *keys;	/* JV_OBJECT keys, in text order */
};

/*
 * Parse text[0..len) into a tree allocated in a (which the caller frees).
 * NULL on error, with why (at least 64 bytes) saying what and where.
 */
const struct jv *jv_parse(struct arena *a, const char *text, size_t len,
			  char *why, size_t whylen);

/* The value of key in an object, NULL when absent or v is no object. */
const struct jv *jv_get(const struct jv *v, const char *key);

#endif /* ASMSCAN_JSONREAD_H */
