// SPDX-License-Identifier: GPL-2.0
/*
 * jsonread.c — the strict, bounded JSON reader (see jsonread.h).
 *
 * Recursive descent over [p, end); every byte is looked at through
 * jp_peek(), which returns -1 past the end, so no path reads outside the
 * text.  Members of an array or object are collected on a growable stack
 * shared by all levels and copied into the arena when the container ends,
 * so memory is linear in the text.
 */
#include "jsonread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct jp {
	const char *start, *p, *end;
	struct arena *a;
	char *why;
	size_t whylen;
	bool failed;
	/* member stack: values and keys of the containers being read */
	struct jv *vals;
	const char **keys;
	size_t n, cap, kcap;
	char *buf;			/* string decoding scratch */
	size_t bufcap;
};

static bool jp_fail(struct jp *j, const char *what)
{
	if (!j->failed)
		snprintf(j->why, j->whylen, "%s at byte %zu", what,
			 (size_t)(j->p - j->start));
	j->failed = true;
	return false;
}

static int jp_peek(const struct jp *j)
{
	return j->p < j->end ? (unsigned char)*j->p : -1;
}

static void jp_space(struct jp *j)
{
	int c;

	while ((c = jp_peek(j)) == ' ' || c == '\t' || c == '\n' || c == '\r')
		j->p++;
}

static bool jp_literal(struct jp *j, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n))
		return jp_fail(j, "unknown literal");
	j->p += n;
	return true;
}

static bool jp_int(struct jp *j, struct jv *v)
{
	bool neg = false;
	uint64_t mag = 0, limit;
	int c;

	if (jp_peek(j) == '-') {
		neg = true;
		j->p++;
	}
	c = jp_peek(j);
	if (c < '0' || c > '9')
		return jp_fail(j, "bad number");
	if (c == '0' && j->p + 1 < j->end && j->p[1] >= '0' && j->p[1] <= '9')
		return jp_fail(j, "number with a leading zero");
	limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	while ((c = jp_peek(j)) >= '0' && c <= '9') {
		if (mag > (limit - (uint64_t)(c - '0')) / 10)
			return jp_fail(j, "integer out of range");
		mag = mag * 10 + (uint64_t)(c - '0');
		j->p++;
	}
	if (c == '.' || c == 'e' || c == 'E')
		return jp_fail(j, "not an integer");
	v->type = JV_INT;
	v->i = neg ? (int64_t)(0 - mag) : (int64_t)mag;
	return true;
}

static int jp_hex4(struct jp *j)
{
	int v = 0;

	if (j->end - j->p < 4)
		return -1;
	for (int k = 0; k < 4; k++) {
		char c = *j->p++;

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

static void jp_put(struct jp *j, size_t *len, const char *s, size_t n)
{
	if (*len + n + 1 > j->bufcap)
		j->buf = vec_grow(j->buf, &j->bufcap, *len + n + 1, 1);
	memcpy(j->buf + *len, s, n);
	*len += n;
}

/* A code point as UTF-8. */
static void jp_put_cp(struct jp *j, size_t *len, uint32_t cp)
{
	char u[4];
	size_t n;

	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	jp_put(j, len, u, n);
}

static bool jp_escape(struct jp *j, size_t *len)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	int c = jp_peek(j), hi, lo;
	const char *k;

	if (c < 0)
		return jp_fail(j, "unterminated string");
	j->p++;
	if (c != 'u') {
		if (!c || !(k = strchr(from, c)))
			return jp_fail(j, "bad escape");
		jp_put(j, len, &to[k - from], 1);
		return true;
	}
	if ((hi = jp_hex4(j)) < 0)
		return jp_fail(j, "bad \\u escape");
	if (hi == 0)
		return jp_fail(j, "\\u0000 in a string");
	if (hi >= 0xdc00 && hi <= 0xdfff)
		return jp_fail(j, "unpaired surrogate");
	if (hi >= 0xd800 && hi <= 0xdbff) {
		if (j->end - j->p < 2 || j->p[0] != '\\' || j->p[1] != 'u')
			return jp_fail(j, "unpaired surrogate");
		j->p += 2;
		lo = jp_hex4(j);
		if (lo < 0xdc00 || lo > 0xdfff)
			return jp_fail(j, "unpaired surrogate");
		jp_put_cp(j, len, 0x10000 + (((uint32_t)hi - 0xd800) << 10) +
					  ((uint32_t)lo - 0xdc00));
		return true;
	}
	jp_put_cp(j, len, (uint32_t)hi);
	return true;
}

/* At '"': the decoded string, in the arena. */
static bool jp_string(struct jp *j, const char **out, size_t *outlen)
{
	size_t len = 0;
	char *s;
	int c;

	j->p++;
	for (;;) {
		const char *run = j->p;

		while ((c = jp_peek(j)) >= 0x20 && c != '"' && c != '\\')
			j->p++;
		jp_put(j, &len, run, (size_t)(j->p - run));
		if (c == '"')
			break;
		if (c < 0)
			return jp_fail(j, "unterminated string");
		if (c < 0x20)
			return jp_fail(j, "control byte in a string");
		j->p++;
		if (!jp_escape(j, &len))
			return false;
	}
	j->p++;
	s = arena_alloc(j->a, len + 1);
	if (len)
		memcpy(s, j->buf, len);
	s[len] = '\0';
	*out = s;
	*outlen = len;
	return true;
}

static bool jp_value(struct jp *j, struct jv *v, int depth);

static struct jv *jp_push(struct jp *j, const char *key)
{
	size_t kn = j->n;

	if (j->n >= j->cap)
		j->vals = vec_grow(j->vals, &j->cap, j->n + 1, sizeof(*j->vals));
	if (kn >= j->kcap)
		j->keys = vec_grow(j->keys, &j->kcap, kn + 1, sizeof(*j->keys));
	j->keys[j->n] = key;
	memset(&j->vals[j->n], 0, sizeof(j->vals[0]));
	return &j->vals[j->n++];
}

/* Move the members from base on into the arena as v's items (and keys). */
static void jp_collect(struct jp *j, struct jv *v, size_t base, bool keys)
{
	size_t n = j->n - base;
	struct jv *items = arena_alloc(j->a, (n ? n : 1) * sizeof(*items));

	/* An empty container before any member was ever read: vals and
	 * keys may still be NULL, and memcpy from NULL is undefined even
	 * for 0 bytes (UBSan). */
	if (n)
		memcpy(items, j->vals + base, n * sizeof(*items));
	v->items = items;
	v->len = n;
	if (keys) {
		const char **k = arena_alloc(j->a, (n ? n : 1) * sizeof(*k));

		if (n)
			memcpy(k, j->keys + base, n * sizeof(*k));
		v->keys = k;
	}
	j->n = base;
}

static bool jp_container(struct jp *j, struct jv *v, int depth, bool object)
{
	size_t base = j->n;
	char close = object ? '}' : ']';

	if (depth >= JSONREAD_MAX_DEPTH)
		return jp_fail(j, "nested too deep");
	j->p++;
	v->type = object ? JV_OBJECT : JV_ARRAY;
	jp_space(j);
	if (jp_peek(j) == close) {
		j->p++;
		jp_collect(j, v, base, object);
		return true;
	}
	for (;;) {
		const char *key = NULL;
		size_t klen;
		struct jv item = { 0 };

		jp_space(j);
		if (object) {
			if (jp_peek(j) != '"')
				return jp_fail(j, "expected a key");
			if (!jp_string(j, &key, &klen))
				return false;
			for (size_t i = base; i < j->n; i++)
				if (!strcmp(j->keys[i], key))
					return jp_fail(j, "repeated key");
			jp_space(j);
			if (jp_peek(j) != ':')
				return jp_fail(j, "expected ':'");
			j->p++;
		}
		if (object && j->n - base >= JSONREAD_MAX_MEMBERS)
			return jp_fail(j, "object with too many members");
		if (!jp_value(j, &item, depth + 1))
			return false;
		*jp_push(j, key) = item;
		jp_space(j);
		if (jp_peek(j) == ',') {
			j->p++;
			continue;
		}
		if (jp_peek(j) != close)
			return jp_fail(j, object ? "expected ',' or '}'"
						 : "expected ',' or ']'");
		j->p++;
		jp_collect(j, v, base, object);
		return true;
	}
}

static bool jp_value(struct jp *j, struct jv *v, int depth)
{
	int c;

	jp_space(j);
	c = jp_peek(j);
	switch (c) {
	case '{':
	case '[':
		return jp_container(j, v, depth, c == '{');
	case '"':
		v->type = JV_STRING;
		return jp_string(j, &v->s, &v->len);
	case 't':
	case 'f':
		v->type = JV_BOOL;
		v->b = c == 't';
		return jp_literal(j, c == 't' ? "true" : "false");
	case 'n':
		v->type = JV_NULL;
		return jp_literal(j, "null");
	case -1:
		return jp_fail(j, "unexpected end");
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return jp_int(j, v);
		return jp_fail(j, "unexpected byte");
	}
}

const struct jv *jv_parse(struct arena *a, const char *text, size_t len,
			  char *why, size_t whylen)
{
	struct jp j = { .start = text, .p = text, .end = text + len, .a = a,
			.why = why, .whylen = whylen };
	struct jv *root = arena_alloc(a, sizeof(*root));
	bool ok;

	memset(root, 0, sizeof(*root));
	ok = jp_value(&j, root, 0);
	if (ok) {
		jp_space(&j);
		if (j.p != j.end)
			ok = jp_fail(&j, "trailing bytes after the value");
	}
	free(j.vals);
	free(j.keys);
	free(j.buf);
	return ok ? root : NULL;
}

const struct jv *jv_get(const struct jv *v, const char *key)
{
	if (!v || v->type != JV_OBJECT)
		return NULL;
	for (size_t i = 0; i < v->len; i++)
		if (!strcmp(v->keys[i], key))
			return &v->items[i];
	return NULL;
}

/* The member key of o when it is of type t; why not in *st. */
static const struct jv *member(const struct jv *o, const char *key,
			       enum jv_type t, enum jv_found *st)
{
	const struct jv *v = jv_get(o, key);

	*st = !v ? JV_ABSENT : v->type != t ? JV_NOT_TYPE : JV_FOUND;
	return *st == JV_FOUND ? v : NULL;
}

enum jv_found jv_string(const struct jv *o, const char *key, const char **out)
{
	enum jv_found st;
	const struct jv *v = member(o, key, JV_STRING, &st);

	*out = v ? v->s : "";
	return st;
}

enum jv_found jv_bool(const struct jv *o, const char *key, bool *out)
{
	enum jv_found st;
	const struct jv *v = member(o, key, JV_BOOL, &st);

	*out = v && v->b;
	return st;
}

enum jv_found jv_int(const struct jv *o, const char *key, int64_t min,
		     int64_t max, int64_t *out)
{
	enum jv_found st;
	const struct jv *v = member(o, key, JV_INT, &st);

	*out = v ? v->i : 0;
	if (v && (v->i < min || v->i > max))
		return JV_BAD_VALUE;
	return st;
}

enum jv_found jv_hex(const struct jv *o, const char *key, uint64_t *out)
{
	enum jv_found st;
	const struct jv *v = member(o, key, JV_STRING, &st);

	*out = 0;
	if (v && !hex_id_parse(v->s, out))
		return JV_BAD_VALUE;
	return st;
}

const char *jv_type_name(enum jv_type type)
{
	switch (type) {
	case JV_NULL:
		return "null";
	case JV_BOOL:
		return "a boolean";
	case JV_INT:
		return "an integer";
	case JV_STRING:
		return "a string";
	case JV_ARRAY:
		return "an array";
	case JV_OBJECT:
		return "an object";
	}
	return "a value";
}
