/* SPDX-License-Identifier: GPL-2.0 */
/*
 * json-buf.h — a growable buffer and a small JSON writer over it, so that a
 * whole record is built in memory and handed to one write().
 *
 * Invariants: the buffer always holds valid UTF-8 (bytes that are not
 * part of a valid UTF-8 sequence are written as \ufffd); strings escape
 * '\\', '"' and every byte below 0x20 as \u00XX; commas are placed by the
 * writer (need_comma), so callers only say what comes next.
 */
#ifndef ASMINLINE_JSON_BUF_H
#define ASMINLINE_JSON_BUF_H

#include "gcc-compat.h"

struct json_buf {
	char *data;
	size_t len;
	size_t cap;
	bool need_comma;	/* a value was written at this level */
};

void json_buf_init(struct json_buf *b);
void json_buf_free(struct json_buf *b);
void json_buf_reset(struct json_buf *b);
void json_buf_raw(struct json_buf *b, const char *s, size_t n);
/* Room for n more bytes now, so that the buffer does not grow to them. */
void json_buf_reserve(struct json_buf *b, size_t n);
/* dst (freed or empty) becomes a copy of src, in a buffer of its size. */
void json_buf_copy(struct json_buf *dst, const struct json_buf *src);

void json_begin_object(struct json_buf *b);
void json_end_object(struct json_buf *b);
void json_begin_array(struct json_buf *b);
void json_end_array(struct json_buf *b);
/* An object key; the next value written belongs to it. */
void json_key(struct json_buf *b, const char *key);
/*
 * The same for a key of n bytes known to need no escape: the record
 * formats' own keys, string literals of plain ASCII, which
 * JSON_KEY_LIT("name") passes with their length.
 */
void json_key_plain(struct json_buf *b, const char *key, size_t n);
#define JSON_KEY_LIT(lit) "" lit "", sizeof(lit) - 1
void json_string(struct json_buf *b, const char *s, size_t n);
void json_cstring(struct json_buf *b, const char *s);
void json_uint(struct json_buf *b, unsigned long long v);
void json_int(struct json_buf *b, long long v);
void json_bool(struct json_buf *b, bool v);

/*
 * A key of the record formats (key, n: JSON_KEY_LIT("name")) and its
 * value, in one call: what the asm and edge records are made of.
 */
static inline void json_field_cstring(struct json_buf *b, const char *key,
				      size_t n, const char *s)
{
	json_key_plain(b, key, n);
	json_cstring(b, s);
}

static inline void json_field_uint(struct json_buf *b, const char *key,
				   size_t n, unsigned long long v)
{
	json_key_plain(b, key, n);
	json_uint(b, v);
}

static inline void json_field_int(struct json_buf *b, const char *key,
				  size_t n, long long v)
{
	json_key_plain(b, key, n);
	json_int(b, v);
}

static inline void json_field_bool(struct json_buf *b, const char *key,
				   size_t n, bool v)
{
	json_key_plain(b, key, n);
	json_bool(b, v);
}

#endif /* ASMINLINE_JSON_BUF_H */
