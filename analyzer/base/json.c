// SPDX-License-Identifier: GPL-2.0
/*
 * json.c — the streaming JSON writer (see json.h).  Invariant: whatever
 * sequence of calls is made, the bytes written are a prefix of one valid
 * JSON text; a correct sequence (every begin ended) is a whole one.
 */
#include "json.h"

#include <string.h>

/*
 * One thread writes a document, and output_write() holds the stream's
 * lock around it: the unlocked stdio calls write straight into the
 * buffer, where each locked one would check the lock again (millions of
 * times in a package's report).
 */
#define json_putc(c, out) putc_unlocked((c), (out))
#define json_write(p, n, out) fwrite_unlocked((p), 1, (n), (out))
#define json_puts(s, out) fputs_unlocked((s), (out))

void json_init(struct json *j, FILE *out, bool pretty)
{
	memset(j, 0, sizeof(*j));
	j->out = out;
	j->pretty = pretty;
	j->first[0] = true;
}

static void json_newline(struct json *j)
{
	if (!j->pretty)
		return;
	json_putc('\n', j->out);
	for (int i = 0; i < j->depth; i++)
		json_puts("  ", j->out);
}

/* Before any value: a comma when needed, unless a key just went out. */
static void json_sep(struct json *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (!j->first[j->depth])
		json_putc(',', j->out);
	if (j->depth)
		json_newline(j);
	j->first[j->depth] = false;
}

static void json_open(struct json *j, char c)
{
	json_sep(j);
	json_putc(c, j->out);
	if (j->depth + 1 < JSON_MAX_DEPTH)
		j->depth++;
	j->first[j->depth] = true;
}

static void json_close(struct json *j, char c)
{
	bool empty = j->first[j->depth];

	if (j->depth)
		j->depth--;
	if (!empty)
		json_newline(j);
	json_putc(c, j->out);
	if (!j->depth)
		json_putc('\n', j->out);
}

void json_object_begin(struct json *j)
{
	json_open(j, '{');
}

void json_object_end(struct json *j)
{
	json_close(j, '}');
}

void json_array_begin(struct json *j)
{
	json_open(j, '[');
}

void json_array_end(struct json *j)
{
	json_close(j, ']');
}

/* Length of the valid UTF-8 sequence at s, 0 if not valid. */
static size_t utf8_len(const unsigned char *s)
{
	unsigned c = s[0];
	size_t len;
	unsigned min, cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, min = 0x80, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, min = 0x800, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, min = 0x10000, cp = c & 0x07;
	else
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/* 1 for the bytes written as they are: printable ASCII but '"' and '\\'. */
static const unsigned char json_plain[256] = {
	[0x20 ... 0x21] = 1,	/* '"' is 0x22 */
	[0x23 ... 0x5b] = 1,	/* '\\' is 0x5c */
	[0x5d ... 0x7f] = 1,
};

void json_escape(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	while (*s) {
		const unsigned char *run = s;
		size_t len;

		/* ASCII that needs no escape: a run at a time, not a byte */
		while (json_plain[*s])
			s++;
		if (s > run)
			json_write(run, (size_t)(s - run), out);
		if (!*s)
			break;
		if (*s == '"' || *s == '\\') {
			json_putc('\\', out);
			json_putc(*s++, out);
		} else if (*s < 0x20) {
			fprintf(out, "\\u%04x", *s++);
		} else if ((len = utf8_len(s))) {
			json_write(s, len, out);
			s += len;
		} else {
			json_puts("\\ufffd", out);
			s++;
		}
	}
}

void json_key(struct json *j, const char *key)
{
	json_sep(j);
	json_putc('"', j->out);
	json_escape(j->out, key);
	json_puts(j->pretty ? "\": " : "\":", j->out);
	j->after_key = true;
}

void json_string(struct json *j, const char *s)
{
	if (!s) {
		json_null(j);
		return;
	}
	json_sep(j);
	json_putc('"', j->out);
	json_escape(j->out, s);
	json_putc('"', j->out);
}

/*
 * Numbers are written digit by digit, not through fprintf(): a package's
 * report has millions of them, all written on the main thread at the end,
 * and fprintf's format parsing was most of their cost.  The same bytes as
 * "%" PRIu64 and "0x%" PRIx64.
 */
static void json_put_uint(FILE *out, uint64_t v)
{
	char buf[20], *p = buf + sizeof(buf);

	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	json_write(p, (size_t)(buf + sizeof(buf) - p), out);
}

static void json_put_hex(FILE *out, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char buf[16], *p = buf + sizeof(buf);

	do {
		*--p = digits[v & 15];
		v >>= 4;
	} while (v);
	json_write(p, (size_t)(buf + sizeof(buf) - p), out);
}

void json_int(struct json *j, int64_t v)
{
	json_sep(j);
	if (v < 0) {
		json_putc('-', j->out);
		json_put_uint(j->out, (uint64_t)0 - (uint64_t)v);
	} else {
		json_put_uint(j->out, (uint64_t)v);
	}
}

void json_uint(struct json *j, uint64_t v)
{
	json_sep(j);
	json_put_uint(j->out, v);
}

void json_bool(struct json *j, bool v)
{
	json_sep(j);
	json_puts(v ? "true" : "false", j->out);
}

void json_null(struct json *j)
{
	json_sep(j);
	json_puts("null", j->out);
}

void json_addr(struct json *j, uint64_t addr)
{
	json_sep(j);
	json_puts("\"0x", j->out);
	json_put_hex(j->out, addr);
	json_putc('"', j->out);
}

void json_kv_string(struct json *j, const char *key, const char *s)
{
	json_key(j, key);
	json_string(j, s);
}

void json_kv_uint(struct json *j, const char *key, uint64_t v)
{
	json_key(j, key);
	json_uint(j, v);
}

void json_kv_int(struct json *j, const char *key, int64_t v)
{
	json_key(j, key);
	json_int(j, v);
}

void json_kv_bool(struct json *j, const char *key, bool v)
{
	json_key(j, key);
	json_bool(j, v);
}

void json_kv_addr(struct json *j, const char *key, uint64_t addr)
{
	json_key(j, key);
	json_addr(j, addr);
}
