// SPDX-License-Identifier: GPL-2.0
/*
 * json-buf.cc — the JSON writer behind every report record.
 *
 * Template strings are arbitrary bytes (a kernel template may hold tabs,
 * newlines, quotes, backslashes and, in comments, any encoding), so the
 * string writer is the part that must be right: it emits RFC 8259 JSON that
 * Python's json module and jq accept for any input.
 */
#include "json-buf.h"

void json_buf_init(struct json_buf *b)
{
	memset(b, 0, sizeof(*b));
}

void json_buf_free(struct json_buf *b)
{
	free(b->data);
	json_buf_init(b);
}

void json_buf_reset(struct json_buf *b)
{
	b->len = 0;
	b->need_comma = false;
}

/*
 * Room for n more bytes and the NUL kept after them; returns where they
 * go.  The caller advances len.
 */
static char *json_buf_room(struct json_buf *b, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;

		while (cap < b->len + n + 1)
			cap *= 2;
		b->data = (char *)xrealloc(b->data, cap);
		b->cap = cap;
	}
	return b->data + b->len;
}

/* The text from data + len to p was written: take it in, NUL after it. */
static void json_buf_commit(struct json_buf *b, char *p)
{
	b->len = (size_t)(p - b->data);
	*p = '\0';
}

void json_buf_raw(struct json_buf *b, const char *s, size_t n)
{
	char *p = json_buf_room(b, n);

	memcpy(p, s, n);
	json_buf_commit(b, p + n);
}

void json_buf_reserve(struct json_buf *b, size_t n)
{
	json_buf_room(b, n);
}

void json_buf_copy(struct json_buf *dst, const struct json_buf *src)
{
	dst->data = (char *)xmemdup(src->data, src->len, src->len + 1);
	dst->data[src->len] = '\0';
	dst->len = src->len;
	dst->cap = src->len + 1;
	dst->need_comma = src->need_comma;
}

static void json_buf_char(struct json_buf *b, char c)
{
	char *p = json_buf_room(b, 1);

	*p = c;
	json_buf_commit(b, p + 1);
}

/*
 * Room for a value of at most n bytes and the comma before it when one
 * was written at this level; returns where the value goes.  One call per
 * value: the records are mostly short values, and a call per byte of
 * punctuation was a third of their cost.
 */
static char *json_value_room(struct json_buf *b, size_t n)
{
	char *p = json_buf_room(b, n + 1);

	if (b->need_comma)
		*p++ = ',';
	b->need_comma = true;
	return p;
}

void json_begin_object(struct json_buf *b)
{
	char *p = json_value_room(b, 1);

	*p++ = '{';
	json_buf_commit(b, p);
	b->need_comma = false;
}

void json_end_object(struct json_buf *b)
{
	json_buf_char(b, '}');
	b->need_comma = true;
}

void json_begin_array(struct json_buf *b)
{
	char *p = json_value_room(b, 1);

	*p++ = '[';
	json_buf_commit(b, p);
	b->need_comma = false;
}

void json_end_array(struct json_buf *b)
{
	json_buf_char(b, ']');
	b->need_comma = true;
}

/*
 * Length of the valid UTF-8 sequence at s (at most n bytes), or 0: no
 * overlong forms, no surrogates (U+D800..DFFF), nothing above U+10FFFF.
 */
static size_t json_utf8_len(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];
	size_t len;
	unsigned lo = 0x80, hi = 0xbf;	/* allowed range of the 2nd byte */

	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else
		return 0;
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

/*
 * 1 for the bytes copied into a string as they are: printable ASCII but
 * '"' (0x22) and '\\' (0x5c).
 */
static const unsigned char json_plain[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0x00 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0x10 */
	1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x20 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x30 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x40 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,	/* 0x50 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x60 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x70 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0x80 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0x90 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0xa0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0xb0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0xc0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0xd0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0xe0 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0xf0 */
};

/*
 * Eight bytes of a string tested at once: most bytes of a template are
 * plain, and a test per byte was most of the writer's cost.  A test gives
 * a word with the top bit of each matching byte set: exact for the first
 * (lowest-addressed) one, which is all json_plain_copy() reads (a borrow
 * can also mark a byte after a match, never one before).  Words are
 * loaded little-endian, so the first byte is the lowest; on a big-endian
 * host JSON_WORDS is 0 and the copy goes a byte at a time.
 */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define JSON_WORDS 1
#else
#define JSON_WORDS 0
#endif
#define JSON_ONES 0x0101010101010101ULL
#define JSON_HIGHS 0x8080808080808080ULL

/* The bytes of w below n (n at most 0x80). */
static inline uint64_t json_bytes_below(uint64_t w, unsigned char n)
{
	return (w - JSON_ONES * n) & ~w & JSON_HIGHS;
}

/* The bytes of w equal to c. */
static inline uint64_t json_bytes_eq(uint64_t w, unsigned char c)
{
	uint64_t x = w ^ (JSON_ONES * c);

	return (x - JSON_ONES) & ~x & JSON_HIGHS;
}

/* The bytes json_plain[] does not pass: below 0x20, '"', '\\', 0x80 up. */
static inline uint64_t json_unplain(uint64_t w)
{
	return json_bytes_below(w, 0x20) | json_bytes_eq(w, '"') |
	       json_bytes_eq(w, '\\') | (w & JSON_HIGHS);
}

/*
 * Copy the plain bytes from s + *i to p, up to the first other one or n;
 * *i moves past them, and the new end of the output is returned.  Eight
 * bytes a turn while eight are left, each word stored whole: the room is
 * for 6 bytes a byte, and the bytes after the plain ones are written over.
 */
static inline char *json_plain_copy(char *p, const unsigned char *s,
				    size_t *i, size_t n)
{
	size_t k = *i;

	while (JSON_WORDS && k + 8 <= n) {
		uint64_t w, marks;

		memcpy(&w, s + k, sizeof(w));
		marks = json_unplain(w);
		memcpy(p, &w, sizeof(w));
		if (marks) {
			unsigned first = (unsigned)__builtin_ctzll(marks) >> 3;

			*i = k + first;
			return p + first;
		}
		p += 8;
		k += 8;
	}
	while (k < n && json_plain[s[k]])
		*p++ = (char)s[k++];
	*i = k;
	return p;
}

/*
 * Writes straight into the buffer after making room for the worst case:
 * every byte becomes at most 6 (\u00XX, \ufffd); a valid UTF-8 sequence
 * is copied as it is.  Runs of plain bytes are found eight at a time
 * (json_plain_copy); no snprintf.  A kernel template is mostly short
 * runs of text between tabs and newlines.
 */
void json_string(struct json_buf *b, const char *str, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;
	char *p;

	gcc_assert(n <= (SIZE_MAX - 3) / 6);	/* it is in memory already */
	p = json_value_room(b, 6 * n + 2);
	*p++ = '"';
	for (size_t i = 0; i < n;) {
		unsigned char c = s[i];
		size_t run = i;

		p = json_plain_copy(p, s, &run, n);
		if (run > i) {
			i = run;
			continue;
		}
		if (c == '"' || c == '\\') {
			*p++ = '\\';
			*p++ = (char)c;
			i++;
		} else if (c < 0x20) {
			memcpy(p, "\\u00", 4);
			p[4] = hex[c >> 4];
			p[5] = hex[c & 0xf];
			p += 6;
			i++;
		} else {
			size_t len = json_utf8_len(s + i, n - i);

			if (len) {
				memcpy(p, s + i, len);
				p += len;
				i += len;
			} else {
				memcpy(p, "\\ufffd", 6);
				p += 6;
				i++;
			}
		}
	}
	*p++ = '"';
	json_buf_commit(b, p);
}

void json_cstring(struct json_buf *b, const char *s)
{
	json_string(b, s, strlen(s));
}

void json_key(struct json_buf *b, const char *key)
{
	size_t n = strlen(key);

	for (size_t i = 0; i < n; i++) {
		if (!json_plain[(unsigned char)key[i]]) {
			json_string(b, key, n);
			json_buf_char(b, ':');
			b->need_comma = false;
			return;
		}
	}
	json_key_plain(b, key, n);
}

/* Copied at once, with the ':'. */
void json_key_plain(struct json_buf *b, const char *key, size_t n)
{
	char *p = json_value_room(b, n + 3);

	*p++ = '"';
	memcpy(p, key, n);
	p += n;
	*p++ = '"';
	*p++ = ':';
	json_buf_commit(b, p);
	b->need_comma = false;
}

/* Digits of v, ending at end; returns where they start. */
static char *json_digits(char *end, unsigned long long v)
{
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return end;
}

/* Decimal, as "%llu" prints it. */
void json_uint(struct json_buf *b, unsigned long long v)
{
	char num[24];
	char *d = json_digits(num + sizeof(num), v);
	size_t n = (size_t)(num + sizeof(num) - d);
	char *p = json_value_room(b, n);

	memcpy(p, d, n);
	json_buf_commit(b, p + n);
}

/* Decimal, as "%lld" prints it. */
void json_int(struct json_buf *b, long long v)
{
	char num[24];
	char *d = json_digits(num + sizeof(num),
			      v < 0 ? 0ULL - (unsigned long long)v
				    : (unsigned long long)v);
	size_t n;
	char *p;

	if (v < 0)
		*--d = '-';
	n = (size_t)(num + sizeof(num) - d);
	p = json_value_room(b, n);
	memcpy(p, d, n);
	json_buf_commit(b, p + n);
}

void json_bool(struct json_buf *b, bool v)
{
	char *p = json_value_room(b, 5);

	if (v) {
		memcpy(p, "true", 4);
		p += 4;
	} else {
		memcpy(p, "false", 5);
		p += 5;
	}
	json_buf_commit(b, p);
}
