/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util.h — the small containers asmscan is built on: checked allocation
 * (out of memory ends the run with exit code 2: asmscan_fatal, which
 * allocates nothing), a bump arena for strings that live as long as the
 * object that owns them, a growable array, a string-keyed hash map, the
 * number formatting the text tables use, the hex ids of records, reports
 * and baselines.  The writer of a verb's result is output.h.
 *
 * Nothing here knows about ELF; everything is safe to use from worker
 * threads as long as each thread owns the container it writes.
 */
#ifndef ASMSCAN_UTIL_H
#define ASMSCAN_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Out of memory and the like: "asmscan: FILE: what: why" on stderr, then
 * exit 2 (any thread; no allocation, so also the out-of-memory path).
 */
__attribute__((noreturn))
void asmscan_fatal(const char *file, const char *what, const char *why);

/* The number of elements of an array (not a pointer). */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
/*
 * len bytes of zeroed memory, a mapping of its own, in huge pages where
 * the kernel allows (a fault per 2 MB, not per 4 KB), address space only
 * until written; NULL when it cannot be had.  munmap(p, len) frees it.
 */
void *map_huge(size_t len);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t len);
__attribute__((format(printf, 1, 2))) char *xasprintf(const char *fmt, ...);

/*
 * A growable array of elements of one type:
 *	struct foo *v = NULL; size_t n = 0, cap = 0;
 *	*VEC_PUSH(v, n, cap) = x;
 */
void *vec_grow(void *v, size_t *cap, size_t need, size_t elem);
#define VEC_PUSH(v, n, cap)                                                 \
	((n) >= (cap) ? (void)((v) = vec_grow((v), &(cap), (n) + 1,          \
					      sizeof(*(v)))) : (void)0,      \
	 &(v)[(n)++])

/* Strings that die together: allocated in blocks, freed at once. */
struct arena {
	struct arena_block *head;
};

char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t len);
void *arena_alloc(struct arena *a, size_t size);
/* Everything of from now belongs to to (freed with it); from is empty. */
void arena_move(struct arena *to, struct arena *from);
void arena_free(struct arena *a);

/* Open-addressing map from NUL-terminated strings (not copied) to values. */
struct strmap {
	struct strmap_slot *slots;
	size_t cap, len;
};

/* The slot's value for key, created as 0 when absent (*created says so). */
uintptr_t *strmap_get(struct strmap *m, const char *key, bool *created);
uintptr_t *strmap_find(const struct strmap *m, const char *key);
void strmap_free(struct strmap *m);

/* "1,234,567" into buf (at least 32 bytes); returns buf. */
char *fmt_count(char *buf, uint64_t n);

/* "GCC 12.2.0 (Debian 12.2.0-14+deb12u1)" from .comment's
 * "GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"; other strings as they are. */
void compiler_short(const char *compiler, char *buf, size_t len);

/* The value of a lowercase hex digit; -1 for any other character. */
int hex_digit(char c);
/*
 * Exactly 16 lowercase hex digits, the form of every id and fingerprint in
 * embedded records, plugin reports and baselines; reads no further than
 * the first character that is not one (s[16] at most).
 */
bool hex_id_parse(const char *s, uint64_t *out);

/*
 * An option's decimal number, at most max: no minus sign (strtoul alone
 * takes "-1" as ULONG_MAX) and nothing after the digits.
 */
bool decimal_parse(const char *s, unsigned long max, unsigned long *out);


#endif /* ASMSCAN_UTIL_H */
