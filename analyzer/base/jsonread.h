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

/*
 * The typed members of an object, for the readers of records (records.c,
 * check's reader of reports): JV_FOUND and the value in *out; else *out
 * is zero ("" for a string) and what was wrong, which each reader words
 * in its own messages (jv_type_name for the type it wanted).
 */
enum jv_found {
	JV_FOUND,
	JV_ABSENT,		/* no such key, or o is no object */
	JV_NOT_TYPE,		/* of another type */
	JV_BAD_VALUE,		/* jv_int: outside [min, max] (*out holds
				 * it); jv_hex: not 16 lowercase hex digits */
};

enum jv_found jv_string(const struct jv *o, const char *key, const char **out);
enum jv_found jv_bool(const struct jv *o, const char *key, bool *out);
enum jv_found jv_int(const struct jv *o, const char *key, int64_t min,
		     int64_t max, int64_t *out);
/* A string of 16 lowercase hex digits (an id, a fingerprint). */
enum jv_found jv_hex(const struct jv *o, const char *key, uint64_t *out);
/* "a string", "an integer" ...: as "\"KEY\" is not %s" says it. */
const char *jv_type_name(enum jv_type type);

#endif /* ASMSCAN_JSONREAD_H */
