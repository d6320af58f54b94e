/* SPDX-License-Identifier: GPL-2.0 */
/*
 * json.h — a small streaming JSON writer (RFC 8259).  The writer keeps the
 * nesting and the commas; callers say what comes next.  Strings are
 * escaped as docs/reference/format.md says: \\ and \", every byte below 0x20 as
 * \u00XX, and bytes that are not valid UTF-8 as \ufffd.  Addresses are
 * written as "0x…" strings so no reader loses precision on 64-bit values.
 */
#ifndef ASMSCAN_JSON_H
#define ASMSCAN_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 32

struct json {
	FILE *out;
	bool pretty;
	int depth;
	bool first[JSON_MAX_DEPTH];	/* nothing written yet at this level */
	bool after_key;
};

void json_init(struct json *j, FILE *out, bool pretty);
void json_object_begin(struct json *j);
void json_object_end(struct json *j);
void json_array_begin(struct json *j);
void json_array_end(struct json *j);
void json_key(struct json *j, const char *key);
void json_string(struct json *j, const char *s);	/* NULL: null */
void json_int(struct json *j, int64_t v);
void json_uint(struct json *j, uint64_t v);
void json_bool(struct json *j, bool v);
void json_null(struct json *j);
void json_addr(struct json *j, uint64_t addr);	/* "0x…" */

/* key + value shorthands */
void json_kv_string(struct json *j, const char *key, const char *s);
void json_kv_uint(struct json *j, const char *key, uint64_t v);
void json_kv_int(struct json *j, const char *key, int64_t v);
void json_kv_bool(struct json *j, const char *key, bool v);
void json_kv_addr(struct json *j, const char *key, uint64_t addr);

/* Write s escaped, without quotes (also used by tests of the escaping). */
void json_escape(FILE *out, const char *s);

#endif /* ASMSCAN_JSON_H */
