// SPDX-License-Identifier: GPL-2.0
/*
 * util.c — checked allocation, the string arena, growable arrays, the
 * string map, number formatting and parsing, hex ids and the result
 * writer (see util.h).
 *
 * Invariant: no function here returns NULL for lack of memory; the process
 * ends instead, because every caller would have to do the same and a half
 * analysis must never be printed as if it were whole.
 */
#include "util.h"

#include <errno.h>
#include <sys/mman.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asmscan.h"

void asmscan_fatal(const char *file, const char *what, const char *why)
{
	/* No allocation here: this is also the out-of-memory path. */
	fflush(stdout);
	fprintf(stderr, "asmscan: %s: %s: %s\n", file, what, why);
	exit(ASMSCAN_EXIT_ERROR);
}

static void *oom(void)
{
	asmscan_fatal("memory", "cannot allocate", strerror(ENOMEM));
	return NULL;
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	return p ? p : oom();
}

void *map_huge(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(p, len, MADV_HUGEPAGE);
#endif
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	return p ? p : oom();
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	return p ? p : oom();
}

char *xstrdup(const char *s)
{
	size_t len = strlen(s) + 1;

	return memcpy(xmalloc(len), s, len);
}

char *xstrndup(const char *s, size_t len)
{
	char *p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0)
		return oom();
	s = xmalloc((size_t)len + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)len + 1, fmt, ap);
	va_end(ap);
	return s;
}

void *vec_grow(void *v, size_t *cap, size_t need, size_t elem)
{
	size_t ncap = *cap ? *cap : 16;

	while (ncap < need) {
		if (ncap > SIZE_MAX / 2 / elem)
			return oom();
		ncap *= 2;
	}
	if (ncap == *cap)
		return v;
	*cap = ncap;
	return xrealloc(v, ncap * elem);
}

struct arena_block {
	struct arena_block *next;
	size_t used, size;
	max_align_t data[];
};

/*
 * Blocks grow from ARENA_FIRST to ARENA_BLOCK: an object's arenas (its
 * own, and the DWARF walk's and each table reader's moved into it) often
 * hold a few hundred bytes, and a run over a distribution's 4,000
 * modules keeps every object's.
 */
#define ARENA_FIRST 512
#define ARENA_BLOCK 65536

static void *arena_take(struct arena *a, size_t size, size_t align)
{
	struct arena_block *b = a->head;
	size_t at = b ? (b->used + align - 1) / align * align : 0;

	if (!b || at > b->size || b->size - at < size) {
		size_t bsize = b ? b->size * 2 : ARENA_FIRST;

		if (bsize > ARENA_BLOCK)
			bsize = ARENA_BLOCK;
		if (bsize < size)
			bsize = size;
		b = xmalloc(sizeof(*b) + bsize);
		b->size = bsize;
		b->used = 0;
		b->next = a->head;
		a->head = b;
		at = 0;
	}
	b->used = at + size;
	return (char *)b->data + at;
}

void *arena_alloc(struct arena *a, size_t size)
{
	return arena_take(a, size, sizeof(max_align_t));
}

char *arena_strndup(struct arena *a, const char *s, size_t len)
{
	char *p = arena_take(a, len + 1, 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

void arena_move(struct arena *to, struct arena *from)
{
	struct arena_block **tail = &from->head;

	if (!from->head)
		return;
	while (*tail)
		tail = &(*tail)->next;
	*tail = to->head;
	to->head = from->head;
	from->head = NULL;
}

void arena_free(struct arena *a)
{
	while (a->head) {
		struct arena_block *next = a->head->next;

		free(a->head);
		a->head = next;
	}
}

/* Each key's hash kept beside it: a probe reads a key only when the
 * hashes agree, not a string elsewhere in memory for every slot passed. */
struct strmap_slot {
	const char *key;
	uintptr_t value;
	size_t hash;
};

/* FNV-1a: short symbol names, no adversary. */
static size_t strmap_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)h;
}

static struct strmap_slot *strmap_slot(struct strmap_slot *slots, size_t cap,
				       const char *key, size_t hash)
{
	size_t i = hash & (cap - 1);

	while (slots[i].key &&
	       (slots[i].hash != hash || strcmp(slots[i].key, key)))
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

uintptr_t *strmap_find(const struct strmap *m, const char *key)
{
	struct strmap_slot *s;

	if (!m->cap)
		return NULL;
	s = strmap_slot(m->slots, m->cap, key, strmap_hash(key));
	return s->key ? &s->value : NULL;
}

/* Twice the slots, each key where its hash puts it. */
static void strmap_grow(struct strmap *m)
{
	size_t ncap = m->cap ? m->cap * 2 : 64;
	struct strmap_slot *ns = xcalloc(ncap, sizeof(*ns));

	for (size_t i = 0; i < m->cap; i++) {
		const struct strmap_slot *old = &m->slots[i];
		size_t k = old->hash & (ncap - 1);

		if (!old->key)
			continue;
		while (ns[k].key)	/* every key is distinct */
			k = (k + 1) & (ncap - 1);
		ns[k] = *old;
	}
	free(m->slots);
	m->slots = ns;
	m->cap = ncap;
}

uintptr_t *strmap_get(struct strmap *m, const char *key, bool *created)
{
	size_t hash = strmap_hash(key);
	struct strmap_slot *s;

	if ((m->len + 1) * 4 > m->cap * 3)
		strmap_grow(m);
	s = strmap_slot(m->slots, m->cap, key, hash);
	if (created)
		*created = !s->key;
	if (!s->key) {
		s->key = key;
		s->value = 0;
		s->hash = hash;
		m->len++;
	}
	return &s->value;
}

void strmap_free(struct strmap *m)
{
	free(m->slots);
	m->slots = NULL;
	m->cap = m->len = 0;
}

char *fmt_count(char *buf, uint64_t n)
{
	char tmp[32];
	int len = snprintf(tmp, sizeof(tmp), "%llu", (unsigned long long)n);
	char *p = buf;

	for (int i = 0; i < len; i++) {
		if (i && (len - i) % 3 == 0)
			*p++ = ',';
		*p++ = tmp[i];
	}
	*p = '\0';
	return buf;
}

int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

bool hex_id_parse(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	for (int i = 0; i < 16; i++) {
		int d = hex_digit(s[i]);

		if (d < 0)
			return false;	/* also the NUL of a short string */
		v = v << 4 | (uint64_t)d;
	}
	if (s[16])
		return false;
	*out = v;
	return true;
}

bool decimal_parse(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (!*s || *s == '-')
		return false;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v > max)
		return false;
	*out = v;
	return true;
}

void compiler_short(const char *compiler, char *buf, size_t len)
{
	const char *open, *close;

	/* "GCC: (Debian 12.2.0-14+deb12u1) 12.2.0" */
	if (compiler && !strncmp(compiler, "GCC: (", 6) &&
	    (close = strchr(compiler + 6, ')')) && close[1] == ' ') {
		open = compiler + 6;
		snprintf(buf, len, "GCC %s (%.*s)", close + 2, (int)(close - open), open);
		return;
	}
	snprintf(buf, len, "%s", compiler ? compiler : "unknown compiler");
}
